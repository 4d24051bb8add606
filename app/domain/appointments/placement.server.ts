// The rows that decide where the professional's chosen times fall (placement.ts) on some dates,
// read in one round trip: the week's hours, the dates' exceptions, and their busy time.
import { exceptionsQuery, weekHoursQuery } from "../availability/schedule-queries.server";
import { computeSlots, type BusyInterval, type DayException, type DayHours } from "../availability/slots";
import { busyQueries } from "../availability/slot-claims.server";
import { dayOfWeek, minutesToTime, nowInZone } from "../dates";
import type { Db } from "../../utils/db.server";
import { placementOf, type Placement } from "./placement";

export type DayRows = { hours: DayHours | null; exceptions: DayException[]; busy: BusyInterval[] };

/**
 * Each date's hours, exceptions and busy time (appointments not cancelled and requests still
 * held, with their buffers), leaving out the appointments in `exclude` (the ones being moved).
 */
export async function loadDays(
  db: Db,
  args: { userId: string; dates: readonly string[]; now: Date; exclude?: readonly string[] },
): Promise<Map<string, DayRows>> {
  const days = new Map<string, DayRows>();
  if (args.dates.length === 0) return days;
  const sorted = [...args.dates].sort();
  const first = sorted[0]!;
  const last = sorted.at(-1)!;
  const dates = [...new Set(sorted)];
  const [hours, exceptions, taken, held] = await db.batch([
    weekHoursQuery(db, args.userId),
    exceptionsQuery(db, args.userId, first, last),
    ...busyQueries(db, { userId: args.userId, date: dates, now: args.now, excludeAppointmentId: args.exclude ?? [] }),
  ]);
  for (const date of dates) {
    const weekday = dayOfWeek(date);
    const dayHours = hours.find((h) => h.dayOfWeek === weekday);
    days.set(date, {
      hours: dayHours ?? null,
      exceptions: exceptions.filter((e) => e.startDate <= date && date <= e.endDate),
      busy: [...taken, ...held].filter((b) => b.date === date),
    });
  }
  return days;
}

export type TimeAt = { date: string; startMinute: number; durationMinutes: number; bufferMinutes: number };

/** Where one time falls for the professional (see placementOf), the row being moved left out. */
export async function placeTime(
  db: Db,
  args: TimeAt & { userId: string; timeZone: string; now: Date; excludeAppointmentId?: string },
): Promise<Placement> {
  const days = await loadDays(db, {
    userId: args.userId,
    dates: [args.date],
    now: args.now,
    exclude: args.excludeAppointmentId ? [args.excludeAppointmentId] : [],
  });
  const day = days.get(args.date)!;
  return placementOf({ ...args, ...day, now: nowInZone(args.timeZone, args.now) });
}

/**
 * The free start times ("HH:mm") of a day from its rows, on the professional's grid, up to
 * `maxDate` (a series may run 12 months ahead, past the 6 months of a single booking).
 */
export function freeTimesOf(
  day: DayRows,
  args: { date: string; durationMinutes: number; bufferMinutes: number; stepMinutes: number; timeZone: string; now: Date; maxDate: string },
): string[] {
  return computeSlots({ ...args, hours: day.hours, exceptions: day.exceptions, busy: day.busy }).map(minutesToTime);
}
