// Accepting a pending request: the writes, each conditioned in the database on the request still
// pending and its time still free. Answering from a screen and the automatic confirmation of a new
// request both run them.
import { and, eq, sql, type SQL } from "drizzle-orm";
import { bookingRequests } from "../../../db/schema";
import { noAppointmentOverlaps } from "../availability/slot-claims.server";
import type { Db } from "../../utils/db.server";
import { statusLiteral } from "../status-rules.server";
import { APPOINTMENT_STATUS } from "../status-rules";

type RequestToAccept = Pick<
  typeof bookingRequests.$inferSelect,
  | "id"
  | "professionalId"
  | "customerName"
  | "customerPhone"
  | "customerEmail"
  | "serviceId"
  | "serviceName"
  | "date"
  | "startMinute"
  | "durationMinutes"
  | "bufferMinutes"
  | "priceCents"
  | "notes"
>;

/**
 * The writes that accept a pending request, each requiring it still pending and no appointment
 * overlapping its time (re-checked there, not before: a time booked in the agenda meanwhile, or
 * two overlapping requests accepted at once, confirm at most one): the client reused by phone or
 * created, the confirmed appointment in the request's slot, the request marked accepted. The
 * request's own hold passes to the appointment, so nobody can take the time in between.
 */
export function acceptStatements(
  db: Db,
  request: RequestToAccept,
  now: Date,
  appointmentId = crypto.randomUUID(),
  /** The e-mail the client record gets when empty: the one typed on the page, unless told otherwise. */
  clientEmail: SQL | string = request.customerEmail,
) {
  const userId = request.professionalId;
  const at = now.getTime();
  // Still pending, not expired (nor its unpaid deposit due: stillHeld), and still at the time read (the customer may have just moved it).
  const pendingAndFree = sql`exists (select 1 from booking_requests where id = ${request.id} and status = 'pending'
      and (expires_at is null or expires_at > ${at})
      and (deposit_due_at is null or deposit_received_at is not null or deposit_due_at > ${at}) and date = ${request.date} and start_minute = ${request.startMinute})
    and ${noAppointmentOverlaps(db, {
      userId,
      date: request.date,
      startMinute: request.startMinute,
      durationMinutes: request.durationMinutes,
      bufferMinutes: request.bufferMinutes,
    })}`;
  return [
    // The client too only when the appointment will be made: a late second accept (after a
    // decline or the customer's cancel) or a taken time leaves no stray client behind. The
    // e-mail given on the page fills the client's when empty, never replacing one the
    // professional typed (it brings reminders of all the client's appointments).
    db.run(sql`insert into clients (id, user_id, name, phone, email, created_at, updated_at)
      select ${crypto.randomUUID()}, ${userId}, ${request.customerName}, ${request.customerPhone}, ${clientEmail}, ${at}, ${at}
      where ${pendingAndFree}
      on conflict (user_id, phone) do update set email = excluded.email, updated_at = excluded.updated_at
        where clients.email = '' and excluded.email <> ''`),
    db.run(sql`insert into appointments (id, user_id, client_id, service_id, service_name, date,
        start_minute, duration_minutes, buffer_minutes, price_cents, status, notes, client_notes, created_via,
        booking_request_id, created_at, updated_at)
      select ${appointmentId}, ${userId},
        (select id from clients where user_id = ${userId} and phone = ${request.customerPhone}),
        ${request.serviceId}, ${request.serviceName}, ${request.date}, ${request.startMinute},
        ${request.durationMinutes}, ${request.bufferMinutes}, ${request.priceCents}, ${statusLiteral(APPOINTMENT_STATUS.confirmed)}, '', ${request.notes ?? ""},
        'booking_page', ${request.id}, ${at}, ${at}
      where ${pendingAndFree}`),
    // Accepted only if its appointment was written just above: a double click accepts once.
    db
      .update(bookingRequests)
      .set({ status: "accepted", appointmentId })
      .where(
        and(
          eq(bookingRequests.id, request.id),
          eq(bookingRequests.status, "pending"),
          sql`exists (select 1 from appointments where id = ${appointmentId})`,
        ),
      )
      .returning({ id: bookingRequests.id }),
  ] as const;
}
