// A deposit charged online (issue 23, docs/decisions/0960): when it applies, what the booking page
// says of it before anything is asked, and its states as both sides read them. The request row
// holds the charge (payment_* columns) beside the deposit's marks (deposits.ts).
import { formatMoney } from "../money";
import { span } from "./customer-changes";
import { holdEndsAt } from "../deposits/deposits";

/**
 * A Pix charge stays payable at least this long: Mercado Pago takes a `date_of_expiration` "between
 * 30 minutes and 30 days" after the payment is issued (its Pix guide). The hold is never shorter,
 * so the time is held exactly as long as the code works (docs/decisions/1030).
 */
export const CHARGE_MIN_MINUTES = 30;

/**
 * 'Tempo para pagar': how long a deposit charged online holds the time, 30 minutes to 1 hour (30
 * by default): never shorter than the charge can be.
 */
export const PAYMENT_HOLD_MINUTES = { min: CHARGE_MIN_MINUTES, max: 60, default: CHARGE_MIN_MINUTES } as const;

/** The hold a professional's saved 'Tempo para pagar' gives: one saved below the minimum (earlier versions' 5 to 20) reads as it. */
export function paymentHoldMinutes(saved: number): number {
  return Math.min(PAYMENT_HOLD_MINUTES.max, Math.max(PAYMENT_HOLD_MINUTES.min, saved));
}

/**
 * Asked a moment after the booking, at a provider whose clock may run a little ahead: a charge
 * is asked to expire this much later than its minimum, so it is never refused as too short.
 */
const CHARGE_MARGIN_MS = 60_000;

type Payments = { paymentAccount: boolean; configured: boolean };

/** The professional's deposits are charged online: a connected account on a server that takes payments. */
export function takesOnlinePayments(p: Payments): boolean {
  return p.paymentAccount && p.configured;
}

/** Whether this booking's deposit is charged online: one is asked, and the professional takes online payments. */
export function chargesOnline(p: Payments, depositCents: number): boolean {
  return takesOnlinePayments(p) && depositCents > 0;
}

/**
 * Steps 1-3's rule, said before anything is asked: 'Devolvido se você cancelar até 2 horas antes;
 * depois disso, fica com o profissional.'
 */
export function depositRule(cutoffMinutes: number): string {
  const until = cutoffMinutes > 0 ? `até ${span(cutoffMinutes)} antes` : "até o início do horário";
  return `Devolvido se você cancelar ${until}; depois disso, fica com o profissional.`;
}

/** 'Sinal de R$ 15,00 via Pix para garantir o horário.' */
export function depositAsk(depositCents: number): string {
  return `Sinal de ${formatMoney(depositCents)} via Pix para garantir o horário`;
}

/**
 * When the Pix code stops working, asked of the provider at `now`: the hold's end, or the
 * provider's shortest expiry if later, on a whole minute ('Pague até 10:45' is then exact). The
 * hold then ends when the charge the provider made does (startCharge), one deadline for both.
 * The booking's deadline is set this way when it is made, so the charge asked a moment later
 * keeps it (a whole minute still far enough away), and the first e-mail, written before the
 * charge exists, already says the code's real deadline.
 */
export function chargeExpiry(now: Date, holdEndsAt: Date): Date {
  const end = holdEndsAt.getTime();
  if (end % 60_000 === 0 && end >= now.getTime() + CHARGE_MIN_MINUTES * 60_000 + CHARGE_MARGIN_MS / 2) return holdEndsAt;
  const at = Math.max(end, now.getTime() + CHARGE_MIN_MINUTES * 60_000 + CHARGE_MARGIN_MS);
  return new Date(Math.ceil(at / 60_000) * 60_000);
}

/** What happens at 'Pague até', said beside it before the customer pays (a request still waiting for it). */
export const PAY_BY_RULE = "Depois desse horário o horário é liberado e um pagamento feito depois é devolvido.";

/** The same deadline on a booking the professional has already confirmed: the deposit is still asked, the time is not at stake. */
export const PAY_BY_CONFIRMED = "Seu horário já está confirmado. Pague o sinal pelo Pix até esse horário.";

/**
 * Whether a charge's payment came after the deadline the customer was given ('Pague até', the end
 * of the request's hold): such a payment is given back, whether or not the time is still free
 * (PAY_BY_RULE). A booking confirmed meanwhile has no such deadline: it is never late.
 */
export function paidAfterDeadline(r: { status: string; expiresAt: Date | null; depositDueAt: Date | null }, paidAt: Date): boolean {
  if (r.status !== "pending" && r.status !== "expired") return false;
  const deadline = holdEndsAt({ ...r, depositReceivedAt: null });
  return !!deadline && paidAt.getTime() > deadline.getTime();
}
