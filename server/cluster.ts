// The Node server on every core (docs/decisions/0985): a primary process that forks
// WEB_CONCURRENCY workers (default: one a core), each running server/node.ts on the same port
// (node:cluster hands each new connection to the next worker in turn), and nothing else.
//
// - Exactly one worker runs the scheduled job (AGENDO_RUNS_JOB=1 in its environment, 0 in the
//   others'); the worker that replaces it gets the job with its place.
// - A worker that dies is replaced after a short back-off that doubles while replacements keep
//   dying young (0.5 s, 1 s, 2 s ... at most 30 s), so a crash loop never spins. A worker that
//   dies before listening while no worker listens (the port taken, a broken build) stops the
//   whole server with its exit code instead.
// - SIGINT/SIGTERM: every worker is asked to stop (it finishes the answers in flight), then the
//   primary exits; a worker still there after 10 s is killed.
//
// Usage: node server/cluster.ts [build/node/server/index.js]   (PORT, HOST, WEB_CONCURRENCY)
// `npm start` (scripts/start.ts) runs it in its own process after the build, migrations and seed.
// Plain Node 24 runs it as is (type stripping); it loads none of the app, which the workers load.
import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const NODE_SERVER = new URL("node.ts", import.meta.url).pathname;
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;
/** A worker that lived this long was healthy: its replacement starts after the first back-off again. */
const HEALTHY_AFTER_MS = 10_000;
const STOP_GRACE_MS = 10_000;

/** WEB_CONCURRENCY as a count of workers: unset or empty means one a core. */
export function workerCount(value = process.env.WEB_CONCURRENCY, cores = availableParallelism()): number {
  if (value === undefined || value.trim() === "") return Math.max(1, cores);
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`WEB_CONCURRENCY must be a whole number of workers, 1 or more (got "${value}")`);
  return n;
}

/** How long to wait before replacing a worker, given how many replacements in a row died young. */
export function backoffMs(youngDeaths: number): number {
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, youngDeaths - 1));
}

type Place = { index: number; worker: Worker | null; startedAt: number; youngDeaths: number; listening: boolean };

export type ClusterOptions = { build: string; workers: number; env?: Record<string, string> };

/**
 * Starts the workers from this (primary) process and keeps them running. Resolves with the
 * process's exit code once a stop signal has stopped them all, or once they could not start.
 */
export function runCluster({ build, workers, env = {} }: ClusterOptions): Promise<number> {
  // Plain Node for the workers, whatever this process was started with (tsx's loader hooks).
  cluster.setupPrimary({ exec: NODE_SERVER, args: [build], execArgv: [] });
  const places: Place[] = Array.from({ length: workers }, (_, index) => ({ index, worker: null, startedAt: 0, youngDeaths: 0, listening: false }));
  const timers = new Set<NodeJS.Timeout>();
  let stopping = false;
  let exitCode = 0;
  let finish: () => void;
  const done = new Promise<void>((r) => (finish = r));

  const fork = (place: Place) => {
    place.startedAt = Date.now();
    place.listening = false;
    // The first place runs the scheduled job; its replacements inherit it (docs/decisions/0985).
    const worker = cluster.fork({ ...env, WEB_CONCURRENCY: String(workers), AGENDO_RUNS_JOB: place.index === 0 ? "1" : "0" });
    place.worker = worker;
    worker.on("listening", () => {
      place.listening = true;
    });
    worker.on("exit", (code, signal) => onExit(place, worker, code, signal));
  };

  const onExit = (place: Place, worker: Worker, code: number | null, signal: string | null) => {
    if (place.worker !== worker) return;
    place.worker = null;
    if (stopping) {
      if (places.every((p) => !p.worker)) finish();
      return;
    }
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!place.listening && !places.some((p) => p.listening)) {
      console.error(`[cluster] worker ${worker.process.pid} exited (${how}) before the server could listen: stopping`);
      void stop(code || 1);
      return;
    }
    place.youngDeaths = Date.now() - place.startedAt < HEALTHY_AFTER_MS ? place.youngDeaths + 1 : 0;
    const delay = backoffMs(place.youngDeaths);
    console.error(`[cluster] worker ${worker.process.pid} exited (${how}); a new one in ${(delay / 1000).toFixed(1)} s`);
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopping) fork(place);
    }, delay);
    timers.add(timer);
  };

  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const timer of timers) clearTimeout(timer);
    const alive = places.filter((p) => p.worker);
    if (alive.length === 0) return finish();
    for (const place of alive) place.worker!.process.kill("SIGTERM");
    const kill = setTimeout(() => {
      for (const place of places) place.worker?.process.kill("SIGKILL");
    }, STOP_GRACE_MS);
    kill.unref();
  };

  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stop(0));
  for (const place of places) fork(place);
  return done.then(() => exitCode);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const build = resolve(process.argv[2] ?? "build/node/server/index.js");
  let workers: number;
  try {
    workers = workerCount();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  console.log(`Starting ${workers} worker${workers === 1 ? "" : "s"} (WEB_CONCURRENCY) on port ${process.env.PORT ?? 3000}`);
  process.exit(await runCluster({ build, workers, env: { NODE_ENV: "production" } }));
}
