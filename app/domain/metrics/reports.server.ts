// The Reports screen's figures, aggregated in SQL (GROUP BY, SUM, COUNT) and never by loading
// every appointment into JavaScript. Every statement has the professional's id in its WHERE.
// The definitions of the figures live in app/domain/metrics/metrics.ts (pure, unit-tested); the sums
// and counts they need come from here. docs/product/decisions.md: revenue, ticket and VIP count completed
// appointments only; appointment counts leave cancelled ones out.
import { and, asc, between, desc, eq, sql, type SQL } from "drizzle-orm";
import { appointments, clients, services, workingHours, type AppointmentStatus } from "../../../db/schema";
import { isAppointmentStatus, STATUS_LABELS } from "../appointments/statuses";
import type { CurrentUser } from "../accounts/access.server";
import { csvCell, csvMoney, isVipClient } from "../clients/clients.server";
import { AT_RISK_CLIENTS, atRiskClient, PERIOD_CLIENT_TOTALS, periodClientsSql } from "./client-figures.server";
import { ReadBatch, type Db } from "../../utils/db.server";
import {
  AT_RISK_LIMIT,
  availableMinutes,
  averageDuration,
  averageTicket,
  chartMonths,
  dailyAverage,
  mondayFirst,
  previousRange,
  recentMonths,
  recurringShare,
  REPORT_PERIOD_RULES,
  REPORT_VIP_LIMIT,
  share,
  variation,
  type ChartMonths,
  type ReportPeriod,
  type Variation,
} from "./metrics";
import { formatDuration } from "../money";
import { daysBetween, formatDate, minutesToTime, nowInZone, type DateRange } from "../dates";
import { resolvePeriod, type ResolvedPeriod } from "../periods";
import { notCancelled } from "../status-rules.server";

export const TOP_SERVICES_LIMIT = 5;

/** 'todos' in the status select: every status but cancelled (the counts' default). */
export const ALL = "todos";

export type StatusFilter = AppointmentStatus | typeof ALL;

/** What narrows every period figure, besides the dates. */
export type ReportFilter = { serviceId: string | null; status: AppointmentStatus | null };

export const REPORT_NOTICES = {
  unknownService: "O serviço escolhido não foi encontrado. Mostrando todos os serviços.",
} as const;

// ------------------------------------------------------------------ conditions

/**
 * The appointments a period figure looks at: the professional's, inside the dates, of the
 * chosen service, and of the chosen status, or of any status but cancelled for 'todos'.
 * The (user_id, date, ...) index starts every one of these scans.
 */
function inPeriod(userId: string, range: DateRange, filter: ReportFilter): SQL {
  return and(
    eq(appointments.userId, userId),
    between(appointments.date, range.from, range.to),
    filter.serviceId ? eq(appointments.serviceId, filter.serviceId) : undefined,
    filter.status ? eq(appointments.status, filter.status) : notCancelled,
  )!;
}

const isCompleted = sql`${appointments.status} = 'completed'`;
/** Revenue: the prices of completed appointments. */
const revenueSum = sql`coalesce(sum(case when ${isCompleted} then ${appointments.priceCents} else 0 end), 0)`;
const completedCount = sql`coalesce(sum(case when ${isCompleted} then 1 else 0 end), 0)`;

// ------------------------------------------------------------------ queries

type Sums = { n: number; revenue: number; completed: number; completedMinutes: number; bookedMinutes: number };

function sums(row: Record<string, unknown> | undefined): Sums {
  return {
    n: Number(row?.n ?? 0),
    revenue: Number(row?.revenue ?? 0),
    completed: Number(row?.completed ?? 0),
    completedMinutes: Number(row?.completed_minutes ?? 0),
    bookedMinutes: Number(row?.booked_minutes ?? 0),
  };
}

/**
 * Everything that adds up day by day, in one statement: the totals of the period and of the
 * previous one, the weekdays of the period and the months of the chart. The appointments are
 * read once, grouped by date in the order of the (user_id, date, ...) index (no sorting);
 * the figures are then summed from those daily rows.
 */
function dailyFigures(
  reads: ReadBatch,
  db: Db,
  userId: string,
  ranges: { current: DateRange; previous: DateRange; chart: DateRange },
  filter: ReportFilter,
) {
  const { current, previous, chart } = ranges;
  const all = [current, previous, chart];
  const hull = {
    from: all.map((r) => r.from).sort()[0]!,
    to: all.map((r) => r.to).sort().at(-1)!,
  };
  const total = sql`sum(n) as n, sum(revenue) as revenue, sum(completed) as completed,
    sum(completed_minutes) as completed_minutes, sum(booked_minutes) as booked_minutes`;
  const read = reads.add(db.all<Record<string, unknown>>(sql`
    with daily as materialized (
      select ${appointments.date} as day, count(*) as n, ${revenueSum} as revenue, ${completedCount} as completed,
        coalesce(sum(case when ${isCompleted} then ${appointments.durationMinutes} else 0 end), 0) as completed_minutes,
        coalesce(sum(${appointments.durationMinutes}), 0) as booked_minutes
      from ${appointments}
      where ${inPeriod(userId, hull, filter)}
      group by ${appointments.date}
    )
    select 'current' as kind, null as key, ${total} from daily where day between ${current.from} and ${current.to}
    union all
    select 'previous', null, ${total} from daily where day between ${previous.from} and ${previous.to}
    union all
    select 'weekday', cast(strftime('%w', day) as integer), ${total} from daily
      where day between ${current.from} and ${current.to} group by cast(strftime('%w', day) as integer)
    union all
    select 'month', substr(day, 1, 7), ${total} from daily
      where day between ${chart.from} and ${chart.to} group by substr(day, 1, 7)
  `));
  return () => {
    const rows = read();
    const of = (kind: string) => rows.filter((r) => r.kind === kind);
    return {
      current: sums(of("current")[0]),
      previous: sums(of("previous")[0]),
      weekdays: of("weekday").map((r) => ({ dayOfWeek: Number(r.key), count: sums(r).n, revenueCents: sums(r).revenue })),
      months: new Map(of("month").map((r) => [String(r.key), sums(r).revenue])),
    };
  };
}

/**
 * The period's clients in one statement: how many there are, how many visited and how many of
 * those are recurring (the dashboard's SQL too: client-figures.server.ts), and 'Clientes VIP':
 * the VIPs (the badge's rule, `isVipClient`) who spent the most in the period (completed), ties
 * by completed count, then name (four rows at most, never one per client).
 */
function clientFigures(reads: ReadBatch, db: Db, userId: string, range: DateRange, filter: ReportFilter) {
  // One pass groups the period by client; the totals and the top four are read from that.
  const read = reads.add(db.all<Record<string, unknown>>(sql`
    with per_client as materialized (${periodClientsSql(userId, range, inPeriod(userId, range, filter))})
    select 'totals' as kind, null as id, null as name, null as spent, null as completed, ${PERIOD_CLIENT_TOTALS}
    from per_client
    union all
    select * from (
      select 'top', per_client.client_id, ${clients.name}, per_client.spent, per_client.visits, null, null, null
      from per_client
      join ${clients} on ${clients.id} = per_client.client_id and ${clients.userId} = ${userId}
      where per_client.spent > 0 and ${isVipClient}
      order by per_client.spent desc, per_client.visits desc, ${clients.name} asc
      limit ${REPORT_VIP_LIMIT}
    )
  `));
  return () => {
    const rows = read();
    const totals = rows.find((r) => r.kind === "totals");
    return {
      clients: Number(totals?.clients ?? 0),
      visited: Number(totals?.visited ?? 0),
      recurring: Number(totals?.recurring ?? 0),
      vip: rows
        .filter((r) => r.kind === "top")
        .map((r) => ({ id: String(r.id), name: String(r.name), spentCents: Number(r.spent), completed: Number(r.completed) })),
    };
  };
}

/** Distinct clients of a period (for the previous period's figure). */
function clientCount(reads: ReadBatch, db: Db, userId: string, range: DateRange, filter: ReportFilter) {
  const read = reads.add(
    db
      .select({ n: sql<number>`count(distinct ${appointments.clientId})`.mapWith(Number) })
      .from(appointments)
      .where(inPeriod(userId, range, filter)),
  );
  return () => read()[0]?.n ?? 0;
}

/** Services by revenue, then by count; a deleted service is grouped by its name. */
function topServicesQuery(db: Db, userId: string, range: DateRange, filter: ReportFilter) {
  const key = sql`coalesce(${appointments.serviceId}, ${appointments.serviceName})`;
  const revenue = sql<number>`${revenueSum}`.mapWith(Number);
  const count = sql<number>`count(*)`.mapWith(Number);
  const name = sql<string>`max(${appointments.serviceName})`;
  return db
    .select({ serviceId: sql<string | null>`max(${appointments.serviceId})`, name, count, revenueCents: revenue })
    .from(appointments)
    .where(inPeriod(userId, range, filter))
    .groupBy(key)
    .orderBy(desc(revenue), desc(count), asc(name))
    .limit(TOP_SERVICES_LIMIT);
}

/**
 * Clients at risk (metrics.ts `isAtRisk`: last visit more than 30 days before today, nothing
 * booked from today on): how many, and the first 4, longest absence first. Not narrowed by the
 * filters: being at risk is a state of the client, not of a period.
 */
function atRiskReads(reads: ReadBatch, db: Db, userId: string, today: string) {
  const where = atRiskClient(userId, today);
  const count = reads.add(db.all<{ total: number }>(sql`select count(*) as total from ${AT_RISK_CLIENTS} where ${where}`));
  const list = reads.add(
    db.all<{ id: string; name: string; phone: string; lastDate: string }>(sql`
      select ${clients.id} as id, ${clients.name} as name, ${clients.phone} as phone, ${clients.lastVisitDate} as lastDate
      from ${AT_RISK_CLIENTS} where ${where}
      order by ${clients.lastVisitDate}, ${clients.name}
      limit ${AT_RISK_LIMIT}`),
  );
  return () => ({ total: Number(count()[0]?.total ?? 0), clients: list() });
}

function serviceChoicesQuery(db: Db, userId: string) {
  return db
    .select({ id: services.id, name: services.name, isActive: services.isActive })
    .from(services)
    .where(eq(services.userId, userId))
    .orderBy(asc(services.name), asc(services.id));
}

// ------------------------------------------------------------------ the screen

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
function figureReads(reads: ReadBatch, db: Db, userId: string, params: ReportParams, range: DateRange, previous: DateRange) {
  const { filter } = params;
  const months = recentMonths(params.today, params.months);
  const chart = { from: months[0]!.from, to: months.at(-1)!.to };
  const daily = dailyFigures(reads, db, userId, { current: range, previous, chart }, filter);
  const periodClients = clientFigures(reads, db, userId, range, filter);
  const previousClients = clientCount(reads, db, userId, previous, filter);
  const top = reads.add(topServicesQuery(db, userId, range, filter));
  const atRisk = atRiskReads(reads, db, userId, params.today);
  const hours = reads.add(db.select().from(workingHours).where(eq(workingHours.userId, userId)));
  return () => [daily(), periodClients(), previousClients(), top(), atRisk(), hours(), months] as const;
}

export async function loadReport(db: Db, user: CurrentUser, url: URL, now = new Date()) {
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
  const serviceRowsOf = reads.add(serviceChoicesQuery(db, userId));
  const anyOf = reads.add(db.select({ id: appointments.id }).from(appointments).where(eq(appointments.userId, userId)).limit(1));
  const firstOf = range && previous ? figureReads(reads, db, userId, asked, range, previous) : null;
  await reads.run(db);
  const serviceRows = serviceRowsOf();
  const [any] = anyOf();
  const params = readReportParams(
    url,
    today,
    serviceRows.map((s) => s.id),
  );
  const base = { params, services: serviceRows, hasAny: !!any };
  if (!range || !previous || !firstOf) return { ...base, report: null };
  let figures = firstOf();
  if (params.filter.serviceId !== asked.filter.serviceId) {
    const again = new ReadBatch();
    const secondOf = figureReads(again, db, userId, params, range, previous);
    await again.run(db);
    figures = secondOf();
  }
  const [daily, periodClients, previousClients, top, atRisk, hours, months] = figures;

  const { current, previous: before } = daily;
  const serviceNames = new Map(serviceRows.map((s) => [s.id, s.name]));
  const available = availableMinutes(hours, range);
  return {
    ...base,
    report: {
      range,
      previous,
      kpis: {
        revenue: kpi(current.revenue, before.revenue),
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
        count: s.count,
        revenueCents: s.revenueCents,
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
    },
  };
}
export type ReportData = Awaited<ReturnType<typeof loadReport>>;

// ------------------------------------------------------------------ CSV export

export const REPORT_CSV_HEADER = ["Data", "Horário", "Cliente", "Serviço", "Duração", "Preço (R$)", "Status"];

/** Rows fetched per statement while the file streams out. */
const CSV_PAGE = 1000;

type CsvRow = {
  id: string;
  date: string;
  startMinute: number;
  durationMinutes: number;
  priceCents: number;
  status: AppointmentStatus;
  serviceName: string;
  clientName: string | null;
};

function csvLine(row: CsvRow) {
  return [
    formatDate(row.date, true),
    minutesToTime(row.startMinute),
    row.clientName ?? "Cliente não encontrado",
    row.serviceName || "Serviço não encontrado",
    formatDuration(row.durationMinutes),
    csvMoney(row.priceCents),
    STATUS_LABELS[row.status],
  ]
    .map(csvCell)
    .join(";");
}

/**
 * The filtered appointments of the period as CSV (UTF-8 BOM, ';', CRLF: the clients CSV's
 * format), in date and time order. Streams page by page (keyset on date, time, id), so a
 * long period never sits in memory whole.
 */
export function reportCsvStream(db: Db, userId: string, range: DateRange, filter: ReportFilter) {
  const encoder = new TextEncoder();
  const where = inPeriod(userId, range, filter);
  let after: CsvRow | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${REPORT_CSV_HEADER.map(csvCell).join(";")}\r\n`));
        return;
      }
      const rows: CsvRow[] = await db
        .select({
          id: appointments.id,
          date: appointments.date,
          startMinute: appointments.startMinute,
          durationMinutes: appointments.durationMinutes,
          priceCents: appointments.priceCents,
          status: appointments.status,
          serviceName: appointments.serviceName,
          clientName: clients.name,
        })
        .from(appointments)
        .leftJoin(clients, and(eq(clients.id, appointments.clientId), eq(clients.userId, userId)))
        .where(
          after
            ? and(
                where,
                sql`(${appointments.date}, ${appointments.startMinute}, ${appointments.id}) > (${after.date}, ${after.startMinute}, ${after.id})`,
              )
            : where,
        )
        .orderBy(asc(appointments.date), asc(appointments.startMinute), asc(appointments.id))
        .limit(CSV_PAGE);
      if (rows.length > 0) {
        controller.enqueue(encoder.encode(rows.map((r) => `${csvLine(r)}\r\n`).join("")));
        after = rows.at(-1)!;
      }
      if (rows.length < CSV_PAGE) controller.close();
    },
  });
}

/** Params for the export: the same reading as the screen. */
export async function reportExportParams(db: Db, user: CurrentUser, url: URL, now = new Date()) {
  const today = nowInZone(user.profile.timeZone, now).date;
  const serviceRows = await db
    .select({ id: services.id })
    .from(services)
    .where(eq(services.userId, user.id));
  return readReportParams(
    url,
    today,
    serviceRows.map((s) => s.id),
  );
}
