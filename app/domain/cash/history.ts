// What a change of a closed service is remembered as (issue 22): a summary of the closing before
// and after, and the lines a person reads ('Total: R$ 70,00 → R$ 65,00').
import { formatMoney } from "../money";
import { PAYMENT_METHOD_LABELS, type PaymentLine } from "./totals";

export type ClosingSummary = {
  status: "paid" | "pending";
  items: { name: string; quantity: number; unitPriceCents: number }[];
  discountCents: number;
  tipCents: number;
  payments: PaymentLine[];
};

export const CLOSING_STATUS_LABELS = { paid: "Pago", pending: "Pagamento pendente" } as const;

const itemsText = (s: ClosingSummary) => s.items.map((i) => `${i.quantity > 1 ? `${i.quantity}× ` : ""}${i.name} ${formatMoney(i.unitPriceCents)}`).join(", ");
const paymentsText = (s: ClosingSummary) =>
  s.payments.length ? s.payments.map((p) => `${formatMoney(p.amountCents)} ${PAYMENT_METHOD_LABELS[p.method]}`).join(" + ") : "nenhum";

/** The lines that differ between two summaries, in pt-BR ('Itens: … → …'). */
export function describeChange(before: ClosingSummary, after: ClosingSummary): string[] {
  const fields: [string, (s: ClosingSummary) => string][] = [
    ["Situação", (s) => CLOSING_STATUS_LABELS[s.status]],
    ["Itens", itemsText],
    ["Desconto", (s) => formatMoney(s.discountCents)],
    ["Gorjeta", (s) => formatMoney(s.tipCents)],
    ["Pagamento", paymentsText],
  ];
  return fields.filter(([, text]) => text(before) !== text(after)).map(([label, text]) => `${label}: ${text(before)} → ${text(after)}`);
}
