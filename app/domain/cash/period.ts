// The Caixa's period: today by default, the agenda's periods, any day or range as 'Personalizado'
// (up to three years, like Relatórios).
import { AGENDA_PERIOD_RULES, resolvePeriod, type Period, type PeriodRules } from "../periods";
import { nowInZone } from "../dates";

export const CASH_PERIOD_RULES: PeriodRules<Period> = { ...AGENDA_PERIOD_RULES, maxDays: 3 * 366 };

/** The period the address asks for, and today, in the professional's zone. */
export function cashPeriod(search: URLSearchParams, timeZone: string, now = new Date()) {
  const today = nowInZone(timeZone, now).date;
  return { today, period: resolvePeriod(CASH_PERIOD_RULES, { periodo: search.get("periodo"), de: search.get("de"), ate: search.get("ate") }, today) };
}
