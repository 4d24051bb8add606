// The app's WebCrypto check of Mercado Pago's `x-signature` against signatures computed
// independently with node:crypto over the manifest Mercado Pago documents.
import { describe, expect, it } from "vitest";
import { signatureManifest, verifyMercadoPagoSignature } from "./mercadopago-signature.server";
import { mercadoPagoSignature, MP_TEST_WEBHOOK_SECRET } from "../../tests/support/mercadopago";

const NOW_S = 1_764_000_000;
const NOW_MS = NOW_S * 1000;
const REQUEST = "bb56a2f1-6aae-46ac-982e-9dcd3581d08e";
const base = { requestId: REQUEST, dataId: "123456789", secret: MP_TEST_WEBHOOK_SECRET, nowMs: NOW_MS };

describe("verifyMercadoPagoSignature", () => {
  it("accepts the documented manifest signed with the secret, ts in seconds or milliseconds", async () => {
    expect(signatureManifest("123456789", REQUEST, "1764000000")).toBe(`id:123456789;request-id:${REQUEST};ts:1764000000;`);
    const signature = mercadoPagoSignature({ dataId: "123456789", requestId: REQUEST, ts: NOW_S });
    expect(await verifyMercadoPagoSignature({ ...base, signature })).toEqual({ ok: true, timestampMs: NOW_MS });
    const inMs = mercadoPagoSignature({ dataId: "123456789", requestId: REQUEST, ts: NOW_MS });
    expect(await verifyMercadoPagoSignature({ ...base, signature: inMs })).toEqual({ ok: true, timestampMs: NOW_MS });
  });

  it("signs an alphanumeric data.id lower-cased, as Mercado Pago documents", async () => {
    const signature = mercadoPagoSignature({ dataId: "ORD01ABC", requestId: REQUEST, ts: NOW_S });
    expect(await verifyMercadoPagoSignature({ ...base, dataId: "ORD01ABC", signature })).toMatchObject({ ok: true });
  });

  it("refuses a missing or malformed header", async () => {
    expect(await verifyMercadoPagoSignature({ ...base, signature: null })).toEqual({ ok: false, reason: "missing" });
    expect(await verifyMercadoPagoSignature({ ...base, signature: "  " })).toEqual({ ok: false, reason: "missing" });
    for (const bad of ["ts=1764000000", "v1=abc", `ts=abc,v1=${"0".repeat(64)}`, `ts=1764000000,v1=${"z".repeat(64)}`]) {
      expect(await verifyMercadoPagoSignature({ ...base, signature: bad })).toEqual({ ok: false, reason: "malformed" });
    }
  });

  it("refuses another secret, a tampered data.id or request id", async () => {
    const signature = mercadoPagoSignature({ dataId: "123456789", requestId: REQUEST, ts: NOW_S });
    const forged = mercadoPagoSignature({ dataId: "123456789", requestId: REQUEST, ts: NOW_S, secret: "outro-segredo" });
    expect(await verifyMercadoPagoSignature({ ...base, signature: forged })).toEqual({ ok: false, reason: "mismatch" });
    expect(await verifyMercadoPagoSignature({ ...base, dataId: "987654321", signature })).toEqual({ ok: false, reason: "mismatch" });
    expect(await verifyMercadoPagoSignature({ ...base, dataId: null, signature })).toEqual({ ok: false, reason: "mismatch" });
    expect(await verifyMercadoPagoSignature({ ...base, requestId: "outro", signature })).toEqual({ ok: false, reason: "mismatch" });
    const otherTs = signature.replace(`ts=${NOW_S}`, `ts=${NOW_S + 1}`);
    expect(await verifyMercadoPagoSignature({ ...base, signature: otherTs })).toEqual({ ok: false, reason: "mismatch" });
  });

  it("refuses a good signature more than five minutes old (a replay)", async () => {
    const old = mercadoPagoSignature({ dataId: "123456789", requestId: REQUEST, ts: NOW_S - 301 });
    expect(await verifyMercadoPagoSignature({ ...base, signature: old })).toEqual({ ok: false, reason: "expired" });
    const recent = mercadoPagoSignature({ dataId: "123456789", requestId: REQUEST, ts: NOW_S - 299 });
    expect(await verifyMercadoPagoSignature({ ...base, signature: recent })).toMatchObject({ ok: true });
  });
});
