// 'Agendamento recorrente' against the database (docs/decisions/0653, 0654): the preview of a
// series' dates, its creation (each occurrence claimed like any appointment, in one batch), and
// the changes that reach 'este e os próximos'.
import { and, asc, eq, gt, gte, notExists, sql } from "drizzle-orm";
import { appointments, appointmentSeries } from "../../../db/schema";
import { noBlockCovers, nothingOverlaps } from "../availability/slot-claims.server";
import { holidaysOfYear } from "../availability/holidays";
import { addDays, minutesToTime, nowInZone } from "../dates";
import { insertIf, type Db } from "../../utils/db.server";
import { placementLabel, placementOf, type Placement } from "./placement";
import { freeTimesOf, loadDays } from "./placement.server";
import type { SeriesInterval } from "./series";
import { activeAppointment } from "../status-rules.server";
import { APPOINTMENT_STATUS } from "../status-rules";

export type OccurrencePreview = {
  date: string;
  time: string;
  placement: Placement;
  /** 'livre', 'ocupado', 'fechado (Feriado)'... */
  label: string;
  /** Other free times of that day, for a clash. */
  alternatives: string[];
  /** A national holiday on a free date: worth a look, not a clash. */
  holiday: string | null;
};

type SeriesTime = {
  userId: string;
  timeZone: string;
  stepMinutes: number;
  now: Date;
  startMinute: number;
  durationMinutes: number;
  bufferMinutes: number;
};

/** Every date of the series with where its time falls and, for a clash, that day's free times. */
export async function previewSeries(db: Db, args: SeriesTime & { dates: readonly string[] }): Promise<OccurrencePreview[]> {
  const days = await loadDays(db, { userId: args.userId, dates: args.dates, now: args.now });
  const local = nowInZone(args.timeZone, args.now);
  const maxDate = args.dates.at(-1) ?? local.date;
  const holidays = new Map<string, string>();
  for (const year of new Set(args.dates.map((d) => Number(d.slice(0, 4))))) {
    for (const h of holidaysOfYear(year)) holidays.set(h.date, h.name);
  }
  return args.dates.map((date) => {
    const day = days.get(date)!;
    const placement = placementOf({ ...args, ...day, date, now: local });
    return {
      date,
      time: minutesToTime(args.startMinute),
      placement,
      label: placementLabel(placement),
      alternatives: placement.state === "free" ? [] : freeTimesOf(day, { ...args, date, maxDate }),
      holiday: placement.state === "free" ? (holidays.get(date) ?? null) : null,
    };
  });
}

type OccurrenceValues = {
  clientId: string;
  serviceId: string;
  serviceName: string;
  durationMinutes: number;
  bufferMinutes: number;
  priceCents: number;
  notes: string;
};

export type Occurrence = { date: string; startMinute: number };

/**
 * Creates the series and its occurrences in one batch. Each occurrence is written only if, when
 * its statement runs, nothing overlaps it and no block covers it (the guard of every claim);
 * the caller has checked the hours just before. One taken meanwhile is left out and returned in
 * `failed`; with none written, no series row stays behind.
 */
export async function createSeries(
  db: Db,
  args: { userId: string; everyWeeks: SeriesInterval; values: OccurrenceValues; occurrences: readonly Occurrence[]; now: Date },
): Promise<{ seriesId: string | null; booked: Occurrence[]; failed: Occurrence[] }> {
  const seriesId = crypto.randomUUID();
  const rows = args.occurrences.map((o) => ({
    id: crypto.randomUUID(),
    userId: args.userId,
    ...args.values,
    date: o.date,
    startMinute: o.startMinute,
    status: APPOINTMENT_STATUS.scheduled,
    createdVia: "dashboard" as const,
    seriesId,
  }));
  const members = db.select({ one: sql`1` }).from(appointments).where(and(eq(appointments.userId, args.userId), eq(appointments.seriesId, seriesId)));
  await db.batch([
    db.insert(appointmentSeries).values({ id: seriesId, userId: args.userId, intervalWeeks: args.everyWeeks }),
    ...rows.map((row) => {
      const slot = { userId: row.userId, date: row.date, startMinute: row.startMinute, durationMinutes: row.durationMinutes, bufferMinutes: row.bufferMinutes };
      return insertIf(db, appointments, row, and(nothingOverlaps(db, slot, args.now), noBlockCovers(db, slot)));
    }),
    db.delete(appointmentSeries).where(and(eq(appointmentSeries.id, seriesId), eq(appointmentSeries.userId, args.userId), notExists(members))),
  ]);
  const written = new Set(
    (await db.select({ id: appointments.id }).from(appointments).where(and(eq(appointments.userId, args.userId), eq(appointments.seriesId, seriesId)))).map(
      (r) => r.id,
    ),
  );
  const booked = rows.filter((r) => written.has(r.id)).map(({ date, startMinute }) => ({ date, startMinute }));
  const failed = rows.filter((r) => !written.has(r.id)).map(({ date, startMinute }) => ({ date, startMinute }));
  return { seriesId: booked.length ? seriesId : null, booked, failed };
}

/** The occurrences of a series after `date` that have not happened yet (Agendado, Confirmado). */
export function followingOccurrences(db: Db, userId: string, seriesId: string, date: string) {
  return db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.userId, userId),
        eq(appointments.seriesId, seriesId),
        gt(appointments.date, date),
        activeAppointment,
      ),
    )
    .orderBy(asc(appointments.date));
}

type Row = typeof appointments.$inferSelect;

export type FollowingChange = {
  /** Days the edited occurrence moved (its new date minus its old one); the later ones move as much. */
  shiftDays: number;
  startMinute: number;
  clientId: string;
  notes: string;
  /** The new service's copy, when the service changed. */
  service: { serviceId: string; serviceName: string; durationMinutes: number; bufferMinutes: number; priceCents: number } | null;
};

/**
 * 'Este e os próximos': the later occurrences take the edited one's time, client, service and
 * notes, their dates shifted as the edited one's was. An occurrence moves only to a free time
 * (hours, blocks, nothing overlapping: re-checked inside each statement); one that cannot is
 * left exactly as it was and returned in `kept`.
 */
export async function changeFollowing(
  db: Db,
  args: { userId: string; timeZone: string; now: Date; following: readonly Row[]; change: FollowingChange },
): Promise<{ moved: Row[]; kept: (Row & { reason: string })[] }> {
  const { change, following } = args;
  if (following.length === 0) return { moved: [], kept: [] };
  const planned = following.map((row) => {
    const next = {
      date: addDays(row.date, change.shiftDays),
      startMinute: change.startMinute,
      clientId: change.clientId,
      notes: change.notes,
      ...change.service,
    };
    const durationMinutes = change.service?.durationMinutes ?? row.durationMinutes;
    const bufferMinutes = change.service?.bufferMinutes ?? row.bufferMinutes;
    const moves =
      next.date !== row.date || next.startMinute !== row.startMinute || durationMinutes !== row.durationMinutes || bufferMinutes !== row.bufferMinutes;
    return { row, next, moves, durationMinutes, bufferMinutes };
  });
  const days = await loadDays(db, {
    userId: args.userId,
    dates: planned.filter((p) => p.moves).map((p) => p.next.date),
    now: args.now,
    exclude: following.map((r) => r.id),
  });
  const local = nowInZone(args.timeZone, args.now);
  const kept: (Row & { reason: string })[] = [];
  const writes: typeof planned = [];
  for (const p of planned) {
    if (!p.moves) {
      writes.push(p);
      continue;
    }
    const placement = placementOf({ ...days.get(p.next.date)!, date: p.next.date, startMinute: p.next.startMinute, durationMinutes: p.durationMinutes, bufferMinutes: p.bufferMinutes, now: local });
    if (placement.state === "free") writes.push(p);
    else kept.push({ ...p.row, reason: placementLabel(placement) });
  }
  // Moving later, the last occurrence goes first (and earlier, the first), so none meets a
  // neighbour that has not moved yet when the shift is a whole number of weeks.
  if (change.shiftDays > 0) writes.reverse();
  if (writes.length === 0) return { moved: [], kept };
  const statements = writes.map((p) => {
    const owned = and(eq(appointments.id, p.row.id), eq(appointments.userId, args.userId), activeAppointment);
    const slot = {
      userId: args.userId,
      date: p.next.date,
      startMinute: p.next.startMinute,
      durationMinutes: p.durationMinutes,
      bufferMinutes: p.bufferMinutes,
      excludeAppointmentId: p.row.id,
    };
    const guard = p.moves ? and(owned, nothingOverlaps(db, slot, args.now), noBlockCovers(db, slot)) : owned;
    return db.update(appointments).set({ ...p.next, updatedAt: args.now }).where(guard);
  });
  const [first, ...rest] = statements;
  const results = await db.batch([first!, ...rest]);
  const moved: Row[] = [];
  writes.forEach((p, i) => {
    if (results[i]!.rowsAffected === 1) moved.push(p.row);
    else kept.push({ ...p.row, reason: "ocupado" });
  });
  kept.sort((a, b) => a.date.localeCompare(b.date));
  return { moved, kept };
}

/** The series' occurrences from `date` on (this one included), any status, for 'este e os próximos'. */
export function fromDateOn(userId: string, seriesId: string, date: string) {
  return and(eq(appointments.userId, userId), eq(appointments.seriesId, seriesId), gte(appointments.date, date))!;
}
