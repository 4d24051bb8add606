import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openSecret, sealSecret, SecretBoxError } from "./secret-box.server";

const KEY = randomBytes(32).toString("base64");
const OTHER_KEY = randomBytes(32).toString("base64");
const CONTEXT = "payment_accounts.access_token:user-1";

describe("secret box (AES-256-GCM)", () => {
  it("opens what it sealed, and never holds the plaintext or repeats a ciphertext", async () => {
    const token = "APP_USR-1234567890-112233-abcdef-987654321";
    const a = await sealSecret(token, CONTEXT, KEY);
    const b = await sealSecret(token, CONTEXT, KEY);
    expect(a).toMatch(/^v1\.[\w-]{16}\.[\w-]+$/);
    expect(a).not.toContain(token);
    expect(a).not.toBe(b);
    expect(await openSecret(a, CONTEXT, KEY)).toBe(token);
    expect(await openSecret(b, CONTEXT, KEY)).toBe(token);
  });

  it("does not open with another key, for another row or column, or once changed", async () => {
    const sealed = await sealSecret("segredo", CONTEXT, KEY);
    await expect(openSecret(sealed, CONTEXT, OTHER_KEY)).rejects.toThrow(SecretBoxError);
    await expect(openSecret(sealed, "payment_accounts.access_token:user-2", KEY)).rejects.toThrow(SecretBoxError);
    await expect(openSecret(sealed, "payment_accounts.refresh_token:user-1", KEY)).rejects.toThrow(SecretBoxError);
    const [v, iv, body] = sealed.split(".");
    const flipped = `${body!.slice(0, -2)}${body!.endsWith("A") ? "B" : "A"}${body!.slice(-1)}`;
    await expect(openSecret(`${v}.${iv}.${flipped}`, CONTEXT, KEY)).rejects.toThrow(SecretBoxError);
    for (const junk of ["", "segredo", "v2.a.b", "v1.a", `${sealed}.x`]) {
      await expect(openSecret(junk, CONTEXT, KEY)).rejects.toThrow(SecretBoxError);
    }
  });
});
