// `npm run bench` (after bench.ts): the public booking page's budget, against the production build.
// Starts the production server (scripts/start.ts) on a free port with a fresh database seeded
// with the demo professional, then for step 1 (/agendamento/demo), step 2 (service and date
// chosen), step 3 (a time chosen) and the status page of a request booked there prints:
//   1. the bytes actually transferred with gzip (HTML, CSS, JS, images, fonts), JS against 90 KB
//      (and /login's against 120 KB); the first response (gzip body and headers) against the
//      14 KB a new connection's first round trip carries, and the render-blocking requests
//      (stylesheets, synchronous scripts) against 0 (docs/decisions/0980);
//   2. Lighthouse mobile (default emulation and throttling) performance and accessibility scores
//      with FCP, LCP, TBT and CLS, and the audits that did not pass. Targets: 99 and above; the
//      render-blocking audit passed and FCP within 0.6 s.
// Figures are printed, never asserted: the script exits 0 unless it breaks itself.
// Env: AGENDO_BUILD_DIR (default build/node), BUDGET_PORT (default: a free port),
// CHROME_PATH (default /usr/bin/chromium), BUDGET_LIGHTHOUSE_RUNS (default 1; with more, the
// run with the median performance score is shown), BUDGET_SKIP_LIGHTHOUSE=1 for the bytes alone.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { freePort } from "./free-port";
import { join } from "node:path";
import { BOOKING_JS_TARGET, byteBudget, get, kb, LOGIN_JS_TARGET } from "./budget-bytes";
import { runLighthouse, SCORE_TARGET } from "./budget-lighthouse";

const root = new URL("..", import.meta.url).pathname;
const buildDir = process.env.AGENDO_BUILD_DIR ?? "build/node";
const started = Date.now();

async function waitForServer(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const res = await get(url);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000}s`);
}

function isoDateInZone(date: Date, timeZone: string) {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}

/** A working day (Monday to Saturday in the demo's week) 3 or more days ahead, in São Paulo time. */
function workingDayAhead() {
  let d = new Date(Date.now() + 3 * 86_400_000);
  const weekday = () =>
    new Intl.DateTimeFormat("en-US", { timeZone: "America/Sao_Paulo", weekday: "short" }).format(d);
  while (weekday() === "Sun") d = new Date(d.getTime() + 86_400_000);
  return isoDateInZone(d, "America/Sao_Paulo");
}

const valueOf = (html: string, name: string) =>
  new RegExp(`name="${name}"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="${name}"`).exec(html)?.slice(1).find(Boolean);

/**
 * The customer's pages measured: steps 1, 2 (a working day's times) and 3 (its first time
 * chosen), and the status page of a request booked at that time.
 */
async function customerPages(step1: string) {
  const serviceId = valueOf((await get(step1)).body.toString("utf8"), "servico");
  if (!serviceId) throw new Error("no demo service found in the step-1 HTML");
  const step2 = `${step1}?servico=${encodeURIComponent(serviceId)}&data=${workingDayAhead()}`;
  const time = valueOf((await get(step2)).body.toString("utf8"), "horario");
  if (!time) throw new Error("no free time found in the step-2 HTML");
  const step3 = `${step2}&horario=${encodeURIComponent(time)}`;
  // Step 3's form as a browser sends it: its hidden fields (the offer's key among them) and a contact.
  const fields = Object.fromEntries([...(await get(step3)).body.toString("utf8").matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  const booked = await get(step3, { ...fields, name: "Cliente Budget", phone: "11987654321", email: "" });
  if (booked.status !== 302 || !booked.location) throw new Error(`booking at ${time} answered ${booked.status}`);
  return [
    { label: "Step 1 (service)", url: step1 },
    { label: "Step 2 (date and time)", url: step2 },
    { label: "Step 3 (a time chosen)", url: step3 },
    { label: "Status page (just booked)", url: new URL(booked.location, step1).href },
  ];
}

// --- main -------------------------------------------------------------------------------------

const serverBuild = join(root, buildDir, "server/index.js");
if (!existsSync(serverBuild)) {
  console.error(`No server build at ${serverBuild}: run \`npx react-router build\` first.`);
  process.exit(1);
}
const dataDir = join(root, "data/budget");
mkdirSync(dataDir, { recursive: true });
for (const suffix of ["", "-shm", "-wal", "-journal"]) rmSync(join(dataDir, `budget.db${suffix}`), { force: true });

const port = Number(process.env.BUDGET_PORT) || (await freePort());
const base = `http://127.0.0.1:${port}`;
console.log(`\nBooking page budget (production build ${buildDir}, server on port ${port})`);

// Its own process group, so stopping it also stops the Node server under it.
const server = spawn(join(root, "node_modules/.bin/tsx"), ["scripts/start.ts"], {
  cwd: root,
  detached: true,
  stdio: ["ignore", "pipe", "pipe"],
  env: {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: "file:data/budget/budget.db",
    AGENDO_DEMO: "1",
    AGENDO_BUILD_DIR: buildDir,
  },
});
let serverLog = "";
server.stdout?.on("data", (c: Buffer) => (serverLog += c.toString()));
server.stderr?.on("data", (c: Buffer) => (serverLog += c.toString()));

function stopServer() {
  if (server.pid && server.exitCode === null && server.signalCode === null) {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}
process.on("exit", stopServer);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopServer();
    process.exit(130);
  });
}

let failed = false;
try {
  const step1 = `${base}/agendamento/demo`;
  await waitForServer(step1, server, 120_000);
  console.log(`server ready after ${((Date.now() - started) / 1000).toFixed(1)}s`);

  const pages = await customerPages(step1);
  console.log("\nTransferred bytes (Accept-Encoding: gzip, body length as received; KB = 1,024 bytes)");
  for (const page of pages) await byteBudget(page.label, page.url);
  await byteBudget("Sign-in", `${base}/login`, { jsTarget: LOGIN_JS_TARGET, customer: false });
  console.log("\nReminder: the page must work with 0 bytes of JS (the e2e project `no-js` proves it).");

  if (process.env.BUDGET_SKIP_LIGHTHOUSE === "1") {
    console.log("\nLighthouse skipped (BUDGET_SKIP_LIGHTHOUSE=1).");
  } else {
    await runLighthouse(pages);
  }
  console.log(
    `\nTargets: JS at most ${kb(BOOKING_JS_TARGET)} gzip on the booking page, ${kb(LOGIN_JS_TARGET)} on /login; Lighthouse mobile performance and accessibility at least ${SCORE_TARGET}; ` +
      `each customer page one response within its first 14 KB, 0 render-blocking requests, FCP within 0.6 s.`,
  );
} catch (error) {
  failed = true;
  console.error(`\nbudget: ${error instanceof Error ? error.message : String(error)}`);
  if (serverLog) console.error(`server output:\n${serverLog.trim()}`);
} finally {
  stopServer();
  console.log(`budget done in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}
process.exit(failed ? 1 : 0);
