// Deposits charged online (issue 23, docs/decisions/0960-0963): the Pix charge of a booking held
// 'Aguardando pagamento', what a paid, late or refunded charge does to the booking, and the
// refunds a cancellation owes. The provider is only ever asked, never believed: every effect
// starts from the payment read back with the professional's own token (ChargeState), and every
// write is conditional, so a webhook delivered twice, two deliveries racing, or the job and a
// webhook at once leave one outcome.
import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { appointments, bookingRequests, paymentAccounts, profiles, users } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { noBlockCovers, nothingOverlaps } from "../availability/slot-claims.server";
import { acceptStatements } from "../booking-requests/accept.server";
import { chargeExpiry } from "../booking-requests/online-deposits";
import { newRequestEmail } from "../booking-requests/professional-emails.server";
import { pixCodeIntoFirstEmail, queueCustomerEmail } from "../notifications/customer-emails.server";
import { queueEmail } from "../../utils/email.server";
import { formatMoney } from "../money";
import { accessForRow, validAccessToken, type ProviderAccess } from "./accounts.server";
import { paymentNotificationUrl } from "./notifications.server";
import { PaymentProviderError, type ChargeState } from "./provider";
import { bookingNotice, queuePush } from "../notifications/push.server";

type Request = typeof bookingRequests.$inferSelect;

/** The professionals' payment accounts, to read beside a claim (one statement, no extra trip). */
export function paymentAccountRows(db: Db, userIds: string[]) {
  return db.select().from(paymentAccounts).where(inArray(paymentAccounts.userId, userIds));
}

/** The charge's text in the customer's bank app: 'Sinal — Corte com Paula'. */
const chargeDescription = (r: Pick<Request, "serviceName">, professional: string) => `Sinal — ${r.serviceName} com ${professional}`.slice(0, 120);

/**
 * Creates the Pix charge of a booking just held for its payment and stores its code: one call to
 * the provider (the booking's id is the idempotency key: a retry never charges twice) and one
 * write. False when the provider could not be reached; the status page tries again.
 */
export async function startCharge(
  db: Db,
  r: Pick<Request, "id" | "professionalId" | "serviceName" | "depositCents" | "customerEmail" | "depositDueAt">,
  p: { access: ProviderAccess; professional: string; now: Date },
): Promise<boolean> {
  if (!r.depositDueAt) return false;
  try {
    const charge = await p.access.provider.createPixCharge(p.access.accessToken, {
      amountCents: r.depositCents,
      description: chargeDescription(r, p.professional),
      payerEmail: r.customerEmail,
      expiresAt: chargeExpiry(p.now, r.depositDueAt),
      externalReference: r.id,
      notificationUrl: paymentNotificationUrl(),
      idempotencyKey: r.id,
    });
    // The code also goes into the booking's first e-mail, if it has not left yet.
    await db.batch([
      db
        .update(bookingRequests)
        .set({ paymentId: charge.paymentId, paymentQrCode: charge.qrCode })
        .where(and(eq(bookingRequests.id, r.id), eq(bookingRequests.professionalId, r.professionalId), isNull(bookingRequests.paymentId))),
      pixCodeIntoFirstEmail(db, r.id, charge.qrCode),
    ]);
    return true;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.error(`payments: the charge of request ${r.id} was not created (${error.status}): ${error.message}`);
    return false;
  }
}

/** The charge of a booking the claim just wrote, with the account read beside the claim. */
export async function chargeClaimed(db: Db, r: Parameters<typeof startCharge>[1], account: typeof paymentAccounts.$inferSelect | undefined, professional: string, now: Date) {
  if (!account) return false;
  try {
    return await startCharge(db, r, { access: await accessForRow(db, account, now), professional, now });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.error(`payments: the account of ${r.professionalId} cannot charge (${error.message})`);
    return false;
  }
}

/** The status page's retry of a charge the booking POST could not create (same idempotency key). */
export async function retryCharge(db: Db, r: Request, professional: string, now: Date): Promise<Request> {
  if (r.paymentProvider === null || r.paymentId !== null || r.status !== "pending" || !r.depositDueAt || r.depositDueAt <= now) return r;
  const access = await validAccessToken(db, r.professionalId, now).catch(() => null);
  if (!access || !(await startCharge(db, r, { access, professional, now }))) return r;
  const [again] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, r.id));
  return again ?? r;
}

export type Settled =
  | "confirmed"
  /** Paid after its time was freed and taken (or the booking ended): given back. */
  | "refunded"
  | "already"
  | "waiting"
  /** Not this professional's, another amount, or unknown: nothing changes. */
  | "ignored";

/** What a settlement leaves to deliver (the outbox keys) right after it. */
export type Settlement = { outcome: Settled; emails: string[] };

async function requestOfCharge(db: Db, professionalId: string, charge: ChargeState) {
  const [row] = await db
    .select({ request: bookingRequests, profile: profiles, email: users.email })
    .from(bookingRequests)
    .innerJoin(profiles, eq(profiles.userId, bookingRequests.professionalId))
    .innerJoin(users, eq(users.id, bookingRequests.professionalId))
    .where(and(eq(bookingRequests.professionalId, professionalId), eq(bookingRequests.paymentProvider, "mercadopago"), eq(bookingRequests.paymentId, charge.paymentId)));
  // The provider echoes our reference: a payment whose reference is another booking is not this one's.
  if (!row || (charge.externalReference !== null && charge.externalReference !== row.request.id)) return null;
  return row;
}

/**
 * A charge as the provider has it now, applied to its booking. Approved and for the deposit's
 * amount: the deposit is received ('Sinal pago') and the booking confirmed in one batch, whatever
 * the auto-confirm setting, as long as its time is still held or free again; otherwise (taken
 * meanwhile, cancelled, declined) the payment is given back and both sides told.
 */
export async function settleCharge(db: Db, professionalId: string, charge: ChargeState, opts: { access?: ProviderAccess; now?: Date } = {}): Promise<Settlement> {
  const now = opts.now ?? new Date();
  const found = await requestOfCharge(db, professionalId, charge);
  if (!found) return { outcome: "ignored", emails: [] };
  const { request: r, profile } = found;
  if (charge.status !== "approved") return { outcome: r.depositReceivedAt ? "already" : "waiting", emails: [] };
  if (charge.amountCents !== r.depositCents) {
    console.warn(`payments: payment ${charge.paymentId} of request ${r.id} is for ${charge.amountCents} centavos, not ${r.depositCents}: left alone`);
    return { outcome: "ignored", emails: [] };
  }
  if (r.depositReceivedAt) return { outcome: "already", emails: [] };
  const paidAt = charge.paidAt ?? now;
  const confirmed = await confirmPaid(db, r, profile, found.email, paidAt, now);
  if (confirmed) return { outcome: "confirmed", emails: confirmed };
  // Not confirmed now: another delivery may just have done it; only a booking that did not take
  // the payment gives it back.
  const [again] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, r.id));
  if (!again || again.depositReceivedAt || again.depositRefundedAt) return { outcome: "already", emails: [] };
  return refundLate(db, again, profile, found.email, { charge, paidAt, now, access: opts.access });
}

/** Received and accepted in one batch, if its time is still its own (held, or free again). */
async function confirmPaid(db: Db, r: Request, profile: typeof profiles.$inferSelect, proEmail: string, paidAt: Date, now: Date): Promise<string[] | null> {
  const slot = { userId: r.professionalId, date: r.date, startMinute: r.startMinute, durationMinutes: r.durationMinutes, bufferMinutes: r.bufferMinutes, excludeBookingRequestId: r.id };
  const revived = db
    .update(bookingRequests)
    .set({ depositReceivedAt: paidAt, depositMethod: "pix", status: "pending", updatedAt: now })
    .where(
      and(
        eq(bookingRequests.id, r.id),
        isNull(bookingRequests.depositReceivedAt),
        isNull(bookingRequests.depositRefundedAt),
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
  const professional = profile.notifyNewRequest ? queueEmail(db, newRequestEmail(proEmail, paid, true, profile.timeZone, now), { onlyIf: accepted, claimed: false, now, kind: "deposit-paid", professionalId: r.professionalId, dedupeKey: `deposit-paid:${r.id}` }) : null;
  const push = queuePush(db, bookingNotice(r.professionalId, "deposit-paid", { ...r, appointmentId }, { depositCents: r.depositCents }), { onlyIf: accepted, now });
  const results = await db.batch([revived, ...acceptStatements(db, r, now, appointmentId), ...(customer ? [customer.statement] : []), ...(professional?.statements ?? []), push.statement]);
  const marked = results[3] as { id: string }[];
  if ((results[0] as { id: string }[]).length !== 1 || marked.length !== 1) return null;
  return [customer?.dedupeKey, professional ? `deposit-paid:${r.id}` : null, push.key].filter((k): k is string => !!k);
}

/** Paid, but its time is gone (or the booking ended): the money goes back, both sides told. */
async function refundLate(
  db: Db,
  r: Request,
  profile: typeof profiles.$inferSelect,
  proEmail: string,
  p: { charge: ChargeState; paidAt: Date; now: Date; access?: ProviderAccess },
): Promise<Settlement> {
  const refunded = await refundCharge(db, r, p.now, p.access, p.paidAt);
  if (!refunded) return { outcome: "already", emails: [] };
  const told = await queueCustomerEmail(db, "deposit-refunded", r, profile, { now: p.now, confirmed: true });
  const notice = queueEmail(
    db,
    {
      to: proEmail,
      subject: `Sinal devolvido: ${r.customerName}`,
      text: [
        `O sinal de ${formatMoney(r.depositCents)} de ${r.customerName} (${r.serviceName}) foi pago depois que o prazo para pagar terminou e o horário já estava ocupado.`,
        "Devolvemos o valor automaticamente pelo Mercado Pago; não é preciso fazer nada.",
      ].join("\n"),
    },
    { claimed: false, now: p.now, kind: "deposit-refunded-pro", professionalId: r.professionalId, dedupeKey: `deposit-refunded-pro:${r.id}` },
  );
  await db.batch([...notice.statements, ...(told ? [told.statement] : [])]);
  return { outcome: "refunded", emails: [told?.dedupeKey, `deposit-refunded-pro:${r.id}`].filter((k): k is string => !!k) };
}

/**
 * Gives a paid charge back through the provider and marks it ('Sinal devolvido'), once: the
 * refund's idempotency key is the booking's, and the mark is conditional. False when it was
 * already given back. `paidAt`: a payment the booking never recorded (a late one) is recorded
 * as received and returned.
 */
export async function refundCharge(db: Db, r: Pick<Request, "id" | "professionalId" | "paymentId" | "depositRefundedAt" | "depositReceivedAt">, now: Date, known?: ProviderAccess, paidAt?: Date): Promise<boolean> {
  if (!r.paymentId || r.depositRefundedAt) return false;
  const access = known ?? (await validAccessToken(db, r.professionalId, now));
  if (!access) throw new PaymentProviderError("A conta do Mercado Pago não está mais conectada: devolva o sinal pelo app do Mercado Pago.", 0, "not_connected");
  const refund = await access.provider.refundCharge(access.accessToken, r.paymentId, `refund-${r.id}`);
  const marked = await db
    .update(bookingRequests)
    // A booking still pending when its payment comes back (a late one) is over: it holds nothing.
    .set({ depositReceivedAt: r.depositReceivedAt ?? paidAt ?? now, depositMethod: "pix", depositRefundedAt: now, paymentRefundId: refund.refundId, status: sql`case when ${bookingRequests.status} = 'pending' then 'expired' else ${bookingRequests.status} end` })
    .where(and(eq(bookingRequests.id, r.id), isNull(bookingRequests.depositRefundedAt)))
    .returning({ id: bookingRequests.id });
  return marked.length === 1;
}

/**
 * The job's look before a hold ends (a lost webhook loses nothing): every booking whose online
 * deposit is unpaid and whose hold is over, asked once of the provider, and settled if it was
 * paid. Returns how many were confirmed or refunded.
 */
export async function settleEndedHolds(db: Db, now: Date, limit = 50): Promise<number> {
  const ended = await db
    .select({ id: bookingRequests.id, professionalId: bookingRequests.professionalId, paymentId: bookingRequests.paymentId })
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.status, "pending"),
        isNotNull(bookingRequests.paymentId),
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
 * Deposits paid online that a cancellation or a decline owes back (docs/decisions/0963): the
 * professional declined or cancelled (always given back), or the customer cancelled (the page
 * lets them only before the cut-off, so always before it). A no-show keeps it. Given back through
 * the provider, the customer told; run by the job (a failed refund is tried again next run) and
 * right after the change that owes it. `requestId`: only that booking's.
 */
export async function refundOwedDeposits(db: Db, now: Date, requestId?: string, limit = 50): Promise<{ refunded: number; emails: string[] }> {
  const owed = await db
    .select({ request: bookingRequests, profile: profiles })
    .from(bookingRequests)
    .innerJoin(profiles, eq(profiles.userId, bookingRequests.professionalId))
    .leftJoin(appointments, and(eq(appointments.id, bookingRequests.appointmentId), eq(appointments.userId, bookingRequests.professionalId)))
    .where(
      and(
        requestId ? eq(bookingRequests.id, requestId) : undefined,
        isNotNull(bookingRequests.paymentId),
        isNotNull(bookingRequests.depositReceivedAt),
        isNull(bookingRequests.depositRefundedAt),
        or(inArray(bookingRequests.status, ["declined", "cancelled"]), eq(appointments.status, "cancelled")),
      ),
    )
    .limit(limit);
  const emails: string[] = [];
  let refunded = 0;
  for (const { request: r, profile } of owed) {
    try {
      if (!(await refundCharge(db, r, now))) continue;
      refunded += 1;
      const told = await queueCustomerEmail(db, "deposit-refunded", r, profile, { now });
      if (told) {
        await db.batch([told.statement]);
        emails.push(told.dedupeKey);
      }
    } catch (error) {
      console.error(`payments: the refund of request ${r.id} failed (tried again on the next run)`, error instanceof Error ? error.message : error);
    }
  }
  return { refunded, emails };
}
