// Where the time of a signed-in page's first request on the Workers build goes (issue 34, part 2;
// docs/decisions/1270): the Workers build in the local runtime, its database through the
// trip-counting proxy (0 ms added) in front of the test Hrana endpoint, as `npm run bench:edge`.
// For PROFILE_RUNS (default 15) requests of each page (each the first of a session just signed in)
// it prints the medians of: the time to first byte seen from outside, the database trip as the
// proxy saw it, the Hrana endpoint's own execution of it, hence the proxy's share and the Worker's
// (time to first byte minus the trip). Then a CPU profile of workerd (through wrangler's inspector)
// around the warm requests of PROFILE_PATH (default /dashboard), summed by function (self time) and
// by source file, written to PROFILE_OUT when given (a .cpuprofile for Chrome's DevTools); and,
// with PROFILE_NEW=n, the same page as the first request of n new runtimes (new isolates).
// Env: WORKER_PORT, HRANA_PORT, TRIP_PROXY_PORT, WORKER_INSPECTOR_PORT (free ones unless given).
//   npm run build:workers && tsx scripts/profile-edge.ts
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
// Node's own WebSocket (undici) fails wrangler's inspector handshake; `ws` (wrangler's own) passes.
import WebSocket from "ws";
import { openDb } from "../app/utils/db.server";
import { freePort } from "./free-port";
import { median, start, stopAll, waitFor } from "./edge-processes";
import { seedEdgeProfessional, signedInCookie } from "../tests/workers/trips";
import type { TripReport } from "../tests/workers/trip-proxy";

const root = new URL("..", import.meta.url).pathname;
const RUNS = Number(process.env.PROFILE_RUNS ?? 15);
const NEW = Number(process.env.PROFILE_NEW ?? 0);
const PROFILED = process.env.PROFILE_PATH ?? "/dashboard";
const PAGES = ["/dashboard", "/agenda", "/clientes", "/relatorios", "/caixa"];
const ms = (n: number) => `${n.toFixed(1)} ms`;

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** A CDP session on the runtime's inspector (wrangler's proxy in front of workerd's). */
async function inspector(port: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as { webSocketDebuggerUrl: string }[];
  const ws = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => (ws.once("open", resolve), ws.once("error", reject)));
  let id = 0;
  const pending = new Map<number, (result: unknown) => void>();
  ws.on("message", (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  const send = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      const n = ++id;
      pending.set(n, resolve as (r: unknown) => void);
      ws.send(JSON.stringify({ id: n, method, params }));
    });
  return { send, close: () => ws.close() };
}

/** Self time by function and by source, in ms, largest first. */
function summarise(profile: Profile, top = 25) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const fn = new Map<string, number>();
  const file = new Map<string, number>();
  for (const [id, t] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url.replace(/^.*\//, "") || "(runtime)";
    fn.set(`${functionName || "(anonymous)"} ${where}:${lineNumber + 1}`, (fn.get(`${functionName || "(anonymous)"} ${where}:${lineNumber + 1}`) ?? 0) + t);
    file.set(where, (file.get(where) ?? 0) + t);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const list = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  return { total, functions: list(fn), files: list(file) };
}

async function main() {
  const token = randomBytes(16).toString("hex");
  const secret = randomBytes(24).toString("hex");
  const portOf = async (name: string) => Number(process.env[name]) || (await freePort());
  const [hranaPort, proxyPort, workerPort, inspectorPort] = [
    await portOf("HRANA_PORT"),
    await portOf("TRIP_PROXY_PORT"),
    await portOf("WORKER_PORT"),
    await portOf("WORKER_INSPECTOR_PORT"),
  ];
  const hrana = `http://127.0.0.1:${hranaPort}`;
  const proxy = `http://127.0.0.1:${proxyPort}`;
  const origin = `http://localhost:${workerPort}`;
  const dbPath = `${root}data/bench/profile-${process.pid}.db`;
  start("tsx", ["tests/workers/hrana-server.ts"], { HRANA_DB: dbPath, HRANA_PORT: String(hranaPort), HRANA_TOKEN: token, HRANA_FRESH: "1", HRANA_MIGRATE: "1" });
  start("tsx", ["tests/workers/trip-proxy.ts"], { TRIP_PROXY_PORT: String(proxyPort), TRIP_PROXY_TARGET: hrana });
  await waitFor(`${hrana}/health`, 300_000);
  await waitFor(`${proxy}/__trips`, 300_000);
  process.env.SESSION_SECRET = secret;
  await openDb(proxy, token).$client.execute("select 1");
  const db = openDb(hrana, token);
  const seed = await seedEdgeProfessional(db, origin);
  const auth = { authorization: `Bearer ${token}` };

  const startWorker = async () => {
    const worker = start("tsx", ["tests/workers/start-worker.ts"], {
      WORKER_PORT: String(workerPort),
      WORKER_INSPECTOR_PORT: String(inspectorPort),
      DATABASE_URL: proxy,
      DATABASE_AUTH_TOKEN: token,
      SESSION_SECRET: secret,
      APP_URL: origin,
    });
    await waitFor(`${origin}/favicon.svg`, 300_000);
    return worker;
  };
  const stopWorker = (worker: ChildProcess) =>
    new Promise<void>((resolve) => {
      worker.once("exit", () => resolve());
      worker.kill("SIGTERM");
    });

  /** One page as the first of a new session: time to first byte, the trip at the proxy, at Hrana. */
  const measure = async (path: string, tries = 3): Promise<{ ttfb: number; total: number; trips: number; atProxy: number; atHrana: number }> => {
    const cookie = await signedInCookie(db, origin, seed);
    await fetch(`${proxy}/__trips/reset`, { method: "POST" });
    await fetch(`${hrana}/timings/reset`, { headers: auth });
    const started = performance.now();
    const response = await fetch(origin + path, { redirect: "manual", headers: { Cookie: cookie } });
    const ttfb = performance.now() - started;
    await response.text();
    const total = performance.now() - started;
    if (response.status !== 200) {
      // On a loaded machine the runtime's connection to the proxy is now and then lost: said, and again.
      console.log(`(${path}: ${response.status}, again)`);
      if (tries > 1) return measure(path, tries - 1);
      throw new Error(`${path}: ${response.status}`);
    }
    const report = (await (await fetch(`${proxy}/__trips`)).json()) as TripReport;
    const atHrana = ((await (await fetch(`${hrana}/timings`, { headers: auth })).json()) as number[]).reduce((a, b) => a + b, 0);
    const atProxy = report.requests.reduce((a, r) => a + (r.end - r.start), 0);
    return { ttfb, total, trips: report.requests.length, atProxy, atHrana };
  };

  let worker = await startWorker();
  for (const path of PAGES) await measure(path); // each page's modules loaded once
  console.log(`Warm isolate, each page the first of a new session (${RUNS} runs, medians; database at 0 ms):`);
  console.log(["page".padEnd(12), "TTFB", "whole", "requests", "trips at proxy", "of which Hrana", "proxy only", "Worker (TTFB - trips)"].join("  "));
  for (const path of PAGES) {
    const runs: Awaited<ReturnType<typeof measure>>[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(path));
    const m = (f: (r: (typeof runs)[number]) => number) => median(runs.map(f));
    console.log(
      [
        path.padEnd(12),
        ms(m((r) => r.ttfb)),
        ms(m((r) => r.total)),
        String(m((r) => r.trips)).padStart(8),
        ms(m((r) => r.atProxy)).padStart(14),
        ms(m((r) => r.atHrana)).padStart(14),
        ms(m((r) => r.atProxy - r.atHrana)).padStart(10),
        ms(m((r) => r.ttfb - r.atProxy)).padStart(21),
      ].join("  "),
    );
  }

  const cdp = await inspector(inspectorPort);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  await cdp.send("Profiler.start");
  for (let i = 0; i < RUNS; i++) await measure(PROFILED);
  const { profile } = await cdp.send<{ profile: Profile }>("Profiler.stop");
  cdp.close();
  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
  const warm = summarise(profile);
  console.log(`\nCPU profile of workerd, ${RUNS} warm requests of ${PROFILED}: ${ms(warm.total / RUNS)} sampled a request (idle included)`);
  console.log("Self time a request, by function:");
  for (const [name, t] of warm.functions) console.log(`  ${ms(t / RUNS).padStart(9)}  ${name}`);
  console.log("Self time a request, by file:");
  for (const [name, t] of warm.files) console.log(`  ${ms(t / RUNS).padStart(9)}  ${name}`);

  if (NEW > 0) {
    const firsts: Awaited<ReturnType<typeof measure>>[] = [];
    const profiles: Profile[] = [];
    for (let i = 0; i < NEW; i++) {
      await stopWorker(worker);
      worker = await startWorker();
      const fresh = await inspector(inspectorPort);
      await fresh.send("Profiler.enable");
      await fresh.send("Profiler.setSamplingInterval", { interval: 100 });
      await fresh.send("Profiler.start");
      firsts.push(await measure(PROFILED));
      profiles.push((await fresh.send<{ profile: Profile }>("Profiler.stop")).profile);
      fresh.close();
    }
    const m = (f: (r: (typeof firsts)[number]) => number) => median(firsts.map(f));
    console.log(`\n${PROFILED} as the first request of a new runtime (${NEW} runs, medians): TTFB ${ms(m((r) => r.ttfb))}, trips at proxy ${ms(m((r) => r.atProxy))}, Worker ${ms(m((r) => r.ttfb - r.atProxy))}`);
    const first = summarise(profiles[Math.floor(NEW / 2)]!, 15);
    console.log(`One new runtime's profile around it: ${ms(first.total)} sampled; self time by file:`);
    for (const [name, t] of first.files) console.log(`  ${ms(t).padStart(9)}  ${name}`);
    console.log("by function:");
    for (const [name, t] of first.functions) console.log(`  ${ms(t).padStart(9)}  ${name}`);
  }
  await stopWorker(worker);
  for (const suffix of ["", "-wal", "-shm"]) rmSync(dbPath + suffix, { force: true });
}

try {
  await main();
} finally {
  stopAll();
}
process.exit(0);
