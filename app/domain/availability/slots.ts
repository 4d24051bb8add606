// Free start times of a day (pure: the server modules feed it rows from the database). The rules
// every booking follows, from the public page, the workspace form and the atomic claims alike:
// - working time: the weekday's hours minus its break, unless the date has its own 'Folgas e
//   bloqueios': closed (nothing), extra hours (those hours instead), blocked ranges (not offered);
// - a service fits inside working time; the 'Intervalo após' of a service (its buffer) may run
//   past closing or into a break, but never into another appointment or request;
// - busy time: each appointment not cancelled and each pending request, with its own buffer;
// - not before `earliest` minutes from now (the minimum notice for customers; the next minute
//   for the professional), nor after `maxDate`.
import { addDays, addMonths, isIsoDate, maxBookingDate, nowInZone, timeToMinutes } from "../dates";
import type { BookingWindow } from "../../../db/schema";

/** The last date customers may book, `window` ahead of today ('1s' a week ... '6m' six months). */
export function lastBookableDate(today: string, window: BookingWindow): string {
  const n = Number(window.slice(0, -1));
  return window.endsWith("s") ? addDays(today, 7 * n) : addMonths(today, n);
}

/** The choices of 'Agendar com até', as the settings show them. */
export const BOOKING_WINDOW_LABELS: Record<BookingWindow, string> = {
  "1s": "1 semana",
  "2s": "2 semanas",
  "1m": "1 mês",
  "2m": "2 meses",
  "3m": "3 meses",
  "6m": "6 meses",
};

export type DayHours = {
  isActive: boolean;
  startTime: string;
  endTime: string;
  breakStartTime: string | null;
  breakEndTime: string | null;
};

/** An appointment or request of the day: it occupies its duration and then its buffer. */
export type BusyInterval = { startMinute: number; durationMinutes: number; bufferMinutes?: number };

/** A date's own 'Folgas e bloqueios' row (minutes null: the whole day). */
export type DayException = {
  kind: "closed" | "blocked" | "open";
  startMinute: number | null;
  endMinute: number | null;
  reason: string;
  showReason: boolean;
};

/** What a date's working time is once its exceptions are applied. */
export type DayPlan = {
  /** Working windows [start, end), in minutes; none when closed. */
  windows: { start: number; end: number }[];
  /** Inside the windows but not offered: the break and blocked ranges. */
  blocked: { start: number; end: number }[];
  /** The whole day is closed: with the reason when the professional shows it ('Feriado'). */
  closed: { reason: string | null } | null;
};

/** [s, s+d) and [S, S+D) overlap when S < s+d and s < S+D. */
export function overlaps(start: number, duration: number, other: BusyInterval): boolean {
  const end = other.startMinute + other.durationMinutes + (other.bufferMinutes ?? 0);
  return other.startMinute < start + duration && start < end;
}

/** The working time of a date: its weekday's hours, unless its exceptions say otherwise. */
export function dayPlan(hours: DayHours | null, exceptions: readonly DayException[] = []): DayPlan {
  const closing = exceptions.find((e) => e.kind === "closed" && e.startMinute === null);
  if (closing) return { windows: [], blocked: [], closed: { reason: closing.showReason && closing.reason ? closing.reason : null } };
  const extra = exceptions.filter((e) => e.kind === "open" && e.startMinute !== null && e.endMinute !== null);
  const windows: DayPlan["windows"] = [];
  const blocked: DayPlan["blocked"] = [];
  if (extra.length > 0) {
    // Extra hours on the date: those windows are the day's working time.
    for (const e of extra) if (e.startMinute! < e.endMinute!) windows.push({ start: e.startMinute!, end: e.endMinute! });
  } else if (hours?.isActive) {
    const start = timeToMinutes(hours.startTime);
    const end = timeToMinutes(hours.endTime);
    if (start < end) windows.push({ start, end });
    const breakStart = hours.breakStartTime ? timeToMinutes(hours.breakStartTime) : Number.NaN;
    const breakEnd = hours.breakEndTime ? timeToMinutes(hours.breakEndTime) : Number.NaN;
    if (breakStart < breakEnd) blocked.push({ start: breakStart, end: breakEnd });
  }
  for (const e of exceptions) {
    const partial = e.kind !== "open" && e.startMinute !== null && e.endMinute !== null && e.startMinute < e.endMinute;
    if (partial) blocked.push({ start: e.startMinute!, end: e.endMinute! });
  }
  return { windows: windows.sort((a, b) => a.start - b.start), blocked, closed: null };
}

/**
 * Free start minutes (ascending) for a service of `durationMinutes` (+ `bufferMinutes` after
 * it): inside a working window, clear of the break and blocked ranges, its time and buffer clear
 * of every busy interval and theirs, on the step grid from each window's start, from `earliest`
 * minutes after now (default: the next minute) on, none after `maxDate` (default: 6 months).
 */
export function computeSlots(input: {
  date: string;
  durationMinutes: number;
  bufferMinutes?: number;
  stepMinutes: number;
  hours: DayHours | null;
  exceptions?: readonly DayException[];
  busy: BusyInterval[];
  now: Date;
  timeZone: string;
  /** Minutes from now before which nothing is offered (the minimum notice); at least 1. */
  noticeMinutes?: number;
  maxDate?: string;
}): number[] {
  const { date, durationMinutes: duration, busy } = input;
  if (!isIsoDate(date)) return [];
  if (!Number.isInteger(duration) || duration <= 0) return [];
  const buffer = Number.isInteger(input.bufferMinutes) && input.bufferMinutes! > 0 ? input.bufferMinutes! : 0;
  const step = Number.isInteger(input.stepMinutes) && input.stepMinutes > 0 ? input.stepMinutes : 30;

  const today = nowInZone(input.timeZone, input.now);
  const maxDate = input.maxDate ?? maxBookingDate(today.date);
  if (date < today.date || date > maxDate) return [];
  // The first start offered: the local time `notice` real minutes from now (across midnight,
  // and across a daylight-saving change if the zone had one).
  const notice = Math.max(1, input.noticeMinutes ?? 1);
  const first = nowInZone(input.timeZone, new Date(input.now.getTime() + notice * 60_000));
  const earliest = first.date < date ? 0 : first.date === date ? first.minute : 24 * 60;

  const plan = dayPlan(input.hours, input.exceptions);
  const slots: number[] = [];
  for (const window of plan.windows) {
    for (let s = window.start; s + duration <= window.end; s += step) {
      if (s < earliest) continue;
      if (plan.blocked.some((b) => b.start < s + duration && s < b.end)) continue;
      if (busy.some((b) => overlaps(s, duration + buffer, b))) continue;
      slots.push(s);
    }
  }
  return [...new Set(slots)].sort((a, b) => a - b);
}
