// 'Fechar atendimento' (issue 22): the closing form read into items, discount, tip and payments,
// each refusal a pt-BR message beside its field. The sums are domain/cash/totals'.
import { z } from "./zod";
import { formatMoney, parseMoneyToCents } from "../domain/money";
import { closingTotals, paidCents, PAYMENT_METHODS, type ClosingForm, type Discount, type PaymentLine } from "../domain/cash/totals";

export const CASH_MESSAGES = {
  amount: "Informe um valor em reais, como 50,00",
  amountMax: "Valor acima do limite de R$ 100.000,00",
  itemName: "Informe o nome do item",
  itemNameMax: "O nome pode ter até 100 caracteres",
  quantity: "Quantidade de 1 a 99",
  noItems: "Inclua pelo menos um item",
  tooManyItems: "No máximo 20 itens",
  percent: "O desconto em % deve ser de 0 a 100",
  discountOverTotal: "O desconto não pode ser maior que o total dos itens",
  method: "Escolha uma forma de pagamento válida",
  methodMissing: "Escolha a forma de pagamento deste valor",
  noPayment: "Informe como foi pago (ou use 'Concluir sem registrar pagamento')",
  split: (paid: number, due: number) => `Os pagamentos somam ${formatMoney(paid)}, mas o total a receber é ${formatMoney(due)}`,
} as const;

const M = CASH_MESSAGES;
/** The most a single amount may be: R$ 100.000,00. */
export const MAX_AMOUNT_CENTS = 10_000_000;
export const MAX_ITEMS = 20;
export const PAYMENT_LINES = 4;

const money = z
  .string({ error: M.amount })
  .transform((text, ctx) => {
    const cents = parseMoneyToCents(text);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: M.amount });
      return z.NEVER;
    }
    return cents;
  })
  .pipe(z.number().max(MAX_AMOUNT_CENTS, M.amountMax));

const item = z.object({
  tipo: z.enum(["service", "product"], { error: M.itemName }).default("product"),
  servico: z.string().max(100).optional(),
  nome: z.string({ error: M.itemName }).trim().min(1, M.itemName).max(100, M.itemNameMax),
  preco: money,
  quantidade: z.coerce.number({ error: M.quantity }).int(M.quantity).min(1, M.quantity).max(99, M.quantity).default(1),
});

const payment = z.object({
  metodo: z.enum(PAYMENT_METHODS, { error: M.method }).optional(),
  valor: money.optional(),
});

/**
 * The closing form's schema. `depositCents` is the deposit already received (deducted);
 * `pending` is 'Concluir sem registrar pagamento' (no payment lines asked). A single payment
 * line with its method and no amount takes what is left to pay.
 */
export function closingSchema(opts: { depositCents: number; pending: boolean }) {
  return z
    .object({
      id: z.string().max(100),
      itens: z.array(item, { error: M.noItems }).min(1, M.noItems).max(MAX_ITEMS, M.tooManyItems),
      descontoTipo: z.enum(["valor", "percentual"]).default("valor"),
      desconto: z.string().max(30).optional(),
      gorjeta: money.optional(),
      pagamentos: z.array(payment).max(PAYMENT_LINES).default([]),
    })
    .transform((form, ctx): ClosingForm => {
      const items = form.itens.map((i) => ({ kind: i.tipo, serviceId: i.servico || null, name: i.nome, unitPriceCents: i.preco, quantity: i.quantidade }));
      const discount = readDiscount(form.descontoTipo, form.desconto, ctx);
      const tipCents = form.gorjeta ?? 0;
      const totals = closingTotals({ lines: items, discount, tipCents, depositCents: opts.depositCents });
      if (totals.discountCents > totals.subtotalCents) ctx.addIssue({ code: "custom", path: ["desconto"], message: M.discountOverTotal });
      const payments = opts.pending ? [] : readPayments(form.pagamentos, totals.dueCents, ctx);
      return { items, discount, tipCents, payments, pending: opts.pending };
    });
}

function readDiscount(kind: "valor" | "percentual", text: string | undefined, ctx: z.RefinementCtx): Discount {
  if (!text) return { kind: "amount", cents: 0 };
  const cents = parseMoneyToCents(text);
  if (cents === null) {
    ctx.addIssue({ code: "custom", path: ["desconto"], message: kind === "percentual" ? M.percent : M.amount });
    return { kind: "amount", cents: 0 };
  }
  if (kind === "percentual") {
    if (cents > 10_000) ctx.addIssue({ code: "custom", path: ["desconto"], message: M.percent });
    return { kind: "percent", basisPoints: Math.min(cents, 10_000) };
  }
  if (cents > MAX_AMOUNT_CENTS) ctx.addIssue({ code: "custom", path: ["desconto"], message: M.amountMax });
  return { kind: "amount", cents };
}

function readPayments(lines: { metodo?: PaymentLine["method"]; valor?: number }[], dueCents: number, ctx: z.RefinementCtx): PaymentLine[] {
  const used = lines.map((line, index) => ({ ...line, index })).filter((l) => l.metodo !== undefined || l.valor !== undefined);
  for (const l of used) if (!l.metodo) ctx.addIssue({ code: "custom", path: ["pagamentos", l.index, "metodo"], message: M.methodMissing });
  const open = used.filter((l) => l.valor === undefined);
  if (used.length === 0) {
    if (dueCents > 0) ctx.addIssue({ code: "custom", path: ["pagamentos"], message: M.noPayment });
    return [];
  }
  const typed = used.reduce((sum, l) => sum + (l.valor ?? 0), 0);
  // One line without an amount takes what is left; more than one cannot be guessed.
  const payments = used
    .filter((l) => l.metodo)
    .map((l) => ({ method: l.metodo!, amountCents: l.valor ?? (open.length === 1 ? Math.max(0, dueCents - typed) : 0) }))
    .filter((p) => p.amountCents > 0 || dueCents === 0);
  const paid = paidCents(payments);
  if (paid !== dueCents) ctx.addIssue({ code: "custom", path: ["pagamentos"], message: M.split(paid, dueCents) });
  return payments;
}
