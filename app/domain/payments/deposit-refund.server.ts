// 'Devolver sinal' on the professional's screens (docs/decisions/1043): a deposit paid online is
// given back by the app through the provider — the same refund a cancellation owes
// (refundCharge, decision 0963) — and the customer told; one paid to the professional's own key
// is given back by them and only recorded here (markDepositRefunded).
import { and, eq } from "drizzle-orm";
import { appointments, bookingRequests, paymentAccounts, profiles } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { depositState } from "../deposits/deposits";
import { formatMoney } from "../money";
import { queueCustomerEmail } from "../notifications/customer-emails.server";
import { refundCharge } from "./deposit-charges.server";
import { PaymentProviderError } from "./provider";
import { isCancelled } from "../status-rules";

/**
 * How a received deposit goes back: by the app through the provider (paid online, the account
 * still connected); by the professional in the provider's own app (paid online, the account
 * disconnected since: the app can no longer refund it); or by their bank (paid to their own key).
 */
export type RefundWay = "provider" | "provider-app" | "bank";

type Read = { request: typeof bookingRequests.$inferSelect; profile: typeof profiles.$inferSelect; connected: boolean; stands: boolean };

/**
 * The professional's request with its profile, whether a payment account is connected and
 * whether the booking still stands (accepted, its appointment not cancelled); null: not theirs.
 */
async function readRequest(db: Db, professionalId: string, requestId: string): Promise<Read | null> {
  const [row] = await db
    .select({ request: bookingRequests, profile: profiles, account: paymentAccounts.id, appointment: appointments.status })
    .from(bookingRequests)
    .innerJoin(profiles, eq(profiles.userId, bookingRequests.professionalId))
    .leftJoin(paymentAccounts, eq(paymentAccounts.userId, bookingRequests.professionalId))
    .leftJoin(appointments, and(eq(appointments.id, bookingRequests.appointmentId), eq(appointments.userId, bookingRequests.professionalId)))
    .where(and(eq(bookingRequests.id, requestId.slice(0, 64)), eq(bookingRequests.professionalId, professionalId)))
    .limit(1);
  if (!row) return null;
  const stands = row.request.status === "accepted" && row.appointment !== null && !isCancelled(row.appointment);
  return { request: row.request, profile: row.profile, connected: row.account !== null, stands };
}

/** Paid online is a charge the provider was paid (`paymentPaidAt`); a deposit marked by hand beside an unpaid charge is the professional's (1033). */
const wayOf = ({ request: r, connected }: Read): RefundWay => (r.paymentId && r.paymentPaidAt && !r.paymentRefundId ? (connected ? "provider" : "provider-app") : "bank");

/** A received deposit of the professional's and how it goes back ('Devolver sinal' asks first with it); null for anything else. */
export async function depositToGiveBack(db: Db, professionalId: string, requestId: string) {
  const read = await readRequest(db, professionalId, requestId);
  if (!read || depositState(read.request) !== "received") return null;
  return { request: read.request, way: wayOf(read) };
}

export type GiveBackOutcome =
  | { outcome: "not-found" }
  /** Not the app's to give back (paid to the professional's key, or the account disconnected): recorded by hand. */
  | { outcome: "by-hand" }
  | { outcome: "refunded"; amount: string; customerName: string; emailKey: string | null }
  | { outcome: "already" }
  | { outcome: "not-received" }
  | { outcome: "failed"; message: string };

/**
 * 'Devolver sinal' of a deposit paid online: refunded through the provider once (the refund's
 * idempotency key is the booking's, the mark conditional), the booking left as it stands, the
 * customer e-mailed that it was given back (and that their time stays, when it does).
 */
export async function giveDepositBack(db: Db, professionalId: string, requestId: string, now = new Date()): Promise<GiveBackOutcome> {
  const read = await readRequest(db, professionalId, requestId);
  if (!read) return { outcome: "not-found" };
  if (wayOf(read) !== "provider") return { outcome: "by-hand" };
  const { request: r, profile, stands } = read;
  const state = depositState(r);
  if (state === "refunded") return { outcome: "already" };
  if (state !== "received") return { outcome: "not-received" };
  try {
    if (!(await refundCharge(db, r, now))) return { outcome: "already" };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.error(`payments: the refund of request ${r.id} asked by the professional failed (${error.status}): ${error.message}`);
    return { outcome: "failed", message: error.message };
  }
  const told = await queueCustomerEmail(db, "deposit-refunded", r, profile, { now, refund: stands ? "kept" : "ended" });
  if (told) await db.batch([told.statement]);
  return { outcome: "refunded", amount: formatMoney(r.depositCents), customerName: r.customerName, emailKey: told?.dedupeKey ?? null };
}
