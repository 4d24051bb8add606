// The sums of 'Fechar atendimento' (issue 22): pure, in integer centavos, the same on the server
// (what is stored) and in the browser (the live totals). Formatting only through ../money.
import { PAYMENT_METHODS, type PaymentMethod } from "../../../db/schema";

export { PAYMENT_METHODS, type PaymentMethod };

/** How each method is called on every screen and export. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  pix: "Pix",
  cash: "Dinheiro",
  debit: "Cartão de débito",
  credit: "Cartão de crédito",
};

export type ClosingLine = { unitPriceCents: number; quantity: number };
/** 'Desconto' as typed: an amount in centavos, or a percentage in hundredths (10% = 1000). */
export type Discount = { kind: "amount"; cents: number } | { kind: "percent"; basisPoints: number };
export type PaymentLine = { method: PaymentMethod; amountCents: number };

export type ClosingTotals = {
  /** The items' sum. */
  subtotalCents: number;
  /** The discount in centavos (a percentage rounded to the centavo). */
  discountCents: number;
  /** What the services and products were charged: subtotal less the discount. */
  chargedCents: number;
  /** The deposit already received, deducted (never more than what was charged). */
  depositCents: number;
  tipCents: number;
  /** What the customer pays now: charged less the deposit, plus the tip. */
  dueCents: number;
};

export function lineTotal(line: ClosingLine): number {
  return line.unitPriceCents * line.quantity;
}

export function discountInCents(subtotalCents: number, discount: Discount): number {
  if (discount.kind === "amount") return discount.cents;
  return Math.round((subtotalCents * discount.basisPoints) / 10_000);
}

export function closingTotals(input: { lines: ClosingLine[]; discount: Discount; tipCents: number; depositCents: number }): ClosingTotals {
  const subtotalCents = input.lines.reduce((sum, line) => sum + lineTotal(line), 0);
  const discountCents = discountInCents(subtotalCents, input.discount);
  const chargedCents = Math.max(0, subtotalCents - discountCents);
  const depositCents = Math.min(input.depositCents, chargedCents);
  return { subtotalCents, discountCents, chargedCents, depositCents, tipCents: input.tipCents, dueCents: chargedCents - depositCents + input.tipCents };
}

export function paidCents(payments: PaymentLine[]): number {
  return payments.reduce((sum, p) => sum + p.amountCents, 0);
}

/** The payment lines add up to what is due, to the centavo. */
export function splitAddsUp(totals: ClosingTotals, payments: PaymentLine[]): boolean {
  return paidCents(payments) === totals.dueCents;
}

/** A closing as the form gave it: items, discount, tip and payments; `pending` is 'Concluir sem registrar pagamento'. */
export type ClosingForm = {
  items: { kind: "service" | "product"; serviceId: string | null; name: string; unitPriceCents: number; quantity: number }[];
  discount: Discount;
  tipCents: number;
  payments: PaymentLine[];
  pending: boolean;
};
