// The rules of a customer's own changes from the private status link, without the database:
// until when 'Remarcar' and 'Cancelar' are offered (the professional's 'Cancelamento/remarcação
// até', minutes before the start; 0 = until it starts), how many moves, and how the page words it.
import { formatDate, localToUtc, minutesToTime, nowInZone } from "../dates";
import { formatDuration } from "../money";
import type { RescheduleOutcome } from "./customer-changes.server";
import { plural } from "../words";

/** The instant the customer's changes close: `cutoffMinutes` before the start, in the professional's zone. */
export function changeDeadline(date: string, startMinute: number, timeZone: string, cutoffMinutes: number): Date {
  const start = localToUtc(date, startMinute, timeZone).getTime();
  return new Date(start - Math.max(0, cutoffMinutes) * 60_000);
}

/** Whether a customer may still move or cancel a time starting at date/startMinute. */
export function changesOpen(
  time: { date: string; startMinute: number },
  rules: { timeZone: string; customerChangeCutoffMinutes: number },
  now: Date,
): boolean {
  return now.getTime() < changeDeadline(time.date, time.startMinute, rules.timeZone, rules.customerChangeCutoffMinutes).getTime();
}

/** 120 -> "2 horas", 60 -> "1 hora", 30 -> "30 minutos", 90 -> "1h 30min". */
export function span(minutes: number): string {
  if (minutes % 60 === 0) return plural(minutes / 60, "hora", "horas");
  if (minutes < 60) return plural(minutes, "minuto", "minutos");
  return formatDuration(minutes);
}

/** The cut-off in words: "2 horas antes do horário", or "o início do horário" when it is 0. */
export function cutoffPhrase(cutoffMinutes: number): string {
  return cutoffMinutes > 0 ? `${span(cutoffMinutes)} antes do horário` : "o início do horário";
}

/** "até 12/03 às 08:00 (2 horas antes do horário)": when changes close, in the professional's zone. */
export function deadlineText(deadline: Date, timeZone: string, cutoffMinutes: number): string {
  if (cutoffMinutes <= 0) return "até o início do horário";
  const local = nowInZone(timeZone, deadline);
  return `até ${formatDate(local.date)} às ${minutesToTime(local.minute)} (${cutoffPhrase(cutoffMinutes)})`;
}

/** Refused after the cut-off: names it and sends the customer to the professional. */
export function pastCutoffMessage(cutoffMinutes: number, professional: string): string {
  return `Remarcações e cancelamentos por aqui vão até ${cutoffPhrase(cutoffMinutes)}. Para mudar agora, fale com ${professional} pelo WhatsApp.`;
}

/** A customer moves a time once or twice, not thirty times: then they talk to the professional (docs/decisions/0702). */
export const MAX_CUSTOMER_MOVES = 3;

/** The professional's notice of a move waits this long for the customer's last word, then the job sends it. */
export const MOVE_NOTICE_DELAY_MS = 3 * 60_000;

/** Refused after the last move allowed: names the limit and sends the customer to the professional. */
export function movesUsedUpMessage(professional: string): string {
  return `Você já remarcou este horário ${MAX_CUSTOMER_MOVES} vezes por aqui. Para mudar de novo, fale com ${professional} pelo WhatsApp.`;
}

/** The customer's e-mail for a request: sent, held back by the bounds on unrequested e-mail, or none given. */
export type RequestEmail = "sent" | "withheld" | "none";

const ANSWER_ARRIVES: Record<RequestEmail, string> = {
  sent: "A resposta chega por e-mail e aparece nesta página.",
  // Said, not left for the customer to wonder about (docs/decisions/1022).
  withheld: "A resposta aparece nesta página: por segurança, não enviamos e-mail para o endereço informado desta vez.",
  none: "A resposta aparece nesta página.",
};

/**
 * The one promise a pending request makes (under 'Solicitação enviada!' and on every later
 * visit): the time is held until the request expires, and where the answer arrives.
 */
export function pendingPromise(professional: string, expires: string | null, email: RequestEmail) {
  const held = `Seu horário fica reservado${expires ? ` até ${expires}` : ""} enquanto ${professional} confirma.`;
  return `${held} ${ANSWER_ARRIVES[email]}`;
}

/** Why a move was refused, as the customer reads it. */
export const RESCHEDULE_REFUSED: Record<Exclude<RescheduleOutcome, { ok: true }>["reason"], string> = {
  taken: "Este horário acabou de ser ocupado. Escolha outro horário.",
  "not-offered": "Este horário não está mais disponível. Escolha outro horário.",
  same: "Este já é o seu horário. Escolha outro para remarcar.",
  changed: "Seu agendamento mudou enquanto você escolhia. Confira o horário atual antes de remarcar.",
  unavailable: "Este agendamento não pode mais ser remarcado por aqui. Fale com o profissional.",
  // The cut-off's own message names it (pastCutoffMessage), and so does the limit of moves (movesUsedUpMessage).
  cutoff: "",
  "used-up": "",
};

/** Over the flood guard of 'Remarcar' (LIMITS.reschedulePerAddress): 429. */
export const RESCHEDULE_RATE_LIMITED = "Muitas remarcações seguidas. Tente novamente mais tarde ou fale com o profissional.";

/** What the customer is told of the professional's notice of a move. */
export const moveNotice = (professional: string, byEmail: boolean) =>
  byEmail ? `${professional} receberá o aviso da mudança.` : `${professional} verá a mudança na agenda.`;

export const EXPIRED = "Esta solicitação expirou sem resposta e o horário foi liberado. Faça um novo agendamento.";

export const NOT_CANCELLABLE = "Este agendamento não pode mais ser cancelado por aqui. Fale com o profissional.";
