// A deposit charged online (issue 23, docs/decisions/0960): when it applies, what the booking page
// says of it before anything is asked, and its states as both sides read them. The request row
// holds the charge (payment_* columns) beside the deposit's marks (deposits.ts).
import { formatMoney } from "../money";
import { span } from "./customer-changes";

/** 'Tempo para pagar': the hold of a deposit charged online, 5 to 60 minutes (15 by default). */
export const PAYMENT_HOLD_MINUTES = { min: 5, max: 60, default: 15 } as const;

/**
 * A Pix charge stays payable at least this long: the provider's shortest expiry (decision 0961).
 * The time is held on our own clock ('Tempo para pagar'); a payment after it is still honoured
 * when the time is free, and given back when it was taken.
 */
export const CHARGE_MIN_MINUTES = 30;

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

/** When the Pix code stops working: the hold's end, or the provider's shortest expiry if later. */
export function chargeExpiry(now: Date, holdEndsAt: Date): Date {
  return new Date(Math.max(holdEndsAt.getTime(), now.getTime() + CHARGE_MIN_MINUTES * 60_000));
}

/** Whether a customer's cancellation at `now` gets the deposit back: before the cut-off only. */
export function refundOnCustomerCancel(now: Date, changeDeadline: Date): boolean {
  return now.getTime() < changeDeadline.getTime();
}
