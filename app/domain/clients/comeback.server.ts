// 'Hora de voltar' (issue 24, docs/decisions/0945): the regulars who are late, in one SQL
// statement over the professional's clients (their usual interval kept on each row by the
// database, migration waitlist_usual_interval) (read in the batch of whichever page shows it: Clientes'
// filter, the dashboard's card, Lembretes' group; `npm run bench`: 5,000 clients, 50,000
// appointments). A client with at least three completed visits (on three dates; no-shows and
// cancellations are no visit) has a usual interval: the median gap between them. With nothing
// booked from today on, they are due once their last visit is more than that interval plus a
// margin (the larger of 7 days or 30%) ago — unless they said 'Não chamar', or were sent the
// message less than one interval ago. Always one professional's own clients.
import { and, eq, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { appointments, clients, comebackMessages } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { addDays } from "../dates";
import { MARGIN_DAYS, MARGIN_SHARE } from "./comeback";
import { statusIs, statusIsNot } from "../status-rules.server";
import { APPOINTMENT_STATUS } from "../status-rules";

const DAY_MS = 86_400_000;

/**
 * The due clients as a subquery: `client_id`, `interval_days` (the usual interval, kept on the
 * client's row by the database's triggers), `days_since`. `today` is the professional's local date.
 */
export function comebackDue(userId: string, today: string, now: Date): SQL {
  // Nobody is due sooner than a day's interval plus the 7-day margin after their last visit.
  const latest = addDays(today, -(1 + MARGIN_DAYS));
  return sql`select c.id as client_id, c.usual_interval_days as interval_days,
      cast(julianday(${today}) - julianday(c.last_visit_date) as integer) as days_since
    from ${clients} c
    where c.user_id = ${userId} and c.last_visit_date <= ${latest} and coalesce(c.last_appointment_date, '') < ${today}
      and c.usual_interval_days is not null and c.comeback_opt_out = 0
      and julianday(${today}) - julianday(c.last_visit_date) > c.usual_interval_days + max(${MARGIN_DAYS}, ${MARGIN_SHARE} * c.usual_interval_days)
      and (c.comeback_sent_at is null or c.comeback_sent_at < ${now.getTime()} - c.usual_interval_days * ${DAY_MS})`;
}

/** How many are due (the dashboard's card), unexecuted: read in the page's batch. */
export function comebackCountQuery(db: Db, userId: string, today: string, now: Date) {
  return db.all<{ n: number }>(sql`select count(*) as n from (${comebackDue(userId, today, now)})`);
}

/** The condition on `clients` for Clientes' 'Hora de voltar' filter. */
export function isComebackDue(userId: string, today: string, now: Date): SQL {
  return sql`${clients.id} in (select client_id from (${comebackDue(userId, today, now)}))`;
}

export type ComebackRow = { id: string; name: string; phone: string; intervalDays: number; daysSince: number; service: string | null };

/** The due clients with what their message says: the longest-late first, their most frequent service. */
export async function comebackList(db: Db, userId: string, today: string, now: Date, limit = 200): Promise<ComebackRow[]> {
  const rows = await db.all<{ id: string; name: string; phone: string; interval_days: number; days_since: number; service: string | null }>(sql`
    select c.id, c.name, c.phone, d.interval_days, d.days_since,
      (select a.service_name from ${appointments} a indexed by appointments_user_client_metrics_idx
        where a.user_id = ${userId} and a.client_id = c.id and ${statusIs(APPOINTMENT_STATUS.completed, sql`a.status`)}
        group by a.service_name order by count(*) desc, max(a.date) desc limit 1) as service
    from (select * from (${comebackDue(userId, today, now)}) order by days_since - interval_days desc limit ${limit}) d
    join ${clients} c on c.id = d.client_id
    order by d.days_since - d.interval_days desc, c.name`);
  return rows.map((r) => ({ id: r.id, name: r.name, phone: r.phone, intervalDays: Math.round(r.interval_days), daysSince: r.days_since, service: r.service || null }));
}

/**
 * The writes that record a message sent to one of the professional's clients (for Relatórios),
 * only if they were not sent one within their interval: the claim of the client's mark, then the
 * record only if that claim changed the row (`changes()`, run in one batch): two senders at once
 * record one.
 */
export function comebackSentStatements(db: Db, userId: string, clientId: string, channel: "tap" | "whatsapp", intervalDays: number, now: Date) {
  const mine = and(eq(clients.id, clientId), eq(clients.userId, userId));
  return [
    db
      .update(clients)
      .set({ comebackSentAt: now })
      .where(and(mine, or(isNull(clients.comebackSentAt), lt(clients.comebackSentAt, new Date(now.getTime() - intervalDays * DAY_MS))))),
    db
      .insert(comebackMessages)
      .select(
        sql`select ${crypto.randomUUID()}, ${userId}, ${clientId}, ${channel}, ${Math.round(intervalDays)}, ${now.getTime()}, ${now.getTime()}, ${now.getTime()}
          where changes() = 1`,
      ),
  ] as const;
}

/** One tap in Lembretes: the message recorded as sent; false if it was already (or the client is not theirs). */
export async function markComebackSent(db: Db, userId: string, clientId: string, intervalDays: number, now = new Date()): Promise<boolean> {
  const [updated] = await db.batch(comebackSentStatements(db, userId, clientId, "tap", intervalDays, now));
  return updated.rowsAffected > 0;
}

/** 'Não chamar': off the list for good (or back on it); false if not theirs. */
export async function setComebackOptOut(db: Db, userId: string, clientId: string, optOut: boolean): Promise<boolean> {
  const updated = await db
    .update(clients)
    .set({ comebackOptOut: optOut })
    .where(and(eq(clients.id, clientId), eq(clients.userId, userId)))
    .returning({ id: clients.id });
  return updated.length > 0;
}

/**
 * Relatórios: the messages sent in the period and how many turned into a booking within 14 days
 * (an appointment of that client, not cancelled, made after the message and within 14 days).
 */
export function comebackConversionQuery(db: Db, userId: string, fromMs: number, toMs: number) {
  const m = comebackMessages;
  return db.all<{ sent: number; booked: number }>(sql`
    select count(*) as sent, coalesce(sum(exists (select 1 from ${appointments} a where a.user_id = ${userId} and a.client_id = ${m.clientId}
      and ${statusIsNot(APPOINTMENT_STATUS.cancelled, sql`a.status`)} and a.created_at >= ${m.sentAt} and a.created_at < ${m.sentAt} + ${14 * DAY_MS})), 0) as booked
    from ${m} where ${m.professionalId} = ${userId} and ${m.sentAt} >= ${fromMs} and ${m.sentAt} < ${toMs}`);
}
