// The one HMAC-SHA256 check the webhooks' signatures share (Stripe's and Mercado Pago's): a
// header of `key=value` parts, hex signatures, and WebCrypto's own verify (no timing leak).
// WebCrypto only: the same code on Node and Workers.

const encoder = new TextEncoder();

/** A 64-digit hex HMAC-SHA256 as bytes; null when it is not one. */
export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[0-9a-f]{64}$/i.test(hex)) return null;
  const out = new Uint8Array(new ArrayBuffer(32));
  for (let i = 0; i < 32; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** A signature header's `key=value` parts, comma-separated, each trimmed (a part without '=' skipped). */
export function headerParts(header: string): [key: string, value: string][] {
  const parts: [string, string][] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    parts.push([part.slice(0, eq).trim(), part.slice(eq + 1).trim()]);
  }
  return parts;
}

/** Whether any of `signatures` is the HMAC-SHA256 of `message` under `secret` (every one checked). */
export async function anyHmacMatches(secret: string, signatures: readonly Uint8Array<ArrayBuffer>[], message: Uint8Array<ArrayBuffer> | string): Promise<boolean> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  const bytes = typeof message === "string" ? encoder.encode(message) : message;
  let match = false;
  for (const signature of signatures) {
    if (await crypto.subtle.verify("HMAC", key, signature, bytes)) match = true;
  }
  return match;
}
