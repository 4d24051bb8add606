// A booking request after it was made: the pending ones the professional has to answer, and what
// the customer does from their private link (cancel, 'Confirmo presença').
import { and, asc, count, desc, eq, inArray, not, sql } from "drizzle-orm";
import { appointments, bookingRequests } from "../../../db/schema";
import { pendingFrom, stillHeld } from "../availability/slot-claims.server";
import type { Db } from "../../utils/db.server";
import { queueEmail } from "../../utils/email.server";
import { activeAppointment, statusIn, statusIs, statusLiteral } from "../status-rules.server";
import { whyExpired, type ExpiredBecause } from "../deposits/deposit-words";
import { cancelledByCustomerEmail } from "./professional-emails.server";
import { bookingNotice, queuePush } from "../notifications/push.server";
import type { PushBooking } from "../notifications/push-texts";
import { APPOINTMENT_STATUS, ENDED_STATUSES } from "../status-rules";

/** The pending requests, soonest first (Solicitações, the dashboard's card). */
export function pendingRequests(db: Db, professionalId: string, today: string, limit: number) {
  return db
    .select()
    .from(bookingRequests)
    .where(pendingFrom(professionalId, today))
    .orderBy(asc(bookingRequests.date), asc(bookingRequests.startMinute))
    .limit(limit);
}

/**
 * How a request ended, as 'Respondidas recentemente' says it; an expiry says why (whyExpired): no
 * answer, its deposit not paid in time, or paid too late and given back.
 */
export type RequestOutcome = "accepted" | "cancelled-after-accept" | "declined" | "cancelled" | "expired" | "expired-unpaid" | "expired-paid-late";

const EXPIRED_OUTCOME = { unanswered: "expired", unpaid: "expired-unpaid", "paid-late": "expired-paid-late" } as const satisfies Record<ExpiredBecause, RequestOutcome>;

/**
 * The last requests no longer waiting (Solicitações' 'Respondidas recentemente'), newest first,
 * each with how it ended: one still pending here is past its expiry (it expired without an
 * answer), and an accepted one whose appointment the professional cancelled says so.
 */
export async function recentlyAnswered(db: Db, professionalId: string, now: Date, limit = 10) {
  const rows = await db
    .select({ request: bookingRequests, appointmentStatus: appointments.status, cancelledBy: appointments.cancelledBy })
    .from(bookingRequests)
    .leftJoin(appointments, eq(appointments.id, bookingRequests.appointmentId))
    .where(and(eq(bookingRequests.professionalId, professionalId), not(stillHeld(now))))
    .orderBy(desc(bookingRequests.updatedAt))
    .limit(limit);
  return rows.map(({ request, appointmentStatus, cancelledBy }) => {
    let outcome: RequestOutcome = request.status === "pending" || request.status === "expired" ? EXPIRED_OUTCOME[whyExpired(request)] : request.status;
    if (request.status === "accepted" && appointmentStatus === APPOINTMENT_STATUS.cancelled) outcome = cancelledBy === "customer" ? "cancelled" : "cancelled-after-accept";
    return { ...request, outcome };
  });
}

/** How many requests wait for an answer (the menu's badge). */
/** The count of requests waiting for an answer, from today on: one row `{ n }` (to batch with other reads). */
export function pendingRequestCount(db: Db, professionalId: string, today: string) {
  return db.select({ n: count() }).from(bookingRequests).where(pendingFrom(professionalId, today));
}

/**
 * A booking the customer cancels this soon after making it, before the professional answered it
 * (still pending, or confirmed automatically), is one notice to her, not two: no cancel e-mail
 * after the booking's, and the cancel's push takes the booking's place on her phone
 * (docs/decisions/1021). Solicitações and the agenda show it cancelled all the same.
 */
export const QUICK_CANCEL_MS = 15 * 60_000;

/**
 * The customer cancels through the private link: the request and its appointment, if any, and
 * the professional is told by e-mail (`notify`: their address, or null when they turned it off),
 * queued in the same batch only if the cancel happened, unless it is a quick change of mind
 * (QUICK_CANCEL_MS). False when nothing was cancelled; else the e-mail to deliver after answering.
 */
export async function cancelRequestByCustomer(db: Db, requestId: string, notify: string | null = null, now = new Date()) {
  const [row] = await db
    .select({ request: bookingRequests, appointmentMadeAt: appointments.createdAt })
    .from(bookingRequests)
    .leftJoin(appointments, eq(appointments.id, bookingRequests.appointmentId))
    .where(eq(bookingRequests.id, requestId));
  const request = row?.request;
  if (!request || (request.status !== "pending" && request.status !== "accepted")) return false;
  // Confirmed automatically: its appointment was written with the request, in the same batch.
  const auto = request.status === "accepted" && row.appointmentMadeAt?.getTime() === request.createdAt.getTime();
  const quick = (request.status === "pending" || auto) && now.getTime() - request.createdAt.getTime() < QUICK_CANCEL_MS;
  const cancelled = sql`exists (select 1 from ${bookingRequests} where ${bookingRequests.id} = ${requestId} and ${bookingRequests.status} = 'cancelled')`;
  const email = notify && !quick ? queueEmail(db, cancelledByCustomerEmail(notify, request), { onlyIf: cancelled }) : null;
  const replaces = quick ? { replaces: auto ? ("auto-confirmed" as const) : ("new-request" as const) } : {};
  const push = queuePush(db, bookingNotice(request.professionalId, "customer-cancel", request, replaces), { onlyIf: cancelled });
  // Conditional writes: a decline landing meanwhile is not overwritten, and an appointment the
  // professional already completed or marked as a no-show is history, not cancellable.
  const [marked] = await db.batch([
    db
      .update(bookingRequests)
      .set({ status: "cancelled" })
      .where(
        and(
          eq(bookingRequests.id, requestId),
          inArray(bookingRequests.status, ["pending", "accepted"]),
          sql`not exists (select 1 from ${appointments} where ${appointments.bookingRequestId} = ${requestId} and ${statusIn(ENDED_STATUSES)})`,
        ),
      )
      .returning({ id: bookingRequests.id }),
    db
      .update(appointments)
      .set({ status: "cancelled", cancelledBy: "customer", cancelReason: "" })
      .where(
        and(
          eq(appointments.bookingRequestId, requestId),
          eq(appointments.userId, request.professionalId),
          activeAppointment,
        ),
      ),
    ...(email?.statements ?? []),
    push.statement,
  ]);
  return marked.length === 1 ? { email: email?.queued ?? null, pushKey: push.key } : false;
}

/**
 * 'Confirmo presença' from the customer's reminder: their upcoming appointment becomes
 * 'Confirmado' (if it was only 'Agendado') and records when they confirmed, and the professional's
 * devices are told (its push key, for deliverSoon). False when there is nothing to confirm
 * (cancelled, past, already answered by the professional as done).
 */
export async function confirmAttendanceByCustomer(db: Db, request: PushBooking & { professionalId: string }, now = new Date()) {
  const requestId = request.id;
  const confirmed = sql`exists (select 1 from ${appointments} where ${appointments.bookingRequestId} = ${requestId} and ${appointments.customerConfirmedAt} = ${now.getTime()})`;
  // The professional's devices hear of it, once per booking.
  const push = queuePush(db, bookingNotice(request.professionalId, "attendance", request), { onlyIf: confirmed, now });
  const [updated] = await db.batch([
    db
      .update(appointments)
      .set({ status: sql`case when ${statusIs(APPOINTMENT_STATUS.scheduled)} then ${statusLiteral(APPOINTMENT_STATUS.confirmed)} else ${appointments.status} end`, customerConfirmedAt: now })
      .where(
        and(
          eq(appointments.bookingRequestId, requestId),
          activeAppointment,
          sql`${appointments.userId} = (select ${bookingRequests.professionalId} from ${bookingRequests} where ${bookingRequests.id} = ${requestId})`,
        ),
      )
      .returning({ id: appointments.id }),
    push.statement,
  ]);
  return updated.length === 1 ? { pushKey: push.key } : false;
}
