// Mercado Pago's webhook signature (docs/decisions/0934): the `x-signature` header carries
// `ts=<timestamp>,v1=<hex HMAC-SHA256>` over the manifest `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`
// signed with the application's secret. data.id comes from the notification URL's query string
// (lower-cased when alphanumeric, as Mercado Pago documents); a value the notification lacks is
// left out of the manifest. WebCrypto only: the same code on Node and Workers.
import { anyHmacMatches, headerParts, hexToBytes } from "./hmac.server";

/** A signed notification older (or newer) than five minutes is refused: a replay, or a stuck clock. */
export const MP_SIGNATURE_TOLERANCE_SECONDS = 300;

export type MercadoPagoSignatureInput = {
  /** The `x-signature` header. */
  signature: string | null;
  /** The `x-request-id` header. */
  requestId: string | null;
  /** The `data.id` query parameter of the notification URL. */
  dataId: string | null;
  secret: string;
  nowMs?: number;
  toleranceSeconds?: number;
};

export type MercadoPagoSignatureResult =
  | { ok: true; timestampMs: number }
  | { ok: false; reason: "missing" | "malformed" | "mismatch" | "expired" };

/** data.id as it is signed: alphanumeric ids lower-cased, numeric ones as they are. */
export function signedDataId(dataId: string): string {
  return /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
}

/** The signed text, each missing value left out as Mercado Pago documents. */
export function signatureManifest(dataId: string | null, requestId: string | null, ts: string): string {
  const parts: string[] = [];
  if (dataId) parts.push(`id:${signedDataId(dataId)};`);
  if (requestId) parts.push(`request-id:${requestId};`);
  parts.push(`ts:${ts};`);
  return parts.join("");
}

function parseHeader(header: string) {
  let ts: string | null = null;
  const hashes: Uint8Array<ArrayBuffer>[] = [];
  for (const [name, value] of headerParts(header)) {
    const key = name.toLowerCase();
    if (key === "ts" && /^\d{1,16}$/.test(value)) ts = value;
    if (key === "v1") {
      const bytes = hexToBytes(value);
      if (bytes) hashes.push(bytes);
    }
  }
  return { ts, hashes };
}

/**
 * Checks a notification's signature. `ts` is read as seconds, or as milliseconds when it has 13
 * digits or more (Mercado Pago's examples show both). The comparison is WebCrypto's own verify,
 * which does not leak timing; the age is checked only after the signature matched.
 */
export async function verifyMercadoPagoSignature(input: MercadoPagoSignatureInput): Promise<MercadoPagoSignatureResult> {
  const header = input.signature?.trim();
  if (!header) return { ok: false, reason: "missing" };
  const { ts, hashes } = parseHeader(header);
  if (ts === null || hashes.length === 0) return { ok: false, reason: "malformed" };
  const manifest = signatureManifest(input.dataId?.trim() || null, input.requestId?.trim() || null, ts);
  if (!(await anyHmacMatches(input.secret, hashes, manifest))) return { ok: false, reason: "mismatch" };
  const timestampMs = ts.length >= 13 ? Number(ts) : Number(ts) * 1000;
  const now = input.nowMs ?? Date.now();
  if (Math.abs(now - timestampMs) > (input.toleranceSeconds ?? MP_SIGNATURE_TOLERANCE_SECONDS) * 1000) return { ok: false, reason: "expired" };
  return { ok: true, timestampMs };
}
