// The profile page's figures: lifetime totals and this month against the last.
import { and, between, count, eq, sql } from "drizzle-orm";
import { appointments, moneyDays } from "../../../db/schema";
import { keptMoneyColumns, revenueOf } from "../cash/revenue.server";
import type { Db } from "../../utils/db.server";
import type { LifetimeTotals } from "./achievements";
import { clientTotalsQuery, dashboardClock, flagsQuery, periodColumns, periodMoneyColumns, pick, prefixed } from "./dashboard-queries.server";
import { APPOINTMENT_STATUS } from "../status-rules";

/** Lifetime figures of the profile page (completed appointments only; 'Faturamento' as cash/revenue.server.ts) and this month vs last. */
export async function loadProfileStats(db: Db, userId: string, timeZone: string, now = new Date()) {
  const clock = dashboardClock(timeZone, now);
  const [lifetimeRows, lifetimeMoneyRows, monthRows, monthMoneyRows, clientRows, flags] = await db.batch([
    db
      .select({
        clientsServed: sql<number>`count(distinct ${appointments.clientId})`.mapWith(Number),
        completed: count(),
        averageMinutes: sql<number | null>`avg(${appointments.durationMinutes})`,
      })
      .from(appointments)
      .where(and(eq(appointments.userId, userId), eq(appointments.status, APPOINTMENT_STATUS.completed))),
    db.select(keptMoneyColumns()).from(moneyDays).where(eq(moneyDays.userId, userId)),
    db
      .select({
        ...prefixed("current", periodColumns(clock.current)),
        ...prefixed("previous", periodColumns(clock.previous)),
      })
      .from(appointments)
      .where(and(eq(appointments.userId, userId), between(appointments.date, clock.previous.from, clock.current.to))),
    db
      .select({
        ...prefixed("current", periodMoneyColumns(clock.current)),
        ...prefixed("previous", periodMoneyColumns(clock.previous)),
      })
      .from(moneyDays)
      .where(and(eq(moneyDays.userId, userId), between(moneyDays.date, clock.previous.from, clock.current.to))),
    clientTotalsQuery(db, userId, clock),
    flagsQuery(db, userId),
  ]);
  const l = lifetimeRows[0];
  const lifetime: LifetimeTotals & { averageMinutes: number | null } = {
    clientsServed: l?.clientsServed ?? 0,
    completed: l?.completed ?? 0,
    revenueCents: revenueOf(lifetimeMoneyRows[0]).revenueCents,
    averageMinutes: l?.averageMinutes == null ? null : Math.round(Number(l.averageMinutes)),
  };
  const m = { ...monthRows[0], ...monthMoneyRows[0] };
  const c = clientRows[0];
  return {
    clock,
    lifetime,
    current: { ...pick(m, "current"), newClients: c?.newThisMonth ?? 0 },
    previous: { ...pick(m, "previous"), newClients: c?.newPrevious ?? 0 },
    memberSince: flags[0]?.createdAt ?? now,
  };
}
