// `npm run bench` (edge mode; alone: `npm run bench:edge`): the Workers build in the local Workers
// runtime (wrangler dev), reaching a fresh database through the test Hrana endpoint behind the
// trip-counting proxy (tests/workers/trip-proxy.ts), which adds a fixed delay to each database
// request as the distance between a Worker and Turso would. For each request of issue 13's table
// it prints the sequential round trips, the requests in all, the most in flight at once, and the
// median time to first byte at 0 ms and at 50 ms per trip, beside the targets; and the first
// request's time after the runtime started. Figures are printed, never asserted (the round-trip
// counts are asserted in tests/workers/trips.spec.ts). Then a profile photo's CPU time on the
// Workers build against Cloudflare's CPU limits (scripts/bench-photo.ts).
// Env: EDGE_RUNS (default 7 timed runs per request and delay); HRANA_PORT, TRIP_PROXY_PORT,
// WORKER_PORT (free ones unless given).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { openDb } from "../app/utils/db.server";
import { freePort } from "./free-port";
import { median, start, stopAll, waitFor } from "./edge-processes";
import { benchWorkerPhoto } from "./bench-photo";
import { edgeRequests, seedColdPages, seedEdgeProfessional, setProxyDelay, signedInCookie, tripsOf } from "../tests/workers/trips";

const root = new URL("..", import.meta.url).pathname;
const RUNS = Number(process.env.EDGE_RUNS ?? 7);
const DELAYS = [0, 50];
const ms = (n: number) => `${n.toFixed(0)} ms`;

async function main() {
  const token = randomBytes(16).toString("hex");
  const secret = randomBytes(24).toString("hex");
  // The Workers suite's port variables when given (so a run beside others keeps to its own), else free ones.
  const portOf = async (name: string) => Number(process.env[name]) || (await freePort());
  const [hranaPort, proxyPort, workerPort] = [await portOf("HRANA_PORT"), await portOf("TRIP_PROXY_PORT"), await portOf("WORKER_PORT")];
  const hrana = `http://127.0.0.1:${hranaPort}`;
  const proxy = `http://127.0.0.1:${proxyPort}`;
  const origin = `http://localhost:${workerPort}`;
  const dbPath = `${root}data/bench/edge-${process.pid}.db`;

  console.log("== Workers build");
  await new Promise<void>((resolve, reject) => {
    const build = spawn("react-router", ["build"], { cwd: root, env: { ...process.env, AGENDO_TARGET: "workers" }, stdio: "ignore" });
    build.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`build exited with ${code}`))));
  });

  start("tsx", ["tests/workers/hrana-server.ts"], {
    HRANA_DB: dbPath,
    HRANA_PORT: String(hranaPort),
    HRANA_TOKEN: token,
    HRANA_FRESH: "1",
    HRANA_MIGRATE: "1",
  });
  start("tsx", ["tests/workers/trip-proxy.ts"], { TRIP_PROXY_PORT: String(proxyPort), TRIP_PROXY_TARGET: hrana });
  await waitFor(`${hrana}/health`, 60_000);
  await waitFor(`${proxy}/__trips`, 30_000);

  process.env.SESSION_SECRET = secret;
  // The counting proxy's own first request (Node's fetch setting up) is not the Worker's: made
  // here, before the Worker starts.
  await openDb(proxy, token).$client.execute("select 1");
  const db = openDb(hrana, token);
  const seed = await seedEdgeProfessional(db, origin);
  // Each cold first step needs a page nobody opened: one per run, delay and warm-up.
  const coldSlugs = await seedColdPages(db, (RUNS + 1) * DELAYS.length);

  // The first request after the runtime starts: cold isolate, cold module graph, cold cache.
  const workerStarted = performance.now();
  const worker = start("tsx", ["tests/workers/start-worker.ts"], {
    WORKER_PORT: String(workerPort),
    DATABASE_URL: proxy,
    DATABASE_AUTH_TOKEN: token,
    SESSION_SECRET: secret,
    APP_URL: origin,
  });
  await waitFor(`${origin}/favicon.svg`, 120_000);
  let statusPath = "";
  // The workspace's pages, each the first of a session just signed in (as on a new isolate).
  const requests = edgeRequests(seed, () => statusPath, coldSlugs, () => signedInCookie(db, origin, seed));
  const firstStarted = performance.now();
  const first = await fetch(`${origin}/agendamento/${seed.slug}`);
  const firstTtfb = performance.now() - firstStarted;
  await first.arrayBuffer();
  const second = performance.now();
  await (await fetch(`${origin}/agendamento/${seed.slug}`)).arrayBuffer();
  const secondTtfb = performance.now() - second;
  console.log(`Runtime up after ${ms(firstStarted - workerStarted)}.`);
  console.log(`First request after start (booking step 1, database at 0 ms): ${ms(firstTtfb)}; the next one ${ms(secondTtfb)}. Target: first ≤ 80 ms.`);

  type Row = { label: string; target: number; targetTtfb?: number; sequential: number; total: number; inFlight: number; ttfb: Record<number, number> };
  const rows: Row[] = [];
  for (const request of requests) {
    const row: Row = { label: request.label, target: request.targetTrips, targetTtfb: request.targetTtfbMs, sequential: 0, total: 0, inFlight: 0, ttfb: {} };
    for (const delay of DELAYS) {
      await setProxyDelay(proxy, delay);
      const warm = await tripsOf(proxy, origin, request);
      if (request.label === "booking POST") statusPath = (warm.response.headers.get("location") ?? "").replace(/\?.*$/, "");
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const { ttfb, report } = await tripsOf(proxy, origin, request);
        times.push(ttfb);
        // Counted where the delay tells requests sent together from requests that waited (at 0 ms
        // a request sent a moment after another answered looks like a second trip).
        if (delay === 0) continue;
        row.sequential = Math.max(row.sequential, report.sequential);
        row.total = Math.max(row.total, report.total);
        row.inFlight = Math.max(row.inFlight, report.maxInFlight);
      }
      row.ttfb[delay] = median(times);
    }
    rows.push(row);
  }
  await setProxyDelay(proxy, 0);

  console.log(`\nEdge mode: Workers build in the local runtime, database through the counting proxy (${RUNS} runs, medians)`);
  console.log(
    ["request".padEnd(34), "trips (target)".padEnd(15), "requests", "in flight", "TTFB @0ms", "TTFB @50ms (target)"].join("  "),
  );
  for (const r of rows) {
    console.log(
      [
        r.label.padEnd(34),
        `${r.sequential} (≤ ${r.target})`.padEnd(15),
        String(r.total).padStart(8),
        String(r.inFlight).padStart(9),
        ms(r.ttfb[0]!).padStart(9),
        `${ms(r.ttfb[50]!)} (≤ ${r.targetTtfb ?? "-"} ms)`.padStart(19),
      ].join("  "),
    );
  }
  await benchWorkerPhoto(db, origin, worker.pid!);
  rmSync(dbPath, { force: true });
  for (const suffix of ["-wal", "-shm"]) rmSync(dbPath + suffix, { force: true });
}

try {
  await main();
} finally {
  stopAll();
}
process.exit(0);
