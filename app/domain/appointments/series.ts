// 'Agendamento recorrente': the dates of a regular's series (docs/decisions/0653). Dates are the
// professional's local yyyy-MM-dd and every occurrence keeps the same local time, so a series
// never drifts with a zone's offset; the arithmetic is on calendar days (dates.ts).
import { addDays, addMonths, isIsoDate } from "../dates";

/** Every 1 to 4 weeks. */
export const SERIES_INTERVALS = [1, 2, 3, 4] as const;
export type SeriesInterval = (typeof SERIES_INTERVALS)[number];

export const INTERVAL_LABELS: Record<SeriesInterval, string> = {
  1: "Toda semana",
  2: "A cada 2 semanas",
  3: "A cada 3 semanas",
  4: "A cada 4 semanas",
};

/** 'Número de vezes': 2 to 52. */
export const SERIES_COUNT = { min: 2, max: 52 } as const;

/** 'Até': at most 12 months after the first date. */
export const SERIES_MAX_MONTHS = 12;

export type SeriesEnd = { count: number } | { until: string };

export function isSeriesInterval(value: unknown): value is SeriesInterval {
  return SERIES_INTERVALS.includes(value as SeriesInterval);
}

/** The last date a series starting on `first` may reach. */
export function lastSeriesDate(first: string): string {
  return addMonths(first, SERIES_MAX_MONTHS);
}

/**
 * The dates of a series: `first`, then every `everyWeeks` weeks, `count` times or up to and
 * including `until`; never past 12 months after `first`, never more than 53 dates (weekly for a
 * year). Empty for a date that is not a real yyyy-MM-dd.
 */
export function seriesDates(first: string, everyWeeks: SeriesInterval, end: SeriesEnd): string[] {
  if (!isIsoDate(first) || !isSeriesInterval(everyWeeks)) return [];
  const limit = lastSeriesDate(first);
  const until = "until" in end ? (isIsoDate(end.until) && end.until < limit ? end.until : limit) : limit;
  const count = "count" in end ? Math.min(Math.max(Math.trunc(end.count), 0), SERIES_COUNT.max) : Number.POSITIVE_INFINITY;
  const dates: string[] = [];
  for (let date = first; dates.length < count && date <= until; date = addDays(date, 7 * everyWeeks)) {
    dates.push(date);
  }
  return dates;
}

/**
 * A series' identity while it is previewed: the choices posted with 'Agendar' apply only to the
 * dates the professional saw, so a change of service, date, time or repetition previews again.
 */
export function seriesFingerprint(input: {
  serviceId: string;
  date: string;
  time: string;
  everyWeeks: SeriesInterval;
  end: SeriesEnd;
}): string {
  const end = "count" in input.end ? `x${input.end.count}` : `ate${input.end.until}`;
  return [input.serviceId, input.date, input.time, input.everyWeeks, end].join("|");
}
