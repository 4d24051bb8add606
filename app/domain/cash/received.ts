// The one definition of 'Recebido' (issue 22): what a paid closing brought to the business, the
// money taken at the chair less the tip (a tip is the professional's, never revenue), plus a
// deposit received before the day. A pending closing ('Pagamento pendente') has received only its deposit.
import type { ClosingStatus } from "../../../db/schema";

export type ReceivedInput = { status: ClosingStatus; paidCents: number; tipCents: number; depositCents: number };

export function receivedCents(closing: ReceivedInput): number {
  const atTheChair = closing.status === "paid" ? closing.paidCents - closing.tipCents : 0;
  return atTheChair + closing.depositCents;
}
