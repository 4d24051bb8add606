// Links that carry their own proof: `<value>.<signature>`, the signature an HMAC-SHA256 of the
// purpose and the value under a key derived from SESSION_SECRET. Nothing is stored, so a job can
// put the same customer link in every message it sends (docs/decisions/0670). WebCrypto only:
// the same code on Node and Workers. Changing SESSION_SECRET retires every such link.
import { sessionSecret } from "./env.server";

export type TokenPurpose = "booking-status" | "stop-reminders" | "calendar-feed" | "payments-connect" | "waitlist" | "waitlist-offer" | "email-proof";

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(secret: string) {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(`agendo-links:${secret}`), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    keys.set(secret, key);
  }
  return key;
}

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  // A length base64 cannot have (4n + 1) is no token of ours: atob would throw.
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** 128 bits of the MAC: plenty against guessing, and a short link. */
const SIGNATURE_BYTES = 16;

async function mac(purpose: TokenPurpose, value: string, secret: string) {
  const full = await crypto.subtle.sign("HMAC", await keyFor(secret), encoder.encode(`${purpose}\n${value}`));
  return new Uint8Array(full).slice(0, SIGNATURE_BYTES);
}

/** A token for `value` (URL-safe characters only: letters, digits, '-', '_' and '.'). */
export async function signToken(purpose: TokenPurpose, value: string, secret = sessionSecret()): Promise<string> {
  const payload = base64url(encoder.encode(value));
  return `${payload}.${base64url(await mac(purpose, value, secret))}`;
}

/** The value a token was made for, or null when it was not made by us for this purpose. */
export async function verifyToken(purpose: TokenPurpose, token: string, secret = sessionSecret()): Promise<string | null> {
  if (token.length > 300) return null;
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const valueBytes = fromBase64url(payload);
  const given = fromBase64url(signature);
  if (!valueBytes || !given || given.length !== SIGNATURE_BYTES) return null;
  const value = new TextDecoder().decode(valueBytes);
  const expected = await mac(purpose, value, secret);
  // Constant-time comparison.
  let diff = 0;
  for (let i = 0; i < SIGNATURE_BYTES; i++) diff |= expected[i]! ^ given[i]!;
  return diff === 0 ? value : null;
}
