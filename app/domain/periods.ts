// Date ranges of the agenda's period filter (pure: no React, no database).
// Dates are yyyy-MM-dd strings in the professional's zone; "today" comes from nowInZone.
import { addDays, dayOfWeek, daysInMonth, isIsoDate, shiftMonth, ymd, type DateRange } from "./dates";

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
export type FixedPeriod = Exclude<Period, "customizado">;

export const DEFAULT_PERIOD: FixedPeriod = "hoje";

export const PERIOD_ERRORS = {
  missing: "Informe a data inicial e a data final.",
  invalid: "Data inválida. Escolha as datas no calendário.",
  reversed: "A data inicial deve ser anterior ou igual à data final.",
} as const;

export function isPeriod(value: unknown): value is Period {
  return PERIODS.some((p) => p.value === value);
}

function monthRange(year: number, month: number): DateRange {
  return { from: ymd(year, month, 1), to: ymd(year, month, daysInMonth(year, month)) };
}

/**
 * The range of a fixed period around `today`, both ends included.
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

export type ResolvedPeriod = {
  period: Period;
  /** Null when the custom dates are missing or wrong (see error). */
  range: DateRange | null;
  error: string | null;
  /** The custom dates as typed, to show them back. */
  de: string;
  ate: string;
};

/**
 * Reads the filter from the query string (periodo, de, ate). An unknown period falls back
 * to 'hoje'; a custom range needs two real dates in order, else a pt-BR message.
 */
export function resolvePeriod(
  params: { periodo?: string | null; de?: string | null; ate?: string | null },
  today: string,
): ResolvedPeriod {
  const period: Period = isPeriod(params.periodo) ? params.periodo : DEFAULT_PERIOD;
  const de = (params.de ?? "").trim().slice(0, 20);
  const ate = (params.ate ?? "").trim().slice(0, 20);
  if (period !== "customizado") {
    return { period, range: periodRange(period, today), error: null, de, ate };
  }
  const fail = (error: string): ResolvedPeriod => ({ period, range: null, error, de, ate });
  if (!de || !ate) return fail(PERIOD_ERRORS.missing);
  if (!isIsoDate(de) || !isIsoDate(ate)) return fail(PERIOD_ERRORS.invalid);
  if (de > ate) return fail(PERIOD_ERRORS.reversed);
  return { period, range: { from: de, to: ate }, error: null, de, ate };
}
