// The agenda's summary cards, the same over the list and the calendar: today's appointments (not
// cancelled) and 'Faturamento' (cash/revenue.server.ts), and the next appointment to come. Read in the caller's batch.
import { and, asc, eq, gt, gte, or, sql, type SQL } from "drizzle-orm";
import { appointments, cashClosings, clients } from "../../../db/schema";
import { closingOf, moneyColumns, revenueOf } from "../cash/revenue.server";
import type { Db, ReadBatch } from "../../utils/db.server";
import { minutesToTime } from "../dates";
import { ownJoins } from "./records.server";
import { activeAppointment, notCancelled } from "../status-rules.server";
import type { LocalNow } from "./statuses";

/** How many of a query's rows hold a condition (0 over none). */
export const countWhere = (condition: SQL) => sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;

/** Adds the summary's reads to `reads`; the getter answers once the batch ran (`periodCount`: the caller's). */
export function summaryReads(reads: ReadBatch, db: Db, userId: string, now: LocalNow) {
  const todayOf = reads.add(
    db
      .select({
        count: countWhere(notCancelled),
        ...moneyColumns(),
      })
      .from(appointments)
      .leftJoin(cashClosings, closingOf(userId))
      .where(and(eq(appointments.userId, userId), eq(appointments.date, now.date))),
  );
  const nextOf = reads.add(
    db
      .select({ date: appointments.date, startMinute: appointments.startMinute, clientName: clients.name })
      .from(appointments)
      .leftJoin(clients, ownJoins(userId).client)
      .where(
        and(
          eq(appointments.userId, userId),
          activeAppointment,
          or(gt(appointments.date, now.date), and(eq(appointments.date, now.date), gte(appointments.startMinute, now.minute))),
        ),
      )
      .orderBy(asc(appointments.date), asc(appointments.startMinute))
      .limit(1),
  );
  return (periodCount: number) => {
    const [today] = todayOf();
    const [next] = nextOf();
    return {
      todayCount: Number(today?.count ?? 0),
      periodCount,
      todayRevenueCents: revenueOf(today).revenueCents,
      todayUnclosedCents: revenueOf(today).unclosedCents,
      next: next ? { date: next.date, time: minutesToTime(next.startMinute), clientName: next.clientName } : null,
    };
  };
}
