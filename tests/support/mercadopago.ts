// Mercado Pago's side of the contract for tests: the application's credentials, the webhook
// signature (computed here with node:crypto, independently of the app's WebCrypto code), and the
// app's environment pointed at a stand-in. Importable from vitest, Playwright tests and
// playwright.config.ts.
import { createHmac } from "node:crypto";
import { E2E_PORT } from "../e2e/env";

export const MP_TEST_CLIENT_ID = "7401234567890123";
export const MP_TEST_CLIENT_SECRET = "mp-test-client-secret-0123456789abcdef";
export const MP_TEST_WEBHOOK_SECRET = "mp-test-webhook-secret-fedcba9876543210";
/** 32 bytes in base64: the key the tests' tokens are sealed with (never a real one). */
export const MP_TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString("base64");

/**
 * Where the e2e stand-in for Mercado Pago listens: beside the e2e app's port, clear of the Stripe
 * stand-in's (E2E_PORT + 2000) for any other helper's port.
 */
export const MP_STANDIN_PORT = Number(process.env.MP_STANDIN_PORT ?? E2E_PORT + 3000);

/** The app's variables for Mercado Pago pointed at a stand-in (API and authorisation page alike). */
export function mercadoPagoTestEnv(standInUrl: string): Record<string, string> {
  return {
    MERCADOPAGO_CLIENT_ID: MP_TEST_CLIENT_ID,
    MERCADOPAGO_CLIENT_SECRET: MP_TEST_CLIENT_SECRET,
    MERCADOPAGO_WEBHOOK_SECRET: MP_TEST_WEBHOOK_SECRET,
    PAYMENTS_ENCRYPTION_KEY: MP_TEST_ENCRYPTION_KEY,
    MERCADOPAGO_API_URL: standInUrl,
    MERCADOPAGO_AUTH_URL: standInUrl,
  };
}

export const MERCADOPAGO_ENV_KEYS = Object.keys(mercadoPagoTestEnv("http://x"));

/** `x-signature` for a notification: `ts=<ts>,v1=<hex HMAC-SHA256 of the documented manifest>`. */
export function mercadoPagoSignature(opts: { dataId: string | null; requestId: string | null; ts: number | string; secret?: string }): string {
  let manifest = "";
  if (opts.dataId) manifest += `id:${/^[a-z0-9]+$/i.test(opts.dataId) ? opts.dataId.toLowerCase() : opts.dataId};`;
  if (opts.requestId) manifest += `request-id:${opts.requestId};`;
  manifest += `ts:${opts.ts};`;
  const v1 = createHmac("sha256", opts.secret ?? MP_TEST_WEBHOOK_SECRET).update(manifest, "utf8").digest("hex");
  return `ts=${opts.ts},v1=${v1}`;
}
