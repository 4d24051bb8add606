// The one definition of 'Recebido' (issue 22): what a paid closing brought to the business, the
// money taken at the chair less the tip (a tip is the professional's, never revenue), plus a
// deposit received before the day. A pending closing ('Pagamento pendente') has received only its deposit.
import type { ClosingStatus } from "../../../db/schema";

export type ReceivedInput = { status: ClosingStatus; paidCents: number; tipCents: number; depositCents: number };

export function receivedCents(closing: ReceivedInput): number {
  const atTheChair = closing.status === "paid" ? closing.paidCents - closing.tipCents : 0;
  return atTheChair + closing.depositCents;
}

/**
 * What a completed appointment brought to the business: what its closing received, or its list
 * price when it was completed without one ('sem fechamento', docs/decisions/0920). A client's
 * 'Total gasto' and the VIP rule are its sum over their completed appointments (docs/decisions/1060).
 */
export function visitCents(priceCents: number, closing: ReceivedInput | null): number {
  return closing ? receivedCents(closing) : priceCents;
}
