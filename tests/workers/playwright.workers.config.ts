import { defineConfig, devices } from "@playwright/test";
import { DB_PATH, DB_TOKEN, HRANA_PORT, HRANA_URL, MP_STANDIN_URL, STRIPE_STANDIN_URL, TRIP_PROXY_PORT, TRIP_PROXY_URL, WORKER_PORT, WORKER_URL, workerEnv } from "./env";
import { chromiumPath } from "../support/browser";
import { standInCertificateFile } from "../support/push-stand-in";

const port = (url: string) => new URL(url).port;

// The Workers build (build/workers; `bash scripts/test-workers.sh` builds it first) in the local
// Workers runtime (wrangler dev), against a fresh migrated database reached over libSQL's HTTP
// protocol through the test-only Hrana endpoint, as it reaches Turso in production.

// What runs alone, after the journeys: the round trips counted (and delayed) at the proxy every
// request goes through, the 50-way race, and the Cron Trigger's job, which works on every
// professional's data at once.
const ALONE = /\/(trips|race|scheduled|calendar-push|waitlist)\.spec\.ts$/;

// `npm test` runs the journeys that prove a mechanism; `npm run test:workers:all` (WORKERS_SUITE=all)
// also those tagged @extended (docs/decisions/1200).
const EXTENDED = process.env.WORKERS_SUITE === "all" ? undefined : /@extended/;

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  outputDir: process.env.WORKERS_E2E_OUTPUT ?? "../../test-results/workers",
  fullyParallel: false,
  // Two journeys at a time (one spec file each), as the Node suites run one worker a core.
  workers: 2,
  projects: [
    { name: "journeys", testIgnore: ALONE, grepInvert: EXTENDED },
    { name: "alone", testMatch: ALONE, dependencies: ["journeys"], workers: 1, grepInvert: EXTENDED },
  ],
  retries: 0,
  reporter: [["list"]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: WORKER_URL,
    launchOptions: { executablePath: chromiumPath },
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    // As the Node suites: recording traces costs the browser about half its CPU (docs/decisions/1092).
    trace: "off",
    ...devices["Desktop Chrome"],
  },
  webServer: [
    {
      // Fresh file, migrated over HTTP through the endpoint itself (README 'Deploy' step 2).
      command: "tsx tests/workers/hrana-server.ts",
      cwd: "../..",
      url: `${HRANA_URL}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        HRANA_DB: DB_PATH,
        HRANA_PORT: String(HRANA_PORT),
        HRANA_TOKEN: DB_TOKEN,
        HRANA_FRESH: "1",
        HRANA_MIGRATE: "1",
      },
      stdout: "pipe",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
    {
      // Every request between the Worker and the database is counted (and can be delayed) here.
      command: "tsx tests/workers/trip-proxy.ts",
      cwd: "../..",
      url: `${TRIP_PROXY_URL}/__trips`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { TRIP_PROXY_PORT: String(TRIP_PROXY_PORT), TRIP_PROXY_TARGET: HRANA_URL },
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "tsx tests/workers/start-worker.ts",
      cwd: "../..",
      url: `${WORKER_URL}/login`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        WORKER_PORT: String(WORKER_PORT),
        // Payments, push and calendars configured as in production, against the stand-ins.
        ...workerEnv(),
        WORKER_VARS: Object.keys(workerEnv()).join(","),
        // The push stand-in's certificate, trusted by the runtime's fetch (wrangler reads it).
        NODE_EXTRA_CA_CERTS: standInCertificateFile(),
      },
      stdout: "ignore",
      stderr: "pipe",
      // SIGTERM, not Playwright's default SIGKILL, so the launcher deletes its secrets file.
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
    {
      // Mercado Pago: OAuth page, Pix payments and the signed notifications it sends the Worker.
      command: "tsx tests/support/mercadopago-stand-in.ts",
      cwd: "../..",
      url: `${MP_STANDIN_URL}/__health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { MP_STANDIN_PORT: port(MP_STANDIN_URL) },
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // api.stripe.com (the webhook journey's subscription reads, when any).
      command: "tsx tests/support/stripe-stand-in.ts",
      cwd: "../..",
      url: `${STRIPE_STANDIN_URL}/__health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { STRIPE_STANDIN_PORT: port(STRIPE_STANDIN_URL) },
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
