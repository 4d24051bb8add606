// The period filters' resolver, and the agenda's periods (pure: no React, no database). The
// reports' periods are in app/domain/metrics/metrics.ts (REPORT_PERIOD_RULES); both screens read
// periodo, de and ate with resolvePeriod. Dates are yyyy-MM-dd strings in the professional's
// zone; "today" comes from nowInZone.
import { addDays, dayOfWeek, daysInMonth, daysInRange, isIsoDate, shiftMonth, ymd, type DateRange } from "./dates";

/** The period whose dates the professional types (de, ate). */
export const CUSTOM_PERIOD = "customizado";

/** What a screen offers: its periods (in the select's order), the default and the custom dates' limits. */
export type PeriodRules<P extends string> = {
  periods: readonly { readonly value: P; readonly label: string }[];
  /** For a missing or unknown `periodo`. */
  fallback: Exclude<P, typeof CUSTOM_PERIOD>;
  /** The range of a fixed period around today, both ends included. */
  range: (period: Exclude<P, typeof CUSTOM_PERIOD>, today: string) => DateRange;
  /** Custom dates outside [earliest, latest] are invalid; a longer range than maxDays is refused. */
  earliest?: string;
  latest?: string;
  maxDays?: number;
};

export const PERIOD_ERRORS = {
  missing: "Informe a data inicial e a data final.",
  invalid: "Data inválida. Escolha as datas no calendário.",
  reversed: "A data inicial deve ser anterior ou igual à data final.",
  tooLong: "O período personalizado pode ter no máximo 3 anos.",
} as const;

// ------------------------------------------------------------------ the agenda's periods

export const PERIODS = [
  { value: "hoje", label: "Hoje" },
  { value: "esta-semana", label: "Esta semana" },
  { value: "este-mes", label: "Este mês" },
  { value: "ultimo-mes", label: "Último mês" },
  { value: "ultimos-3-meses", label: "Últimos 3 meses" },
  { value: "este-ano", label: "Este ano" },
  { value: "customizado", label: "Personalizado" },
] as const;

export type Period = (typeof PERIODS)[number]["value"];
export type FixedPeriod = Exclude<Period, typeof CUSTOM_PERIOD>;

function monthRange(year: number, month: number): DateRange {
  return { from: ymd(year, month, 1), to: ymd(year, month, daysInMonth(year, month)) };
}

/**
 * The range of a fixed period of the agenda around `today`, both ends included.
 * - esta-semana: Monday to Sunday (a Sunday belongs to the week that began the Monday before);
 * - este-mes / ultimo-mes: whole calendar months;
 * - ultimos-3-meses: the two previous calendar months and the current one, whole;
 * - este-ano: 1 January to 31 December.
 */
export function periodRange(period: FixedPeriod, today: string): DateRange {
  const [year, month] = today.split("-").map(Number) as [number, number, number];
  switch (period) {
    case "hoje":
      return { from: today, to: today };
    case "esta-semana": {
      const sinceMonday = (dayOfWeek(today) + 6) % 7;
      const monday = addDays(today, -sinceMonday);
      return { from: monday, to: addDays(monday, 6) };
    }
    case "este-mes":
      return monthRange(year, month);
    case "ultimo-mes": {
      const prev = shiftMonth(year, month, -1);
      return monthRange(prev.year, prev.month);
    }
    case "ultimos-3-meses": {
      const first = shiftMonth(year, month, -2);
      return { from: ymd(first.year, first.month, 1), to: monthRange(year, month).to };
    }
    case "este-ano":
      return { from: ymd(year, 1, 1), to: ymd(year, 12, 31) };
  }
}

/** The agenda: 'hoje' by default; any two real custom dates in order. */
export const AGENDA_PERIOD_RULES: PeriodRules<Period> = { periods: PERIODS, fallback: "hoje", range: periodRange };

// ------------------------------------------------------------------ the resolver

export type ResolvedPeriod<P extends string = Period> = {
  period: P;
  /** Null when the custom dates are missing or wrong (see error). */
  range: DateRange | null;
  error: string | null;
  /** The custom dates as typed, to show them back. */
  de: string;
  ate: string;
};

/**
 * Reads the filter from the query string (periodo, de, ate). An unknown period falls back to
 * the screen's default; a custom range needs two real dates, in order, within the screen's
 * limits, else a pt-BR message.
 */
export function resolvePeriod<P extends string>(
  rules: PeriodRules<P>,
  params: { periodo?: string | null; de?: string | null; ate?: string | null },
  today: string,
): ResolvedPeriod<P> {
  const offered = rules.periods.find((p) => p.value === params.periodo);
  const period: P = offered ? offered.value : rules.fallback;
  const de = (params.de ?? "").trim().slice(0, 20);
  const ate = (params.ate ?? "").trim().slice(0, 20);
  if (period !== CUSTOM_PERIOD) {
    return { period, range: rules.range(period as Exclude<P, typeof CUSTOM_PERIOD>, today), error: null, de, ate };
  }
  const fail = (error: string): ResolvedPeriod<P> => ({ period, range: null, error, de, ate });
  const valid = (date: string) =>
    isIsoDate(date) && !(rules.earliest && date < rules.earliest) && !(rules.latest && date > rules.latest);
  if (!de || !ate) return fail(PERIOD_ERRORS.missing);
  if (!valid(de) || !valid(ate)) return fail(PERIOD_ERRORS.invalid);
  if (de > ate) return fail(PERIOD_ERRORS.reversed);
  const range = { from: de, to: ate };
  if (rules.maxDays !== undefined && daysInRange(range) > rules.maxDays) return fail(PERIOD_ERRORS.tooLong);
  return { period, range, error: null, de, ate };
}
