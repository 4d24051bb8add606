import { useState, type FormEvent } from "react";
import { closingTotals, type ClosingTotals } from "../../domain/cash/totals";
import { formatMoney, parseMoneyToCents } from "../../domain/money";

export type TotalsValues = {
  itens: { preco?: string; quantidade?: string }[];
  descontoTipo?: string;
  desconto?: string;
  gorjeta?: string;
};

const cents = (text: string | undefined) => (text ? (parseMoneyToCents(text) ?? 0) : 0);

/** The sums of what is typed (an unreadable amount counts as zero until it is fixed). */
export function totalsOf(values: TotalsValues, depositCents: number): ClosingTotals {
  const lines = values.itens.map((i) => ({ unitPriceCents: cents(i.preco), quantity: Math.max(1, Math.trunc(Number(i.quantidade) || 1)) }));
  const typed = cents(values.desconto);
  const discount = values.descontoTipo === "percentual" ? { kind: "percent" as const, basisPoints: Math.min(typed, 10_000) } : { kind: "amount" as const, cents: typed };
  return closingTotals({ lines, discount, tipCents: cents(values.gorjeta), depositCents });
}

/** The form's fields read back into values (for the live totals). */
function valuesOfForm(form: HTMLFormElement): TotalsValues {
  const data = new FormData(form);
  const itens: TotalsValues["itens"] = [];
  for (const [key, value] of data) {
    const m = /^itens\[(\d+)\]\.(preco|quantidade)$/.exec(key);
    if (m) (itens[Number(m[1])] ??= {})[m[2] as "preco" | "quantidade"] = String(value);
  }
  const get = (name: string) => String(data.get(name) ?? "");
  return { itens: itens.filter(Boolean), descontoTipo: get("descontoTipo"), desconto: get("desconto"), gorjeta: get("gorjeta") };
}

/** Totals that follow the typing with JavaScript; the server's figures without it. */
export function useLiveTotals(initial: ClosingTotals, depositCents: number) {
  const [totals, setTotals] = useState(initial);
  const onInput = (e: FormEvent<HTMLFormElement>) => setTotals(totalsOf(valuesOfForm(e.currentTarget), depositCents));
  return { totals, onInput, reset: setTotals };
}

export function TotalsPanel({ totals }: { totals: ClosingTotals }) {
  const row = (label: string, value: string, strong = false) => (
    <div className={`flex justify-between gap-4 ${strong ? "text-lg font-bold" : "text-sm text-slate-700"}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
  return (
    <dl className="space-y-1 rounded-lg bg-slate-50 p-3" aria-live="polite" data-testid="closing-totals">
      {row("Subtotal", formatMoney(totals.subtotalCents))}
      {totals.discountCents ? row("Desconto", `− ${formatMoney(totals.discountCents)}`) : null}
      {totals.depositCents ? row("Sinal já recebido", `− ${formatMoney(totals.depositCents)}`) : null}
      {totals.tipCents ? row("Gorjeta", `+ ${formatMoney(totals.tipCents)}`) : null}
      {row("Total a receber", formatMoney(totals.dueCents), true)}
    </dl>
  );
}
