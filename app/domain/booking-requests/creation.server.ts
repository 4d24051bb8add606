// A booking request is made: the claim of its time and everything that depends on it, in one
// atomic batch (the customer's private token, the acceptance when the professional confirms
// automatically, the e-mails), one round trip; the flood guard of the booking POST.
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { bookingRequests, bookingRequestTokens, emailOutbox } from "../../../db/schema";
import { bookingRequestClaim } from "../availability/slot-claims.server";
import { insertIf, type Db } from "../../utils/db.server";
import type { PublicService } from "../booking-page/public-page.server";
import { queueEmail, type QueuedEmail } from "../../utils/email.server";
import { createToken } from "../../utils/password.server";
import { LIMIT_KEYS, LIMITS, type Hits } from "../../utils/rate-limit.server";
import { localToUtc } from "../dates";
import { queueCustomerEmail, type CustomerEmailProfile } from "../notifications/customer-emails.server";
import { acceptStatements } from "./accept.server";
import { depositDueAt } from "../deposits/deposits";
import { chargeExpiry } from "./online-deposits";
import { newRequestEmail } from "./professional-emails.server";
import { bookingNotice, queuePush } from "../notifications/push.server";

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
    [LIMIT_KEYS.bookingPageAndAddress(professional, address), LIMITS.bookingPerPageAndAddress],
    [LIMIT_KEYS.bookingAddress(address), LIMITS.bookingPerAddress],
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
  /** The push to the professional's devices (the keys it may be under): `deliverSoon` after answering. */
  pushKeys: string[];
  /** The request as written (a deposit charged online is charged from it). */
  request?: Pick<typeof bookingRequests.$inferSelect, "id" | "professionalId" | "serviceName" | "depositCents" | "customerEmail" | "depositDueAt" | "paymentProvider">;
};

/** What creating a request needs besides the request itself. */
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
  /** 'Sinal não pago em … libera o horário', in minutes (0 or absent: off). */
  depositReleaseMinutes?: number;
  /**
   * The deposit is charged online (issue 23): the time is held this many minutes for the payment
   * ('Tempo para pagar'), and the booking is confirmed by the payment, not at once, and the
   * professional hears of it then.
   */
  onlineHoldMinutes?: number;
  now?: Date;
};

/** A request not answered expires `hours` after it was made, or when its time starts if sooner. */
export function requestExpiry(now: Date, hours: number, start: Date): Date {
  return new Date(Math.min(now.getTime() + hours * 3_600_000, start.getTime()));
}

type Statement = Parameters<Db["batch"]>[0][number];
type Candidate = { input: NewRequest; args: NewRequestArgs };
/** What one candidate's writes leave to answer with, should its request be the one written. */
type Made = { token: string; email: QueuedEmail | null; customerEmailKey: string | null; pushKeys: string[]; recent: SQL; request: ReturnType<typeof requestRow> };

/**
 * Creates a booking request in one atomic batch, one round trip: the claim of the slot (a
 * conditional insert that also holds the phone to 3 requests per 15 minutes), the hash of the
 * customer's private token, the acceptance when the professional confirms automatically, the
 * e-mail to the professional and the customer's (within the bounds on unrequested e-mail) in
 * the outbox — each written only if the claim was. Returns what was created and the
 * professional it went to, or why nothing was: the time was taken meanwhile, or the phone's
 * limit is spent. Whether the time is offered (hours, grid, not past) the caller checked before.
 *
 * Several candidates are the salon's 'Qualquer profissional' (docs/decisions/0681): the same
 * claim for each in turn, all in ONE batch, each one's insert also requiring that no earlier
 * candidate's request was written. The database runs the batch as one transaction, so the
 * request lands on the first candidate free at that very moment and on no other; two customers
 * racing for one time never get the same professional.
 */
export async function createBookingRequestWithFirstFree(
  db: Db,
  candidates: Candidate[],
): Promise<(CreatedRequest & { professionalId: string }) | "taken" | "limited"> {
  if (candidates.length === 0) return "taken";
  const ids = candidates.map(() => crypto.randomUUID());
  const statements: Statement[] = [];
  const made: Made[] = [];
  for (const [i, candidate] of candidates.entries()) {
    const writes = await candidateWrites(db, candidate, ids[i]!, ids.slice(0, i));
    statements.push(...writes.statements);
    made.push(writes.made);
  }
  const results = await db.batch([...(statements as [Statement]), outcomeQuery(db, ids, made)]);
  const [outcome] = results.at(-1) as { created: string | null; withheld: number; recent: number }[];
  const i = outcome?.created ? (ids as string[]).indexOf(outcome.created) : -1;
  if (i < 0) return (outcome?.recent ?? 0) >= LIMITS.bookingPerPhone.max ? "limited" : "taken";
  const { token, email } = made[i]!;
  // Withheld: nothing to deliver. The log says so, without the address.
  if (outcome!.withheld) console.info(`[email] request-received withheld for request ${ids[i]}: unrequested e-mail bounds (docs/decisions/0700)`);
  const customerEmailKey = outcome!.withheld ? null : made[i]!.customerEmailKey;
  const { input, args } = candidates[i]!;
  const request = made[i]!.request;
  return {
    id: ids[i]!,
    token,
    confirmed: args.autoConfirm && !request.paymentProvider,
    email,
    customerEmailKey,
    pushKeys: made[i]!.pushKeys,
    professionalId: input.professionalId,
    request,
  };
}

/** The request row one candidate would get. */
function requestRow(id: string, input: NewRequest, args: NewRequestArgs, now: Date) {
  const depositCents = input.service.requiresDeposit ? Math.max(0, input.service.depositCents) : 0;
  const online = depositCents > 0 && !!args.onlineHoldMinutes;
  return {
    id,
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
    depositCents,
    // Charged online, the deadline is the charge's own from the start (chargeExpiry).
    depositDueAt: online ? chargeExpiry(now, new Date(now.getTime() + args.onlineHoldMinutes! * 60_000)) : depositDueAt(now, depositCents, args.depositReleaseMinutes ?? 0),
    paymentProvider: online ? ("mercadopago" as const) : null,
  };
}

/**
 * One candidate's writes: its claim (unless an `earlier` candidate's request was written), and
 * what follows only if the claim was: the token, the e-mails, the acceptance.
 */
async function candidateWrites(db: Db, candidate: Candidate, id: string, earlier: string[]) {
  const { input } = candidate;
  const now = candidate.args.now ?? new Date();
  const recent = recentRequestsOfPhone(input.professionalId, input.customerPhone, now);
  const request = requestRow(id, input, candidate.args, now);
  // Charged online, the payment confirms it and tells the professional (deposit-charges.server.ts).
  const args = request.paymentProvider ? { ...candidate.args, autoConfirm: false, notify: null } : candidate.args;
  const { token, hash } = await createToken();
  const created = sql`exists (select 1 from ${bookingRequests} where ${bookingRequests.id} = ${request.id})`;
  const noneEarlier = earlier.length
    ? sql`not exists (select 1 from ${bookingRequests} where ${inArray(bookingRequests.id, earlier)})`
    : undefined;
  const unmarked = { ...request, depositReceivedAt: null, depositMethod: null, depositRefundedAt: null };
  const email = args.notify ? queueEmail(db, newRequestEmail(args.notify, unmarked, args.autoConfirm, args.timeZone, now), { onlyIf: created }) : null;
  // The customer's e-mail only within the bounds on unrequested e-mail; withheld, the request
  // remembers it (its later e-mails are withheld too) and the booking stands all the same.
  const customerEmail = await queueCustomerEmail(db, "request-received", request, args.professional, {
    onlyIf: created,
    now,
    confirmed: args.autoConfirm,
    clientAddress: args.clientAddress,
  });
  // The professional's devices hear of it too, as it stands after the batch: confirmed, or a
  // request to answer (a deposit charged online: once it is paid).
  const appointmentId = crypto.randomUUID();
  const standing = (status: string) => sql`exists (select 1 from ${bookingRequests} where ${bookingRequests.id} = ${request.id} and ${bookingRequests.status} = ${status})`;
  const pushes = request.paymentProvider
    ? []
    : [
        queuePush(db, bookingNotice(input.professionalId, "new-request", request), { onlyIf: standing("pending"), now }),
        ...(args.autoConfirm ? [queuePush(db, bookingNotice(input.professionalId, "auto-confirmed", { ...request, appointmentId }), { onlyIf: standing("accepted"), now })] : []),
      ];
  const statements: Statement[] = [
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
          appointmentId,
          sql`case when exists (select 1 from ${bookingRequests} where ${bookingRequests.id} = ${request.id} and ${bookingRequests.customerEmailWithheld} = 1) then '' else ${request.customerEmail} end`,
        )
      : []),
    ...pushes.map((p) => p.statement),
  ];
  const made: Made = { token, email: email?.queued ?? null, customerEmailKey: customerEmail?.dedupeKey ?? null, pushKeys: pushes.map((p) => p.key), recent, request };
  return { statements, made };
}

/** Read last in the batch: which candidate's request was written, whether its e-mail was withheld, the phone's count. */
function outcomeQuery(db: Db, ids: string[], made: Made[]) {
  return db
    .select({
      created: sql<string | null>`(select ${bookingRequests.id} from ${bookingRequests} where ${inArray(bookingRequests.id, ids)})`,
      withheld: sql<number>`exists (select 1 from ${bookingRequests} where ${inArray(bookingRequests.id, ids)} and ${bookingRequests.customerEmailWithheld} = 1)`,
      recent: sql<number>`min(${sql.join(
        made.map((m) => sql`${m.recent}`),
        sql`, `,
      )}, ${LIMITS.bookingPerPhone.max * 2})`,
    })
    .from(sql`(select 1)`);
}
