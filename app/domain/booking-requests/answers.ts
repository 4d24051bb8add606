// What the professional is told after answering a booking request, wherever they answered it
// (Solicitações, the agenda's Dia/Semana/Lista, Equipe): one text per outcome.
import type { Toast } from "../../utils/toast.server";

export type RequestAnswer = "accept" | "decline";

/**
 * How an answer ended: done ('accepted', 'declined'), or why nothing changed — the customer
 * moved it to a time the professional has not seen ('moved'), an appointment holds its time
 * ('taken'), its time to answer is over ('expired'), it was answered or cancelled already.
 */
export type AnswerOutcome = "accepted" | "declined" | "moved" | "taken" | "expired" | "already-answered" | "cancelled";

/** Accepting a request whose time an appointment already holds: it stays pending. */
export const TIME_TAKEN = {
  title: "Horário ocupado",
  description: "Já existe um agendamento neste horário. Recuse a solicitação ou combine outro horário com o cliente.",
};

/** Answering a request the customer moved in the meantime: it stays pending, at its new time. */
export const MOVED_BY_CUSTOMER = {
  title: "Remarcado pelo cliente",
  description: "O cliente escolheu outro horário agora há pouco. Confira o novo horário e responda de novo.",
};

/** Answering a request whose time to answer is over: its time is free again. */
export const EXPIRED = {
  title: "Solicitação expirada",
  description: "O prazo para responder terminou e o horário foi liberado.",
};

/** Accepted by the salon's owner for a member (Equipe): whose agenda it landed in. */
export function acceptedForMember(name: string): Toast {
  return { ...ANSWER_TOASTS.accepted, description: `O agendamento foi confirmado na agenda de ${name}.` };
}

/** Accepted while its Pix charge is unpaid (decision 1032): confirmed now, the deposit still asked until its code ends. */
export function acceptedBeforePayment(until: string): Toast {
  return { ...ANSWER_TOASTS.accepted, description: `O agendamento foi confirmado. O sinal continua pendente: o cliente ainda pode pagá-lo pelo Pix até ${until}.` };
}

export const ANSWER_TOASTS: Record<AnswerOutcome, Toast> = {
  accepted: { type: "success", title: "Solicitação aceita", description: "O agendamento foi confirmado na sua agenda." },
  declined: { type: "success", title: "Solicitação recusada", description: "O horário foi liberado." },
  moved: { type: "info", ...MOVED_BY_CUSTOMER },
  taken: { type: "error", ...TIME_TAKEN },
  expired: { type: "info", ...EXPIRED },
  "already-answered": { type: "info", title: "Solicitação já respondida", description: "Esta solicitação não está mais pendente." },
  cancelled: { type: "info", title: "Solicitação cancelada", description: "O cliente cancelou esta solicitação e o horário foi liberado." },
};
