// What each side reads of a booking's deposit beyond the screens' state badge (deposits.ts): why
// a booking expired (no answer, a deposit not paid in time, a payment that came too late and went
// back), how each ending reads on the customer's status page, what becomes of the deposit when a
// booking ends, and how to pay one still due. One definition for the status page (its ending and
// its cancel question) and the e-mails to both sides (docs/decisions/1040-1042). Pure.
import { formatMoney } from "../money";
import { DEPOSIT_METHOD_LABELS, depositState, type DepositFields } from "./deposits";

/** A deposit as the request row holds it, with its online charge (`paymentId`: the provider's payment). */
export type DepositFacts = DepositFields & { paymentId?: string | null };

/**
 * What becomes of a deposit when its booking ends (cancelled, declined): already given back;
 * paid online, so the app gives it back (docs/decisions/0963: the same rule as refundOwedDeposits);
 * paid to the professional directly, theirs to give back; or never paid (or not yet marked).
 * Null: the booking asks none.
 */
export type DepositFate = "refunded" | "app-refunds" | "by-hand" | "unpaid";

export function depositFate(d: DepositFacts): DepositFate | null {
  const state = depositState(d);
  if (state === null) return null;
  if (state === "refunded") return "refunded";
  if (state === "received") return d.paymentId ? "app-refunds" : "by-hand";
  return "unpaid";
}

/** Why an expired request holds nothing: nobody answered, its deposit was not paid in time, or it was paid too late and went back. */
export type ExpiredBecause = "unanswered" | "unpaid" | "paid-late";

export function whyExpired(r: {
  expiresAt: Date | null;
  depositDueAt: Date | null;
  depositReceivedAt: Date | null;
  depositRefundedAt: Date | null;
  paymentRefundId?: string | null;
}): ExpiredBecause {
  // A payment the provider gave back on an expired booking arrived after its hold (decision 0961).
  if (r.paymentRefundId && r.depositRefundedAt) return "paid-late";
  // Its deposit fell due, unpaid, before its time to answer ran out ('Sinal não pago em …', 'Tempo para pagar').
  if (r.depositDueAt && !r.depositReceivedAt && (!r.expiresAt || r.depositDueAt < r.expiresAt)) return "unpaid";
  return "unanswered";
}

/** The customer, after the booking ended: what became (or becomes) of the deposit; null when nothing was paid. */
export function depositAfterEnd(d: DepositFacts, professional: string): string | null {
  const amount = formatMoney(d.depositCents);
  switch (depositFate(d)) {
    case "refunded":
      return d.paymentId ? `O sinal de ${amount} foi devolvido pelo Pix.` : `O sinal de ${amount} foi devolvido.`;
    case "app-refunds":
      return `O sinal de ${amount} que você pagou será devolvido pelo Pix em alguns minutos.`;
    case "by-hand":
      return byHand(amount, professional);
    default:
      return null;
  }
}

/** The customer, asked whether to cancel: what will become of the deposit. Null: none was asked. */
export function depositIfCancelled(d: DepositFacts, professional: string): string | null {
  const amount = formatMoney(d.depositCents);
  switch (depositFate(d)) {
    case "refunded":
      return `O sinal de ${amount} já foi devolvido.`;
    case "app-refunds":
      return `O sinal de ${amount} que você pagou será devolvido pelo Pix.`;
    case "by-hand":
      return byHand(amount, professional);
    case "unpaid":
      return d.paymentProvider
        ? "O sinal ainda não foi pago: depois de cancelar, não pague o Pix."
        : `Se você já pagou o sinal de ${amount}, fale com ${professional} sobre a devolução.`;
    default:
      return null;
  }
}

const byHand = (amount: string, professional: string) => `O sinal de ${amount} foi pago direto a ${professional}: fale com ${professional} sobre a devolução.`;

/** The professional, told that the customer cancelled: what becomes of the deposit; null when nothing was paid. */
export function depositOnCustomerCancel(d: DepositFacts): string | null {
  const amount = formatMoney(d.depositCents);
  switch (depositFate(d)) {
    case "refunded":
      return `Sinal devolvido — ${amount}.`;
    case "app-refunds":
      return `Sinal pago — ${amount}: devolvido ao cliente automaticamente pelo Mercado Pago; não é preciso fazer nada.`;
    case "by-hand":
      return `Sinal recebido — ${amount}: se for devolver, faça pelo seu banco e toque em 'Devolver sinal' em Solicitações.`;
    default:
      return null;
  }
}

/** How an ended booking reads at the top of the customer's status page. */
export type Ending = { title: string; note: string };

const CHOOSE_AGAIN = "Se ainda quiser marcar, escolha um novo horário.";

/**
 * Each ending as it really happened: an expiry says whose it was (the professional's silence, a
 * deposit not paid in time, a payment that came too late and went back), a decline or a cancel
 * says what became of the deposit.
 */
export function bookingEnding(e: {
  status: "expired" | "declined" | "cancelled";
  cancelledBy: "customer" | "professional" | null;
  professional: string;
  request: DepositFacts & Parameters<typeof whyExpired>[0];
}): Ending {
  const { request: r, professional } = e;
  const deposit = depositAfterEnd(r, professional);
  const join = (...parts: (string | null)[]) => parts.filter(Boolean).join(" ");
  if (e.status === "declined") return { title: "Solicitação recusada", note: join(`${professional} não pode atender neste horário.`, deposit) };
  if (e.status === "cancelled") {
    return { title: "Agendamento cancelado", note: join(e.cancelledBy === "customer" ? "Você cancelou este agendamento." : null, deposit) };
  }
  switch (whyExpired(r)) {
    case "paid-late":
      return {
        title: "Pagamento do sinal devolvido",
        note: `Seu pagamento chegou depois do prazo para pagar, e o horário já não estava reservado para você. Devolvemos ${formatMoney(r.depositCents)} pelo Pix (pode levar alguns minutos para aparecer). ${CHOOSE_AGAIN}`,
      };
    case "unpaid":
      return { title: "Reserva expirada", note: `O sinal não foi pago a tempo e o horário foi liberado. ${CHOOSE_AGAIN}` };
    default:
      return { title: "Solicitação expirada", note: join(`${professional} não respondeu a tempo e o horário foi liberado.`, deposit, CHOOSE_AGAIN) };
  }
}

/** The line of a confirmation that says the deposit was paid (or given back); null while unpaid or when none was asked. */
export function depositPaidLine(d: DepositFacts): string | null {
  const state = depositState(d);
  const amount = formatMoney(d.depositCents);
  if (state === "received") return `Sinal pago: ${amount} via ${DEPOSIT_METHOD_LABELS[d.depositMethod ?? "pix"]}.`;
  if (state === "refunded") return `Sinal devolvido: ${amount}.`;
  return null;
}

/**
 * How to pay a deposit still due, as an e-mail says it: the amount and until when (`dueBy`, e.g.
 * 'hoje às 21:55'; null: no deadline), then the Pix copia e cola (`code`), or why there is none, or
 * (null) where to find it.
 */
export function depositPayLines(p: { amountCents: number; dueBy: string | null; code: { payload: string } | { unavailable: string } | null }): string[] {
  const amount = formatMoney(p.amountCents);
  const ask = p.dueBy
    ? `Pague o sinal de ${amount} pelo Pix até ${p.dueBy} para garantir o horário; depois disso ele é liberado.`
    : `Este serviço pede um sinal de ${amount} via Pix para garantir o horário.`;
  if (!p.code) return [ask, PIX_CODE_ON_THE_PAGE];
  if ("unavailable" in p.code) return [ask, p.code.unavailable];
  return [ask, "", ...pixCodeLines(p.code.payload)];
}

/** Where the code is when the e-mail cannot carry it yet (an online charge still being made). */
export const PIX_CODE_ON_THE_PAGE = "O QR code e o código Pix copia e cola estão na página da reserva (link abaixo).";

/** The Pix copia e cola in an e-mail: the customer pastes it in their bank's app. */
export const pixCodeLines = (payload: string) => ["Pix copia e cola (cole no app do seu banco):", payload];
