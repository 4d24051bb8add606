// SQL aggregates behind the dashboard and the profile page. Every statement has the
// professional's id in its WHERE (and in the ON of every join); the rules that turn these
// figures into cards and tips live in app/domain/metrics/insights.ts (pure, unit-tested).
import { and, between, count, desc, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import { appointments, clients, linkedAccounts, moneyDays, profiles, users } from "../../../db/schema";
import { keptDaysIn, keptMoneyColumns, revenueOf, serviceLinesSql } from "../cash/revenue.server";
import type { CurrentUser } from "../accounts/access.server";
import type { Db } from "../../utils/db.server";
import { isVipClient, newClientsCount } from "../clients/clients.server";
import { AT_RISK_CLIENTS, atRiskClient, PERIOD_CLIENT_TOTALS, periodClientsSql } from "./client-figures.server";
import { AT_RISK_NAMES, bestCustomersFirst, monthWindows, type ClientFigures, type PeriodTotals } from "./dashboard-figures";
import { addDays, localMidnightMs, nowInZone, type DateRange } from "../dates";
import { birthdayKeys } from "../clients/birthdays";
import { notCancelled, statusIn, statusIs } from "../status-rules.server";
import { asScope, type FigureScope } from "../salon";
import { inScope } from "../salon.server";
import { ACTIVE_STATUSES, APPOINTMENT_STATUS } from "../status-rules";

/** Today and the compared periods in the professional's zone, with the instants they start at. */
export function dashboardClock(timeZone: string, now = new Date()) {
  const today = nowInZone(timeZone, now).date;
  const w = monthWindows(today);
  return {
    now,
    today,
    ...w,
    monthStartMs: localMidnightMs(w.current.from, timeZone),
    previousStartMs: localMidnightMs(w.previous.from, timeZone),
    /** Exclusive end of the previous window: midnight after its last day. */
    previousEndMs: localMidnightMs(addDays(w.previous.to, 1), timeZone),
    tomorrowStartMs: localMidnightMs(w.tomorrow, timeZone),
  };
}
export type DashboardClock = ReturnType<typeof dashboardClock>;

// ------------------------------------------------------------------ building blocks

const completed = statusIs(APPOINTMENT_STATUS.completed);

function inRange(range: DateRange) {
  return sql`${appointments.date} between ${range.from} and ${range.to}`;
}

/** Completed count, non-cancelled count and 'Previsto' (appointments Agendado or Confirmado at list prices) of one date range. */
export function periodColumns(range: DateRange) {
  const within = inRange(range);
  return {
    expected: sql<number>`coalesce(sum(case when ${statusIn(ACTIVE_STATUSES)} and ${within} then ${appointments.priceCents} else 0 end), 0)`.mapWith(Number),
    completed: sql<number>`coalesce(sum(case when ${completed} and ${within} then 1 else 0 end), 0)`.mapWith(Number),
    appointments: sql<number>`coalesce(sum(case when ${notCancelled} and ${within} then 1 else 0 end), 0)`.mapWith(Number),
  };
}

/** 'Faturamento' of one date range, from the figures kept per day (over `money_days`). */
export function periodMoneyColumns(range: DateRange) {
  return keptMoneyColumns(sql`${moneyDays.date} between ${range.from} and ${range.to}`);
}

export function prefixed<P extends string, T extends Record<string, unknown>>(prefix: P, cols: T) {
  return Object.fromEntries(Object.entries(cols).map(([k, v]) => [`${prefix}_${k}`, v])) as {
    [K in keyof T & string as `${P}_${K}`]: T[K];
  };
}

export function pick(row: Record<string, number> | undefined, prefix: string): PeriodTotals {
  const money = revenueOf(row, `${prefix}_`);
  return {
    revenueCents: money.revenueCents,
    receivedCents: money.receivedCents,
    unclosedCents: money.unclosedCents,
    unclosedCount: money.unclosedCount,
    tipsCents: money.tipsCents,
    expectedCents: row?.[`${prefix}_expected`] ?? 0,
    completed: row?.[`${prefix}_completed`] ?? 0,
    appointments: row?.[`${prefix}_appointments`] ?? 0,
  };
}

/** The dashboard's periods: today, yesterday, month-to-date, the previous window, the whole month and what is ahead. */
function dashboardPeriods(clock: DashboardClock) {
  return {
    today: { from: clock.today, to: clock.today },
    yesterday: { from: clock.yesterday, to: clock.yesterday },
    current: clock.current,
    previous: clock.previous,
    month: clock.month,
    ahead: { from: clock.today, to: clock.month.to },
  };
}

/** The periods' counts and 'Previsto' in one scan of the appointments: a professional's, or the salon's. */
export function totalsQuery(db: Db, who: string | FigureScope, clock: DashboardClock) {
  const scope = asScope(who);
  const p = dashboardPeriods(clock);
  return db
    .select({
      ...prefixed("today", periodColumns(p.today)),
      ...prefixed("yesterday", periodColumns(p.yesterday)),
      ...prefixed("current", periodColumns(p.current)),
      ...prefixed("previous", periodColumns(p.previous)),
      ...prefixed("month", periodColumns(p.month)),
      ...prefixed("ahead", periodColumns(p.ahead)),
    })
    .from(appointments)
    .where(and(inScope(scope, appointments.userId), between(appointments.date, clock.previous.from, clock.month.to)));
}

/** The same periods' 'Faturamento', from the figures kept per day (one row per day read). */
export function moneyTotalsQuery(db: Db, who: string | FigureScope, clock: DashboardClock) {
  const p = dashboardPeriods(clock);
  return db
    .select({
      ...prefixed("today", periodMoneyColumns(p.today)),
      ...prefixed("yesterday", periodMoneyColumns(p.yesterday)),
      ...prefixed("current", periodMoneyColumns(p.current)),
      ...prefixed("previous", periodMoneyColumns(p.previous)),
    })
    .from(moneyDays)
    .where(keptDaysIn(who, { from: clock.previous.from, to: clock.month.to }));
}

/** The clients now, when the month began and new this month: a professional's, or the salon's (counts only). */
export function clientTotalsQuery(db: Db, who: string | FigureScope, clock: DashboardClock) {
  const scope = asScope(who);
  return db
    .select({
      total: count(),
      newThisMonth: newClientsCount(clock.monthStartMs),
      newPrevious: newClientsCount(clock.previousStartMs, clock.previousEndMs),
    })
    .from(clients)
    .where(inScope(scope, clients.userId));
}

/**
 * The figures the tips and the summary need of the clients (insights.ts `clientFigures` is the
 * rule), as a handful of rows: the month's visiting and recurring clients (the same SQL as
 * Relatórios: client-figures.server.ts), and from the figures the database keeps on each client
 * (completed spend, last visit, latest appointment: migrations 0007 and figures_visits) the VIPs'
 * count and biggest spenders and the clients at risk with the best customers first (ties at the
 * edge included: the names are ordered in JS).
 */
export function clientFiguresQuery(db: Db, userId: string, clock: DashboardClock) {
  const own = sql`${clients.userId} = ${userId}`;
  const atRisk = atRiskClient(userId, clock.today);
  const month = and(eq(appointments.userId, userId), inRange(clock.current), notCancelled)!;
  return db.all<{ kind: string; name: string | null; a: number; b: number | null }>(sql`
    with per_client as materialized (${periodClientsSql(clock.current, month)}),
      month_totals as (select ${PERIOD_CLIENT_TOTALS} from per_client)
    select 'month' as kind, null as name, visited as a, recurring as b from month_totals
    union all
    select 'vip-count', null, count(*), null from ${clients} where ${isVipClient} and ${own}
    union all
    select 'vip', ${clients.name}, ${clients.spentCents}, null from ${clients}
      where ${own} and ${isVipClient}
        and ${clients.spentCents} = (select max(${clients.spentCents}) from ${clients} where ${own})
    union all
    select 'risk-count', null, count(*), null from ${AT_RISK_CLIENTS} where ${atRisk}
    union all
    select 'risk', ${clients.name}, ${clients.spentCents}, null from ${AT_RISK_CLIENTS}
      where ${atRisk} and ${clients.spentCents} >= coalesce(
        (select ${clients.spentCents} from ${AT_RISK_CLIENTS} where ${atRisk}
          order by ${clients.spentCents} desc limit 1 offset ${AT_RISK_NAMES - 1}), 0)
  `);
}

/** The month's visiting and recurring clients of the salon (counts only: the names stay each professional's). */
export function salonMonthClientsQuery(db: Db, scope: FigureScope, clock: DashboardClock) {
  const month = and(inScope(scope, appointments.userId), inRange(clock.current), notCancelled)!;
  return db.all<{ visited: number; recurring: number }>(sql`
    with per_client as materialized (${periodClientsSql(clock.current, month)})
    select ${PERIOD_CLIENT_TOTALS} from per_client`);
}

export function figuresFrom(rows: { kind: string; name: string | null; a: number; b: number | null }[]): ClientFigures {
  const one = (kind: string) => rows.find((r) => r.kind === kind);
  const [top] = rows
    .filter((r) => r.kind === "vip")
    .map((r) => ({ name: r.name ?? "", spentCents: Number(r.a) }))
    .sort(bestCustomersFirst);
  const atRisk = rows
    .filter((r) => r.kind === "risk")
    .map((r) => ({ name: r.name ?? "", spentCents: Number(r.a) }))
    .sort(bestCustomersFirst);
  return {
    month: { clients: Number(one("month")?.a ?? 0), returning: Number(one("month")?.b ?? 0) },
    vip: { count: Number(one("vip-count")?.a ?? 0), top: top ?? null },
    atRisk: { count: Number(one("risk-count")?.a ?? 0), names: atRisk.slice(0, AT_RISK_NAMES).map((c) => c.name) },
  };
}

export function lastCreatedQuery(db: Db, userId: string) {
  return db
    .select({ createdAt: appointments.createdAt })
    .from(appointments)
    .where(eq(appointments.userId, userId))
    .orderBy(desc(appointments.createdAt))
    .limit(1);
}

/** The professional's completed appointments month-to-date. */
function completedThisMonth(userId: string, clock: DashboardClock) {
  return and(
    eq(appointments.userId, userId),
    eq(appointments.status, APPOINTMENT_STATUS.completed),
    between(appointments.date, clock.current.from, clock.current.to),
  );
}

export function weekdayRevenueQuery(db: Db, userId: string, clock: DashboardClock) {
  const weekday = sql<number>`cast(strftime('%w', ${moneyDays.date}) as integer)`;
  return db
    .select({
      weekday: weekday.mapWith(Number),
      ...keptMoneyColumns(),
    })
    .from(moneyDays)
    .where(keptDaysIn(userId, clock.current))
    .groupBy(weekday);
}

/**
 * The month's most sold service: by what was charged (cash/revenue.server.ts `serviceLinesSql`:
 * the closing's service items, list prices without a closing), grouped by name (a renamed or
 * deleted service keeps its history).
 */
export function topServiceQuery(db: Db, userId: string, clock: DashboardClock) {
  return db.all<{ name: string; sales: number; revenueCents: number }>(sql`
    with lines as (${serviceLinesSql(userId, completedThisMonth(userId, clock)!)})
    select name, sum(n) as sales, sum(cents) as revenueCents
    from lines
    where name <> ''
    group by name
    order by sum(n) desc, sum(cents) desc, name
    limit 1`);
}

/** The 4 most recently created appointments, with the client's name (the client joined by owner too). */
export function recentQuery(db: Db, userId: string) {
  return db
    .select({
      id: appointments.id,
      date: appointments.date,
      startMinute: appointments.startMinute,
      status: appointments.status,
      serviceName: appointments.serviceName,
      clientName: clients.name,
    })
    .from(appointments)
    .leftJoin(clients, and(eq(clients.id, appointments.clientId), eq(clients.userId, userId)))
    .where(eq(appointments.userId, userId))
    .orderBy(desc(appointments.createdAt), desc(appointments.id))
    .limit(4);
}

/** The owner's business when this user is an active linked account (matched by e-mail or id). */
export function linkedOwnerQuery(db: Db, user: Pick<CurrentUser, "id" | "email">) {
  return db
    .select({ businessName: profiles.businessName, fullName: profiles.fullName })
    .from(linkedAccounts)
    .innerJoin(profiles, eq(profiles.userId, linkedAccounts.ownerId))
    .where(
      and(
        eq(linkedAccounts.status, "active"),
        ne(linkedAccounts.ownerId, user.id),
        or(eq(linkedAccounts.linkedUserEmail, user.email.toLowerCase()), eq(linkedAccounts.linkedUserId, user.id)),
      ),
    )
    .limit(1);
}

export function flagsQuery(db: Db, userId: string) {
  return db
    .select({
      setupCompletedAt: users.setupCompletedAt,
      guideSeenAt: users.guideSeenAt,
      tutorialSteps: users.tutorialSteps,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
}

/** At most this many of the week's birthdays are listed. */
const BIRTHDAYS_SHOWN = 30;

/** The clients whose birthday falls in the week from today ('Aniversariantes da semana'). */
export function birthdaysQuery(db: Db, userId: string, clock: DashboardClock) {
  return db
    .select({ id: clients.id, name: clients.name, phone: clients.phone, birthDate: sql<string>`${clients.birthDate}` })
    .from(clients)
    .where(
      and(
        eq(clients.userId, userId),
        isNotNull(clients.birthDate),
        inArray(sql`substr(${clients.birthDate}, 6, 5)`, birthdayKeys(clock.today)),
      ),
    )
    .orderBy(clients.name)
    .limit(BIRTHDAYS_SHOWN);
}
