// What the customer's private link shows: the request it stands for, with the professional, the
// appointment it became and its deposit, as the customer sees it (the appointment is
// the truth once accepted), who changed it last, and the .ics revision.
import { and, eq, sql, type SQL } from "drizzle-orm";
import { appointments, bookingRequests, bookingRequestTokens, profiles, users, type AppointmentStatus } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { sha256Hex } from "../../utils/password.server";
import { requestIdFromStatusToken } from "../notifications/customer-links.server";
import { holdEndsAt } from "../deposits/deposits";
import { isCancelled } from "../status-rules";

/**
 * The booking request a customer's link stands for, as SQL: a signed link from a message
 * (docs/decisions/0670) names it; the random link of the booking is looked up by its hash.
 * Null for a token that cannot be one of ours.
 */
export async function requestIdOfToken(token: string | undefined): Promise<SQL | null> {
  if (!token || token.length > 300) return null;
  if (token.includes(".")) {
    const id = await requestIdFromStatusToken(token);
    return id ? sql`${id}` : null;
  }
  if (token.length > 100) return null;
  const hash = await sha256Hex(token);
  return sql`(select ${bookingRequestTokens.bookingRequestId} from ${bookingRequestTokens} where ${bookingRequestTokens.tokenHash} = ${hash})`;
}

/**
 * The read behind the customer's private link: the request, the professional's profile and
 * sign-in e-mail and the appointment it became (if accepted); the deposit is the request's own. A
 * statement, so a page can send it in one batch with its other reads.
 */
export function requestByTokenQuery(db: Db, requestId: SQL) {
  return db
    .select({
      request: bookingRequests,
      profile: profiles,
      email: users.email,
      appointment: {
        id: appointments.id,
        customerConfirmedAt: appointments.customerConfirmedAt,
        date: appointments.date,
        startMinute: appointments.startMinute,
        durationMinutes: appointments.durationMinutes,
        bufferMinutes: appointments.bufferMinutes,
        status: appointments.status,
        updatedAt: appointments.updatedAt,
        rescheduledByCustomerAt: appointments.rescheduledByCustomerAt,
        rescheduledByProfessionalAt: appointments.rescheduledByProfessionalAt,
        cancelledBy: appointments.cancelledBy,
        cancelReason: appointments.cancelReason,
        icsSequence: appointments.icsSequence,
      },
    })
    .from(bookingRequests)
    .innerJoin(profiles, eq(profiles.userId, bookingRequests.professionalId))
    .innerJoin(users, eq(users.id, bookingRequests.professionalId))
    .leftJoin(
      appointments,
      and(eq(appointments.bookingRequestId, bookingRequests.id), eq(appointments.userId, bookingRequests.professionalId)),
    )
    .where(sql`${bookingRequests.id} = ${requestId}`)
    .limit(1);
}

export type RequestByTokenRow = Awaited<ReturnType<typeof requestByTokenQuery>>[number];

/** What the customer's page shows of a row of requestByTokenQuery (see asTheCustomerSeesIt). */
export function customerView(row: RequestByTokenRow, now = new Date()) {
  const request = asTheCustomerSeesIt(row.request, row.appointment, now);
  return {
    request,
    profile: row.profile,
    depositCents: row.request.depositCents,
    appointment: row.appointment?.id
      ? { id: row.appointment.id, status: row.appointment.status, customerConfirmedAt: row.appointment.customerConfirmedAt }
      : null,
    changedBy: whoChanged(row, request.status),
    icsSequence: icsSequence(row, request),
  };
}

/**
 * Who made the latest change the customer sees (docs/decisions/0720): who cancelled (a request
 * the customer cancelled from their link; else the appointment's own record, and a deleted
 * appointment is the professional's doing) with the professional's reason, or who moved the
 * time last. Never "moved by you" on a cancelled booking.
 */
function whoChanged(row: RequestByTokenRow, status: string) {
  const a = row.appointment?.id ? row.appointment : null;
  if (status === "cancelled") {
    const byCustomer = row.request.status === "cancelled" || a?.cancelledBy === "customer";
    return { cancelled: byCustomer ? ("customer" as const) : ("professional" as const), reason: byCustomer ? "" : (a?.cancelReason ?? ""), moved: null };
  }
  const customerAt = Math.max(row.request.rescheduledByCustomerAt?.getTime() ?? 0, a?.rescheduledByCustomerAt?.getTime() ?? 0);
  const professionalAt = a?.rescheduledByProfessionalAt?.getTime() ?? 0;
  const moved = professionalAt > customerAt ? ("professional" as const) : customerAt > 0 ? ("customer" as const) : null;
  return { cancelled: null, reason: "", moved };
}

/**
 * The .ics revision: the seconds from the booking to its latest change, plus the appointment's
 * own count of changes (kept by the database's trigger), so two changes within one second (a
 * cancel and its 'Desfazer') still give a newer copy.
 */
function icsSequence(row: RequestByTokenRow, seen: { createdAt: Date; updatedAt: Date }) {
  const seconds = Math.max(0, Math.floor((seen.updatedAt.getTime() - seen.createdAt.getTime()) / 1000));
  return seconds + (row.appointment?.id ? row.appointment.icsSequence : 0);
}

export async function findRequestByToken(db: Db, token: string) {
  const requestId = await requestIdOfToken(token);
  if (!requestId) return null;
  const [row] = await requestByTokenQuery(db, requestId);
  return row ? customerView(row) : null;
}

/**
 * Once accepted, the appointment is the truth: the professional may have moved it, cancelled or
 * deleted it in the agenda, and the customer's page, .ics and cancel button follow. `updatedAt`
 * is the latest change of either (a deleted appointment: now), the .ics revision.
 */
function asTheCustomerSeesIt(
  request: typeof bookingRequests.$inferSelect,
  appointment: { date: string; startMinute: number; durationMinutes: number; status: AppointmentStatus; updatedAt: Date } | null,
  now = new Date(),
): typeof bookingRequests.$inferSelect {
  // Not answered in time: it holds nothing any more, whether or not the job has marked it yet.
  const ends = holdEndsAt(request);
  if (request.status === "pending" && ends && ends.getTime() <= now.getTime()) {
    // Its latest change is the expiry (the .ics revision).
    return { ...request, status: "expired", updatedAt: ends > request.updatedAt ? ends : request.updatedAt };
  }
  if (request.status !== "accepted") return request;
  if (!appointment) return { ...request, status: "cancelled", updatedAt: new Date() };
  const updatedAt = appointment.updatedAt > request.updatedAt ? appointment.updatedAt : request.updatedAt;
  if (isCancelled(appointment.status)) return { ...request, status: "cancelled", updatedAt };
  return {
    ...request,
    date: appointment.date,
    startMinute: appointment.startMinute,
    durationMinutes: appointment.durationMinutes,
    updatedAt,
  };
}
