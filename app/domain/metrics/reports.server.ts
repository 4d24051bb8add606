// The Reports screen's figures: the reads (report-queries.server.ts) sent in one batch with the
// service list, and the definitions of the figures (metrics.ts, pure, unit-tested) applied to
// what they return: the professional's, or the salon's for an owner who chose 'Salão'
// (docs/decisions/1050; the clients named stay her own, the 'Hora de voltar' messages too).
import { appointments, workingHours } from "../../../db/schema";
import type { CurrentUser } from "../accounts/access.server";
import { ReadBatch, type Db } from "../../utils/db.server";
import {
  availableMinutes,
  averageDuration,
  averageTicket,
  dailyAverage,
  mondayFirst,
  recentMonths,
  recurringShare,
  share,
  variation,
  type Variation,
} from "./metrics";
import { addDays, daysBetween, localMidnightMs, nowInZone, type DateRange } from "../dates";
import type { FigureScope } from "../salon";
import { inScope } from "../salon.server";
import { comebackConversionQuery } from "../clients/comeback.server";
import { readReportParams, type ReportParams } from "./report-params";
import {
  atRiskReads,
  clientCount,
  clientFigures,
  dailyFigures,
  serviceChoicesQuery,
  topServicesQuery,
} from "./report-queries.server";

type Kpi = { value: number | null; previous: number | null; variation: Variation };

/** A figure that does not exist in one of the periods (an average of nothing) has no variation. */
function kpi(value: number | null, previous: number | null): Kpi {
  if (value === null || previous === null) {
    return { value, previous, variation: { pct: null, label: NO_COMPARISON, trend: "none" } };
  }
  return { value, previous, variation: variation(value, previous) };
}

const NO_COMPARISON = "Sem dados para comparar";

/** The statements behind every figure, added to the page's batch; the getter reads them after it ran. */
function figureReads(reads: ReadBatch, db: Db, scope: FigureScope, params: ReportParams, range: DateRange, previous: DateRange) {
  const { filter } = params;
  const months = recentMonths(params.today, params.months);
  const chart = { from: months[0]!.from, to: months.at(-1)!.to };
  const daily = dailyFigures(reads, db, scope, { current: range, previous, chart }, filter, params.today);
  const periodClients = clientFigures(reads, db, scope, range, filter);
  const previousClients = clientCount(reads, db, scope, previous, filter);
  const top = reads.add(topServicesQuery(db, scope, range, filter));
  // Being at risk is a state of a client: the owner's own clients, on the salon's page too.
  const atRisk = atRiskReads(reads, db, scope.userId, params.today);
  return () => [daily(), periodClients(), previousClients(), top(), atRisk(), months] as const;
}

export async function loadReport(db: Db, user: CurrentUser, url: URL, now = new Date(), scope: FigureScope = { userId: user.id, salon: false }) {
  const userId = user.id;
  const today = nowInZone(user.profile.timeZone, now).date;
  // The figures are read at once with the service id as asked, in the same round trip as the
  // service list (every statement is scoped by the professional, so someone else's id only finds
  // nothing); if the id turns out not to be one of the professional's services, they are read
  // again without it, under a notice.
  const asked = readReportParams(url, today, null);
  const range = asked.period.range;
  const previous = asked.period.previous;
  const reads = new ReadBatch();
  const serviceRowsOf = reads.add(serviceChoicesQuery(db, scope));
  const anyOf = reads.add(db.select({ id: appointments.id }).from(appointments).where(inScope(scope, appointments.userId)).limit(1));
  const firstOf = range && previous ? figureReads(reads, db, scope, asked, range, previous) : null;
  // The working hours (the occupancy's available time) do not depend on the service asked for:
  // read once, in this first batch, even when the figures are read again.
  const hoursOf = range ? reads.add(db.select().from(workingHours).where(inScope(scope, workingHours.userId))) : null;
  // 'Hora de voltar' messages sent in the period, and how many turned into a booking (issue 24).
  const zone = user.profile.timeZone;
  const comebackOf = range ? reads.add(comebackConversionQuery(db, userId, localMidnightMs(range.from, zone), localMidnightMs(addDays(range.to, 1), zone))) : null;
  await reads.run(db);
  const serviceRows = serviceRowsOf();
  const [any] = anyOf();
  const params = readReportParams(
    url,
    today,
    serviceRows.map((s) => s.id),
  );
  // On the salon's page a member's service says whose it is.
  const services = serviceRows.map((s) => ({ id: s.id, name: s.userId === userId ? s.name : `${s.name} · ${s.professional ?? ""}`, isActive: s.isActive }));
  const base = { params, services, hasAny: !!any };
  if (!range || !previous || !firstOf) return { ...base, report: null };
  let figures = firstOf();
  if (params.filter.serviceId !== asked.filter.serviceId) {
    const again = new ReadBatch();
    const secondOf = figureReads(again, db, scope, params, range, previous);
    await again.run(db);
    figures = secondOf();
  }
  const [comeback] = comebackOf?.() ?? [];
  return { ...base, report: { ...reportOf(figures, hoursOf?.() ?? [], range, previous, today, services), comeback: { sent: comeback?.sent ?? 0, booked: Number(comeback?.booked ?? 0) } } };
}
export type ReportData = Awaited<ReturnType<typeof loadReport>>;

type Figures = ReturnType<ReturnType<typeof figureReads>>;
type WorkingHours = typeof workingHours.$inferSelect;

/** The screen's figures, from what was read for the period and the one it is compared with. */
function reportOf(figures: Figures, hours: readonly WorkingHours[], range: DateRange, previous: DateRange, today: string, serviceRows: readonly { id: string; name: string }[]) {
  const [daily, periodClients, previousClients, top, atRisk, months] = figures;
  const { current, previous: before } = daily;
  const serviceNames = new Map(serviceRows.map((s) => [s.id, s.name]));
  // Each professional's own week (one on her own, every chair of the salon).
  const available = [...new Set(hours.map((h) => h.userId))].reduce((sum, id) => sum + availableMinutes(hours.filter((h) => h.userId === id), range), 0);
  return {
    range,
    previous,
    kpis: {
      revenue: kpi(current.revenue, before.revenue),
      /** Of 'Faturamento': completed without a closing (list prices), the tips apart, and 'Previsto'. */
      money: { unclosedCents: current.money.unclosedCents, unclosedCount: current.money.unclosedCount, tipsCents: current.money.tipsCents, expectedCents: current.expected },
      appointments: kpi(current.n, before.n),
      clients: kpi(periodClients.clients, previousClients),
      ticket: kpi(averageTicket(current.revenue, current.completed), averageTicket(before.revenue, before.completed)),
      dailyAverageCents: dailyAverage(current.revenue, range, today),
      completed: current.completed,
    },
    chart: months.map((m) => ({ ...m, revenueCents: daily.months.get(m.key) ?? 0 })),
    weekdays: mondayFirst(daily.weekdays),
    topServices: top.map((s) => ({
      key: s.serviceId ?? `nome:${s.name}`,
      name: (s.serviceId && serviceNames.get(s.serviceId)) || s.name || "Serviço não encontrado",
      count: Number(s.count),
      revenueCents: Number(s.revenueCents),
    })),
    vip: periodClients.vip,
    atRisk: {
      total: atRisk.total,
      clients: atRisk.clients.map((c) => ({
        id: c.id,
        name: c.name,
        phone: c.phone,
        lastDate: c.lastDate,
        days: daysBetween(c.lastDate, today),
      })),
    },
    efficiency: {
      occupancy: share(current.bookedMinutes, available),
      bookedMinutes: current.bookedMinutes,
      availableMinutes: available,
      averageDurationMinutes: averageDuration(current.completedMinutes, current.completed),
      completed: current.completed,
      recurringShare: recurringShare(periodClients.recurring, periodClients.visited),
      recurring: periodClients.recurring,
      clients: periodClients.visited,
    },
  };
}
