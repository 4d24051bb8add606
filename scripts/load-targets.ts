// What `npm run bench:load` (scripts/load.ts) sends: the bench database's copy it runs on, the
// times the booking POSTs race for, and the requests of each target (docs/decisions/0511).
import { mkdirSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { eq, max } from "drizzle-orm";
import { appointments, profiles, services, subscriptions, workingHours } from "../db/schema";
import { formatPhone } from "../app/domain/phone";
import { addDays, dayOfWeek, maxBookingDate, minutesToTime, nowInZone, timeToMinutes } from "../app/domain/dates";
import { openBenchDb } from "./bench";
import type { AcRequest } from "./load-runs";
import { openAndMigrate } from "./migrate";

// --- the database copy ------------------------------------------------------------------------

/** A fresh copy of the bench database at `copyPath`, its professional paying, and what the load needs of it. */
export async function prepareDatabase(copyPath: string) {
  mkdirSync(dirname(copyPath), { recursive: true });
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`${copyPath}${suffix}`, { force: true });
  const bench = await openBenchDb(); // seeds data/bench/bench.db the first time
  // A consistent copy, even with the source in WAL mode.
  await bench.db.$client.execute({ sql: "VACUUM INTO ?", args: [copyPath] });
  bench.db.$client.close();

  const db = await openAndMigrate(`file:${copyPath}`);
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

export type LoadSetup = Awaited<ReturnType<typeof prepareDatabase>>;
type Claim = { serviceId: string; date: string; time: string };

/**
 * The booking POSTs' targets, in groups of four sent one after the other by different
 * connections, so they race for the same time: two for the 30-minute service at t, the
 * 60-minute service at t (overlapping both neighbours) and the 30-minute one at t + 30.
 * Groups start every hour of the working day, on the dates after the seeded appointments up to
 * the end of the booking window; once they are used up the list starts again (all refused).
 */
function claimPlan(setup: LoadSetup) {
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

/** The targets, sent to any of the servers (`targetsFor(origin)`), one sequence of POSTs for all. */
export function makeTargets(slug: string, setup: LoadSetup) {
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
  const booking = (k: number, origin: string): AcRequest => {
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

  const targetsFor = (origin: string) => ({
    page: { method: "GET", path: page } satisfies AcRequest,
    slots: {
      method: "GET",
      setupRequest: (req: AcRequest) => ({ ...req, method: "GET", path: lists[listCounter++ % lists.length]! }),
    } satisfies AcRequest,
    booking: {
      setupRequest: (req: AcRequest) => {
        const made = booking(postCounter++, origin);
        return { ...req, ...made, headers: { ...req.headers, ...made.headers } };
      },
    } satisfies AcRequest,
  });
  return { targetsFor, plan, lists, nextBooking: (origin: string) => booking(postCounter++, origin), posts: () => postCounter };
}
