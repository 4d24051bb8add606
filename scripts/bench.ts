// `npm run bench`: server-time figures for the 50,000-appointment professional.
// Seeds (once, cached in data/bench/) a professional with 5,000 clients and 50,000 appointments
// over 3 years, then calls the production server build in-process and prints p50/p95 per page.
// Figures are printed, never asserted: targets live in the issues, not in flaky timed tests.
import { existsSync, mkdirSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { eq } from "drizzle-orm";
import { appointments, clients, services, workingHours } from "../db/schema";
import { createAccount } from "../app/domain/accounts/registration.server";
import type { Db } from "../app/utils/db.server";
import { defaultWeek } from "../app/domain/demo/demo-professional.server";
import { createSession } from "../app/utils/session.server";
import { openAndMigrate } from "./migrate";
import { seedCash } from "./bench-cash";

const root = new URL("..", import.meta.url).pathname;
const DB_PATH = `${root}data/bench/bench.db`;
const EMAIL = "bench@agendo.app";
/** The seeded bench database and its professional, shared with scripts/load.ts. */
export const BENCH_DB_PATH = DB_PATH;
export const BENCH_EMAIL = EMAIL;
const CLIENTS = 5_000;
const APPOINTMENTS = 50_000;

function isoDate(d: Date) {
  return d.toISOString().slice(0, 10);
}

async function seed(db: Db) {
  const { userId } = await createAccount(db, {
    name: "Bench Barbearia",
    email: EMAIL,
    phone: "11900000000",
    password: "bench1234",
  });
  await db.insert(workingHours).values(defaultWeek(userId));
  const serviceRows = [
    { name: "Corte", priceCents: 5000, durationMinutes: 30 },
    { name: "Barba", priceCents: 3500, durationMinutes: 30 },
    { name: "Corte + Barba", priceCents: 8000, durationMinutes: 60 },
    { name: "Manicure", priceCents: 4500, durationMinutes: 60 },
  ].map((s) => ({ ...s, id: crypto.randomUUID(), userId }));
  await db.insert(services).values(serviceRows);
  const clientIds: string[] = [];
  const start = Date.now() - 3 * 365 * 86_400_000;
  for (let i = 0; i < CLIENTS; i += 500) {
    const rows = Array.from({ length: Math.min(500, CLIENTS - i) }, (_, j) => {
      const n = i + j;
      const id = crypto.randomUUID();
      clientIds.push(id);
      return {
        id,
        userId,
        name: `Cliente ${String(n).padStart(4, "0")} ${["Silva", "Souza", "Oliveira", "Santos"][n % 4]}`,
        phone: `119${String(10_000_000 + n).padStart(8, "0")}`,
        email: n % 3 === 0 ? `cliente${n}@example.com` : "",
        createdAt: new Date(start + (n / CLIENTS) * 3 * 365 * 86_400_000),
      };
    });
    await db.insert(clients).values(rows);
  }
  // 50,000 appointments spread over the last 3 years and the next weeks, 9:00-18:00.
  const days = 3 * 365 + 30;
  const statuses = ["completed", "completed", "completed", "confirmed", "cancelled", "no_show"] as const;
  for (let i = 0; i < APPOINTMENTS; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, APPOINTMENTS - i) }, (_, j) => {
      const n = i + j;
      const svc = serviceRows[n % serviceRows.length]!;
      const day = new Date(start + Math.floor((n / APPOINTMENTS) * days) * 86_400_000);
      const future = day.getTime() > Date.now();
      return {
        userId,
        clientId: clientIds[(n * 7919) % CLIENTS]!,
        serviceId: svc.id,
        serviceName: svc.name,
        date: isoDate(day),
        startMinute: 540 + (n % 18) * 30,
        durationMinutes: svc.durationMinutes,
        priceCents: svc.priceCents,
        status: future ? ("scheduled" as const) : statuses[n % statuses.length]!,
      };
    });
    await db.insert(appointments).values(rows);
  }
  return userId;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function measure(label: string, runs: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(44)} p50 ${percentile(times, 50).toFixed(2).padStart(8)} ms   p95 ${percentile(times, 95).toFixed(2).padStart(8)} ms`,
  );
}

/** Opens (seeding it the first time) and migrates the bench database; returns it and its professional. */
export async function openBenchDb() {
  const fresh = !existsSync(DB_PATH);
  mkdirSync(`${root}data/bench`, { recursive: true });
  const db = await openAndMigrate(`file:${DB_PATH}`);
  if (fresh) {
    const t0 = performance.now();
    await seed(db);
    console.log(`Seeded ${CLIENTS} clients and ${APPOINTMENTS} appointments in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const { users } = await import("../db/schema");
  const [user] = await db.select().from(users).where(eq(users.email, EMAIL));
  const t0 = performance.now();
  const closed = await seedCash(db, user!.id);
  if (closed) console.log(`Closed ${closed} completed appointments with their payments in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { db, user: user! };
}

// Run as a script (`tsx scripts/bench.ts`), not when imported for its seed.
if (import.meta.url === `file://${process.argv[1]}`) await main();

async function main() {
  // The server build as `npm start` runs it: React's production build. Its development build,
  // which an unset NODE_ENV selects when React is first loaded, is several times slower and is
  // not what anyone is served; `npm run bench` sets NODE_ENV=production before starting.
  if (process.env.NODE_ENV !== "production") {
    console.error("Run with NODE_ENV=production (as `npm run bench` does): React's development build would be measured.");
    process.exit(1);
  }
  process.env.SESSION_SECRET ??= `bench-${Math.random().toString(36).slice(2)}-${Date.now()}`;
  const { db, user } = await openBenchDb();
  const origin = "http://localhost";
  const cookie = (await createSession(db, new Request(origin), user!.id, true)).split(";")[0]!;

  const buildPath = `${root}${process.env.AGENDO_BUILD_DIR ?? "build/node"}/server/index.js`;
  if (!existsSync(buildPath)) {
    console.error(`No server build at ${buildPath}: run \`npm run build\` first.`);
    process.exit(1);
  }
  const build = (await import(buildPath)) as ServerBuild;
  const handler = createRequestHandler(build, "production");

  // The server build carries its own copy of the app modules (and so of `dbContext`): it finds
  // the bench database through DATABASE_URL, exactly as in production.
  process.env.DATABASE_URL = `file:${DB_PATH}`;

  async function get(path: string) {
    const context = new RouterContextProvider();
    const res = await handler(new Request(`${origin}${path}`, { headers: { Cookie: cookie } }), context);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    await res.text();
  }

  const RUNS = Number(process.env.BENCH_RUNS ?? 40);
  console.log(`\nServer time, in-process, ${RUNS} runs each (targets p95: agenda and clients < 50 ms, dashboard and reports < 80 ms, Caixa day < 50 ms and year < 80 ms, availability < 5 ms)`);
  // BENCH_PAGES=<regular expression>: only the pages whose label it matches, and nothing else.
  const only = process.env.BENCH_PAGES ? new RegExp(process.env.BENCH_PAGES) : null;
  const benchModules = (await import("./bench-pages")).pages.filter((page) => !only || only.test(page.label));
  for (const page of benchModules) {
    await measure(page.label, RUNS, () => get(page.path));
  }
  if (only) {
    db.$client.close();
    return;
  }
  const { getFreeSlots } = await import("../app/domain/availability/slot-claims.server");
  const { nowInZone, addDays } = await import("../app/domain/dates");
  const tomorrow = addDays(nowInZone("America/Sao_Paulo").date, 1);
  await measure("availability (one day, 30-min service)", RUNS * 5, () =>
    getFreeSlots(db, {
      userId: user!.id,
      date: tomorrow,
      durationMinutes: 30,
      timeZone: "America/Sao_Paulo",
      stepMinutes: 30,
    }),
  );
  // The same day with the week's rules in play: a blocked lunch, appointments and requests waiting
  // for an answer, each with a 10-minute 'Intervalo após'; the rows are removed afterwards.
  const withRules = await seedRulesDay(db, user!.id, addDays(tomorrow, 1));
  try {
    await measure("availability (block, buffers, requests)", RUNS * 5, () =>
      getFreeSlots(db, {
        userId: user!.id,
        date: withRules.date,
        durationMinutes: 30,
        bufferMinutes: 10,
        timeZone: "America/Sao_Paulo",
        stepMinutes: 15,
      }),
    );
  } finally {
    await withRules.remove();
  }
  await (await import("./bench-import")).benchImport(db, user!.id);
  // Issue 24: 'Hora de voltar' (p95 < 50 ms) and the job's waiting-list pass over 1,000 entries (< 1 s).
  const { benchIssue24 } = await import("./bench-waitlist");
  await benchIssue24(db, user!.id, measure, RUNS);
  db.$client.close();
}

async function seedRulesDay(db: Db, userId: string, date: string) {
  const { bookingRequests, scheduleExceptions } = await import("../db/schema");
  const { inArray } = await import("drizzle-orm");
  const [service] = await db.select({ id: services.id }).from(services).where(eq(services.userId, userId)).limit(1);
  const exceptionId = crypto.randomUUID();
  const requestIds = [600, 840, 1020].map(() => crypto.randomUUID());
  const appointmentIds = [570, 660, 900, 960].map(() => crypto.randomUUID());
  await db.batch([
    db.insert(scheduleExceptions).values({ id: exceptionId, userId, kind: "blocked", startDate: date, endDate: date, startMinute: 720, endMinute: 840, reason: "Almoço" }),
    db.insert(appointments).values(
      [570, 660, 900, 960].map((startMinute, i) => ({
        id: appointmentIds[i]!,
        userId,
        serviceId: service!.id,
        serviceName: "Corte",
        date,
        startMinute,
        durationMinutes: 30,
        bufferMinutes: 10,
        priceCents: 5000,
        status: "scheduled" as const,
      })),
    ),
    db.insert(bookingRequests).values(
      [600, 840, 1020].map((startMinute, i) => ({
        id: requestIds[i]!,
        professionalId: userId,
        serviceId: service!.id,
        date,
        startMinute,
        durationMinutes: 30,
        bufferMinutes: 10,
        serviceName: "Corte",
        customerName: "Cliente Bench",
        customerPhone: "11999990000",
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    ),
  ]);
  return {
    date,
    remove: () =>
      db.batch([
        db.delete(scheduleExceptions).where(eq(scheduleExceptions.id, exceptionId)),
        db.delete(appointments).where(inArray(appointments.id, appointmentIds)),
        db.delete(bookingRequests).where(inArray(bookingRequests.id, requestIds)),
      ]),
  };
}
