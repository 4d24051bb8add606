// Definitions shared by the dashboard, reports and profile figures (pure, unit-tested).
import {
  addDays,
  capitalize,
  dayOfWeek,
  daysInMonth,
  daysInRange,
  monthAndYear,
  monthName,
  shiftMonth,
  timeToMinutes,
  WEEK_MONDAY_FIRST,
  weekdayName,
  ymd,
  type DateRange,
} from "../dates";
import type { PeriodRules } from "../periods";

export type Variation = {
  /** Percentage change against the previous period, rounded; null when there is no base. */
  pct: number | null;
  /** pt-BR label: '+12% vs período anterior', '-5% vs ...', 'Sem dados do período anterior'. */
  label: string;
  trend: "up" | "down" | "flat" | "none";
};

/**
 * Change of `current` against `previous` (the previous period of equal length). With no
 * previous value there is nothing to compare with, and we say so instead of inventing '+100%'.
 */
export function variation(current: number, previous: number, suffix = "vs período anterior"): Variation {
  if (previous === 0) {
    return current === 0
      ? { pct: 0, label: `0% ${suffix}`, trend: "flat" }
      : { pct: null, label: "Sem dados do período anterior", trend: "none" };
  }
  const pct = Math.round(((current - previous) / previous) * 100);
  const sign = pct > 0 ? "+" : "";
  return { pct, label: `${sign}${pct}% ${suffix}`, trend: pct > 0 ? "up" : pct < 0 ? "down" : "flat" };
}

// ================================================================== shared definitions
// Pure definitions of every figure the reports (and the dashboard and profile) show. The
// SQL in app/domain/metrics/reports.server.ts produces the sums and counts; these functions turn them
// into the figures, so each definition is written (and unit-tested) once.
// Money is integer centavos; dates are yyyy-MM-dd strings in the professional's zone.

/** Working hours of one weekday (0 = Sunday ... 6 = Saturday), as stored. */
export type WorkingHourRow = {
  dayOfWeek: number;
  isActive: boolean;
  startTime: string;
  endTime: string;
  breakStartTime: string | null;
  breakEndTime: string | null;
};

function minutesOf(time: string | null): number {
  return time ? timeToMinutes(time) : Number.NaN;
}

/** Days of the range already lived on `today` (today included): 0 for a future range. */
export function daysElapsed(range: DateRange, today: string): number {
  const end = range.to < today ? range.to : today;
  return daysInRange({ from: range.from, to: end });
}

// ------------------------------------------------------------------ money and counts

/** Revenue / completed appointments, rounded to the centavo; null with no completed one. */
export function averageTicket(revenueCents: number, completedCount: number): number | null {
  return completedCount > 0 ? Math.round(revenueCents / completedCount) : null;
}

/** Revenue / days of the period lived so far (today included); null before the period starts. */
export function dailyAverage(revenueCents: number, range: DateRange, today: string): number | null {
  const days = daysElapsed(range, today);
  return days > 0 ? Math.round(revenueCents / days) : null;
}

/** Mean duration in minutes (of completed appointments), rounded; null with none. */
export function averageDuration(totalMinutes: number, count: number): number | null {
  return count > 0 ? Math.round(totalMinutes / count) : null;
}

/** part / whole as a ratio (0..1, more when part exceeds whole); null when whole is 0. */
export function share(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/**
 * 'Clientes recorrentes', the same on the dashboard and in Relatórios (docs/decisions/0760): of
 * the clients who visited in the period (a completed appointment in it), those with more than one
 * visit up to the period's end: two in the period, or one in it after an earlier one. Bookings
 * ahead and no-shows are no visits. SQL: period-clients.server.ts.
 */
export const RECURRING_VISITS_ABOVE = 1;
export function isRecurring(visitsInPeriod: number, visitsBefore: number): boolean {
  return visitsInPeriod > 0 && visitsInPeriod + visitsBefore > RECURRING_VISITS_ABOVE;
}

/** Share of the period's visiting clients that are recurring; null when nobody visited. */
export function recurringShare(recurringClients: number, visitingClients: number): number | null {
  return share(recurringClients, visitingClients);
}

/** '42%' (rounded), or '—' when there is nothing to divide by. */
export function percentLabel(ratio: number | null): string {
  return ratio === null ? "—" : `${Math.round(ratio * 100)}%`;
}

// ------------------------------------------------------------------ clients

// VIP is one rule, the client badge's: client-types.ts `isVip`.

/** Reports' 'Clientes VIP': the VIPs who spent the most in the period, this many at most. */
export const REPORT_VIP_LIMIT = 4;

/**
 * At risk ('Clientes em risco', the dashboard's tip and Relatórios alike): the last visit
 * (completed appointment) was more than 30 days before today and nothing is booked from today
 * on. A client who never visited is new, not at risk; a no-show is no visit.
 */
export const AT_RISK_AFTER_DAYS = 30;
export const AT_RISK_LIMIT = 4;
/** Last visits strictly before this date are at risk. */
export function atRiskCutoff(today: string): string {
  return addDays(today, -AT_RISK_AFTER_DAYS);
}
export function isAtRisk(
  client: { lastVisitDate: string | null; lastAppointmentDate: string | null },
  today: string,
): boolean {
  const bookedAhead = client.lastAppointmentDate !== null && client.lastAppointmentDate >= today;
  return client.lastVisitDate !== null && client.lastVisitDate < atRiskCutoff(today) && !bookedAhead;
}

// ------------------------------------------------------------------ weekdays

export type WeekdayFigures = { count: number; revenueCents: number };

/** The seven days Seg..Dom ("Seg", "Segunda-feira"), each with its figures (zero for a day missing from `rows`). */
export function mondayFirst(
  rows: readonly ({ dayOfWeek: number } & WeekdayFigures)[],
): ({ dayOfWeek: number; short: string; long: string } & WeekdayFigures)[] {
  return WEEK_MONDAY_FIRST.map((day) => {
    const row = rows.find((r) => r.dayOfWeek === day);
    return {
      dayOfWeek: day,
      short: capitalize(weekdayName(day, "short")),
      long: capitalize(weekdayName(day)),
      count: row?.count ?? 0,
      revenueCents: row?.revenueCents ?? 0,
    };
  });
}

// ------------------------------------------------------------------ occupancy

/**
 * Working minutes of one day: end - start, minus the part of the break inside that time.
 * An inactive day, or one with unreadable or reversed times, has none.
 */
export function workingMinutes(row: Omit<WorkingHourRow, "dayOfWeek">): number {
  if (!row.isActive) return 0;
  const start = minutesOf(row.startTime);
  const end = minutesOf(row.endTime);
  if (!(end > start)) return 0;
  const breakStart = Math.max(minutesOf(row.breakStartTime), start);
  const breakEnd = Math.min(minutesOf(row.breakEndTime), end);
  const pause = breakEnd > breakStart ? breakEnd - breakStart : 0;
  return end - start - pause;
}

/**
 * Working minutes available in a range: each date whose weekday is active contributes its
 * working minutes (today's hours applied to every date; a weekday without a row is closed).
 */
export function availableMinutes(hours: readonly WorkingHourRow[], range: DateRange): number {
  const days = daysInRange(range);
  if (days === 0) return 0;
  const firstWeekday = dayOfWeek(range.from);
  let total = 0;
  for (let offset = 0; offset < 7 && offset < days; offset++) {
    const weekday = (firstWeekday + offset) % 7;
    const dates = Math.floor((days - 1 - offset) / 7) + 1;
    const row = hours.find((h) => h.dayOfWeek === weekday);
    if (row) total += dates * workingMinutes(row);
  }
  return total;
}

/** Occupancy: booked minutes / available working minutes; null when nothing was available. */
export function occupancy(bookedMinutes: number, hours: readonly WorkingHourRow[], range: DateRange): number | null {
  return share(bookedMinutes, availableMinutes(hours, range));
}

// ------------------------------------------------------------------ periods of the reports

export const REPORT_PERIODS = [
  { value: "este-mes", label: "Este mês" },
  { value: "7d", label: "Últimos 7 dias" },
  { value: "30d", label: "Últimos 30 dias" },
  { value: "90d", label: "Últimos 90 dias" },
  { value: "365d", label: "Últimos 365 dias" },
  { value: "customizado", label: "Personalizado" },
] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number]["value"];

/** The longest custom range (about 3 years). */
export const MAX_CUSTOM_DAYS = 1096;

/**
 * The range of a fixed period, ending today:
 * - este-mes: month to date (the 1st to today);
 * - 7d, 30d, 90d, 365d: the last N days, today included.
 */
export function reportRange(period: Exclude<ReportPeriod, "customizado">, today: string): DateRange {
  if (period === "este-mes") return { from: `${today.slice(0, 8)}01`, to: today };
  const days = Number(period.slice(0, -1));
  return { from: addDays(today, -(days - 1)), to: today };
}

/**
 * The period a range is compared with: the same number of days just before it. Month to
 * date (este-mes) compares with the same days of the previous month instead (01-10/03 with
 * 01-10/02), cut at that month's end (31/03 compares with the whole of February).
 */
export function previousRange(period: ReportPeriod, range: DateRange): DateRange {
  const days = daysInRange(range);
  if (period === "este-mes") {
    const [year, month] = range.from.split("-").map(Number) as [number, number];
    const prev = shiftMonth(year, month, -1);
    const lastDay = Math.min(days, daysInMonth(prev.year, prev.month));
    return { from: ymd(prev.year, prev.month, 1), to: ymd(prev.year, prev.month, lastDay) };
  }
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/**
 * What resolvePeriod (app/domain/periods.ts) reads for the reports: an unknown period is
 * este-mes; custom dates are real dates from 1900 to 2999, at most MAX_CUSTOM_DAYS apart.
 */
export const REPORT_PERIOD_RULES: PeriodRules<ReportPeriod> = {
  periods: REPORT_PERIODS,
  fallback: "este-mes",
  range: reportRange,
  earliest: "1900-01-01",
  latest: "2999-12-31",
  maxDays: MAX_CUSTOM_DAYS,
};

// ------------------------------------------------------------------ revenue chart

export const CHART_MONTH_CHOICES = [3, 6, 12] as const;
export type ChartMonths = (typeof CHART_MONTH_CHOICES)[number];
export const DEFAULT_CHART_MONTHS: ChartMonths = 6;

export function chartMonths(value: unknown): ChartMonths {
  const n = Number(value);
  return (CHART_MONTH_CHOICES as readonly number[]).includes(n) ? (n as ChartMonths) : DEFAULT_CHART_MONTHS;
}

export type ChartMonth = {
  /** yyyy-MM */
  key: string;
  /** 'mar/25' */
  short: string;
  /** 'março de 2025' */
  long: string;
  /** The month's first and last dates. */
  from: string;
  to: string;
};

/** The last `count` calendar months, oldest first, the current month (of `today`) last. */
export function recentMonths(today: string, count: number): ChartMonth[] {
  const [year, month] = today.split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const { year: y, month: m } = shiftMonth(year, month, i - (count - 1));
    const from = ymd(y, m, 1);
    return {
      key: from.slice(0, 7),
      short: `${monthName(m, "short")}/${from.slice(2, 4)}`,
      long: monthAndYear(from),
      from,
      to: ymd(y, m, daysInMonth(y, m)),
    };
  });
}

/** Bar length in % of the largest value: at least 5% for any value above 0, 0 for 0. */
export const MIN_BAR_PERCENT = 5;
export function barPercent(value: number, max: number): number {
  if (value <= 0 || max <= 0) return 0;
  return Math.max(MIN_BAR_PERCENT, Math.min(100, (value / max) * 100));
}
