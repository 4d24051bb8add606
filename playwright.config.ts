import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { defineConfig, devices } from "@playwright/test";
import { E2E_PORT } from "./tests/e2e/env";
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
  // The app's server (a fresh database for every run) and the stand-ins, started together
  // (tests/e2e/servers.ts).
  globalSetup: "./tests/e2e/servers.ts",
});
