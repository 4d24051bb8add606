// The life of a booking request: created (pending, holds its slot) -> accepted (a confirmed
// appointment) | declined | cancelled; the pending ones the professional has to answer.
import { and, asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import { appointments, bookingRequests, bookingRequestTokens, emailOutbox, profiles, services, users } from "../../../db/schema";
import { bookingRequestClaim, noAppointmentOverlaps, pendingFrom } from "../availability/slot-claims.server";
import { insertIf, type Db } from "../../utils/db.server";
import type { PublicService } from "./public-page.server";
import { queueEmail, type QueuedEmail } from "../../utils/email.server";
import { appUrl } from "../../utils/env.server";
import { formatMoney } from "../money";
import { createToken, sha256Hex } from "../../utils/password.server";
import { formatPhone } from "../phone";
import { LIMITS, type Hits } from "../../utils/rate-limit.server";
import { formatDate, localToUtc, minutesToTime } from "../dates";
import { queueCustomerEmail, type CustomerEmailProfile } from "../notifications/customer-emails.server";
import { requestIdFromStatusToken } from "../notifications/customer-links.server";
import { activeAppointment } from "../status-rules.server";

export type NewRequest = {
  professionalId: string;
  service: PublicService;
  customerName: string;
  customerPhone: string;
  /** Optional ('' when not given): the confirmation, the answer and the reminder go there. */
  customerEmail?: string;
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
 * The flood guard of the booking POST: every submission from this address to this
 * professional's page, and to all pages, counted in the batch that reads the page (the
 * professional given as an SQL expression, so the key is the one account deletion clears).
 */
export function bookingFloodGuard(address: string) {
  return (professional: SQL): Hits => [
    [sql`'booking:ip:' || ${professional} || ':' || ${address}`, LIMITS.bookingPerPageAndAddress],
    [`booking:ip:${address}`, LIMITS.bookingPerAddress],
  ];
}

export type CreatedRequest = {
  id: string;
  token: string;
  /** Accepted in the same batch (the professional confirms automatically). */
  confirmed: boolean;
  /** The e-mail to the professional (unless they turned it off), queued claimed: `deliverSoon` after answering the customer. */
  email: QueuedEmail | null;
  /** The customer's 'received' e-mail, when they left an address (its dedupe key): `deliverSoon` after answering. */
  customerEmailKey: string | null;
};

/** What createBookingRequest needs besides the request itself. */
export type NewRequestArgs = {
  autoConfirm: boolean;
  /** The professional's e-mail for the new request, or null when they do not want it. */
  notify: string | null;
  /** The professional as the customer's e-mail names them. */
  professional: CustomerEmailProfile;
  /** Who is booking (the client's address): what bounds the e-mail their booking makes us send. */
  clientAddress: string;
  timeZone: string;
  expiryHours: number;
  now?: Date;
};

/**
 * Creates a booking request in one atomic batch, one round trip: the claim of the slot (a
 * conditional insert that also holds the phone to 3 requests per 15 minutes), the hash of the
 * customer's private token, the acceptance when the professional confirms automatically, the
 * e-mail to the professional and the customer's (within the bounds on unrequested e-mail) in
 * the outbox — each written only if the claim was. Returns
 * what was created, or why nothing was: the time was taken meanwhile, or the phone's limit is
 * spent. Whether the time is offered (hours, grid, not past) the caller checked before.
 */
export async function createBookingRequest(
  db: Db,
  input: NewRequest,
  args: NewRequestArgs,
): Promise<CreatedRequest | "taken" | "limited"> {
  return createBookingRequestWithFirstFree(db, [{ input, args }]);
}

/**
 * The salon's 'Qualquer profissional' (docs/decisions/0681): the same claim for each candidate
 * professional in turn, all in ONE batch, each one's insert also requiring that no earlier
 * candidate's request was written. The database runs the batch as one transaction, so the
 * request lands on the first candidate free at that very moment and on no other; two customers
 * racing for one time never get the same professional. Returns the professional it went to.
 */
export async function createBookingRequestWithFirstFree(
  db: Db,
  candidates: { input: NewRequest; args: NewRequestArgs }[],
): Promise<(CreatedRequest & { professionalId: string }) | "taken" | "limited"> {
  if (candidates.length === 0) return "taken";
  const ids = candidates.map(() => crypto.randomUUID());
  const statements: Parameters<Db["batch"]>[0][number][] = [];
  const made: { token: string; email: QueuedEmail | null; customerEmailKey: string | null; recent: SQL }[] = [];
  for (const [i, { input, args }] of candidates.entries()) {
    const now = args.now ?? new Date();
    const recent = recentRequestsOfPhone(input.professionalId, input.customerPhone, now);
    const request = {
      id: ids[i]!,
      professionalId: input.professionalId,
      serviceId: input.service.id,
      serviceName: input.service.name,
      customerName: input.customerName,
      customerPhone: input.customerPhone,
      customerEmail: input.customerEmail ?? "",
      date: input.date,
      startMinute: input.startMinute,
      durationMinutes: input.service.durationMinutes,
      bufferMinutes: input.service.bufferMinutes,
      priceCents: input.service.priceCents,
      notes: input.notes,
      expiresAt: requestExpiry(now, args.expiryHours, localToUtc(input.date, input.startMinute, args.timeZone)),
    };
    const { token, hash } = await createToken();
    const created = sql`exists (select 1 from ${bookingRequests} where ${bookingRequests.id} = ${request.id})`;
    const earlier = ids.slice(0, i);
    const noneEarlier = earlier.length
      ? sql`not exists (select 1 from ${bookingRequests} where ${inArray(bookingRequests.id, earlier)})`
      : undefined;
    const email = args.notify ? queueEmail(db, newRequestEmail(args.notify, request, args.autoConfirm), { onlyIf: created }) : null;
    // The customer's e-mail only within the bounds on unrequested e-mail; withheld, the request
    // remembers it (its later e-mails are withheld too) and the booking stands all the same.
    const customerEmail = await queueCustomerEmail(db, "request-received", request, args.professional, {
      onlyIf: created,
      now,
      confirmed: args.autoConfirm,
      clientAddress: args.clientAddress,
    });
    statements.push(
      bookingRequestClaim(db, request, and(sql`${recent} < ${LIMITS.bookingPerPhone.max}`, noneEarlier), now),
      insertIf(db, bookingRequestTokens, { bookingRequestId: request.id, tokenHash: hash }, created),
      ...(email?.statements ?? []),
      ...(customerEmail
        ? [
            customerEmail.statement,
            db
              .update(bookingRequests)
              .set({ customerEmailWithheld: true })
              .where(
                and(
                  eq(bookingRequests.id, request.id),
                  sql`not exists (select 1 from ${emailOutbox} where ${emailOutbox.dedupeKey} = ${customerEmail.dedupeKey})`,
                ),
              ),
          ]
        : []),
      // Confirmed at once: the client keeps the address only if the 'received' e-mail was not
      // withheld (an address a stranger typed does not reach the client record).
      ...(args.autoConfirm
        ? acceptStatements(
            db,
            request,
            now,
            undefined,
            sql`case when exists (select 1 from ${bookingRequests} where ${bookingRequests.id} = ${request.id} and ${bookingRequests.customerEmailWithheld} = 1) then '' else ${request.customerEmail} end`,
          )
        : []),
    );
    made.push({ token, email: email?.queued ?? null, customerEmailKey: customerEmail?.dedupeKey ?? null, recent });
  }
  const results = await db.batch([
    ...(statements as [Parameters<Db["batch"]>[0][number]]),
    db
      .select({
        created: sql<string | null>`(select ${bookingRequests.id} from ${bookingRequests} where ${inArray(bookingRequests.id, ids)})`,
        withheld: sql<number>`exists (select 1 from ${bookingRequests} where ${inArray(bookingRequests.id, ids)} and ${bookingRequests.customerEmailWithheld} = 1)`,
        recent: sql<number>`min(${sql.join(
          made.map((m) => sql`${m.recent}`),
          sql`, `,
        )}, ${LIMITS.bookingPerPhone.max * 2})`,
      })
      .from(sql`(select 1)`),
  ]);
  const [outcome] = results.at(-1) as { created: string | null; withheld: number; recent: number }[];
  const i = outcome?.created ? (ids as string[]).indexOf(outcome.created) : -1;
  if (i < 0) return (outcome?.recent ?? 0) >= LIMITS.bookingPerPhone.max ? "limited" : "taken";
  const { token, email } = made[i]!;
  // Withheld: nothing to deliver. The log says so, without the address.
  if (outcome!.withheld) console.info(`[email] request-received withheld for request ${ids[i]}: unrequested e-mail bounds (docs/decisions/0700)`);
  const customerEmailKey = outcome!.withheld ? null : made[i]!.customerEmailKey;
  const { input, args } = candidates[i]!;
  return {
    id: ids[i]!,
    token,
    confirmed: args.autoConfirm,
    email,
    customerEmailKey,
    professionalId: input.professionalId,
  };
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
 * sign-in e-mail, the appointment it became (if accepted) and the service's deposit. A
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
      deposit: { required: services.requiresDeposit, cents: services.depositCents },
    })
    .from(bookingRequests)
    .innerJoin(profiles, eq(profiles.userId, bookingRequests.professionalId))
    .innerJoin(users, eq(users.id, bookingRequests.professionalId))
    .leftJoin(services, and(eq(services.id, bookingRequests.serviceId), eq(services.userId, bookingRequests.professionalId)))
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
  const deposit = row.deposit?.required && row.deposit.cents > 0 ? row.deposit.cents : 0;
  const request = asTheCustomerSeesIt(row.request, row.appointment, now);
  return {
    request,
    profile: row.profile,
    depositCents: deposit,
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
  appointment: { date: string; startMinute: number; durationMinutes: number; status: string; updatedAt: Date } | null,
  now = new Date(),
): typeof bookingRequests.$inferSelect {
  // Not answered in time: it holds nothing any more, whether or not the job has marked it yet.
  if (request.status === "pending" && request.expiresAt && request.expiresAt.getTime() <= now.getTime()) {
    // Its latest change is the expiry (the .ics revision).
    return { ...request, status: "expired", updatedAt: request.expiresAt > request.updatedAt ? request.expiresAt : request.updatedAt };
  }
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

/** A request not answered expires `hours` after it was made, or when its time starts if sooner. */
export function requestExpiry(now: Date, hours: number, start: Date): Date {
  return new Date(Math.min(now.getTime() + hours * 3_600_000, start.getTime()));
}

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
  // Still pending, not expired, and still at the time read (the customer may have just moved it).
  const pendingAndFree = sql`exists (select 1 from booking_requests where id = ${request.id} and status = 'pending'
      and (expires_at is null or expires_at > ${at}) and date = ${request.date} and start_minute = ${request.startMinute})
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
        ${request.durationMinutes}, ${request.bufferMinutes}, ${request.priceCents}, 'confirmed', '', ${request.notes ?? ""},
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

/**
 * The customer cancels through the private link: the request and its appointment, if any, and
 * the professional is told by e-mail (`notify`: their address, or null when they turned it off),
 * queued in the same batch only if the cancel happened. False when nothing was cancelled; else
 * the e-mail to deliver after answering.
 */
export async function cancelRequestByCustomer(db: Db, requestId: string, notify: string | null = null) {
  const [request] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, requestId));
  if (!request || (request.status !== "pending" && request.status !== "accepted")) return false;
  const cancelled = sql`exists (select 1 from ${bookingRequests} where ${bookingRequests.id} = ${requestId} and ${bookingRequests.status} = 'cancelled')`;
  const email = notify ? queueEmail(db, cancelledByCustomerEmail(notify, request), { onlyIf: cancelled }) : null;
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
      .set({ status: "cancelled", cancelledBy: "customer", cancelReason: "" })
      .where(
        and(
          eq(appointments.bookingRequestId, requestId),
          eq(appointments.userId, request.professionalId),
          activeAppointment,
        ),
      ),
    ...(email?.statements ?? []),
  ]);
  return marked.length === 1 ? { email: email?.queued ?? null } : false;
}

/** The professional hears that a customer cancelled from their link (Configurações > Notificações). */
export function cancelledByCustomerEmail(
  to: string,
  r: { customerName: string; customerPhone: string; serviceName: string; date: string; startMinute: number; status: string },
) {
  const when = `${formatDate(r.date, true)} às ${minutesToTime(r.startMinute)}`;
  return {
    to,
    subject: `Cancelado pelo cliente: ${r.customerName}, ${when}`,
    text: [
      r.status === "pending" ? `${r.customerName} cancelou a solicitação de agendamento:` : `${r.customerName} cancelou o agendamento:`,
      "",
      `Cliente: ${r.customerName}`,
      `Telefone: ${formatPhone(r.customerPhone)}`,
      `Serviço: ${r.serviceName}`,
      `Data: ${when}`,
      "",
      `O horário foi liberado. Veja sua agenda: ${appUrl()}/agenda?vista=dia&data=${r.date}`,
    ].join("\n"),
  };
}

/** The professional hears of every new request by e-mail. */
export function newRequestEmail(
  to: string,
  r: { customerName: string; customerPhone: string; serviceName: string; date: string; startMinute: number; priceCents: number; notes: string | null },
  confirmed: boolean,
) {
  const when = `${formatDate(r.date, true)} às ${minutesToTime(r.startMinute)}`;
  const origin = appUrl();
  return {
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
    ].join("\n"),
  };
}

/**
 * 'Confirmo presença' from the customer's reminder: their upcoming appointment becomes
 * 'Confirmado' (if it was only 'Agendado') and records when they confirmed. False when there is
 * nothing to confirm (cancelled, past, already answered by the professional as done).
 */
export async function confirmAttendanceByCustomer(db: Db, requestId: string, now = new Date()) {
  const updated = await db
    .update(appointments)
    .set({ status: sql`case when ${appointments.status} = 'scheduled' then 'confirmed' else ${appointments.status} end`, customerConfirmedAt: now })
    .where(
      and(
        eq(appointments.bookingRequestId, requestId),
        activeAppointment,
        sql`${appointments.userId} = (select ${bookingRequests.professionalId} from ${bookingRequests} where ${bookingRequests.id} = ${requestId})`,
      ),
    )
    .returning({ id: appointments.id });
  return updated.length === 1;
}
