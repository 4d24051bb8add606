// `npm run bench:load` (and the middle of `npm run bench`): the public booking page under load.
//
// Starts the production server as `npm start` runs it (server/cluster.ts: our Node server of the
// production build in LOAD_WORKERS worker processes, default one a core) and, beside it, the
// same server as one process (server/node.ts), both on a fresh copy of the seeded bench database
// (scripts/bench.ts: 50,000 appointments), and from this process sends concurrent requests on
// loopback with autocannon to the cluster for
//   - the booking page (step 1, the service list),
//   - the slot list (step 2: the booking page GET with a service and a date chosen),
//   - the booking POST (step 3: the form fields the page posts, each with its own phone),
// at 10, 50 and 200 connections, and prints requests per second, p50/p99 latency and errors.
// The same HTML bytes served by a bare node:http server (scripts/load-static.ts, its own
// process) give the baseline: each target's throughput is printed as a ratio of it.
// Then the slot list and the booking POST at 50 connections, in turns on the single process and
// on the cluster (LOAD_COMPARE_ROUNDS rounds): the cluster's median req/s as a multiple of the
// single process's (docs/decisions/0985).
// Then a soak (all three targets mixed) on the cluster watches its RSS (the primary's and every
// worker's, summed): the end must stay within 10% of the value after warm-up. Last, the database
// copy is checked for double bookings: no two non-cancelled appointments / pending requests of
// the bench professional may overlap (the two servers wrote to it side by side).
//
// Exits non-zero on any error (a 5xx, a connection failure or timeout, an answer no real user
// could get), on a double booking or on RSS growth over the limit. Throughput figures are
// printed, never asserted. A refused booking (409 slot taken, 429 rate limit) is an expected
// answer, counted apart. Rate limits: every POST carries a new phone and a new X-Forwarded-For,
// the address the per-IP cap reads with TRUST_PROXY=1 (docs/decisions/0511-load-mode.md, 0531).
//
// Env: AGENDO_BUILD_DIR (default build/node), LOAD_PORT (default: a free port), LOAD_STATIC_PORT
// (default: a free port), LOAD_SECONDS (per run, default 10), LOAD_CONNECTIONS (default
// "10,50,200"), LOAD_TIMEOUT_SECONDS (default 30), SOAK_SECONDS (default 300, 0 skips the soak),
// SOAK_CONNECTIONS (default 50), LOAD_RSS_GROWTH_LIMIT (default 0.10), LOAD_WORKERS (the
// cluster's WEB_CONCURRENCY, default one a core), LOAD_SINGLE_PORT (default: a free port),
// LOAD_COMPARE_ROUNDS (default 3, 0 skips the comparison).
import { existsSync, writeFileSync } from "node:fs";
import { createClient } from "@libsql/client";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port";
import { checkDoubleBookings } from "./load-check";
import { mb, median, readTreeStatus, sampleRss, startProcess, stopAll, stopProcess, waitFor } from "./load-processes";
import { cannon, fmt, MOBILE_UA, TABLE_HEADER, tally, timedRun, type Counts, type Run } from "./load-runs";
import { makeTargets, prepareDatabase } from "./load-targets";

const root = new URL("..", import.meta.url).pathname;
const buildDir = process.env.AGENDO_BUILD_DIR ?? "build/node";
const serverBuild = join(root, buildDir, "server/index.js");
const nodeServer = join(root, "server/node.ts");
const clusterServer = join(root, "server/cluster.ts");
const dataDir = join(root, "data/load");
const COPY_PATH = join(dataDir, "load.db");
const STATIC_FILE = join(dataDir, "booking.html");

const num = (name: string, fallback: number) => {
  const value = process.env[name];
  return value !== undefined && value !== "" && Number.isFinite(Number(value)) ? Number(value) : fallback;
};
const RUN_SECONDS = num("LOAD_SECONDS", 10);
const CONNECTIONS = (process.env.LOAD_CONNECTIONS ?? "10,50,200").split(",").map(Number).filter((n) => n > 0);
const TIMEOUT_SECONDS = num("LOAD_TIMEOUT_SECONDS", 30);
const SOAK_SECONDS = num("SOAK_SECONDS", 300);
const SOAK_CONNECTIONS = num("SOAK_CONNECTIONS", 50);
const RSS_GROWTH_LIMIT = num("LOAD_RSS_GROWTH_LIMIT", 0.1);
const WORKERS = Math.max(1, Math.round(num("LOAD_WORKERS", availableParallelism())));
const COMPARE_ROUNDS = num("LOAD_COMPARE_ROUNDS", 3);
const COMPARE_CONNECTIONS = 50;
/** Part of the soak treated as warm-up before the RSS baseline is taken. */
const SOAK_WARMUP_SECONDS = Math.min(60, Math.max(2, Math.round(SOAK_SECONDS * 0.2)));
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => process.exit(130));
}
const failures: string[] = [];
type Targets = ReturnType<ReturnType<typeof makeTargets>["targetsFor"]>;

// --- the steps after the first table ----------------------------------------------------------

/**
 * The slot list and the booking POST at 50 connections, in turns on one process and on the
 * cluster, LOAD_COMPARE_ROUNDS times (in turns, so a busy moment of a shared machine weighs on
 * both): the medians and the cluster's as a multiple of one process's.
 */
async function compareWithOneProcess(cluster: Targets, one: Targets, oneOrigin: string, userId: string, counts: Counts, alive: () => void) {
  const c = COMPARE_CONNECTIONS;
  await releaseTimes(userId, started, counts, "before the comparison");
  console.log(`\n  One process against ${WORKERS} workers, ${c} connections, ${COMPARE_ROUNDS} rounds in turns:`);
  console.log(TABLE_HEADER);
  const figures: Record<string, { one: number[]; cluster: number[] }> = { slots: { one: [], cluster: [] }, booking: { one: [], cluster: [] } };
  for (let round = 0; round < COMPARE_ROUNDS; round++) {
    for (const [name, label, kind] of [["slots", "slot list", "get"], ["booking", "booking POST", "post"]] as const) {
      const onOne: Run = { name, label, kind, url: oneOrigin, request: one[name] };
      const onCluster: Run = { name, label, kind, url: origin, request: cluster[name] };
      for (const [list, run, runLabel] of [[figures[name]!.one, onOne, `${label} ×1`], [figures[name]!.cluster, onCluster, `${label} ×${WORKERS}`]] as const) {
        const runStart = Date.now();
        list.push((await timedRun(run, c, RUN_SECONDS, TIMEOUT_SECONDS, counts, failures, runLabel)).requests.mean);
        alive();
        if (kind === "post") await releaseTimes(userId, runStart, counts, `in the run '${runLabel}'`);
      }
    }
  }
  console.log(`\n  ${`Median req/s at ${c} connections:`.padEnd(35)} ${"1 process".padStart(10)} ${`${WORKERS} workers`.padStart(10)}  ratio`);
  for (const [name, label] of [["slots", "slot list"], ["booking", "booking POST"]] as const) {
    const one1 = median(figures[name]!.one);
    const many = median(figures[name]!.cluster);
    console.log(`  ${label.padEnd(35)} ${fmt(one1).padStart(10)} ${fmt(many).padStart(10)}  ${one1 > 0 ? `${(many / one1).toFixed(2)}×` : "n/a"}`);
  }
}

/** All three targets mixed on the cluster for SOAK_SECONDS; its summed RSS must stay flat. */
async function soak(targets: Targets, rss: ReturnType<typeof sampleRss>, counts: Counts) {
  const soakStart = Date.now();
  const result = await cannon(origin, SOAK_CONNECTIONS, SOAK_SECONDS, [{ ...targets.page }, { ...targets.slots }, { ...targets.booking }], TIMEOUT_SECONDS);
  const t = tally("mixed", result);
  const errors = result.errors + t.serverErrors;
  counts.booked += t.booked;
  counts.inFlightAtEnd += (result.requests.sent ?? result.requests.total) - result.requests.total;
  console.log(
    `\n  Soak ${SOAK_SECONDS} s, ${SOAK_CONNECTIONS} connections, page + slot list + POST: ${fmt(result.requests.mean)} req/s, ` +
      `p50 ${fmt(result.latency.p50)} ms, p99 ${fmt(result.latency.p99)} ms, ${result.requests.total} answers, ${errors} errors${result.timeouts ? ` (${result.timeouts} timeouts)` : ""} ` +
      `(booked ${t.booked}, taken ${t.taken}, rate-limited ${t.limited}${Object.keys(t.unexpected).length ? `, UNEXPECTED ${JSON.stringify(t.unexpected)}` : ""})`,
  );
  if (errors > 0) failures.push(`soak: ${errors} errors`);
  if (Object.keys(t.unexpected).length > 0) failures.push(`soak: unexpected answers ${JSON.stringify(t.unexpected)}`);

  const inSoak = rss.samples.filter((s) => s.t >= soakStart);
  const warmEnd = soakStart + SOAK_WARMUP_SECONDS * 1000;
  const window = 5_000;
  const afterWarmup = median(inSoak.filter((s) => s.t >= warmEnd && s.t < warmEnd + window).map((s) => s.rssKb));
  const lastT = inSoak.at(-1)?.t ?? 0;
  const atEnd = median(inSoak.filter((s) => s.t > lastT - window).map((s) => s.rssKb));
  if (!Number.isFinite(afterWarmup) || !Number.isFinite(atEnd)) {
    console.log("  Server RSS in the soak: not measured (no /proc/<pid>/status samples).");
    return;
  }
  const growth = atEnd / afterWarmup - 1;
  const ok = growth <= RSS_GROWTH_LIMIT;
  const processes = inSoak.at(-1)?.processes ?? 0;
  console.log(
    `  Server RSS in the soak (${processes} processes summed: the primary and its workers): ${mb(afterWarmup)} after ${SOAK_WARMUP_SECONDS} s of warm-up, ${mb(atEnd)} at the end: ` +
      `${growth >= 0 ? "+" : ""}${(growth * 100).toFixed(1)}% (limit +${(RSS_GROWTH_LIMIT * 100).toFixed(0)}%): ${ok ? "flat" : "GROWING"}`,
  );
  if (!ok) failures.push(`server RSS grew ${(growth * 100).toFixed(1)}% during the soak`);
}

/** Overlapping bookings among those made since `since`: each pair is a failure. */
async function overlapsSince(userId: string, since: number, when: string) {
  const overlaps = await checkDoubleBookings(`file:${COPY_PATH}`, userId, since);
  if (overlaps.pairs > 0) {
    failures.push(`${overlaps.pairs} double bookings ${when}`);
    console.log(`  Double bookings ${when}: ${overlaps.pairs}`);
    for (const e of overlaps.examples) console.log(`    ${e}`);
  }
  return overlaps;
}

/**
 * After a run of POSTs has been checked for overlaps, its pending requests let go of their times
 * (status 'expired', as when a professional never answers), so that the next run of the
 * comparison books into the same free agenda instead of meeting only taken times.
 */
async function releaseTimes(userId: string, since: number, counts: Counts, when: string) {
  await overlapsSince(userId, since, when);
  const client = createClient({ url: `file:${COPY_PATH}`, timeout: 5000 });
  const released = await client.execute({ sql: "update booking_requests set status = 'expired' where professional_id = ? and status = 'pending'", args: [userId] });
  client.close();
  counts.released += released.rowsAffected;
}

/** No two bookings of the bench professional overlap, and every booked answer has its request. */
async function checkBookings(userId: string, counts: Counts) {
  const overlaps = await overlapsSince(userId, started, "at the end");
  console.log(
    `  Double bookings: ${overlaps.pairs} overlapping pairs among ${overlaps.pending} pending requests and ` +
      `${overlaps.appointments} non-cancelled appointments on the ${overlaps.dates} dates booked` +
      `${counts.released ? ` (and none in each comparison run before its ${fmt(counts.released, 0)} requests were released)` : ""}: ${failures.some((f) => f.includes("double bookings")) ? "FOUND" : "none"}`,
  );
  // Every 302 is one pending request; a POST cut off by the end of a run may still have booked.
  const { booked, inFlightAtEnd } = counts;
  const made = overlaps.pending + counts.released;
  const lost = booked - made;
  console.log(
    `  Booked answers ${booked}, requests in the db ${made} (${overlaps.pending} pending, ${counts.released} released)` +
      (made >= booked && made - booked <= inFlightAtEnd ? " (consistent)" : ""),
  );
  if (lost > 0) failures.push(`${lost} booked answers without a pending request in the db`);
  if (made - booked > inFlightAtEnd) {
    failures.push(`${made - booked} pending requests more than booked answers (more than the POSTs cut off in flight)`);
  }
}

// --- main -------------------------------------------------------------------------------------

if (!existsSync(serverBuild)) {
  console.error(`No server build at ${serverBuild}: run \`npx react-router build\` first.`);
  process.exit(1);
}

const started = Date.now();
const setup = await prepareDatabase(COPY_PATH);
const slug = setup.profile.bookingSlug;
const port = num("LOAD_PORT", 0) || (await freePort());
const singlePort = num("LOAD_SINGLE_PORT", 0) || (await freePort());
const staticPort = num("LOAD_STATIC_PORT", 0) || (await freePort());
const origin = `http://127.0.0.1:${port}`;
const singleOrigin = `http://127.0.0.1:${singlePort}`;
const staticOrigin = `http://127.0.0.1:${staticPort}`;

const serverEnv = (listenOn: number) => ({
  PORT: String(listenOn),
  // As behind one proxy of ours: each POST's X-Forwarded-For is its own client.
  TRUST_PROXY: "1",
  SESSION_SECRET: `load-${Math.random().toString(36).slice(2)}-${Date.now()}`,
  HOST: "127.0.0.1",
  NODE_ENV: "production",
  DATABASE_URL: `file:${COPY_PATH}`,
  AGENDO_DEMO: "0",
  EMAIL_TRANSPORT: "log",
});
// `npm start`'s server: the cluster (docs/decisions/0985); and the same server as one process.
const server = startProcess([clusterServer, serverBuild], { ...serverEnv(port), WEB_CONCURRENCY: String(WORKERS) }, "server", dataDir);
const single = startProcess([nodeServer, serverBuild], { ...serverEnv(singlePort), JOB_INTERVAL_SECONDS: "0" }, "single", dataDir);
const serverPid = server.child.pid!;
let exitCode = 0;
try {
  const pagePath = `/agendamento/${slug}`;
  await waitFor(`${origin}${pagePath}`, server.child, 60_000);
  await waitFor(`${singleOrigin}${pagePath}`, single.child, 60_000);
  const { targetsFor, plan, lists, nextBooking, posts } = makeTargets(slug, setup);
  const targets = targetsFor(origin);

  // Pre-flight: each target answers what a person would see, before anything is timed.
  const step1 = await fetch(`${origin}${pagePath}`, { headers: { "user-agent": MOBILE_UA } });
  const html = await step1.text();
  if (step1.status !== 200 || !html.includes('name="servico"')) throw new Error(`${pagePath} offers no service (is the professional accepting bookings?)`);
  const step2 = await (await fetch(`${origin}${lists[0]}`, { headers: { "user-agent": MOBILE_UA } })).text();
  if (!/Horários disponíveis|Nenhum horário disponível/.test(step2)) throw new Error(`${lists[0]} shows no slot list`);
  const probe = nextBooking(origin);
  const posted = await fetch(`${origin}${probe.path}`, {
    method: "POST",
    headers: probe.headers,
    body: probe.body as string,
    redirect: "manual",
  });
  await posted.arrayBuffer();
  const location = posted.headers.get("location") ?? "";
  if (posted.status !== 302 || !location.startsWith("/agendamento/reserva/")) {
    throw new Error(`the first booking POST answered ${posted.status} ${location} instead of a redirect to the request page`);
  }

  // The static baseline: the very bytes of step 1, from a bare node:http server.
  writeFileSync(STATIC_FILE, html);
  const statik = startProcess([join(root, "scripts/load-static.ts"), STATIC_FILE, String(staticPort)], {}, "static", dataDir);
  await waitFor(`${staticOrigin}/`, statik.child, 20_000);

  const load = loadavg()[0]!;
  console.log(
    `\nLoad: our Node server (${buildDir}) as \`npm start\` runs it, ${WORKERS} worker${WORKERS === 1 ? "" : "s"} (primary pid ${serverPid}) on ${origin}; ` +
      `one process (pid ${single.child.pid}) on ${singleOrigin} for the comparison; copy of the bench db (50,000 appointments)`,
  );
  console.log(
    `  booking page ${pagePath} (${fmt(Buffer.byteLength(html) / 1024)} KB HTML); static baseline: the same bytes from node:http on ${staticOrigin}`,
  );
  console.log(
    `  ${RUN_SECONDS} s per run, timeout ${TIMEOUT_SECONDS} s, no compression; POSTs race in fours for ${fmt(plan.claims.length / 4, 0)} times on ${plan.dates.length} dates ` +
      `(${plan.dates[0]} .. ${plan.dates.at(-1)}), each with a new phone and X-Forwarded-For`,
  );
  console.log(
    `  load average ${load.toFixed(1)} on ${availableParallelism()} CPUs: client and server share them` +
      (load > availableParallelism() ? " (the machine is busy: figures read low)" : ""),
  );

  const rss = sampleRss(serverPid, 500);
  console.log(`\n${TABLE_HEADER}`);
  const rps: Record<string, Record<number, number>> = { page: {}, slots: {}, booking: {}, static: {} };
  const runs: Run[] = [
    { name: "page", label: "booking page", kind: "get", url: origin, request: targets.page },
    { name: "slots", label: "slot list", kind: "get", url: origin, request: targets.slots },
    { name: "booking", label: "booking POST", kind: "post", url: origin, request: targets.booking },
    { name: "static", label: "static HTML", kind: "get", url: staticOrigin, request: { method: "GET", path: "/" } },
  ];
  const counts: Counts = { booked: 1 /* the pre-flight POST */, inFlightAtEnd: 0, released: 0 };
  const alive = () => {
    if (server.child.exitCode !== null) throw new Error(`the server exited (code ${server.child.exitCode})`);
    if (single.child.exitCode !== null) throw new Error(`the single-process server exited (code ${single.child.exitCode})`);
  };
  for (const connections of CONNECTIONS) {
    for (const run of runs) {
      rps[run.name]![connections] = (await timedRun(run, connections, RUN_SECONDS, TIMEOUT_SECONDS, counts, failures)).requests.mean;
      alive();
    }
  }

  console.log("\n  Throughput as a share of the static file (same bytes, same machine):");
  console.log(`  ${"conns".padStart(5)} ${"booking page".padStart(13)} ${"slot list".padStart(10)} ${"booking POST".padStart(13)} ${"static req/s".padStart(13)}`);
  for (const c of CONNECTIONS) {
    const base = rps.static![c]!;
    const ratio = (name: string) => (base > 0 ? `${((rps[name]![c]! / base) * 100).toFixed(1)}%` : "n/a");
    console.log(`  ${String(c).padStart(5)} ${ratio("page").padStart(13)} ${ratio("slots").padStart(10)} ${ratio("booking").padStart(13)} ${fmt(base).padStart(13)}`);
  }
  await stopProcess(statik.child);

  if (COMPARE_ROUNDS > 0) await compareWithOneProcess(targets, targetsFor(singleOrigin), singleOrigin, setup.userId, counts, alive);
  await stopProcess(single.child);

  if (SOAK_SECONDS > 0) await soak(targets, rss, counts);
  rss.stop();
  const final = readTreeStatus(serverPid);
  const sampledPeak = Math.max(...rss.samples.map((s) => s.rssKb));
  console.log(
    `  Server peak RSS (${final?.processes ?? "?"} processes summed): ${final ? mb(final.hwmKb) : "n/a"} (VmHWM), ${Number.isFinite(sampledPeak) ? mb(sampledPeak) : "n/a"} sampled every 0.5 s; ` +
      `${Math.round((Date.now() - started) / 1000)} s in all, ${posts()} booking POSTs`,
  );

  // Stop the servers before reading their database, then look for overlaps.
  await stopProcess(server.child);
  await checkBookings(setup.userId, counts);
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
  console.error(`\nLoad run broke: ${error instanceof Error ? error.message : String(error)}`);
  for (const proc of [server, single]) {
    const lines = proc.tail();
    if (lines.length) console.error(`Last server output (${proc.logFile}):\n${lines.join("\n")}`);
  }
} finally {
  await stopAll();
}

if (failures.length > 0) {
  console.log(`\nLoad: FAILED\n${failures.map((f) => `  - ${f}`).join("\n")}`);
  exitCode = 1;
} else {
  console.log(`\nLoad: ok (no errors, no double bookings${SOAK_SECONDS > 0 ? ", RSS flat" : "; soak skipped (SOAK_SECONDS=0)"})`);
}
process.exit(exitCode);
