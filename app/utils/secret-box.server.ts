// Secrets at rest (a professional's payment-provider tokens): AES-256-GCM through WebCrypto, so
// the same code runs on Node and Workers. The key is PAYMENTS_ENCRYPTION_KEY, 32 bytes in base64
// (docs/decisions/0932). Each value is sealed with its own random 96-bit IV and with "associated
// data" naming what it is and whose it is, so a ciphertext copied to another row or column does
// not open.
import { env } from "./env.server";

/** Sealed text: `v1.<iv>.<ciphertext and tag>`, both base64url. */
const VERSION = "v1";
const IV_BYTES = 12;
const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SecretBoxError";
  }
}

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const normal = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(normal + "=".repeat((4 - (normal.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The configured key, or a clear error when online payments have no key on this server. */
export function encryptionKeyText(): string {
  const key = env().PAYMENTS_ENCRYPTION_KEY;
  if (!key) throw new SecretBoxError("PAYMENTS_ENCRYPTION_KEY is not set");
  return key;
}

function importKey(keyText: string) {
  let key = keys.get(keyText);
  if (!key) {
    const raw = fromBase64(keyText);
    if (raw.length !== 32) throw new SecretBoxError("the encryption key must be 32 bytes");
    key = crypto.subtle.importKey("raw", raw, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);
    keys.set(keyText, key);
  }
  return key;
}

/** Seals `plaintext` for `context` (e.g. `payment_accounts.access_token:<user id>`). */
export async function sealSecret(plaintext: string, context: string, keyText = encryptionKeyText()): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(new ArrayBuffer(IV_BYTES)));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(context) },
    await importKey(keyText),
    encoder.encode(plaintext),
  );
  return `${VERSION}.${base64url(iv)}.${base64url(new Uint8Array(sealed))}`;
}

/**
 * Opens what sealSecret made for the same context with the same key; throws SecretBoxError when
 * the text is not ours, was changed, belongs to another context or was sealed with another key.
 */
export async function openSecret(sealed: string, context: string, keyText = encryptionKeyText()): Promise<string> {
  const [version, ivText, bodyText, extra] = sealed.split(".");
  if (version !== VERSION || !ivText || !bodyText || extra !== undefined) throw new SecretBoxError("not a sealed secret");
  try {
    const iv = fromBase64(ivText);
    if (iv.length !== IV_BYTES) throw new SecretBoxError("bad IV");
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv, additionalData: encoder.encode(context) },
      await importKey(keyText),
      fromBase64(bodyText),
    );
    return new TextDecoder().decode(plain);
  } catch {
    throw new SecretBoxError("the secret does not open with this key and context");
  }
}
