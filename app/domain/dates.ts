// Local dates and times of a professional, in their time zone (no React, runs anywhere).
// Dates are "yyyy-MM-dd" strings, times "HH:mm" strings or minutes after local midnight.
import { TZDate } from "@date-fns/tz";
import { addDays as addDaysFns, addMonths, format, isValid } from "date-fns";

export const DEFAULT_TIME_ZONE = "America/Sao_Paulo";

/** The zones a professional may choose (spec section 5), with their pt-BR labels. */
export const TIME_ZONE_LABELS = {
  "America/Sao_Paulo": "Brasília (São Paulo)",
  "America/Manaus": "Manaus",
  "America/Belem": "Belém",
  "America/Fortaleza": "Fortaleza",
  "America/Recife": "Recife",
} as const satisfies Record<string, string>;

export type AllowedTimeZone = keyof typeof TIME_ZONE_LABELS;

export const ALLOWED_TIME_ZONES: readonly string[] = Object.keys(TIME_ZONE_LABELS);

export function isAllowedTimeZone(value: unknown): value is AllowedTimeZone {
  return typeof value === "string" && ALLOWED_TIME_ZONES.includes(value);
}

export const SLOT_STEPS = [15, 30, 60] as const;
export const DEFAULT_SLOT_STEP = 30;

/** How far ahead bookings go (spec section 9: "now to 6 months"). */
export const BOOKING_WINDOW_MONTHS = 6;

const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** 570 -> "09:30". */
export function minutesToTime(m: number): string {
  const h = Math.floor(m / 60);
  const min = m % 60;
  return `${String(h).padStart(2, "0")}:${String(min).padStart(2, "0")}`;
}

/** "09:30" -> 570; NaN when the text is not a valid HH:mm time. */
export function timeToMinutes(t: string): number {
  const match = TIME_RE.exec(t);
  if (!match) return Number.NaN;
  return Number(match[1]) * 60 + Number(match[2]);
}

export function isTime(t: unknown): t is string {
  return typeof t === "string" && TIME_RE.test(t);
}

/** True for a real calendar date written yyyy-MM-dd ("2025-02-30" is false). */
export function isIsoDate(date: unknown): date is string {
  if (typeof date !== "string" || !DATE_RE.test(date)) return false;
  const d = parseDate(date);
  return isValid(d) && format(d, "yyyy-MM-dd") === date;
}

/** A yyyy-MM-dd string as midnight UTC, so date arithmetic never meets a DST shift. */
function parseDate(date: string): TZDate {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, "UTC");
}

/** The zone itself when the runtime knows it, else the default (never throws). */
function usableZone(timeZone: string): string {
  if (isAllowedTimeZone(timeZone)) return timeZone;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** Today's date, the minute of the day and the weekday (0 = Sunday) in the given zone. */
export function nowInZone(
  timeZone: string,
  now: Date = new Date(),
): { date: string; minute: number; dayOfWeek: number } {
  const local = new TZDate(now.getTime(), usableZone(timeZone));
  return {
    date: format(local, "yyyy-MM-dd"),
    minute: local.getHours() * 60 + local.getMinutes(),
    dayOfWeek: local.getDay(),
  };
}

/** Calendar arithmetic on yyyy-MM-dd strings. */
export function addDays(date: string, days: number): string {
  return format(addDaysFns(parseDate(date), days), "yyyy-MM-dd");
}

/** The last date that may be booked: today + 6 months (31/08 -> 28/02 or 29/02). */
export function maxBookingDate(today: string): string {
  return format(addMonths(parseDate(today), BOOKING_WINDOW_MONTHS), "yyyy-MM-dd");
}

/** 0 = Sunday ... 6 = Saturday. */
export function dayOfWeek(date: string): number {
  return parseDate(date).getDay();
}

export { formatDate } from "../utils/format-date";

/** Choices of the working-hours selects: every 30 minutes from 06:00 to 23:30 (spec section 5). */
export const TIME_CHOICES: readonly string[] = Array.from({ length: 36 }, (_, i) =>
  minutesToTime(6 * 60 + i * 30),
);
