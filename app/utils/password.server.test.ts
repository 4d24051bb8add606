import { describe, expect, it } from "vitest";
import { createToken, hashPassword, sha256Hex, verifyPassword } from "./password.server";

// Low iteration count keeps the suite fast; the format and checks are the same.
const FAST = 1000;

describe("hashPassword / verifyPassword", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const hash = await hashPassword("senha123", FAST);
    expect(await verifyPassword("senha123", hash)).toBe(true);
    expect(await verifyPassword("senha124", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
    expect(await verifyPassword("SENHA123", hash)).toBe(false);
  });

  it("stores scheme, iteration count, salt and hash", async () => {
    const hash = await hashPassword("senha123", FAST);
    const parts = hash.split("$");
    expect(parts).toHaveLength(4);
    expect(parts[0]).toBe("pbkdf2-sha256");
    expect(parts[1]).toBe(String(FAST));
    expect(atob(parts[2]!)).toHaveLength(16);
    expect(atob(parts[3]!)).toHaveLength(32);
    expect(hash).not.toContain("senha123");
  });

  it("uses 100000 iterations by default", async () => {
    const hash = await hashPassword("senha123");
    expect(hash.split("$")[1]).toBe("100000");
    expect(await verifyPassword("senha123", hash)).toBe(true);
  });

  it("salts every hash (same password, different hashes, both valid)", async () => {
    const a = await hashPassword("senha123", FAST);
    const b = await hashPassword("senha123", FAST);
    expect(a).not.toBe(b);
    expect(await verifyPassword("senha123", a)).toBe(true);
    expect(await verifyPassword("senha123", b)).toBe(true);
  });

  it("verifies with the iteration count stored in the hash", async () => {
    const hash = await hashPassword("senha123", 2000);
    expect(await verifyPassword("senha123", hash)).toBe(true);
    // The same salt and digest under another count is a different hash.
    expect(await verifyPassword("senha123", hash.replace("$2000$", "$1000$"))).toBe(false);
  });

  it("refuses a tampered hash", async () => {
    const hash = await hashPassword("senha123", FAST);
    const [scheme, iter, salt, digest] = hash.split("$") as [string, string, string, string];
    const flip = (b64: string) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      bytes[0] ^= 1;
      return btoa(String.fromCharCode(...bytes));
    };
    expect(await verifyPassword("senha123", [scheme, iter, salt, flip(digest)].join("$"))).toBe(false);
    expect(await verifyPassword("senha123", [scheme, iter, flip(salt), digest].join("$"))).toBe(false);
    // A shorter digest never matches.
    expect(await verifyPassword("senha123", [scheme, iter, salt, btoa("short")].join("$"))).toBe(false);
  });

  it("refuses unknown schemes and malformed hashes", async () => {
    const hash = await hashPassword("senha123", FAST);
    const rest = hash.slice(hash.indexOf("$"));
    expect(await verifyPassword("senha123", `bcrypt${rest}`)).toBe(false);
    expect(await verifyPassword("senha123", `pbkdf2-sha1${rest}`)).toBe(false);
    expect(await verifyPassword("senha123", hash.replace(`$${FAST}$`, "$abc$"))).toBe(false);
    expect(await verifyPassword("senha123", hash.replace(`$${FAST}$`, "$1.5$"))).toBe(false);
    expect(await verifyPassword("senha123", "")).toBe(false);
    expect(await verifyPassword("senha123", "senha123")).toBe(false);
    expect(await verifyPassword("senha123", "pbkdf2-sha256$1000$$")).toBe(false);
  });
});

describe("createToken / sha256Hex", () => {
  it("sha256Hex matches the standard test vectors", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(await sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  it("makes URL-safe random tokens and stores only their digest", async () => {
    const a = await createToken();
    const b = await createToken();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url, no padding
    expect(encodeURIComponent(a.token)).toBe(a.token);
    expect(a.token).not.toBe(b.token);
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.hash).toBe(await sha256Hex(a.token));
    expect(a.hash).not.toBe(b.hash);
  });
});
