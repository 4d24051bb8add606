// A booking's deposit ('Sinal') as every screen says it: asked and unpaid ('Sinal pendente'),
// received ('Sinal recebido — R$ 15,00 via Pix às 10:32') or given back ('Sinal devolvido').
// Pure functions: the request row holds the state (docs/decisions/0910).
import type { DepositMethod } from "../../../db/schema";
import { formatDate, minutesToTime, nowInZone } from "../dates";
import { formatMoney } from "../money";

export const DEPOSIT_METHOD_LABELS: Record<DepositMethod, string> = {
  pix: "Pix",
  cash: "Dinheiro",
  debit: "Cartão de débito",
  credit: "Cartão de crédito",
};

export type DepositFields = {
  depositCents: number;
  depositReceivedAt: Date | null;
  depositMethod: DepositMethod | null;
  depositRefundedAt: Date | null;
  /** Charged online (issue 23): the provider, and until when the time is held for the payment. */
  paymentProvider?: string | null;
  depositDueAt?: Date | null;
};

/** 'awaiting': charged online, the time held while the customer pays ('Aguardando pagamento'). */
export type DepositState = "pending" | "awaiting" | "received" | "refunded";

/** What a deposit shows, or null when the booking asks none. */
export type DepositView = { state: DepositState; label: string; amountCents: number };

export function depositState(d: DepositFields, now: Date = new Date()): DepositState | null {
  if (d.depositCents <= 0) return null;
  if (d.depositRefundedAt) return "refunded";
  if (d.depositReceivedAt) return "received";
  return d.paymentProvider && d.depositDueAt && d.depositDueAt > now ? "awaiting" : "pending";
}

/**
 * 'Sinal pendente — R$ 15,00', 'Sinal recebido — R$ 15,00 via Pix às 10:32' (with the day when it
 * was not today in the professional's zone), 'Sinal devolvido — R$ 15,00'.
 */
export function depositView(d: DepositFields, timeZone: string, now: Date = new Date()): DepositView | null {
  const state = depositState(d, now);
  if (!state) return null;
  const amount = formatMoney(d.depositCents);
  if (state === "pending") return { state, amountCents: d.depositCents, label: `Sinal pendente — ${amount}` };
  if (state === "awaiting") {
    const until = nowInZone(timeZone, d.depositDueAt!);
    return { state, amountCents: d.depositCents, label: `Aguardando pagamento (até ${minutesToTime(until.minute)}) — ${amount}` };
  }
  if (state === "refunded") return { state, amountCents: d.depositCents, label: `Sinal devolvido — ${amount}` };
  const at = nowInZone(timeZone, d.depositReceivedAt!);
  const day = at.date === nowInZone(timeZone, now).date ? "" : ` em ${formatDate(at.date)}`;
  const method = DEPOSIT_METHOD_LABELS[d.depositMethod ?? "pix"];
  // Paid online: 'Sinal pago' (the provider confirmed it); marked by hand: 'Sinal recebido'.
  const word = d.paymentProvider ? "Sinal pago" : "Sinal recebido";
  return { state, amountCents: d.depositCents, label: `${word} — ${amount} via ${method}${day} às ${minutesToTime(at.minute)}` };
}

/** Until when an unpaid deposit lets a request made `at` hold its time; null: no such rule. */
export function depositDueAt(at: Date, depositCents: number, releaseMinutes: number): Date | null {
  return depositCents > 0 && releaseMinutes > 0 ? new Date(at.getTime() + releaseMinutes * 60_000) : null;
}

/**
 * When a pending request stops holding its time: its expiry, or sooner its deposit's due time
 * while the deposit is unpaid. Null: it holds until answered.
 */
export function holdEndsAt(r: { expiresAt: Date | null; depositDueAt: Date | null; depositReceivedAt: Date | null }): Date | null {
  const due = r.depositReceivedAt ? null : r.depositDueAt;
  if (!due) return r.expiresAt;
  if (!r.expiresAt) return due;
  return due < r.expiresAt ? due : r.expiresAt;
}

/** What the professional is told after marking a deposit. */
export const DEPOSIT_TOASTS = {
  received: { type: "success", title: "Sinal recebido", description: "O sinal ficou registrado nesta reserva." },
  refunded: { type: "success", title: "Sinal devolvido", description: "A devolução do sinal ficou registrada." },
  already: { type: "info", title: "Sinal já registrado", description: "Esta marcação já tinha sido feita." },
  "no-deposit": { type: "info", title: "Sem sinal", description: "Este serviço não pede sinal." },
  "not-received": { type: "info", title: "Sinal não recebido", description: "Só um sinal recebido pode ser devolvido." },
  closed: { type: "info", title: "Reserva encerrada", description: "Esta solicitação não está mais ativa; o sinal não foi marcado." },
  /** Marked by hand while its Pix charge had just been paid: the payment counts, nothing is marked twice. */
  "paid-online": { type: "success", title: "Sinal já pago pelo Pix", description: "O pagamento chegou pelo Mercado Pago e ficou registrado; o agendamento está confirmado." },
} as const;
