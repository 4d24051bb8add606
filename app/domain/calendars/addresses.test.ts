import { describe, expect, it } from "vitest";
import { checkFeedUrl, isNonPublicAddress, maskedFeedUrl, providerName } from "./addresses";

const strict = { allowLoopback: false };

describe("calendar addresses", () => {
  it("tells non-public IPs from public ones, v4 and v6", () => {
    const refused = ["127.0.0.1", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.0.10", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "::1", "::", "fe80::1", "fd00::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "64:ff9b::a9fe:a9fe", "[::ffff:7f00:1]"];
    const allowed = ["8.8.8.8", "172.32.0.1", "142.250.79.14", "2607:f8b0:4004:c1b::65", "::ffff:8.8.8.8"];
    expect(refused.filter((ip) => !isNonPublicAddress(ip))).toEqual([]);
    expect(allowed.filter((ip) => isNonPublicAddress(ip))).toEqual([]);
  });

  it("takes https (and webcal) addresses on the default port, nothing else", () => {
    const ok = (raw: string) => checkFeedUrl(raw, strict).ok;
    expect(ok("https://calendar.google.com/calendar/ical/x%40gmail.com/private-abc/basic.ics")).toBe(true);
    expect(checkFeedUrl("webcal://p12-caldav.icloud.com/published/2/abc", strict)).toMatchObject({ ok: true, url: { protocol: "https:" } });
    expect(checkFeedUrl("http://calendar.google.com/x.ics", strict)).toEqual({ ok: false, message: "Use o endereço seguro (https://) do calendário." });
    for (const raw of ["https://127.0.0.1/x.ics", "https://2130706433/x.ics", "https://0x7f.1/x.ics", "https://[::1]/x.ics", "https://localhost/x.ics", "https://intranet/x.ics", "https://metadata.google.internal/x", "https://169.254.169.254/latest"]) {
      expect([raw, checkFeedUrl(raw, strict).ok]).toEqual([raw, false]);
    }
    expect(ok("https://user:pw@calendar.google.com/x.ics")).toBe(false);
    expect(ok("https://calendar.google.com:8443/x.ics")).toBe(false);
    expect(ok("file:///etc/passwd")).toBe(false);
    expect(ok("agenda da escola")).toBe(false);
  });

  it("allows plain-http loopback only when tests say so", () => {
    expect(checkFeedUrl("http://127.0.0.1:4321/feed.ics", strict).ok).toBe(false);
    expect(checkFeedUrl("http://127.0.0.1:4321/feed.ics", { allowLoopback: true }).ok).toBe(true);
    expect(checkFeedUrl("http://10.0.0.1/feed.ics", { allowLoopback: true }).ok).toBe(false);
  });

  it("names the provider and never shows the secret part back", () => {
    expect(providerName(new URL("https://calendar.google.com/calendar/ical/a/b/basic.ics"))).toBe("Google Agenda");
    expect(providerName(new URL("https://p12-caldav.icloud.com/published/2/x"))).toBe("iCloud");
    expect(providerName(new URL("https://outlook.office365.com/owa/calendar/x/reachcalendar.ics"))).toBe("Outlook");
    expect(maskedFeedUrl("https://calendar.google.com/calendar/ical/a/private-secret/basic.ics")).toBe("https://calendar.google.com/…");
  });
});
