// The app's WebCrypto check of `Stripe-Signature` against signatures computed independently
// with node:crypto the way Stripe documents them.
import { describe, expect, it } from "vitest";
import { SIGNATURE_TOLERANCE_SECONDS, verifyStripeSignature } from "./stripe.server";
import { signatureHeader, TEST_WEBHOOK_SECRET } from "../../tests/support/stripe";

const enc = (s: string) => new TextEncoder().encode(s) as Uint8Array<ArrayBuffer>;
const NOW = 1_760_000_000;
const payload = JSON.stringify({ id: "evt_1", type: "customer.subscription.updated", data: { object: { id: "sub_1" } } });

describe("verifyStripeSignature", () => {
  it("accepts a payload signed with the endpoint's secret", async () => {
    const header = signatureHeader(payload, { timestamp: NOW });
    expect(await verifyStripeSignature(enc(payload), header, TEST_WEBHOOK_SECRET, NOW)).toEqual({ ok: true, timestamp: NOW });
  });

  it("checks the exact bytes: non-ASCII text and whitespace count", async () => {
    const body = JSON.stringify({ name: "Salão da Conceição ✂" }, null, 2);
    const header = signatureHeader(body, { timestamp: NOW });
    expect((await verifyStripeSignature(enc(body), header, TEST_WEBHOOK_SECRET, NOW)).ok).toBe(true);
    expect((await verifyStripeSignature(enc(JSON.stringify(JSON.parse(body))), header, TEST_WEBHOOK_SECRET, NOW)).ok).toBe(false);
  });

  it("refuses a tampered payload", async () => {
    const header = signatureHeader(payload, { timestamp: NOW });
    const tampered = payload.replace("sub_1", "sub_2");
    expect(await verifyStripeSignature(enc(tampered), header, TEST_WEBHOOK_SECRET, NOW)).toEqual({ ok: false, reason: "mismatch" });
  });

  it("refuses a signature made with another secret", async () => {
    const header = signatureHeader(payload, { timestamp: NOW, secret: "whsec_someone_else" });
    expect((await verifyStripeSignature(enc(payload), header, TEST_WEBHOOK_SECRET, NOW)).ok).toBe(false);
  });

  it("refuses a changed timestamp (it is part of the signed text)", async () => {
    const header = signatureHeader(payload, { timestamp: NOW }).replace(`t=${NOW}`, `t=${NOW + 1}`);
    expect(await verifyStripeSignature(enc(payload), header, TEST_WEBHOOK_SECRET, NOW)).toEqual({ ok: false, reason: "mismatch" });
  });

  it("refuses a replay older than five minutes, and a timestamp far in the future", async () => {
    const old = signatureHeader(payload, { timestamp: NOW - SIGNATURE_TOLERANCE_SECONDS - 1 });
    expect(await verifyStripeSignature(enc(payload), old, TEST_WEBHOOK_SECRET, NOW)).toEqual({ ok: false, reason: "expired" });
    const edge = signatureHeader(payload, { timestamp: NOW - SIGNATURE_TOLERANCE_SECONDS });
    expect((await verifyStripeSignature(enc(payload), edge, TEST_WEBHOOK_SECRET, NOW)).ok).toBe(true);
    const future = signatureHeader(payload, { timestamp: NOW + SIGNATURE_TOLERANCE_SECONDS + 1 });
    expect(await verifyStripeSignature(enc(payload), future, TEST_WEBHOOK_SECRET, NOW)).toEqual({ ok: false, reason: "expired" });
  });

  it("accepts any one matching v1 among several (secret being rolled) and ignores v0", async () => {
    const header = signatureHeader(payload, { timestamp: NOW, extraV1: ["ab".repeat(32)] });
    expect(header).toMatch(/v1=.*v1=.*v0=/);
    expect((await verifyStripeSignature(enc(payload), header, TEST_WEBHOOK_SECRET, NOW)).ok).toBe(true);
  });

  it("refuses missing and malformed headers", async () => {
    const check = (h: string | null) => verifyStripeSignature(enc(payload), h, TEST_WEBHOOK_SECRET, NOW);
    expect(await check(null)).toEqual({ ok: false, reason: "missing" });
    expect(await check("")).toEqual({ ok: false, reason: "missing" });
    expect(await check("garbage")).toEqual({ ok: false, reason: "malformed" });
    expect(await check(`t=${NOW}`)).toEqual({ ok: false, reason: "malformed" });
    expect(await check(`v1=${"a".repeat(64)}`)).toEqual({ ok: false, reason: "malformed" });
    expect(await check(`t=abc,v1=${"a".repeat(64)}`)).toEqual({ ok: false, reason: "malformed" });
    expect(await check(`t=${NOW},v1=xyz`)).toEqual({ ok: false, reason: "malformed" });
    // Only the v0 scheme (Stripe's test-mode legacy) is not enough.
    expect(await check(`t=${NOW},v0=${"a".repeat(64)}`)).toEqual({ ok: false, reason: "malformed" });
  });
});
