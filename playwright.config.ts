import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { defineConfig, devices } from "@playwright/test";
import { E2E_DB_PATH, E2E_DB_URL, E2E_PORT } from "./tests/e2e/env";
import { STANDIN_PORT, stripeTestEnv } from "./tests/support/stripe";
import { mercadoPagoTestEnv, MP_STANDIN_PORT } from "./tests/support/mercadopago";
import { E2E_PUSH_ORIGINS, standInCertificateFile } from "./tests/support/push-stand-in";
import { chromiumPath } from "./tests/support/browser";

// The server and the tests (which sign sessions in themselves) share a throwaway secret; set here,
// in the main process, so the test workers inherit it.
process.env.SESSION_SECRET ??= `e2e-${randomBytes(24).toString("hex")}`;

// The suites that load the server on purpose (tests/security/photo-load.spec.ts decodes four
// 16-megapixel photos, unrequested-email.spec.ts sends 104 bookings): their own project, one test
// at a time, so they never run beside each other.
const LOAD = /\/(photo-load|unrequested-email)\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // One worker a core: each test keeps its browser and the server busy (E2E_WORKERS overrides).
  workers: Number(process.env.E2E_WORKERS) || availableParallelism(),
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // The workspace's service worker only where it is the subject (workspace-app.spec.ts, the CSP
    // suite, push): elsewhere it fetched and cached two agenda pages and their assets in every new
    // browser context, about half of the suite's CPU (docs/decisions/1090).
    serviceWorkers: "block",
    launchOptions: { executablePath: chromiumPath },
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    trace: "off",
  },
  projects: [
    // Every journey with JavaScript; without it the ones tagged @nojs (every form and every
    // screen that works differently without JavaScript); on a phone the ones tagged @phone.
    // A journey tagged both @phone and @nojs runs on the phone with JavaScript and on the desktop
    // without: the desktop with JavaScript would show nothing those two do not (docs/decisions/0991).
    { name: "js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true }, grepInvert: /(?=.*@phone)(?=.*@nojs)/ },
    { name: "no-js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: false }, grep: /@nojs/ },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], javaScriptEnabled: true },
      grep: /@phone/,
    },
    // HTTP-level suites (fuzz sample, tenant sweep, sessions, headers): no browser needed.
    { name: "security", testDir: "tests/security", testIgnore: LOAD },
    { name: "load", testDir: "tests/security", testMatch: LOAD, workers: 1 },
  ],
  webServer: [
    {
      // A fresh database for every run.
      command: `rm -f ${E2E_DB_PATH}* && tsx scripts/start.ts`,
      url: `http://localhost:${E2E_PORT}/login`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(E2E_PORT),
        DATABASE_URL: E2E_DB_URL,
        AGENDO_DEMO: "1",
        SESSION_SECRET: process.env.SESSION_SECRET,
        // As behind one proxy of ours: the HTTP suites give each actor its own X-Forwarded-For
        // address so their rate limits never meet (tests/security/node-server.spec.ts runs a
        // server without TRUST_PROXY and shows such headers are then ignored).
        TRUST_PROXY: "1",
        // One worker process: the browsers and the test workers already fill this machine's cores,
        // a second server process would only add memory and start-up time; the cluster itself is
        // proven by tests/security/cluster.spec.ts (docs/decisions/0986).
        WEB_CONCURRENCY: "1",
        // The scheduled job runs inside the server, as with `npm start`, often enough to be seen
        // by the one test that waits for it (tests/e2e/reminders.spec.ts).
        JOB_INTERVAL_SECONDS: "5",
        // Payments against the local stand-in for api.stripe.com (docs/decisions/0406).
        ...stripeTestEnv(`http://127.0.0.1:${STANDIN_PORT}`),
        // Mercado Pago (OAuth page, API and webhooks) against its local stand-in (0935).
        ...mercadoPagoTestEnv(`http://127.0.0.1:${MP_STANDIN_PORT}`),
        // Push notifications to the journeys' stand-ins for a push service: their origins allowed,
        // their certificate trusted (tests/support/push-stand-in.ts).
        PUSH_SERVICE_ORIGINS: E2E_PUSH_ORIGINS.join(","),
        NODE_EXTRA_CA_CERTS: standInCertificateFile(),
        // 'Calendários externos' reads the feeds a journey serves on loopback (tests only: 0956).
        CALENDAR_FETCH_ALLOW_LOOPBACK: "1",
      },
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // The stand-in for api.stripe.com: Checkout, Customer Portal and subscriptions.
      command: "tsx tests/support/stripe-stand-in.ts",
      url: `http://127.0.0.1:${STANDIN_PORT}/__health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { STRIPE_STANDIN_PORT: String(STANDIN_PORT) },
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // The stand-in for Mercado Pago: its authorisation page, OAuth tokens, Pix payments, refunds
      // and signed webhooks sent to the app.
      command: "tsx tests/support/mercadopago-stand-in.ts",
      url: `http://127.0.0.1:${MP_STANDIN_PORT}/__health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { MP_STANDIN_PORT: String(MP_STANDIN_PORT) },
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
