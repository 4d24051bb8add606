// Local dates and times of a professional, in their time zone (no React, runs anywhere).
// Dates are "yyyy-MM-dd" strings, times "HH:mm" strings or minutes after local midnight.
// Date arithmetic is plain UTC-day arithmetic; only the helpers that need a zone's clock use
// TZDate, so a page that only shows dates (the public booking page) ships neither date-fns nor
// @date-fns/tz (docs/decisions/0601-one-dates-module.md).
import { TZDate } from "@date-fns/tz";

export const DEFAULT_TIME_ZONE = "America/Sao_Paulo";

/** The zones a professional may choose, with their pt-BR labels. */
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

/** How far ahead bookings go: from now to 6 months. */
export const BOOKING_WINDOW_MONTHS = 6;

/** Two dates, both ends included. */
export type DateRange = { from: string; to: string };

const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

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

function pad(n: number, width = 2) {
  return String(n).padStart(width, "0");
}

/** (2025, 3, 7) -> "2025-03-07" (month 1-12). */
export function ymd(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Days in a month (month 1-12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The calendar month `offset` months away from (year, month), month 1-12. */
export function shiftMonth(year: number, month: number, offset: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + offset;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** A yyyy-MM-dd date as days since 1970-01-01, at UTC midnight so no DST shift is ever met; NaN when not so written. */
function dayNumber(date: string): number {
  const m = DATE_RE.exec(date);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS : Number.NaN;
}

function fromDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** True for a real calendar date written yyyy-MM-dd ("2025-02-30" is false). */
export function isIsoDate(date: unknown): date is string {
  if (typeof date !== "string") return false;
  const day = dayNumber(date);
  return Number.isFinite(day) && fromDayNumber(day) === date;
}

/** Calendar arithmetic on yyyy-MM-dd strings. */
export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

/** Whole days from `from` to `to` (0 on the same day, negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** Days of a range, both ends included ("2025-03-01".."2025-03-10" is 10); 0 when reversed. */
export function daysInRange(range: DateRange): number {
  const n = daysBetween(range.from, range.to) + 1;
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** 0 = Sunday ... 6 = Saturday. */
export function dayOfWeek(date: string): number {
  return new Date(dayNumber(date) * DAY_MS).getUTCDay();
}

/** The last date that may be booked: today + 6 months (31/08 -> 28/02 or 29/02). */
export function maxBookingDate(today: string): string {
  return addMonths(today, BOOKING_WINDOW_MONTHS);
}

/** The same day `months` later, or that month's last day (31/08 + 6 months -> 28/02 or 29/02). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const end = shiftMonth(year, month, months);
  return ymd(end.year, end.month, Math.min(day, daysInMonth(end.year, end.month)));
}

/** "2025-03-07" -> "07/03" (and "07/03/2025" with the year). */
export function formatDate(date: string, withYear = false): string {
  const [y, m, d] = date.split("-");
  return withYear ? `${d}/${m}/${y}` : `${d}/${m}`;
}

// ---------------------------------------------------------------- names of days and months

const WEEKDAY_NAMES = ["domingo", "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado"] as const;
const MONTH_NAMES = [
  "janeiro", "fevereiro", "março", "abril", "maio", "junho",
  "julho", "agosto", "setembro", "outubro", "novembro", "dezembro",
] as const;

/** A whole name ("segunda-feira", "março") or its first three letters ("seg", "mar"). */
export type NameForm = "long" | "short";

/** Monday first, as every screen shows a week (values are weekdays, 0 = Sunday). */
export const WEEK_MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;

/** A weekday (0 = Sunday) as written mid-sentence: "segunda-feira", short "seg"; "" for no weekday. */
export function weekdayName(day: number, form: NameForm = "long"): string {
  const name = WEEKDAY_NAMES[day] ?? "";
  return form === "short" ? name.slice(0, 3) : name;
}

/** A month (1-12) as written mid-sentence: "março", short "mar"; "" for no month. */
export function monthName(month: number, form: NameForm = "long"): string {
  const name = MONTH_NAMES[month - 1] ?? "";
  return form === "short" ? name.slice(0, 3) : name;
}

/** "2025-03-07" (or "2025-03") -> "março de 2025". */
export function monthAndYear(date: string): string {
  return `${monthName(Number(date.slice(5, 7)))} de ${date.slice(0, 4)}`;
}

/** A name that starts a label or a sentence: "segunda-feira" -> "Segunda-feira". */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ---------------------------------------------------------------- time zones

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
    date: ymd(local.getFullYear(), local.getMonth() + 1, local.getDate()),
    minute: local.getHours() * 60 + local.getMinutes(),
    dayOfWeek: local.getDay(),
  };
}

/** The local date ("yyyy-MM-dd") an instant falls on in the given zone. */
export function localDate(at: Date, timeZone: string): string {
  return nowInZone(timeZone, at).date;
}

/**
 * The one formatter of an instant as a day: "07/03/2025" (or "07/03" without the year), on the
 * date it falls in the professional's zone, never the server's nor a fixed one.
 */
export function formatInstant(at: Date, timeZone: string, withYear = true): string {
  return formatDate(localDate(at, timeZone), withYear);
}

/** The instant local midnight of `date` begins in the given zone (for created_at comparisons). */
export function localMidnightMs(date: string, timeZone: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, usableZone(timeZone)).getTime();
}

/** The instant of a local date and minute in an IANA zone; throws on bad input. */
export function localToUtc(date: string, minute: number, timeZone: string): Date {
  if (!isIsoDate(date) || !Number.isInteger(minute) || minute < 0 || minute >= 24 * 60) {
    throw new RangeError("Invalid appointment date or time");
  }
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const local = new TZDate(y, m - 1, d, Math.floor(minute / 60), minute % 60, timeZone);
  if (Number.isNaN(local.getTime()) || local.getDate() !== d || local.getMonth() !== m - 1) {
    throw new RangeError("Invalid appointment date or time zone");
  }
  return new Date(local.getTime());
}

/** A zone's offset from UTC at an instant, in minutes east of UTC (-180 for Brasília). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  return -new TZDate(at.getTime(), timeZone).getTimezoneOffset();
}

/** Choices of the working-hours selects: every 30 minutes from 06:00 to 23:30. */
export const TIME_CHOICES: readonly string[] = Array.from({ length: 36 }, (_, i) =>
  minutesToTime(6 * 60 + i * 30),
);
