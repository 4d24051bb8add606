// The life of a booking request: created (pending, holds its slot) -> accepted (a confirmed
// appointment) | declined | cancelled; the pending ones the professional has to answer.
import { and, asc, count, eq, gte, inArray, sql } from "drizzle-orm";
import { appointments, bookingRequests, bookingRequestTokens, profiles, services } from "../../../db/schema";
import { insertBookingRequestIfFree, noAppointmentOverlaps } from "../availability/slot-claims.server";
import type { Db } from "../../utils/db.server";
import type { PublicService } from "./public-page.server";
import { sendEmail } from "../../utils/email.server";
import { appUrl } from "../../utils/env.server";
import { formatMoney } from "../money";
import { createToken, sha256Hex } from "../../utils/password.server";
import { formatPhone } from "../phone";
import { LIMITS } from "../../utils/rate-limit.server";
import { formatDate, minutesToTime } from "../dates";

export type NewRequest = {
  professionalId: string;
  service: PublicService;
  customerName: string;
  customerPhone: string;
  date: string;
  startMinute: number;
  notes: string | null;
};

/**
 * Requests this phone made to this professional within the limit's window: every one created
 * counts, whatever became of it; refused submissions never do (they created nothing).
 */
function recentRequestsOfPhone(professionalId: string, phone: string, now: Date) {
  const since = now.getTime() - LIMITS.bookingPerPhone.windowMs;
  return sql`(select count(*) from ${bookingRequests} where ${bookingRequests.professionalId} = ${professionalId}
    and ${bookingRequests.customerPhone} = ${phone} and ${bookingRequests.createdAt} > ${since})`;
}

/**
 * Claims the slot with a pending request (one conditional insert, which also holds the phone to
 * 3 requests per 15 minutes) and stores the hash of the customer's private token. Returns the
 * token, or why nothing was created: the time was taken meanwhile, or the phone's limit is spent.
 */
export async function createBookingRequest(
  db: Db,
  input: NewRequest,
  args: { timeZone: string; stepMinutes: number; now?: Date },
): Promise<{ id: string; token: string } | "taken" | "limited"> {
  const now = args.now ?? new Date();
  const recent = recentRequestsOfPhone(input.professionalId, input.customerPhone, now);
  const id = crypto.randomUUID();
  const claimed = await insertBookingRequestIfFree(
    db,
    {
      id,
      professionalId: input.professionalId,
      serviceId: input.service.id,
      serviceName: input.service.name,
      customerName: input.customerName,
      customerPhone: input.customerPhone,
      date: input.date,
      startMinute: input.startMinute,
      durationMinutes: input.service.durationMinutes,
      priceCents: input.service.priceCents,
      notes: input.notes,
    },
    args,
    sql`${recent} < ${LIMITS.bookingPerPhone.max}`,
  );
  if (!claimed) {
    const [row] = await db.all<{ n: number }>(sql`select ${recent} as n`);
    return (row?.n ?? 0) >= LIMITS.bookingPerPhone.max ? "limited" : "taken";
  }
  const { token, hash } = await createToken();
  await db.insert(bookingRequestTokens).values({ bookingRequestId: id, tokenHash: hash });
  return { id, token };
}

/** Pending requests from `today` on: the ones the professional still has to answer. */
function pendingFrom(professionalId: string, today: string) {
  return and(
    eq(bookingRequests.professionalId, professionalId),
    eq(bookingRequests.status, "pending"),
    gte(bookingRequests.date, today),
  );
}

/** The pending requests, soonest first (Solicitações, the dashboard's card). */
export function pendingRequests(db: Db, professionalId: string, today: string, limit: number) {
  return db
    .select()
    .from(bookingRequests)
    .where(pendingFrom(professionalId, today))
    .orderBy(asc(bookingRequests.date), asc(bookingRequests.startMinute))
    .limit(limit);
}

/** How many requests wait for an answer (the menu's badge). */
export async function countPendingRequests(db: Db, professionalId: string, today: string) {
  const [row] = await db.select({ n: count() }).from(bookingRequests).where(pendingFrom(professionalId, today));
  return row?.n ?? 0;
}

export async function findRequestByToken(db: Db, token: string) {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({
      request: bookingRequests,
      profile: profiles,
      appointment: {
        date: appointments.date,
        startMinute: appointments.startMinute,
        durationMinutes: appointments.durationMinutes,
        status: appointments.status,
        updatedAt: appointments.updatedAt,
      },
      deposit: { required: services.requiresDeposit, cents: services.depositCents },
    })
    .from(bookingRequestTokens)
    .innerJoin(bookingRequests, eq(bookingRequests.id, bookingRequestTokens.bookingRequestId))
    .innerJoin(profiles, eq(profiles.userId, bookingRequests.professionalId))
    .leftJoin(services, and(eq(services.id, bookingRequests.serviceId), eq(services.userId, bookingRequests.professionalId)))
    .leftJoin(
      appointments,
      and(eq(appointments.bookingRequestId, bookingRequests.id), eq(appointments.userId, bookingRequests.professionalId)),
    )
    .where(eq(bookingRequestTokens.tokenHash, await sha256Hex(token)))
    .limit(1);
  if (!row) return null;
  const deposit = row.deposit?.required && row.deposit.cents > 0 ? row.deposit.cents : 0;
  return { request: asTheCustomerSeesIt(row.request, row.appointment), profile: row.profile, depositCents: deposit };
}

/**
 * Once accepted, the appointment is the truth: the professional may have moved it, cancelled or
 * deleted it in the agenda, and the customer's page, .ics and cancel button follow. `updatedAt`
 * is the latest change of either (a deleted appointment: now), the .ics revision.
 */
function asTheCustomerSeesIt(
  request: typeof bookingRequests.$inferSelect,
  appointment: { date: string; startMinute: number; durationMinutes: number; status: string; updatedAt: Date } | null,
): typeof bookingRequests.$inferSelect {
  if (request.status !== "accepted") return request;
  if (!appointment) return { ...request, status: "cancelled", updatedAt: new Date() };
  const updatedAt = appointment.updatedAt > request.updatedAt ? appointment.updatedAt : request.updatedAt;
  if (appointment.status === "cancelled") return { ...request, status: "cancelled", updatedAt };
  return {
    ...request,
    date: appointment.date,
    startMinute: appointment.startMinute,
    durationMinutes: appointment.durationMinutes,
    updatedAt,
  };
}

export type AcceptOutcome = "accepted" | "taken" | "not-pending";

/**
 * Accepts a pending request of this professional: reuses the client with that phone or creates
 * one, creates the confirmed appointment in the request's slot, marks the request accepted.
 * One atomic batch whose every statement requires the request still pending and no appointment
 * overlapping its time (re-checked there, not before: a time booked in the agenda meanwhile, or
 * two overlapping requests accepted at once, confirm at most one). The request's own hold is
 * handed to the appointment, so nobody can take the time in between.
 * 'taken': an appointment holds the time and the request stays pending; 'not-pending': not
 * found, not the owner's, or already answered.
 */
export async function acceptBookingRequest(db: Db, userId: string, requestId: string): Promise<AcceptOutcome> {
  const [request] = await db
    .select()
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.id, requestId),
        eq(bookingRequests.professionalId, userId),
        eq(bookingRequests.status, "pending"),
      ),
    );
  if (!request) return "not-pending";
  const appointmentId = crypto.randomUUID();
  const now = Date.now();
  const pendingAndFree = sql`exists (select 1 from booking_requests where id = ${request.id} and status = 'pending')
    and ${noAppointmentOverlaps(db, { userId, date: request.date, startMinute: request.startMinute, durationMinutes: request.durationMinutes })}`;
  const [, , marked] = await db.batch([
    // The client too only when the appointment will be made: a late second accept (after a
    // decline or the customer's cancel) or a taken time leaves no stray client behind.
    db.run(sql`insert into clients (id, user_id, name, phone, created_at, updated_at)
      select ${crypto.randomUUID()}, ${userId}, ${request.customerName}, ${request.customerPhone}, ${now}, ${now}
      where ${pendingAndFree}
      on conflict (user_id, phone) do nothing`),
    db.run(sql`insert into appointments (id, user_id, client_id, service_id, service_name, date,
        start_minute, duration_minutes, price_cents, status, notes, client_notes, created_via,
        booking_request_id, created_at, updated_at)
      select ${appointmentId}, ${userId},
        (select id from clients where user_id = ${userId} and phone = ${request.customerPhone}),
        ${request.serviceId}, ${request.serviceName}, ${request.date}, ${request.startMinute},
        ${request.durationMinutes}, ${request.priceCents}, 'confirmed', '', ${request.notes ?? ""},
        'booking_page', ${request.id}, ${now}, ${now}
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
  ]);
  if (marked.length === 1) return "accepted";
  const [still] = await db
    .select({ status: bookingRequests.status })
    .from(bookingRequests)
    .where(eq(bookingRequests.id, request.id));
  return still?.status === "pending" ? "taken" : "not-pending";
}

/** Declines a pending request of this professional; its time is free again. */
export async function declineBookingRequest(db: Db, userId: string, requestId: string) {
  const result = await db
    .update(bookingRequests)
    .set({ status: "declined" })
    .where(
      and(
        eq(bookingRequests.id, requestId),
        eq(bookingRequests.professionalId, userId),
        eq(bookingRequests.status, "pending"),
      ),
    );
  return result.rowsAffected === 1;
}

/** The customer cancels through the private link: the request and its appointment, if any. */
export async function cancelRequestByCustomer(db: Db, requestId: string) {
  const [request] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, requestId));
  if (!request || (request.status !== "pending" && request.status !== "accepted")) return false;
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
          sql`not exists (select 1 from ${appointments} where ${appointments.bookingRequestId} = ${requestId} and ${appointments.status} in ('completed', 'no_show'))`,
        ),
      )
      .returning({ id: bookingRequests.id }),
    db
      .update(appointments)
      .set({ status: "cancelled" })
      .where(
        and(
          eq(appointments.bookingRequestId, requestId),
          eq(appointments.userId, request.professionalId),
          inArray(appointments.status, ["scheduled", "confirmed"]),
        ),
      ),
  ]);
  return marked.length === 1;
}

/** The professional hears of every new request by e-mail. */
export async function notifyNewRequest(
  db: Db,
  to: string,
  r: { customerName: string; customerPhone: string; serviceName: string; date: string; startMinute: number; priceCents: number; notes: string | null },
  confirmed: boolean,
) {
  const when = `${formatDate(r.date, true)} às ${minutesToTime(r.startMinute)}`;
  const origin = appUrl();
  await sendEmail(db, {
    to,
    subject: confirmed ? `Novo agendamento: ${r.customerName}, ${when}` : `Nova solicitação de agendamento: ${r.customerName}, ${when}`,
    text: [
      confirmed
        ? "Um cliente agendou pela sua página (confirmado automaticamente):"
        : "Você recebeu uma nova solicitação de agendamento pela sua página:",
      "",
      `Cliente: ${r.customerName}`,
      `Telefone: ${formatPhone(r.customerPhone)}`,
      `Serviço: ${r.serviceName}`,
      `Data: ${when}`,
      `Valor: ${formatMoney(r.priceCents)}`,
      r.notes ? `Observações: ${r.notes}` : "",
      "",
      confirmed ? `Veja na agenda: ${origin}/agenda` : `Aceite ou recuse em: ${origin}/solicitacoes`,
    ]
      .filter((l) => l !== null)
      .join("\n"),
  });
}
