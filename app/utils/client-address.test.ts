import { describe, expect, it } from "vitest";
import { normalizeAddress, parseTrustProxy, resolveClientAddress, type TrustProxy } from "./client-address";

const headers = (h: Record<string, string>) => new Headers(h);
const SOCKET = "192.0.2.10";

describe("TRUST_PROXY", () => {
  it.each([
    [undefined, { kind: "none" }],
    ["", { kind: "none" }],
    ["0", { kind: "none" }],
    ["1", { kind: "hops", hops: 1 }],
    ["2", { kind: "hops", hops: 2 }],
    [" Cloudflare ", { kind: "cloudflare" }],
  ])("%j is %j", (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  it.each(["yes", "-1", "1.5", "true", "127.0.0.1", "100"])("%j is refused", (value) => {
    expect(parseTrustProxy(value)).toBeNull();
  });
});

describe("the client's address", () => {
  const none: TrustProxy = { kind: "none" };
  const one: TrustProxy = { kind: "hops", hops: 1 };
  const two: TrustProxy = { kind: "hops", hops: 2 };
  const cloudflare: TrustProxy = { kind: "cloudflare" };

  it("trusts no header by default: a client rotating them stays at its socket address", () => {
    for (const forged of <Record<string, string>[]>[
      { "X-Forwarded-For": "6.6.6.6" },
      { "CF-Connecting-IP": "7.7.7.7" },
      { "X-Forwarded-For": "1.1.1.1, 2.2.2.2", "CF-Connecting-IP": "3.3.3.3" },
      {},
    ]) {
      expect(resolveClientAddress(headers(forged), SOCKET, none)).toBe(SOCKET);
    }
  });

  it("behind N proxies takes the N-th X-Forwarded-For entry from the right", () => {
    // The client sent "6.6.6.6"; our proxy appended the address it saw.
    expect(resolveClientAddress(headers({ "X-Forwarded-For": "6.6.6.6, 203.0.113.9" }), SOCKET, one)).toBe("203.0.113.9");
    expect(resolveClientAddress(headers({ "X-Forwarded-For": "6.6.6.6, 203.0.113.9, 10.0.0.2" }), SOCKET, two)).toBe("203.0.113.9");
    // Fewer entries than proxies: the furthest one recorded.
    expect(resolveClientAddress(headers({ "X-Forwarded-For": "203.0.113.9" }), SOCKET, two)).toBe("203.0.113.9");
    // No header at all: the socket.
    expect(resolveClientAddress(headers({}), SOCKET, one)).toBe(SOCKET);
    // Cloudflare's header means nothing there.
    expect(resolveClientAddress(headers({ "CF-Connecting-IP": "7.7.7.7" }), SOCKET, one)).toBe(SOCKET);
  });

  it("behind Cloudflare takes CF-Connecting-IP", () => {
    expect(resolveClientAddress(headers({ "CF-Connecting-IP": "198.51.100.7", "X-Forwarded-For": "1.2.3.4" }), null, cloudflare)).toBe("198.51.100.7");
    expect(resolveClientAddress(headers({ "CF-Connecting-IP": "2001:DB8::1" }), null, cloudflare)).toBe("2001:db8::1");
    expect(resolveClientAddress(headers({}), null, cloudflare)).toBeNull();
  });

  it("garbage in a trusted header falls back to the socket", () => {
    expect(resolveClientAddress(headers({ "X-Forwarded-For": "not-an-ip" }), SOCKET, one)).toBe(SOCKET);
    expect(resolveClientAddress(headers({ "CF-Connecting-IP": "<script>" }), SOCKET, cloudflare)).toBe(SOCKET);
  });

  it.each([
    ["::ffff:127.0.0.1", "127.0.0.1"],
    ["[2001:db8::1]:443", "2001:db8::1"],
    ["203.0.113.9:5000", "203.0.113.9"],
    ["::1", "::1"],
    ["999.1.1.1", null],
    ["", null],
    [null, null],
  ])("normalises %j to %j", (raw, expected) => {
    expect(normalizeAddress(raw)).toBe(expected);
  });
});
