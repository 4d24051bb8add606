// The Reports screen's reads, aggregated in SQL (GROUP BY, SUM, COUNT) and never by loading
// every appointment into JavaScript. Every statement has the professional's id in its WHERE, or
// the salon's ids for an owner who chose 'Salão' (docs/decisions/1050): the figures then add up
// the salon, while every list that names a client stays the owner's own clients.
// Revenue, ticket and VIP count completed appointments only; appointment counts leave cancelled
// ones out.
import { and, asc, between, eq, sql, type SQL } from "drizzle-orm";
import { appointments, cashClosings, clients, profiles, services } from "../../../db/schema";
import { asScope, type FigureScope } from "../salon";
import { inScope, professionalName } from "../salon.server";
import { closingOf, keptMoneyPerDaySql, keptServicesPerDaySql, moneySelect, revenueOf, serviceLinesSql, type Revenue } from "../cash/revenue.server";
import { isVipClient } from "../clients/clients.server";
import { AT_RISK_CLIENTS, atRiskClient, clientSpentSql, PERIOD_CLIENT_TOTALS, periodClientsSql } from "./client-figures.server";
import type { ReadBatch, Db } from "../../utils/db.server";
import { AT_RISK_LIMIT, REPORT_VIP_LIMIT } from "./metrics";
import type { DateRange } from "../dates";
import { notCancelled, statusIn, statusIs } from "../status-rules.server";
import type { ReportFilter } from "./report-params";
import { ACTIVE_STATUSES, APPOINTMENT_STATUS } from "../status-rules";

export const TOP_SERVICES_LIMIT = 5;

// ------------------------------------------------------------------ conditions

/**
 * The appointments a period figure looks at: the professional's (or the salon's), inside the dates, of the
 * chosen service, and of the chosen status, or of any status but cancelled for 'todos'.
 * The (user_id, date, ...) index starts every one of these scans.
 */
export function inPeriod(who: string | FigureScope, range: DateRange, filter: ReportFilter): SQL {
  return and(
    inScope(asScope(who), appointments.userId),
    between(appointments.date, range.from, range.to),
    filter.serviceId ? eq(appointments.serviceId, filter.serviceId) : undefined,
    filter.status ? eq(appointments.status, filter.status) : notCancelled,
  )!;
}

const isCompleted = statusIs(APPOINTMENT_STATUS.completed);
const completedCount = sql`coalesce(sum(case when ${isCompleted} then 1 else 0 end), 0)`;

// ------------------------------------------------------------------ queries

type Sums = { n: number; revenue: number; money: Revenue; expected: number; completed: number; completedMinutes: number; bookedMinutes: number };

function sums(row: Record<string, unknown> | undefined): Sums {
  const money = revenueOf(row);
  return {
    n: Number(row?.n ?? 0),
    revenue: money.revenueCents,
    money,
    expected: Number(row?.expected ?? 0),
    completed: Number(row?.completed ?? 0),
    completedMinutes: Number(row?.completed_minutes ?? 0),
    bookedMinutes: Number(row?.booked_minutes ?? 0),
  };
}

const MONEY = ["paid", "tips", "paidDeposits", "pendingDeposits", "unclosed", "unclosedCount"] as const;

/**
 * The CTE `daily`: per date, the appointments' count and `counts`, and their 'Faturamento'. The
 * money is the figures kept per day (cash/revenue.server.ts `keptMoneyPerDaySql`,
 * docs/decisions/1230) unless a service is chosen, which the days do not keep: then it is the
 * closings joined to the period's appointments (`moneySelect`), the same sums by their definition.
 * A status other than 'Concluído' has no money (only completed appointments bring any).
 */
function dailySql(scope: FigureScope, hull: DateRange, filter: ReportFilter, counts: SQL): SQL {
  if (filter.serviceId) {
    return sql`daily as materialized (
      select ${appointments.date} as day, count(*) as n, ${moneySelect()}, ${counts}
      from ${appointments} left join ${cashClosings} on ${closingOf(scope)}
      where ${inPeriod(scope, hull, filter)}
      group by ${appointments.date})`;
  }
  const withMoney = !filter.status || filter.status === APPOINTMENT_STATUS.completed;
  const money = sql.join(
    MONEY.map((k) => (withMoney ? sql`coalesce(money.${sql.identifier(k)}, 0) as ${sql.identifier(k)}` : sql`0 as ${sql.identifier(k)}`)),
    sql`, `,
  );
  return sql`per_day as materialized (
      select ${appointments.date} as day, count(*) as n, ${counts}
      from ${appointments}
      where ${inPeriod(scope, hull, filter)}
      group by ${appointments.date}),
    money as materialized (${withMoney ? keptMoneyPerDaySql(scope, hull) : sql`select null as day where 0`}),
    daily as (select per_day.*, ${money} from per_day left join money on money.day = per_day.day)`;
}

/**
 * Everything that adds up day by day, in one statement: the totals of the period and of the
 * previous one, the weekdays of the period and the months of the chart. The appointments are
 * read once, grouped by date in the order of the (user_id, date, ...) index (no sorting);
 * the figures are then summed from those daily rows.
 */
export function dailyFigures(
  reads: ReadBatch,
  db: Db,
  scope: FigureScope,
  ranges: { current: DateRange; previous: DateRange; chart: DateRange },
  filter: ReportFilter,
  today: string,
) {
  const { current, previous, chart } = ranges;
  const all = [current, previous, chart];
  const hull = {
    from: all.map((r) => r.from).sort()[0]!,
    to: all.map((r) => r.to).sort().at(-1)!,
  };
  const total = sql`sum(n) as n, sum(paid) as paid, sum(tips) as tips, sum(paidDeposits) as paidDeposits,
    sum(pendingDeposits) as pendingDeposits, sum(unclosed) as unclosed, sum(unclosedCount) as unclosedCount,
    sum(expected) as expected, sum(completed) as completed,
    sum(completed_minutes) as completed_minutes, sum(booked_minutes) as booked_minutes`;
  const counts = sql`${completedCount} as completed,
        coalesce(sum(case when ${statusIn(ACTIVE_STATUSES)} and ${appointments.date} >= ${today} then ${appointments.priceCents} else 0 end), 0) as expected,
        coalesce(sum(case when ${isCompleted} then ${appointments.durationMinutes} else 0 end), 0) as completed_minutes,
        coalesce(sum(${appointments.durationMinutes}), 0) as booked_minutes`;
  const read = reads.add(db.all<Record<string, unknown>>(sql`
    with ${dailySql(scope, hull, filter, counts)}
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
export function clientFigures(reads: ReadBatch, db: Db, scope: FigureScope, range: DateRange, filter: ReportFilter) {
  const userId = scope.userId;
  // One pass groups the period by client; the totals and the top four are read from that (the
  // top four among the professional's own clients: a member's clients are the member's).
  const read = reads.add(db.all<Record<string, unknown>>(sql`
    with per_client as materialized (${periodClientsSql(range, inPeriod(scope, range, filter))}),
      vips as (
        select per_client.client_id, ${clients.name} as name, ${clientSpentSql(inPeriod(scope, range, filter))} as spent, per_client.visits
        from per_client
        join ${clients} on ${clients.id} = per_client.client_id and ${clients.userId} = ${userId}
        where per_client.visits > 0 and ${isVipClient})
    select 'totals' as kind, null as id, null as name, null as spent, null as completed, ${PERIOD_CLIENT_TOTALS}
    from per_client
    union all
    select * from (
      select 'top', client_id, name, spent, visits, null, null, null
      from vips
      where spent > 0
      order by spent desc, visits desc, name asc
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
export function clientCount(reads: ReadBatch, db: Db, scope: FigureScope, range: DateRange, filter: ReportFilter) {
  const read = reads.add(
    db
      .select({ n: sql<number>`count(distinct ${appointments.clientId})`.mapWith(Number) })
      .from(appointments)
      .where(inPeriod(scope, range, filter)),
  );
  return () => read()[0]?.n ?? 0;
}

/**
 * Services by what was charged (cash/revenue.server.ts `serviceLinesSql`: the closing's service
 * items; list prices for completed appointments without a closing), then by count; a deleted
 * service is grouped by its name. The completed appointments' lines are read from the services
 * kept per day (`keptServicesPerDaySql`, docs/decisions/1260) and any other status's from the
 * appointments' index (once each, nothing charged), unless a service is chosen, which the days do
 * not keep by the appointment's own service: then the closings are joined to the period's
 * appointments, the same lines by their definition.
 */
export function topServicesQuery(db: Db, scope: FigureScope, range: DateRange, filter: ReportFilter) {
  const withCompleted = !filter.status || filter.status === APPOINTMENT_STATUS.completed;
  const withOthers = filter.status !== APPOINTMENT_STATUS.completed;
  const lines = filter.serviceId
    ? serviceLinesSql(scope, inPeriod(scope, range, filter), filter.serviceId)
    : sql.join(
        [
          withCompleted ? keptServicesPerDaySql(scope, range) : undefined,
          withOthers
            ? sql`select ${appointments.serviceId} as service_id, ${appointments.serviceName} as name, 1 as n, 0 as cents
              from ${appointments} where ${inPeriod(scope, range, filter)} and not ${isCompleted}`
            : undefined,
        ].filter((part) => part !== undefined),
        sql` union all `,
      );
  return db.all<{ serviceId: string | null; name: string; count: number; revenueCents: number }>(sql`
    with lines as (${lines})
    select max(service_id) as serviceId, max(name) as name, sum(n) as count, sum(cents) as revenueCents
    from lines
    group by coalesce(service_id, name)
    order by sum(cents) desc, sum(n) desc, max(name) asc
    limit ${TOP_SERVICES_LIMIT}`);
}

/**
 * Clients at risk (metrics.ts `isAtRisk`: last visit more than 30 days before today, nothing
 * booked from today on): how many, and the first 4, longest absence first. Not narrowed by the
 * filters: being at risk is a state of the client, not of a period.
 */
export function atRiskReads(reads: ReadBatch, db: Db, userId: string, today: string) {
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

/** The services the filter offers: the professional's, or every service of the salon with whose it is. */
export function serviceChoicesQuery(db: Db, who: string | FigureScope) {
  const scope = asScope(who);
  return db
    .select({ id: services.id, name: services.name, isActive: services.isActive, userId: services.userId, professional: professionalName })
    .from(services)
    .leftJoin(profiles, eq(profiles.userId, services.userId))
    .where(inScope(scope, services.userId))
    .orderBy(asc(services.name), asc(services.id));
}
