// What the Reports screen and its export are asked for: the period and the one it is compared
// with, the service and the status, read from the query string.
import type { AppointmentStatus } from "../../../db/schema";
import { isAppointmentStatus } from "../appointments/statuses";
import { chartMonths, previousRange, REPORT_PERIOD_RULES, type ChartMonths, type ReportPeriod } from "./metrics";
import type { DateRange } from "../dates";
import { resolvePeriod, type ResolvedPeriod } from "../periods";

/** 'todos' in the status select: every status but cancelled (the counts' default). */
export const ALL = "todos";

export type StatusFilter = AppointmentStatus | typeof ALL;

/** What narrows every period figure, besides the dates. */
export type ReportFilter = { serviceId: string | null; status: AppointmentStatus | null };

export const REPORT_NOTICES = {
  unknownService: "O serviço escolhido não foi encontrado. Mostrando todos os serviços.",
} as const;

/** The period asked, and the one it is compared with (null when the range is). */
export type ResolvedReportPeriod = ResolvedPeriod<ReportPeriod> & { previous: DateRange | null };

export type ReportParams = {
  today: string;
  period: ResolvedReportPeriod;
  /** The service id chosen, or 'todos'. */
  service: string;
  status: StatusFilter;
  months: ChartMonths;
  filter: ReportFilter;
  notice: string | null;
};

/**
 * Reads the filter from the query string (periodo, de, ate, servico, status, meses). Unknown
 * values fall back to the defaults; a service that is not one of the professional's is
 * dropped with a notice; custom dates that are missing or wrong give a pt-BR error.
 * `serviceIds` null trusts the service id as given (the query runs while the list loads).
 */
export function readReportParams(url: URL, today: string, serviceIds: readonly string[] | null): ReportParams {
  const sp = url.searchParams;
  const query = { periodo: sp.get("periodo"), de: sp.get("de"), ate: sp.get("ate") };
  const resolved = resolvePeriod(REPORT_PERIOD_RULES, query, today);
  const period = { ...resolved, previous: resolved.range && previousRange(resolved.period, resolved.range) };
  const rawService = (sp.get("servico") ?? ALL).trim();
  // Without the list (null) any plausible id is taken as asked; the caller checks it later.
  const knownService =
    rawService !== ALL && (serviceIds ? serviceIds.includes(rawService) : rawService.length > 0 && rawService.length <= 64);
  const rawStatus = sp.get("status");
  const status: StatusFilter = isAppointmentStatus(rawStatus) ? rawStatus : ALL;
  return {
    today,
    period,
    service: knownService ? rawService : ALL,
    status,
    months: chartMonths(sp.get("meses")),
    filter: { serviceId: knownService ? rawService : null, status: status === ALL ? null : status },
    notice: rawService && rawService !== ALL && !knownService ? REPORT_NOTICES.unknownService : null,
  };
}
