import { defineConfig, devices } from "@playwright/test";
import { WORKER_URL } from "./env";
import { chromiumPath } from "../support/browser";

// The Workers build (build/workers; `bash scripts/test-workers.sh` builds it first) in the local
// Workers runtime (wrangler dev), against a fresh migrated database reached over libSQL's HTTP
// protocol through the test-only Hrana endpoint, as it reaches Turso in production.

// What runs alone, after the journeys: the round trips counted (and delayed) at the proxy every
// request goes through, the 50-way race, the Cron Trigger's job, which works on every
// professional's data at once, and the endpoint's own transactions, which count who waits for its
// one writer (a journey's write beside them would be counted too, and wait).
const ALONE = /\/(trips|race|scheduled|calendar-push|waitlist|hrana)\.spec\.ts$/;

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
  // The database endpoint, the counting proxy, the Worker and the stand-ins, started together
  // (tests/workers/servers.ts).
  globalSetup: "./servers.ts",
});
