// Deposits charged online (issue 23, docs/decisions/0960-0963, 1030): the Pix charge of a booking
// held 'Aguardando pagamento', whose expiry is the hold's end, a charge's payment given back, and
// the refunds a cancellation owes. What a paid charge does to its booking is settlement.server.ts's.
// The provider is only ever asked, never believed: every effect starts from the payment read back
// with the professional's own token (ChargeState), and every write is conditional, so a webhook
// delivered twice, two deliveries racing, or the job and a webhook at once leave one outcome.
import { and, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { appointments, bookingRequests, paymentAccounts, profiles } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { chargeExpiry } from "../booking-requests/online-deposits";
import { pixCodeIntoFirstEmail, queueCustomerEmail } from "../notifications/customer-emails.server";
import { accessForRow, validAccessToken, type ProviderAccess } from "./accounts.server";
import { paymentNotificationUrl } from "./notifications.server";
import { PaymentProviderError } from "./provider";
import { APPOINTMENT_STATUS } from "../status-rules";

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
    // One deadline: the time is held until the code the provider made stops working ('Pague
    // até'), never less — only while it is still held (a hold already over is not revived).
    // The code also goes into the booking's first e-mail, if it has not left yet.
    const at = Date.now();
    await db.batch([
      db
        .update(bookingRequests)
        .set({
          paymentId: charge.paymentId,
          paymentQrCode: charge.qrCode,
          depositDueAt: sql`case when ${bookingRequests.status} = 'pending' and ${bookingRequests.depositDueAt} > ${at}
            and ${bookingRequests.depositDueAt} < ${charge.expiresAt.getTime()} then ${charge.expiresAt.getTime()} else ${bookingRequests.depositDueAt} end`,
        })
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

/**
 * Gives a paid charge back through the provider and records it, once: the refund's idempotency
 * key is the booking's, and the mark is conditional. False when it was already given back.
 * `paidAt`: when the charge was paid, if the booking never recorded it. Given back as the
 * deposit ('Sinal devolvido', a booking still pending then holds nothing); with `keepDeposit`,
 * only the charge is (the deposit received by hand stays as it is).
 */
export async function refundCharge(
  db: Db,
  r: Pick<Request, "id" | "professionalId" | "paymentId" | "paymentPaidAt" | "paymentRefundId" | "depositRefundedAt" | "depositReceivedAt">,
  now: Date,
  opts: { access?: ProviderAccess; paidAt?: Date; keepDeposit?: boolean } = {},
): Promise<boolean> {
  if (!r.paymentId || r.paymentRefundId || (!opts.keepDeposit && r.depositRefundedAt)) return false;
  const access = opts.access ?? (await validAccessToken(db, r.professionalId, now));
  if (!access) throw new PaymentProviderError("A conta do Mercado Pago não está mais conectada: devolva o sinal pelo app do Mercado Pago.", 0, "not_connected");
  const refund = await access.provider.refundCharge(access.accessToken, r.paymentId, `refund-${r.id}`);
  const paid = { paymentPaidAt: r.paymentPaidAt ?? opts.paidAt ?? now, paymentRefundId: refund.refundId };
  const marked = await db
    .update(bookingRequests)
    .set(
      opts.keepDeposit
        ? paid
        : {
            ...paid,
            depositReceivedAt: r.depositReceivedAt ?? opts.paidAt ?? now,
            depositMethod: "pix",
            depositRefundedAt: now,
            // A booking still pending when its payment comes back (a late one) is over: it holds nothing.
            status: sql`case when ${bookingRequests.status} = 'pending' then 'expired' else ${bookingRequests.status} end`,
          },
    )
    .where(and(eq(bookingRequests.id, r.id), isNull(bookingRequests.paymentRefundId), opts.keepDeposit ? undefined : isNull(bookingRequests.depositRefundedAt)))
    .returning({ id: bookingRequests.id });
  return marked.length === 1;
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
        // Paid through its charge (a deposit received by hand is given back by hand).
        isNotNull(bookingRequests.paymentPaidAt),
        isNull(bookingRequests.paymentRefundId),
        isNotNull(bookingRequests.depositReceivedAt),
        isNull(bookingRequests.depositRefundedAt),
        or(inArray(bookingRequests.status, ["declined", "cancelled"]), eq(appointments.status, APPOINTMENT_STATUS.cancelled)),
      ),
    )
    .limit(limit);
  const emails: string[] = [];
  let refunded = 0;
  for (const { request: r, profile } of owed) {
    try {
      if (!(await refundCharge(db, r, now))) continue;
      refunded += 1;
      const told = await queueCustomerEmail(db, "deposit-refunded", r, profile, { now, refund: "ended" });
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
