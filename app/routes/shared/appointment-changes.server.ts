// What the agenda and 'Equipe' answer after a status change or 'Desfazer' (docs/decisions/0721;
// the change itself: domain/appointments/professional-changes.server.ts): the cancel form's
// fields, a toast that says what happened (and how the customer hears of it),
// with 'Desfazer' as a real form POST and 'Avisar no WhatsApp' when WhatsApp is not automatic.
import { STATUS_ERRORS, STATUS_LABELS, type StatusAction } from "../../domain/appointments/statuses";
import type { StatusOutcome, UndoOutcome } from "../../domain/appointments/professional-changes.server";
import { cleanReason, describeRoute, REASON_MAX } from "../../domain/notifications/change-notices";
import type { QueuedNotice } from "../../domain/notifications/change-notices.server";
import { formatDate, minutesToTime } from "../../domain/dates";
import type { Toast, ToastAction } from "../../utils/toast.server";

/** The cancel dialog's fields: 'Motivo (opcional)' (too long: null) and 'Avisar cliente'. */
export function cancelFields(form: FormData): { reason: string | null; notify: boolean } {
  const reason = cleanReason(form.get("motivo"));
  return { reason: reason.length > REASON_MAX ? null : reason, notify: form.get("avisar") === "1" };
}

/** What each status action's toast is titled. */
const DONE: Record<StatusAction, [one: string, many: string]> = {
  confirm: ["Agendamento confirmado", "agendamentos confirmados"],
  complete: ["Atendimento concluído", "atendimentos concluídos"],
  "no-show": ["Falta registrada", "faltas registradas"],
  cancel: ["Agendamento cancelado", "agendamentos cancelados"],
};

function who(before: NonNullable<StatusOutcome["before"]>) {
  return `${before.clientName ?? "Cliente não encontrado"}, ${formatDate(before.date)} às ${minutesToTime(before.startMinute)}.`;
}

function whatsappAction(href: string | null): ToastAction[] {
  return href ? [{ kind: "link", label: "Avisar no WhatsApp", href }] : [];
}

/**
 * How the customer hears of a change, for its toast ('' when they are not told): what leaves by
 * itself (e-mail, automatic WhatsApp) after the grace period, and the one tap left to the
 * professional ('Avisar no WhatsApp').
 */
export function noticeNote(notice: QueuedNotice | null, undoHint = ""): string {
  if (!notice) return "";
  const { email, whatsapp } = notice.route;
  const how = describeRoute({ email, whatsapp: whatsapp?.automatic ? whatsapp : null });
  const left = how ? ` O aviso ao cliente sai ${how} em alguns minutos${undoHint}.` : "";
  const tap = notice.whatsappLink ? (how ? " Avise também pelo WhatsApp." : " Avise o cliente pelo WhatsApp.") : "";
  return left + tap;
}

/**
 * The toast after a status action that happened: what, on whom, how the customer is told, and
 * 'Desfazer' posting back to `back` (the page the action came from).
 */
export function statusToast(action: StatusAction, outcome: StatusOutcome & { change: { ok: true } }, back: string, scope: "this" | "following"): Toast {
  const { before, notice } = outcome;
  const n = outcome.change.changed;
  const [one, many] = DONE[action];
  const told = noticeNote(notice, " ('Desfazer' antes disso o retira)");
  return {
    type: "success",
    title: n > 1 ? `${n} ${many}` : one,
    description: `${before ? who(before) : ""}${told}`.trim(),
    actions: [
      { kind: "post", label: "Desfazer", action: back, fields: { intent: "undo", id: before!.id, scope } },
      ...whatsappAction(notice?.whatsappLink ?? null),
    ],
  };
}

/** Why 'Desfazer' was refused, as the professional reads it. */
export const UNDO_ERRORS = {
  "not-final": STATUS_ERRORS.undoNotFinal,
  late: STATUS_ERRORS.undoLate,
  taken: STATUS_ERRORS.undoTaken,
  changed: STATUS_ERRORS.undoChanged,
  customer: STATUS_ERRORS.undoCustomer,
} as const;

/** The toast after 'Desfazer' did its work. */
export function undoToast(outcome: UndoOutcome & { undo: { ok: true } }): Toast {
  const { undo } = outcome;
  const label = STATUS_LABELS[undo.to];
  let text = undo.changed > 1 ? `${undo.changed} agendamentos voltaram para ${label}.` : `O agendamento voltou para ${label}.`;
  if (outcome.withdrawn) text += " O aviso ao cliente foi retirado antes de sair.";
  if (outcome.restored) text += " O cliente será avisado de que o horário continua marcado.";
  if (outcome.whatsappLink) text += " Se já avisou o cliente pelo WhatsApp, avise que o horário continua.";
  return { type: "success", title: "Alteração desfeita", description: text, actions: whatsappAction(outcome.whatsappLink) };
}
