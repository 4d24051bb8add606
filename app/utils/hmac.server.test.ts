import { describe, expect, it } from "vitest";
import { anyHmacMatches, headerParts, hexToBytes } from "./hmac.server";

async function hmacHex(secret: string, message: string) {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return Buffer.from(await crypto.subtle.sign("HMAC", key, enc.encode(message))).toString("hex");
}

describe("the webhooks' shared HMAC check", () => {
  it("reads a header's parts, trimmed, skipping a part without '='", () => {
    expect(headerParts(" t=1 , v1 = ab ,junk,v1=c=d")).toEqual([["t", "1"], ["v1", "ab"], ["v1", "c=d"]]);
  });

  it("takes only a 64-digit hex signature", () => {
    expect(hexToBytes("ab".repeat(32))?.length).toBe(32);
    expect(hexToBytes("ab".repeat(31))).toBeNull();
    expect(hexToBytes("zz".repeat(32))).toBeNull();
  });

  it("matches when any one signature is the message's HMAC under the secret", async () => {
    const good = hexToBytes(await hmacHex("s3cret", "1.payload"))!;
    const other = hexToBytes(await hmacHex("other", "1.payload"))!;
    expect(await anyHmacMatches("s3cret", [other, good], "1.payload")).toBe(true);
    expect(await anyHmacMatches("s3cret", [other], "1.payload")).toBe(false);
    expect(await anyHmacMatches("s3cret", [good], new TextEncoder().encode("1.payload") as Uint8Array<ArrayBuffer>)).toBe(true);
    expect(await anyHmacMatches("s3cret", [], "1.payload")).toBe(false);
  });
});
