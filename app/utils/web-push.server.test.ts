import { describe, expect, it } from "vitest";
import { isPushServiceEndpoint } from "./web-push.server";

describe("the push services a device's endpoint may be at (docs/decisions/1082)", () => {
  it("takes the browsers' push services", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/dXk3",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAA",
      "https://web.push.apple.com/QGx2",
      "https://wns2-by3p.notify.windows.com/w/?token=BQYAAA",
    ]) {
      expect(isPushServiceEndpoint(endpoint), endpoint).toBe(true);
    }
  });

  it("refuses other hosts of the same companies, where anyone can publish (a bucket that redirects)", () => {
    for (const endpoint of [
      "https://storage.googleapis.com/my-bucket/push",
      "https://my-bucket.storage.googleapis.com/push",
      "https://firebasestorage.googleapis.com/v0/b/x/o/y",
      "https://fcm.googleapis.com:8443/fcm/send/x",
      "http://fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com.evil.example/fcm/send/x",
    ]) {
      expect(isPushServiceEndpoint(endpoint), endpoint).toBe(false);
    }
  });
});
