// `npm run bench:load` (and the middle of `npm run bench`): the public booking page under load.
//
// Starts the production server (our Node server of the production build, its own process) on
// a fresh copy of the seeded bench database (scripts/bench.ts: 50,000 appointments), and from this
// process sends concurrent requests on loopback with autocannon for
//   - the booking page (step 1, the service list),
//   - the slot list (step 2: the booking page GET with a service and a date chosen),
//   - the booking POST (step 3: the form fields the page posts, each with its own phone),
// at 10, 50 and 200 connections, and prints requests per second, p50/p99 latency and errors.
// The same HTML bytes served by a bare node:http server (scripts/load-static.ts, its own
// process) give the baseline: each target's throughput is printed as a ratio of it.
// Then a soak (all three targets mixed) watches the server's RSS: the end must stay within 10%
// of the value after warm-up. Last, the database copy is checked for double bookings: no two
// non-cancelled appointments / pending requests of the bench professional may overlap.
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
// SOAK_CONNECTIONS (default 50), LOAD_RSS_GROWTH_LIMIT (default 0.10).
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { freePort } from "./free-port";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { eq, max } from "drizzle-orm";
import { appointments, profiles, services, subscriptions, workingHours } from "../db/schema";
import { formatPhone } from "../app/domain/phone";
import { addDays, dayOfWeek, maxBookingDate, minutesToTime, nowInZone, timeToMinutes } from "../app/domain/dates";
import { openBenchDb } from "./bench";
import { checkDoubleBookings } from "./load-check";
import { openAndMigrate } from "./migrate";

const root = new URL("..", import.meta.url).pathname;
const buildDir = process.env.AGENDO_BUILD_DIR ?? "build/node";
const serverBuild = join(root, buildDir, "server/index.js");
const nodeServer = join(root, "server/node.ts");
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
/** Part of the soak treated as warm-up before the RSS baseline is taken. */
const SOAK_WARMUP_SECONDS = Math.min(60, Math.max(2, Math.round(SOAK_SECONDS * 0.2)));
const MOBILE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

// --- autocannon (CommonJS, no types shipped) ---------------------------------------------------

type AcRequest = {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  setupRequest?: (req: AcRequest, context: Record<string, unknown>) => AcRequest;
};
type AcHistogram = { mean: number; average: number; p50: number; p99: number; max: number; total: number; sent?: number };
type AcResult = {
  requests: AcHistogram;
  latency: AcHistogram;
  errors: number;
  timeouts: number;
  resets: number;
  statusCodeStats: Record<string, { count: number }>;
  duration: number;
};
type Autocannon = (
  opts: {
    url: string;
    connections: number;
    duration: number;
    timeout: number;
    requests: AcRequest[];
    headers?: Record<string, string>;
  },
  cb: (err: Error | null, result: AcResult) => void,
) => unknown;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;
// autocannon re-arms a request's timer with a negative delay when a timeout has already passed;
// Node's warning about it would cut through the table (the timeouts are counted and printed).
const emitWarning = process.emitWarning.bind(process) as (...args: unknown[]) => void;
process.emitWarning = ((warning: unknown, ...rest: unknown[]) => {
  const type = typeof rest[0] === "string" ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
  if (type === "TimeoutNegativeWarning") return;
  emitWarning(warning, ...rest);
}) as typeof process.emitWarning;

function cannon(url: string, connections: number, duration: number, requests: AcRequest[]) {
  return new Promise<AcResult>((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration,
        timeout: TIMEOUT_SECONDS,
        requests,
        // No Accept-Encoding: the app and the static baseline both send the raw bytes.
        headers: { "user-agent": MOBILE_UA, accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8", "accept-language": "pt-BR" },
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

// --- processes --------------------------------------------------------------------------------

const children: ChildProcess[] = [];
/**
 * A child process whose output goes to a log file, never through a pipe to this process: on
 * Linux a write to a pipe blocks when the pipe is full, and this process, busy driving
 * hundreds of connections, reads its pipes late. The server (which logs every request) would
 * then stall on its own log lines and the figures would measure that stall.
 */
function startProcess(args: string[], env: Record<string, string>, name: string) {
  mkdirSync(dataDir, { recursive: true });
  const logFile = join(dataDir, `${name}.log`);
  const fd = openSync(logFile, "w");
  const child = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", fd, fd], env: { ...process.env, ...env } });
  closeSync(fd);
  children.push(child);
  const tail = () => readFileSync(logFile, "utf8").split("\n").filter((l) => l.trim()).slice(-30);
  return { child, tail, logFile };
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => process.exit(130));
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}

// --- memory -----------------------------------------------------------------------------------

type RssSample = { t: number; rssKb: number; hwmKb: number };
function readStatus(pid: number): RssSample | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
    return { t: Date.now(), rssKb: kb("VmRSS"), hwmKb: kb("VmHWM") };
  } catch {
    return null; // no /proc (not Linux) or the process is gone
  }
}
function sampleRss(pid: number, everyMs: number) {
  const samples: RssSample[] = [];
  const take = () => {
    const s = readStatus(pid);
    if (s) samples.push(s);
  };
  take();
  const timer = setInterval(take, everyMs);
  return { samples, stop: () => clearInterval(timer) };
}
const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};

// --- the database copy ------------------------------------------------------------------------

async function prepareDatabase() {
  mkdirSync(dataDir, { recursive: true });
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`${COPY_PATH}${suffix}`, { force: true });
  const bench = await openBenchDb(); // seeds data/bench/bench.db the first time
  // A consistent copy, even with the source in WAL mode.
  await bench.db.$client.execute({ sql: "VACUUM INTO ?", args: [COPY_PATH] });
  bench.db.$client.close();

  const db = await openAndMigrate(`file:${COPY_PATH}`);
  const userId = bench.user.id;
  // The seed's 7-day trial may have ended: on the copy, the professional pays for a year, so the
  // booking page offers the services (a denied professional's page shows none).
  await db
    .update(subscriptions)
    .set({ status: "active", subscriptionEndDate: new Date(Date.now() + 365 * 86_400_000) })
    .where(eq(subscriptions.userId, userId));
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  const svc = await db.select().from(services).where(eq(services.userId, userId));
  const week = await db.select().from(workingHours).where(eq(workingHours.userId, userId));
  const [last] = await db.select({ date: max(appointments.date) }).from(appointments).where(eq(appointments.userId, userId));
  db.$client.close();
  return { userId, profile: profile!, services: svc, week, lastSeededDate: last?.date ?? "" };
}

type Claim = { serviceId: string; date: string; time: string };

/**
 * The booking POSTs' targets, in groups of four sent one after the other by different
 * connections, so they race for the same time: two for the 30-minute service at t, the
 * 60-minute service at t (overlapping both neighbours) and the 30-minute one at t + 30.
 * Groups start every hour of the working day, on the dates after the seeded appointments up to
 * the end of the booking window; once they are used up the list starts again (all refused).
 */
function claimPlan(setup: Awaited<ReturnType<typeof prepareDatabase>>) {
  const { profile, week } = setup;
  const active = setup.services.filter((s) => s.isActive);
  const short = active.find((s) => s.durationMinutes === 30) ?? active[0]!;
  const long = active.find((s) => s.durationMinutes === 60) ?? short;
  const today = nowInZone(profile.timeZone).date;
  let date = addDays(today, 2);
  if (setup.lastSeededDate >= date) date = addDays(setup.lastSeededDate, 1);
  const lastDate = maxBookingDate(today);
  const claims: Claim[] = [];
  const dates: string[] = [];
  for (; date <= lastDate; date = addDays(date, 1)) {
    const day = week.find((w) => w.dayOfWeek === dayOfWeek(date));
    if (!day?.isActive) continue;
    dates.push(date);
    const start = timeToMinutes(day.startTime);
    const end = timeToMinutes(day.endTime);
    const breakStart = day.breakStartTime ? timeToMinutes(day.breakStartTime) : NaN;
    const breakEnd = day.breakEndTime ? timeToMinutes(day.breakEndTime) : NaN;
    for (let t = start; t + 60 <= end; t += 60) {
      if (t < breakEnd && t + 60 > breakStart) continue;
      const at = (m: number) => minutesToTime(m);
      claims.push(
        { serviceId: short.id, date, time: at(t) },
        { serviceId: short.id, date, time: at(t) },
        { serviceId: long.id, date, time: at(t) },
        { serviceId: short.id, date, time: at(t + 30) },
      );
    }
  }
  return { claims, dates, short, long };
}

// --- request factories ------------------------------------------------------------------------

const FIRST = ["Ana", "Bruno", "Carla", "Diego", "Elisa", "Fábio", "Gabriela", "Heitor", "Isabela", "João", "Larissa", "Marcos"];
const LAST = ["Silva", "Souza", "Oliveira", "Santos", "Pereira", "Lima", "Costa", "Ribeiro", "Almeida", "Gomes"];

function makeTargets(slug: string, origin: string, setup: Awaited<ReturnType<typeof prepareDatabase>>) {
  const page = `/agendamento/${slug}`;
  const plan = claimPlan(setup);
  const active = setup.services.filter((s) => s.isActive);
  const today = nowInZone(setup.profile.timeZone).date;
  // Slot lists: each service over the next six weeks (seeded, busy days and the POSTs' days).
  const lists: string[] = [];
  for (let d = 1; d <= 42; d++) {
    for (const s of active) lists.push(`${page}?servico=${encodeURIComponent(s.id)}&data=${addDays(today, d)}`);
  }
  let listCounter = 0;
  let postCounter = 0;

  /** The form of step 3 as the browser posts it (hidden fields, honeypots left empty). */
  const booking = (k: number): AcRequest => {
    const claim = plan.claims[k % plan.claims.length]!;
    const phone = `119${String(50_000_000 + k).padStart(8, "0")}`;
    const body = new URLSearchParams({
      servico: claim.serviceId,
      data: claim.date,
      horario: claim.time,
      website_hp: "",
      bot_field: "",
      name: `${FIRST[k % FIRST.length]} ${LAST[Math.floor(k / FIRST.length) % LAST.length]}`,
      phone: formatPhone(phone),
      notes: k % 3 === 0 ? "Primeira vez aqui" : "",
    }).toString();
    return {
      method: "POST",
      path: `${page}?servico=${encodeURIComponent(claim.serviceId)}&data=${claim.date}&horario=${claim.time}`,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin,
        "sec-fetch-site": "same-origin",
        // A distinct client address per POST: the per-IP cap (20 / 15 min) reads this header.
        "x-forwarded-for": `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`,
      },
      body,
    };
  };

  const targets = {
    page: { method: "GET", path: page } satisfies AcRequest,
    slots: {
      method: "GET",
      setupRequest: (req: AcRequest) => ({ ...req, method: "GET", path: lists[listCounter++ % lists.length]! }),
    } satisfies AcRequest,
    booking: {
      setupRequest: (req: AcRequest) => {
        const made = booking(postCounter++);
        return { ...req, ...made, headers: { ...req.headers, ...made.headers } };
      },
    } satisfies AcRequest,
  };
  return { targets, plan, lists, nextBooking: () => booking(postCounter++), posts: () => postCounter };
}

// --- classification ---------------------------------------------------------------------------

type Tally = { ok: number; booked: number; taken: number; limited: number; serverErrors: number; unexpected: Record<string, number> };

/** What each answer means for a target: GETs must answer 200; a POST 302 (booked), 409 or 429. */
function tally(kind: "get" | "post" | "mixed", result: AcResult): Tally {
  const t: Tally = { ok: 0, booked: 0, taken: 0, limited: 0, serverErrors: 0, unexpected: {} };
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) {
    const status = Number(code);
    if (status >= 500) t.serverErrors += count;
    else if (status === 200 && kind !== "post") t.ok += count;
    else if ((status === 302 || status === 303) && kind !== "get") t.booked += count;
    else if (status === 409 && kind !== "get") t.taken += count;
    else if (status === 429 && kind !== "get") t.limited += count;
    else t.unexpected[code] = (t.unexpected[code] ?? 0) + count;
  }
  return t;
}

// --- main -------------------------------------------------------------------------------------

const failures: string[] = [];
const fmt = (n: number, digits = 1) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

if (!existsSync(serverBuild)) {
  console.error(`No server build at ${serverBuild}: run \`npx react-router build\` first.`);
  process.exit(1);
}

const started = Date.now();
const setup = await prepareDatabase();
const slug = setup.profile.bookingSlug;
const port = num("LOAD_PORT", 0) || (await freePort());
const staticPort = num("LOAD_STATIC_PORT", 0) || (await freePort());
const origin = `http://127.0.0.1:${port}`;
const staticOrigin = `http://127.0.0.1:${staticPort}`;

const server = startProcess([nodeServer, serverBuild], {
  PORT: String(port),
  // As behind one proxy of ours: each POST's X-Forwarded-For is its own client.
  TRUST_PROXY: "1",
  SESSION_SECRET: `load-${Math.random().toString(36).slice(2)}-${Date.now()}`,
  HOST: "127.0.0.1",
  NODE_ENV: "production",
  DATABASE_URL: `file:${COPY_PATH}`,
  AGENDO_DEMO: "0",
  EMAIL_TRANSPORT: "log",
}, "server");
const serverPid = server.child.pid!;
let exitCode = 0;
try {
  const pagePath = `/agendamento/${slug}`;
  await waitFor(`${origin}${pagePath}`, server.child, 60_000);
  const { targets, plan, lists, nextBooking, posts } = makeTargets(slug, origin, setup);

  // Pre-flight: each target answers what a person would see, before anything is timed.
  const step1 = await fetch(`${origin}${pagePath}`, { headers: { "user-agent": MOBILE_UA } });
  const html = await step1.text();
  if (step1.status !== 200 || !html.includes('name="servico"')) throw new Error(`${pagePath} offers no service (is the professional accepting bookings?)`);
  const step2 = await (await fetch(`${origin}${lists[0]}`, { headers: { "user-agent": MOBILE_UA } })).text();
  if (!/Horários disponíveis|Nenhum horário disponível/.test(step2)) throw new Error(`${lists[0]} shows no slot list`);
  const probe = nextBooking();
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
  const statik = startProcess([join(root, "scripts/load-static.ts"), STATIC_FILE, String(staticPort)], {}, "static");
  await waitFor(`${staticOrigin}/`, statik.child, 20_000);

  const load = loadavg()[0]!;
  console.log(`\nLoad: our Node server (${buildDir}) pid ${serverPid} on ${origin}, copy of the bench db (50,000 appointments)`);
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
  const header = `  ${"target".padEnd(13)} ${"conns".padStart(5)} ${"req/s".padStart(9)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"answers".padStart(8)} ${"errors".padStart(6)}  notes`;
  console.log(`\n${header}`);
  const rps: Record<string, Record<number, number>> = { page: {}, slots: {}, booking: {}, static: {} };
  const runs: { name: string; label: string; kind: "get" | "post"; url: string; request: AcRequest }[] = [
    { name: "page", label: "booking page", kind: "get", url: origin, request: targets.page },
    { name: "slots", label: "slot list", kind: "get", url: origin, request: targets.slots },
    { name: "booking", label: "booking POST", kind: "post", url: origin, request: targets.booking },
    { name: "static", label: "static HTML", kind: "get", url: staticOrigin, request: { method: "GET", path: "/" } },
  ];
  let booked = 1; // the pre-flight POST
  let postsInFlightAtEnd = 0;
  for (const connections of CONNECTIONS) {
    for (const run of runs) {
      const result = await cannon(run.url, connections, RUN_SECONDS, [{ ...run.request }]);
      const t = tally(run.kind, result);
      const errors = result.errors + t.serverErrors;
      rps[run.name]![connections] = result.requests.mean;
      const notes: string[] = [];
      if (run.kind === "post") {
        notes.push(`booked ${t.booked}, taken ${t.taken}, rate-limited ${t.limited}`);
        booked += t.booked;
        postsInFlightAtEnd += (result.requests.sent ?? result.requests.total) - result.requests.total;
      }
      if (result.timeouts) notes.push(`${result.timeouts} timeouts`);
      if (t.serverErrors) notes.push(`${t.serverErrors} 5xx`);
      for (const [code, n] of Object.entries(t.unexpected)) notes.push(`UNEXPECTED ${code} ×${n}`);
      console.log(
        `  ${run.label.padEnd(13)} ${String(connections).padStart(5)} ${fmt(result.requests.mean).padStart(9)} ${fmt(result.latency.p50).padStart(8)} ${fmt(result.latency.p99).padStart(8)} ${String(result.requests.total).padStart(8)} ${String(errors).padStart(6)}  ${notes.join("; ")}`,
      );
      if (errors > 0) failures.push(`${run.label} at ${connections} connections: ${errors} errors`);
      if (Object.keys(t.unexpected).length > 0) {
        failures.push(`${run.label} at ${connections} connections: unexpected answers ${JSON.stringify(t.unexpected)}`);
      }
      if (server.child.exitCode !== null) throw new Error(`the server exited (code ${server.child.exitCode})`);
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

  // Soak: the three targets mixed (each connection: page, slot list, POST, again), RSS watched.
  if (SOAK_SECONDS > 0) {
    const soakStart = Date.now();
    const result = await cannon(origin, SOAK_CONNECTIONS, SOAK_SECONDS, [{ ...targets.page }, { ...targets.slots }, { ...targets.booking }]);
    const t = tally("mixed", result);
    const errors = result.errors + t.serverErrors;
    booked += t.booked;
    postsInFlightAtEnd += (result.requests.sent ?? result.requests.total) - result.requests.total;
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
    if (Number.isFinite(afterWarmup) && Number.isFinite(atEnd)) {
      const growth = atEnd / afterWarmup - 1;
      const ok = growth <= RSS_GROWTH_LIMIT;
      console.log(
        `  Server RSS in the soak: ${mb(afterWarmup)} after ${SOAK_WARMUP_SECONDS} s of warm-up, ${mb(atEnd)} at the end: ` +
          `${growth >= 0 ? "+" : ""}${(growth * 100).toFixed(1)}% (limit +${(RSS_GROWTH_LIMIT * 100).toFixed(0)}%): ${ok ? "flat" : "GROWING"}`,
      );
      if (!ok) failures.push(`server RSS grew ${(growth * 100).toFixed(1)}% during the soak`);
    } else {
      console.log("  Server RSS in the soak: not measured (no /proc/<pid>/status samples).");
    }
  }
  rss.stop();
  const final = readStatus(serverPid);
  const sampledPeak = Math.max(...rss.samples.map((s) => s.rssKb));
  console.log(
    `  Server peak RSS: ${final ? mb(final.hwmKb) : "n/a"} (VmHWM), ${Number.isFinite(sampledPeak) ? mb(sampledPeak) : "n/a"} sampled every 0.5 s; ` +
      `${Math.round((Date.now() - started) / 1000)} s in all, ${posts()} booking POSTs`,
  );

  // Stop the server before reading its database, then look for overlaps.
  await stopProcess(server.child);
  const overlaps = await checkDoubleBookings(`file:${COPY_PATH}`, setup.userId);
  console.log(
    `  Double bookings: ${overlaps.pairs} overlapping pairs among ${overlaps.pending} pending requests and ` +
      `${overlaps.appointments} non-cancelled appointments on the ${overlaps.dates} dates booked: ${overlaps.pairs === 0 ? "none" : "FOUND"}`,
  );
  if (overlaps.pairs > 0) {
    failures.push(`${overlaps.pairs} double bookings`);
    for (const e of overlaps.examples) console.log(`    ${e}`);
  }
  // Every 302 is one pending request; a POST cut off by the end of a run may still have booked.
  const lost = booked - overlaps.pending;
  console.log(
    `  Booked answers ${booked}, pending requests in the db ${overlaps.pending}` +
      (overlaps.pending >= booked && overlaps.pending - booked <= postsInFlightAtEnd ? " (consistent)" : ""),
  );
  if (lost > 0) failures.push(`${lost} booked answers without a pending request in the db`);
  if (overlaps.pending - booked > postsInFlightAtEnd) {
    failures.push(`${overlaps.pending - booked} pending requests more than booked answers (more than the POSTs cut off in flight)`);
  }
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
  console.error(`\nLoad run broke: ${error instanceof Error ? error.message : String(error)}`);
  const lines = server.tail();
  if (lines.length) console.error(`Last server output (${server.logFile}):\n${lines.join("\n")}`);
} finally {
  for (const child of children) await stopProcess(child);
}

if (failures.length > 0) {
  console.log(`\nLoad: FAILED\n${failures.map((f) => `  - ${f}`).join("\n")}`);
  exitCode = 1;
} else {
  console.log(`\nLoad: ok (no errors, no double bookings${SOAK_SECONDS > 0 ? ", RSS flat" : "; soak skipped (SOAK_SECONDS=0)"})`);
}
process.exit(exitCode);
