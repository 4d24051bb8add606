// The agenda's list ('Lista'): a period's appointments a page at a time, with their counts, the
// summary cards, the period's pending requests and how many wait elsewhere, and the appointment a
// delete or a cancel asks about: one round trip. Every statement is scoped by the professional's id.
import { and, asc, between, count, eq } from "drizzle-orm";
import { appointments, bookingRequests, clients } from "../../../db/schema";
import { pendingRequestsBetween, pendingRequestView } from "./pending-requests.server";
import { pendingFrom } from "../availability/slot-claims.server";
import { minutesToTime, nowInZone } from "../dates";
import { noticeTargets } from "../notifications/change-notices.server";
import { AGENDA_PERIOD_RULES, resolvePeriod } from "../periods";
import { ReadBatch, type Db } from "../../utils/db.server";
import type { WhatsappSettings } from "../../utils/whatsapp.server";
import { confirmCancelOf } from "./professional-changes.server";
import { confirmDeleteOf, isAppointmentId, ownedAppointment, ownJoins, timedColumns, type Professional } from "./records.server";
import { actionsAt, type LocalNow } from "./statuses";
import { notCancelled } from "../status-rules.server";
import { countWhere, summaryReads } from "./summary.server";
import { closingStatusColumn } from "../cash/closings.server";
import { appointmentDeposit, depositColumns, depositJoin } from "../deposits/deposits.server";

export const PAGE_SIZE = 50;

export type ListQuery = {
  period: { periodo: string | null; de: string | null; ate: string | null };
  page: number;
  /** The ids a delete or a cancel asks about (null: not asked; an unusable id is not found). */
  deleting: string | null;
  cancelling: string | null;
};

type Range = { from: string; to: string };

function rowsQuery(db: Db, userId: string, range: Range, page: number) {
  return db
    .select({
      ...timedColumns,
      priceCents: appointments.priceCents,
      notes: appointments.notes,
      clientName: clients.name,
      seriesId: appointments.seriesId,
      updatedAt: appointments.updatedAt,
      customerConfirmedAt: appointments.customerConfirmedAt,
      cancelledBy: appointments.cancelledBy,
      closing: closingStatusColumn(appointments.id),
      deposit: depositColumns,
    })
    .from(appointments)
    .leftJoin(clients, ownJoins(userId).client)
    .leftJoin(bookingRequests, depositJoin(userId))
    .where(and(eq(appointments.userId, userId), between(appointments.date, range.from, range.to)))
    .orderBy(asc(appointments.date), asc(appointments.startMinute), asc(appointments.createdAt))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
}

function listReads(db: Db, userId: string, range: Range | null, q: ListQuery, local: LocalNow, now: Date) {
  const reads = new ReadBatch();
  const inRange = range ? and(eq(appointments.userId, userId), between(appointments.date, range.from, range.to)) : null;
  const deleting = isAppointmentId(q.deleting) ? q.deleting : null;
  const cancelling = isAppointmentId(q.cancelling) ? q.cancelling : null;
  const got = {
    rows: range ? reads.add(rowsQuery(db, userId, range, q.page)) : () => [],
    period: inRange
      ? reads.add(db.select({ total: count(), active: countWhere(notCancelled) }).from(appointments).where(inRange))
      : () => [{ total: 0, active: 0 }],
    summary: summaryReads(reads, db, userId, local),
    any: reads.add(db.select({ id: appointments.id }).from(appointments).where(eq(appointments.userId, userId)).limit(1)),
    deleting: deleting
      ? reads.add(
          db
            .select({
              id: appointments.id,
              date: appointments.date,
              startMinute: appointments.startMinute,
              serviceName: appointments.serviceName,
              seriesId: appointments.seriesId,
              clientName: clients.name,
            })
            .from(appointments)
            .leftJoin(clients, ownJoins(userId).client)
            .where(ownedAppointment(userId, deleting)),
        )
      : () => [],
    // The period's pending requests, shown as Dia and Semana show them, and how many wait elsewhere.
    requests: range ? reads.add(pendingRequestsBetween(db, userId, range.from, range.to, now)) : () => [],
    pending: reads.add(db.select({ n: count() }).from(bookingRequests).where(pendingFrom(userId, local.date, now))),
    cancelling: cancelling ? reads.add(noticeTargets(db, userId, eq(appointments.id, cancelling))) : () => [],
  };
  return { reads, got };
}

/** The list of a period and page; null when the address asks about an appointment that is missing or someone else's. */
export async function readList(db: Db, user: Professional, q: ListQuery, now: Date, whatsapp: WhatsappSettings | null) {
  const local = nowInZone(user.profile.timeZone, now);
  const today = local.date;
  const filter = resolvePeriod(AGENDA_PERIOD_RULES, q.period, today);
  const { reads, got } = listReads(db, user.id, filter.range, q, local, now);
  await reads.run(db);
  const [toDelete] = got.deleting();
  const [toCancel] = got.cancelling();
  if ((q.deleting !== null && !toDelete) || (q.cancelling !== null && !toCancel)) return null;
  const [periodStats] = got.period();
  const requests = got.requests().map((r) => pendingRequestView(r, user.profile.timeZone));
  const total = periodStats?.total ?? 0;
  return {
    today,
    filter,
    page: q.page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    total,
    rows: got.rows().map(({ seriesId, updatedAt, customerConfirmedAt, cancelledBy, deposit, ...r }) => ({
      ...r,
      deposit: appointmentDeposit(deposit, user.profile.timeZone, now)?.view ?? null,
      customerConfirmed: customerConfirmedAt !== null,
      time: minutesToTime(r.startMinute),
      recurring: seriesId !== null,
      actions: actionsAt({ ...r, cancelledBy }, updatedAt, user.profile.timeZone, now), // by the clock
    })),
    summary: got.summary(Number(periodStats?.active ?? 0)),
    hasAny: got.any().length > 0,
    confirmDelete: toDelete ? confirmDeleteOf(toDelete, toDelete.clientName) : null,
    requests,
    otherPendingCount: Math.max(0, (got.pending()[0]?.n ?? 0) - requests.filter((r) => r.date >= today).length),
    confirmCancel: confirmCancelOf(toCancel, whatsapp),
  };
}
