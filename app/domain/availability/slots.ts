// Free start times of a day (pure: the server module feeds it rows from the database).
import { isIsoDate, maxBookingDate, nowInZone, timeToMinutes } from "../dates";

export type DayHours = {
  isActive: boolean;
  startTime: string;
  endTime: string;
  breakStartTime: string | null;
  breakEndTime: string | null;
};

export type BusyInterval = { startMinute: number; durationMinutes: number };

/** [s, s+d) and [S, S+D) overlap when S < s+d and s < S+D. */
export function overlaps(start: number, duration: number, other: BusyInterval): boolean {
  return other.startMinute < start + duration && start < other.startMinute + other.durationMinutes;
}

/**
 * Free start minutes (ascending): inside working time, entirely outside the break, not
 * overlapping busy, on the step grid from the day's start time, not in the past (today, in
 * the zone), none after the 6-month edge. A start equal to the current minute counts as past.
 */
export function computeSlots(input: {
  date: string;
  durationMinutes: number;
  stepMinutes: number;
  hours: DayHours | null;
  busy: BusyInterval[];
  now: Date;
  timeZone: string;
}): number[] {
  const { date, durationMinutes: duration, hours, busy } = input;
  if (!hours?.isActive || !isIsoDate(date)) return [];
  if (!Number.isInteger(duration) || duration <= 0) return [];
  const step = Number.isInteger(input.stepMinutes) && input.stepMinutes > 0 ? input.stepMinutes : 30;

  const today = nowInZone(input.timeZone, input.now);
  if (date < today.date || date > maxBookingDate(today.date)) return [];
  const earliest = date === today.date ? today.minute + 1 : 0;

  const start = timeToMinutes(hours.startTime);
  const end = timeToMinutes(hours.endTime);
  if (!(start < end)) return [];

  const blocked: BusyInterval[] = [...busy];
  const breakStart = hours.breakStartTime ? timeToMinutes(hours.breakStartTime) : Number.NaN;
  const breakEnd = hours.breakEndTime ? timeToMinutes(hours.breakEndTime) : Number.NaN;
  if (breakStart < breakEnd) {
    blocked.push({ startMinute: breakStart, durationMinutes: breakEnd - breakStart });
  }

  const slots: number[] = [];
  for (let s = start; s + duration <= end; s += step) {
    if (s < earliest) continue;
    if (blocked.some((b) => overlaps(s, duration, b))) continue;
    slots.push(s);
  }
  return slots;
}
