// What a charge's payment does to its booking (docs/decisions/0961-0962, 1030-1034), the one path
// of the webhook, the job and a deposit marked by hand. Approved, in reais and for the deposit's
// amount, a payment is the deposit: a request waiting for it is confirmed, a booking confirmed
// before it was paid keeps it. Given back instead, and both sides told: a payment after 'Pague
// até' (whether or not the time is still free), one for a booking that ended or whose time was
// taken, and a second payment of a deposit already received by hand. Every write is conditional,
// so deliveries racing, the job and a webhook at once, or a mark by hand meanwhile leave one outcome.
import { and, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { bookingRequests, profiles, users } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { queueEmail } from "../../utils/email.server";
import { noBlockCovers, nothingOverlaps } from "../availability/slot-claims.server";
import { acceptStatements } from "../booking-requests/accept.server";
import { answerBookingRequest } from "../booking-requests/answer.server";
import { paidAfterDeadline } from "../booking-requests/online-deposits";
import { newRequestEmail } from "../booking-requests/professional-emails.server";
import { formatMoney } from "../money";
import { queueCustomerEmail, type RefundReason } from "../notifications/customer-emails.server";
import { bookingNotice, queuePush } from "../notifications/push.server";
import { validAccessToken, type ProviderAccess } from "./accounts.server";
import { refundCharge } from "./deposit-charges.server";
import { PaymentProviderError, type ChargeState } from "./provider";
import { statusIsNot } from "../status-rules.server";
import { APPOINTMENT_STATUS } from "../status-rules";

type Request = typeof bookingRequests.$inferSelect;
type Profile = typeof profiles.$inferSelect;

export type Settled =
  /** Taken as the deposit: the booking confirmed (or, confirmed before, its deposit received). */
  | "confirmed"
  /** Given back: late, the booking over or its time taken, or paid twice. */
  | "refunded"
  | "already"
  | "waiting"
  /** Not these professionals', another amount or currency, or unknown: nothing changes. */
  | "ignored";

/** What a settlement leaves to deliver (the outbox keys) right after it. */
export type Settlement = { outcome: Settled; emails: string[] };

const none = (outcome: Settled): Settlement => ({ outcome, emails: [] });

/** The payment as it settles one booking: when it was paid, and the access that read it. */
type Paid = { charge: ChargeState; paidAt: Date; now: Date; access?: ProviderAccess; profile: Profile; proEmail: string };

/**
 * The booking a charge belongs to, among the bookings of `professionalIds` (the professionals
 * connected to the account the payment is in: several when a salon shares one, 1031). Matched by
 * the charge itself: its id, and the reference the provider echoes back.
 */
async function requestOfCharge(db: Db, professionalIds: readonly string[], charge: ChargeState) {
  if (professionalIds.length === 0) return null;
  const [row] = await db
    .select({ request: bookingRequests, profile: profiles, email: users.email })
    .from(bookingRequests)
    .innerJoin(profiles, eq(profiles.userId, bookingRequests.professionalId))
    .innerJoin(users, eq(users.id, bookingRequests.professionalId))
    .where(
      and(
        inArray(bookingRequests.professionalId, [...professionalIds]),
        eq(bookingRequests.paymentProvider, "mercadopago"),
        eq(bookingRequests.paymentId, charge.paymentId),
      ),
    );
  // The provider echoes our reference: a payment whose reference is another booking is not this one's.
  if (!row || (charge.externalReference !== null && charge.externalReference !== row.request.id)) return null;
  return row;
}

/**
 * A charge as the provider has it now, applied to its booking (see the file's head).
 * `professionalIds`: whose bookings it may be (the webhook's account, or the one booking's).
 */
export async function settleCharge(db: Db, professionalIds: string | readonly string[], charge: ChargeState, opts: { access?: ProviderAccess; now?: Date } = {}): Promise<Settlement> {
  const now = opts.now ?? new Date();
  const found = await requestOfCharge(db, typeof professionalIds === "string" ? [professionalIds] : professionalIds, charge);
  if (!found) return none("ignored");
  const { request: r } = found;
  if (charge.status !== "approved") return none(r.paymentPaidAt || r.depositReceivedAt ? "already" : "waiting");
  if (charge.amountCents === null || charge.amountCents !== r.depositCents) {
    console.warn(`payments: payment ${charge.paymentId} of request ${r.id} is for ${charge.amountCents ?? "an unreadable amount of"} centavos (${charge.currency ?? "no currency"}), not ${r.depositCents} BRL: left alone`);
    return none("ignored");
  }
  if (r.paymentPaidAt) return none("already");
  const paid: Paid = { charge, paidAt: charge.paidAt ?? now, now, access: opts.access, profile: found.profile, proEmail: found.email };
  if (r.depositReceivedAt) return paidTwice(db, r, paid);
  const late = paidAfterDeadline(r, paid.paidAt);
  if (!late) {
    const done = r.status === "accepted" ? await receivedOnConfirmed(db, r, paid) : await confirmPaid(db, r, paid);
    if (done) return { outcome: "confirmed", emails: done };
  }
  // Not taken now: another delivery may just have done it, or the professional marked it by hand.
  const [again] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, r.id));
  if (!again || again.paymentPaidAt) return none("already");
  if (again.depositReceivedAt) return paidTwice(db, again, paid);
  const reason: RefundReason = late || again.status === "pending" || again.status === "expired" ? "late" : "ended";
  return giveBack(db, again, paid, reason);
}

/** Received and accepted in one batch, if its time is still its own (held, or free again and paid in time). */
async function confirmPaid(db: Db, r: Request, p: Paid): Promise<string[] | null> {
  const { now, paidAt, profile } = p;
  const slot = { userId: r.professionalId, date: r.date, startMinute: r.startMinute, durationMinutes: r.durationMinutes, bufferMinutes: r.bufferMinutes, excludeBookingRequestId: r.id };
  const revived = db
    .update(bookingRequests)
    .set({ depositReceivedAt: paidAt, depositMethod: "pix", paymentPaidAt: paidAt, status: "pending", updatedAt: now })
    .where(
      and(
        eq(bookingRequests.id, r.id),
        isNull(bookingRequests.depositReceivedAt),
        isNull(bookingRequests.depositRefundedAt),
        isNull(bookingRequests.paymentPaidAt),
        inArray(bookingRequests.status, ["pending", "expired"]),
        sql`(${bookingRequests.expiresAt} is null or ${bookingRequests.expiresAt} > ${now.getTime()})`,
        nothingOverlaps(db, slot, now),
        noBlockCovers(db, slot),
      ),
    )
    .returning({ id: bookingRequests.id });
  const appointmentId = crypto.randomUUID();
  const accepted = sql`exists (select 1 from ${bookingRequests} where ${bookingRequests.id} = ${r.id} and ${bookingRequests.appointmentId} = ${appointmentId})`;
  // Both confirmations say the deposit was paid.
  const paid = { ...r, depositReceivedAt: paidAt, depositMethod: "pix" as const };
  const customer = await queueCustomerEmail(db, "request-accepted", paid, profile, { now, onlyIf: accepted });
  const professional = profile.notifyNewRequest ? queueEmail(db, newRequestEmail(p.proEmail, paid, true, profile.timeZone, now), { onlyIf: accepted, claimed: false, now, kind: "deposit-paid", professionalId: r.professionalId, dedupeKey: `deposit-paid:${r.id}` }) : null;
  const push = queuePush(db, bookingNotice(r.professionalId, "deposit-paid", { ...r, appointmentId }, { depositCents: r.depositCents }), { onlyIf: accepted, now });
  const results = await db.batch([revived, ...acceptStatements(db, r, now, appointmentId), ...(customer ? [customer.statement] : []), ...(professional?.statements ?? []), push.statement]);
  const marked = results[3] as { id: string }[];
  if ((results[0] as { id: string }[]).length !== 1 || marked.length !== 1) return null;
  return [customer?.dedupeKey, professional ? `deposit-paid:${r.id}` : null, push.key].filter((k): k is string => !!k);
}

/**
 * Paid after the professional confirmed the booking ('Aceitar' before the payment, 1032): the
 * deposit is received and the booking stays as it is, as long as its appointment is not cancelled.
 */
async function receivedOnConfirmed(db: Db, r: Request, p: Paid): Promise<string[] | null> {
  const received = db
    .update(bookingRequests)
    .set({ depositReceivedAt: p.paidAt, depositMethod: "pix", paymentPaidAt: p.paidAt, updatedAt: p.now })
    .where(
      and(
        eq(bookingRequests.id, r.id),
        eq(bookingRequests.status, "accepted"),
        isNull(bookingRequests.depositReceivedAt),
        isNull(bookingRequests.depositRefundedAt),
        isNull(bookingRequests.paymentPaidAt),
        sql`exists (select 1 from appointments where id = ${bookingRequests.appointmentId} and user_id = ${r.professionalId} and ${statusIsNot(APPOINTMENT_STATUS.cancelled, sql`status`)})`,
      ),
    )
    .returning({ id: bookingRequests.id });
  const taken = sql`exists (select 1 from ${bookingRequests} where ${bookingRequests.id} = ${r.id} and ${bookingRequests.paymentPaidAt} = ${p.paidAt.getTime()})`;
  const push = queuePush(db, bookingNotice(r.professionalId, "deposit-paid", r, { depositCents: r.depositCents }), { onlyIf: taken, now: p.now });
  const [marked] = await db.batch([received, push.statement]);
  return marked.length === 1 ? [push.key] : null;
}

/**
 * The deposit was received by hand before this payment: the customer paid twice. The Pix goes
 * back (the deposit received stays), both sides are told, and a request still waiting is
 * confirmed, as its page promised a payment would (1033).
 */
async function paidTwice(db: Db, r: Request, p: Paid): Promise<Settlement> {
  const settled = await giveBack(db, r, p, "twice");
  if (settled.outcome !== "refunded" || r.status !== "pending") return settled;
  const answered = await answerBookingRequest(db, r.professionalId, r.id, "accept", { now: p.now });
  const told = answered.outcome === "accepted" ? answered.customerEmailKey : null;
  return { outcome: "refunded", emails: [...settled.emails, ...(told ? [told] : [])] };
}

/** The professional's notice of a payment given back automatically, by why. */
function refundNotice(r: Request, reason: RefundReason) {
  const amount = formatMoney(r.depositCents);
  const first =
    reason === "twice"
      ? `${r.customerName} pagou pelo Pix o sinal de ${amount} (${r.serviceName}) que você já tinha marcado como recebido.`
      : reason === "late"
        ? `O pagamento do sinal de ${amount} de ${r.customerName} (${r.serviceName}) chegou depois que o prazo para pagar terminou e o horário foi liberado.`
        : `O pagamento do sinal de ${amount} de ${r.customerName} (${r.serviceName}) chegou depois que a reserva foi encerrada.`;
  return {
    subject: reason === "twice" ? `Sinal pago duas vezes: ${r.customerName}` : `Sinal devolvido: ${r.customerName}`,
    text: [first, "Devolvemos esse Pix automaticamente pelo Mercado Pago; não é preciso fazer nada."].join("\n"),
  };
}

/** The payment goes back through the provider, and both sides are told why. */
async function giveBack(db: Db, r: Request, p: Paid, reason: RefundReason): Promise<Settlement> {
  const refunded = await refundCharge(db, r, p.now, { access: p.access, paidAt: p.paidAt, keepDeposit: reason === "twice" });
  if (!refunded) return none("already");
  const told = await queueCustomerEmail(db, "deposit-refunded", r, p.profile, { now: p.now, refund: reason });
  const notice = queueEmail(
    db,
    { to: p.proEmail, ...refundNotice(r, reason) },
    { claimed: false, now: p.now, kind: "deposit-refunded-pro", professionalId: r.professionalId, dedupeKey: `deposit-refunded-pro:${r.id}` },
  );
  await db.batch([...notice.statements, ...(told ? [told.statement] : [])]);
  return { outcome: "refunded", emails: [told?.dedupeKey, `deposit-refunded-pro:${r.id}`].filter((k): k is string => !!k) };
}

/** How long after its code's end a confirmed booking's unpaid charge is still asked about (a lost webhook). */
const CONFIRMED_LOOK_MS = 60 * 60_000;

/**
 * The job's look at charges whose time is up (a lost webhook loses nothing): every unpaid online
 * deposit of a request whose hold is over (before it expires), or of a booking confirmed before
 * it was paid whose code ended within the hour, asked once of the provider and settled if it was
 * paid. Returns how many were taken or given back.
 */
export async function settleEndedHolds(db: Db, now: Date, limit = 50): Promise<number> {
  const ended = await db
    .select({ id: bookingRequests.id, professionalId: bookingRequests.professionalId, paymentId: bookingRequests.paymentId })
    .from(bookingRequests)
    .where(
      and(
        or(eq(bookingRequests.status, "pending"), and(eq(bookingRequests.status, "accepted"), gt(bookingRequests.depositDueAt, new Date(now.getTime() - CONFIRMED_LOOK_MS)))),
        isNotNull(bookingRequests.paymentId),
        isNull(bookingRequests.paymentPaidAt),
        isNull(bookingRequests.depositReceivedAt),
        lte(bookingRequests.depositDueAt, now),
      ),
    )
    .limit(limit);
  let settled = 0;
  for (const row of ended) {
    try {
      const access = await validAccessToken(db, row.professionalId, now);
      if (!access) continue;
      const charge = await access.provider.getCharge(access.accessToken, row.paymentId!);
      const { outcome } = await settleCharge(db, row.professionalId, charge, { access, now });
      if (outcome === "confirmed" || outcome === "refunded") settled += 1;
    } catch (error) {
      console.error(`payments: could not check the charge of request ${row.id}`, error instanceof Error ? error.message : error);
    }
  }
  return settled;
}

/**
 * Before the professional marks a deposit charged online 'Sinal recebido' by hand: the provider
 * is asked whether its charge was paid (its notification may still be on the way, and the
 * professional may have seen the money arrive). Paid, the payment settles the booking as it
 * would have, and the mark by hand is not needed (the Settlement); else null and the mark goes
 * on. A provider that does not answer does not stop a deposit received in cash.
 */
export async function settleBeforeHandMark(db: Db, professionalId: string, requestId: string, now = new Date()): Promise<Settlement | null> {
  const [r] = await db
    .select({ paymentId: bookingRequests.paymentId })
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.id, requestId),
        eq(bookingRequests.professionalId, professionalId),
        isNotNull(bookingRequests.paymentId),
        isNull(bookingRequests.paymentPaidAt),
        isNull(bookingRequests.depositReceivedAt),
      ),
    );
  if (!r?.paymentId) return null;
  try {
    const access = await validAccessToken(db, professionalId, now);
    if (!access) return null;
    const charge = await access.provider.getCharge(access.accessToken, r.paymentId);
    if (charge.status !== "approved") return null;
    const settled = await settleCharge(db, professionalId, charge, { access, now });
    return settled.outcome === "ignored" || settled.outcome === "waiting" ? null : settled;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.warn(`payments: could not ask about the charge of request ${requestId} before a mark by hand (${error.message})`);
    return null;
  }
}
