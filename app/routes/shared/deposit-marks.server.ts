// A deposit marked from a screen (Solicitações, the agenda): 'Sinal recebido' (with how it was
// paid), 'Sinal recebido e aceitar' in the same tap, and 'Devolver sinal' (asked first: the
// screen's ConfirmDialog posts it; a payment by Mercado Pago is given back through it). 404 for a
// request not theirs; else back with a toast.
import { data, type RouterContextProvider } from "react-router";
import { DEPOSIT_METHODS, type DepositMethod } from "../../../db/schema";
import { markDepositReceived, markDepositRefunded } from "../../domain/deposits/deposits.server";
import { DEPOSIT_TOASTS } from "../../domain/deposits/deposits";
import { ANSWER_TOASTS } from "../../domain/booking-requests/answers";
import { answerBookingRequest } from "../../domain/booking-requests/answer.server";
import { deliverSoon } from "../../domain/notifications/deliver-soon.server";
import { settleBeforeHandMark } from "../../domain/payments/settlement.server";
import { giveDepositBack } from "../../domain/payments/deposit-refund.server";
import { getDb } from "../../utils/db.server";
import { notFound } from "../../utils/actions.server";
import { redirectWithToast, type Toast } from "../../utils/toast.server";
import { readAnswerForm } from "./request-answers.server";

export const DEPOSIT_INTENTS = ["deposit-received", "deposit-received-accept", "deposit-refunded"] as const;
export type DepositIntent = (typeof DEPOSIT_INTENTS)[number];

export function isDepositIntent(value: unknown): value is DepositIntent {
  return DEPOSIT_INTENTS.includes(value as DepositIntent);
}

/** The form's 'Forma de pagamento': Pix when not given (the booking page's code is a Pix). */
function readMethod(form: FormData): DepositMethod {
  const method = form.get("method") ?? "pix";
  if (!DEPOSIT_METHODS.includes(method as DepositMethod)) throw data("Forma de pagamento inválida.", { status: 400 });
  return method as DepositMethod;
}

export async function markDepositAndReply(
  context: Readonly<RouterContextProvider>,
  request: Request,
  args: { professionalId: string; form: FormData; intent: DepositIntent; back: string },
) {
  const db = getDb(context);
  const { id, seen } = readAnswerForm(args.form);
  const mark = { professionalId: args.professionalId, requestId: id };
  if (args.intent === "deposit-refunded") return giveBackAndReply(context, request, { ...mark, back: args.back });
  const method = readMethod(args.form);
  // Charged online: its payment may have arrived before its notification; then it is the deposit.
  const settled = await settleBeforeHandMark(db, args.professionalId, id);
  if (settled) {
    deliverSoon(context, settled.emails);
    if (settled.outcome === "confirmed" || settled.outcome === "already") return redirectWithToast(request, args.back, DEPOSIT_TOASTS["paid-online"]);
  }
  const outcome = await markDepositReceived(db, { ...mark, method });
  if (outcome === "not-found") notFound();
  const toast = DEPOSIT_TOASTS[outcome as keyof typeof DEPOSIT_TOASTS] as Toast;
  if (args.intent !== "deposit-received-accept" || (outcome !== "received" && outcome !== "already")) {
    return redirectWithToast(request, args.back, toast);
  }
  const answered = await answerBookingRequest(db, args.professionalId, id, "accept", { seen });
  if (answered.outcome === "not-found") notFound();
  deliverSoon(context, [answered.customerEmailKey]);
  const both: Toast =
    answered.outcome === "accepted"
      ? { type: "success", title: "Sinal recebido e solicitação aceita", description: ANSWER_TOASTS.accepted.description }
      : answered.toast;
  return redirectWithToast(request, args.back, both);
}

/**
 * 'Devolver sinal': a deposit paid online goes back through the provider, by the app; one paid to
 * the professional's own key (or with the account disconnected since) is recorded as given back.
 */
async function giveBackAndReply(
  context: Readonly<RouterContextProvider>,
  request: Request,
  args: { professionalId: string; requestId: string; back: string },
) {
  const db = getDb(context);
  const given = await giveDepositBack(db, args.professionalId, args.requestId);
  if (given.outcome === "not-found") notFound();
  if (given.outcome === "refunded") {
    deliverSoon(context, [given.emailKey]);
    const description = `${given.amount} voltam para ${given.customerName} pelo Mercado Pago.`;
    return redirectWithToast(request, args.back, { type: "success", title: "Sinal devolvido", description });
  }
  if (given.outcome === "failed") return redirectWithToast(request, args.back, { type: "error", title: "Sinal não devolvido", description: given.message });
  const outcome = given.outcome === "by-hand" ? await markDepositRefunded(db, args) : given.outcome;
  if (outcome === "not-found") notFound();
  return redirectWithToast(request, args.back, DEPOSIT_TOASTS[outcome as keyof typeof DEPOSIT_TOASTS] as Toast);
}
