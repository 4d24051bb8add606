// 'Faturamento' in SQL (issue 22, decision 0920): the sums received.ts's `receivedCents` needs,
// read over the professional's appointments joined to their closing, so the dashboard, the
// agenda's summary, Relatórios and the Caixa add up the same money in one place; for the salon
// ('Salão', docs/decisions/1050) the same sums over its professionals' appointments, each joined
// to its own professional's closing. A completed
// appointment without a closing (older data, the old 'Concluir') counts at its list price as
// 'sem fechamento', told apart on every screen that shows it.
import { and, eq, sql, type SQL } from "drizzle-orm";
import { appointments, cashClosingItems, cashClosings, cashPayments, moneyDays, serviceDays } from "../../../db/schema";
import { receivedCents } from "./received";
import { asScope, type FigureScope } from "../salon";
import { inScope } from "../salon.server";
import type { DateRange } from "../dates";
import { statusIs } from "../status-rules.server";
import { APPOINTMENT_STATUS } from "../status-rules";

/** An appointment's closing by its own professional (the appointments bounded by the caller). */
export const ownClosing: SQL = and(eq(cashClosings.appointmentId, appointments.id), eq(cashClosings.userId, appointments.userId))!;

/**
 * The LEFT JOIN's condition: an appointment's closing, the professional's too; for the salon,
 * each appointment's closing by its own professional (the appointments are bounded by the caller).
 */
export function closingOf(who: string | FigureScope): SQL {
  const scope = asScope(who);
  if (scope.salon) return ownClosing;
  return and(eq(cashClosings.appointmentId, appointments.id), eq(cashClosings.userId, scope.userId))!;
}

/** A closing item of the closing joined by `closingOf`: the same professional's. */
function itemOf(who: string | FigureScope): SQL {
  const scope = asScope(who);
  return scope.salon
    ? sql`${cashClosingItems.closingId} = ${cashClosings.id} and ${cashClosingItems.userId} = ${cashClosings.userId}`
    : sql`${cashClosingItems.closingId} = ${cashClosings.id} and ${cashClosingItems.userId} = ${scope.userId}`;
}

const paidAtTheChair = sql`(select coalesce(sum(${cashPayments.amountCents}), 0) from ${cashPayments} where ${cashPayments.closingId} = ${cashClosings.id})`;
const completed = statusIs(APPOINTMENT_STATUS.completed);

const sumWhen = (condition: SQL, value: SQL) => sql<number>`coalesce(sum(case when ${condition} then ${value} else 0 end), 0)`.mapWith(Number);

/**
 * The money columns of the completed appointments that hold `within` (all of them without it),
 * over `appointments LEFT JOIN cash_closings ON closingOf(userId)`.
 */
export function moneyColumns(within: SQL = sql`1`) {
  const done = sql`${completed} and ${within}`;
  const paid = sql`${done} and ${cashClosings.status} = 'paid'`;
  const pending = sql`${done} and ${cashClosings.status} = 'pending'`;
  const unclosed = sql`${done} and ${cashClosings.id} is null`;
  return {
    paid: sumWhen(paid, paidAtTheChair),
    tips: sumWhen(paid, sql`${cashClosings.tipCents}`),
    paidDeposits: sumWhen(paid, sql`${cashClosings.depositCents}`),
    pendingDeposits: sumWhen(pending, sql`${cashClosings.depositCents}`),
    unclosed: sumWhen(unclosed, sql`${appointments.priceCents}`),
    unclosedCount: sumWhen(unclosed, sql`1`),
  };
}

/**
 * An appointment's closing as received.ts reads it, over the same LEFT JOIN (`closingStatus` null
 * without a closing): for figures of one appointment at a time (`visitCents`).
 */
export const closingColumns = {
  closingStatus: cashClosings.status,
  closingPaidCents: sql<number>`${paidAtTheChair}`.mapWith(Number),
  closingTipCents: cashClosings.tipCents,
  closingDepositCents: cashClosings.depositCents,
};

/** What `closingColumns` read, as received.ts's input (null without a closing). */
export function closingOfRow(row: { closingStatus: "paid" | "pending" | null; closingPaidCents: number; closingTipCents: number | null; closingDepositCents: number | null }) {
  return row.closingStatus === null ? null : { status: row.closingStatus, paidCents: row.closingPaidCents, tipCents: row.closingTipCents ?? 0, depositCents: row.closingDepositCents ?? 0 };
}

/**
 * What each completed appointment brought, in SQL, over the same LEFT JOIN (0 for any other): the
 * per-row form of `moneyColumns` that received.ts's `visitCents` states, summed per client where a
 * client's spending in a period is shown (Relatórios' 'Clientes VIP'). The figure kept on each
 * client (spent_cents, migration client_spent_received) is its sum over all time.
 */
export const visitRevenueCents = sql`case when ${completed} then case
    when ${cashClosings.id} is null then ${appointments.priceCents}
    when ${cashClosings.status} = 'paid' then ${paidAtTheChair} - ${cashClosings.tipCents} + ${cashClosings.depositCents}
    else ${cashClosings.depositCents} end else 0 end`;

/**
 * The same sums as `moneyColumns`, read from the figures kept per day and professional
 * (`money_days`, docs/decisions/1230: the view `money_day_figures` is `moneyColumns` in the
 * migration's SQL, recounted by triggers at every write of an appointment, a closing or a
 * payment) for the days that hold `within`, over `money_days` bounded by the caller. A page's
 * money then costs a row per day instead of a join per appointment.
 */
export function keptMoneyColumns(within: SQL = sql`1`) {
  return {
    paid: sumWhen(within, sql`${moneyDays.paidCents}`),
    tips: sumWhen(within, sql`${moneyDays.tipCents}`),
    paidDeposits: sumWhen(within, sql`${moneyDays.paidDepositCents}`),
    pendingDeposits: sumWhen(within, sql`${moneyDays.pendingDepositCents}`),
    unclosed: sumWhen(within, sql`${moneyDays.unclosedCents}`),
    unclosedCount: sumWhen(within, sql`${moneyDays.unclosedCount}`),
  };
}

/** What the paid closings took by method (tips inside) on the kept days that hold `within`. */
export function keptMethodColumns(within: SQL = sql`1`) {
  return {
    pix: sumWhen(within, sql`${moneyDays.pixCents}`),
    cash: sumWhen(within, sql`${moneyDays.cashCents}`),
    debit: sumWhen(within, sql`${moneyDays.debitCents}`),
    credit: sumWhen(within, sql`${moneyDays.creditCents}`),
  };
}

/** The kept days of the scope (a professional's, or the salon's) inside `range`. */
export function keptDaysIn(who: string | FigureScope, range: DateRange): SQL {
  return and(inScope(asScope(who), moneyDays.userId), sql`${moneyDays.date} between ${range.from} and ${range.to}`)!;
}

/** The kept money of the scope per date inside `range` (columns named as `moneyColumns`, and `day`), for hand-written statements. */
export function keptMoneyPerDaySql(who: string | FigureScope, range: DateRange): SQL {
  const cols = keptMoneyColumns();
  return sql`select ${moneyDays.date} as day, ${sql.join(
    Object.entries(cols).map(([k, v]) => sql`${v} as ${sql.identifier(k)}`),
    sql`, `,
  )} from ${moneyDays} where ${keptDaysIn(who, range)} group by ${moneyDays.date}`;
}

export type MoneySums = { paid: number; tips: number; paidDeposits: number; pendingDeposits: number; unclosed: number; unclosedCount: number };
export type Revenue = {
  /** 'Faturamento': received plus the list prices of completed appointments without a closing. */
  revenueCents: number;
  /** What the closings brought (received.ts). */
  receivedCents: number;
  /** Completed without a closing, at their list prices ('sem fechamento'). */
  unclosedCents: number;
  unclosedCount: number;
  /** The professional's, never revenue. */
  tipsCents: number;
};

/** The figures of a row of `moneyColumns` (any prefix: `pick` reads `${prefix}paid` and so on). */
export function revenueOf(row: Record<string, unknown> | undefined, prefix = ""): Revenue {
  const n = (key: keyof MoneySums) => Number(row?.[`${prefix}${key}`] ?? 0);
  const received =
    receivedCents({ status: "paid", paidCents: n("paid"), tipCents: n("tips"), depositCents: n("paidDeposits") }) +
    receivedCents({ status: "pending", paidCents: 0, tipCents: 0, depositCents: n("pendingDeposits") });
  return { revenueCents: received + n("unclosed"), receivedCents: received, unclosedCents: n("unclosed"), unclosedCount: n("unclosedCount"), tipsCents: n("tips") };
}

/** Raw-SQL select list of `moneyColumns` (for hand-written statements), with an optional prefix on the names. */
export function moneySelect(within: SQL = sql`1`, prefix = ""): SQL {
  const cols = moneyColumns(within);
  return sql.join(
    Object.entries(cols).map(([k, v]) => sql`${v} as ${sql.identifier(`${prefix}${k}`)}`),
    sql`, `,
  );
}

/**
 * The services of the appointments that hold `where`, as rows (service_id, name, n, cents) for a
 * ranking: a completed appointment with a closing gives the services charged on it (closing items
 * of kind 'service', line prices as charged, before a discount on the whole closing); any other
 * gives its own service, once, at its list price when completed ('sem fechamento') or 0.
 * `serviceId` keeps only that service's lines (Relatórios' filter).
 */
export function serviceLinesSql(who: string | FigureScope, where: SQL, serviceId?: string | null): SQL {
  return sql`
    select ${cashClosingItems.serviceId} as service_id, ${cashClosingItems.name} as name, ${cashClosingItems.quantity} as n,
      ${cashClosingItems.quantity} * ${cashClosingItems.unitPriceCents} as cents
    from ${appointments}
    join ${cashClosings} on ${closingOf(who)}
    join ${cashClosingItems} on ${itemOf(who)}
    where ${where} and ${completed} and ${cashClosingItems.kind} = 'service'
      ${serviceId ? sql`and ${cashClosingItems.serviceId} = ${serviceId}` : sql``}
    union all
    select ${appointments.serviceId}, ${appointments.serviceName}, 1, case when ${completed} then ${appointments.priceCents} else 0 end
    from ${appointments}
    left join ${cashClosings} on ${closingOf(who)}
    where ${where} and not (${completed} and ${cashClosings.id} is not null)`;
}

/**
 * `serviceLinesSql` of the scope's completed appointments inside `range`, read from the services
 * kept per day and professional (`service_days`, docs/decisions/1260: the view
 * `service_day_figures` is that SQL in the migration's, recounted by triggers at every write of an
 * appointment, a closing or a closing's line): rows (service_id, name, n, cents), one per service
 * and day, for a ranking grouped by `coalesce(service_id, name)` with `max()` of the id and name.
 */
export function keptServicesPerDaySql(who: string | FigureScope, range: DateRange): SQL {
  return sql`select ${serviceDays.serviceId} as service_id, ${serviceDays.name} as name, ${serviceDays.count} as n, ${serviceDays.cents} as cents
    from ${serviceDays}
    where ${inScope(asScope(who), serviceDays.userId)} and ${serviceDays.date} between ${range.from} and ${range.to}`;
}
