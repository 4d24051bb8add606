// An appointment's statuses, their pt-BR labels, and which status actions the agenda offers from
// each (docs/decisions/0162), by the clock (docs/decisions/0652): 'Concluir' and 'Não
// compareceu' once the appointment has started, 'Desfazer' on the day a final status was set.
// Pure: the caller passes "now" as the professional's local date and minute.
import { APPOINTMENT_STATUSES, type AppointmentStatus } from "../../../db/schema";
import { nowInZone } from "../dates";
import { ACTIVE_STATUSES, APPOINTMENT_STATUS as S, ENDED_STATUSES } from "../status-rules";

export { APPOINTMENT_STATUSES, type AppointmentStatus };

export function isAppointmentStatus(value: unknown): value is AppointmentStatus {
  return APPOINTMENT_STATUSES.includes(value as AppointmentStatus);
}

/** What each status is called on every screen and export. */
export const STATUS_LABELS: Record<AppointmentStatus, string> = {
  scheduled: "Agendado",
  confirmed: "Confirmado",
  completed: "Concluído",
  cancelled: "Cancelado",
  no_show: "Não compareceu",
};

/**
 * Status actions of the agenda and the statuses each may start from. `afterStart`: only once
 * the appointment has started, in the professional's zone.
 */
export const STATUS_ACTIONS = {
  confirm: { to: S.confirmed, from: [S.scheduled], label: "Confirmar", afterStart: false },
  complete: { to: S.completed, from: ACTIVE_STATUSES, label: "Concluir", afterStart: true },
  "no-show": { to: S.noShow, from: ACTIVE_STATUSES, label: "Não compareceu", afterStart: true },
  cancel: { to: S.cancelled, from: ACTIVE_STATUSES, label: "Cancelar", afterStart: false },
} as const satisfies Record<
  string,
  { to: AppointmentStatus; from: readonly AppointmentStatus[]; label: string; afterStart: boolean }
>;

export type StatusAction = keyof typeof STATUS_ACTIONS;

export function isStatusAction(value: unknown): value is StatusAction {
  return typeof value === "string" && Object.hasOwn(STATUS_ACTIONS, value);
}

/** 'Desfazer': a final status set by mistake goes back to an active one, the same day. */
export const UNDO = { from: [...ENDED_STATUSES, S.cancelled], label: "Desfazer" } as const;

/** What the agenda's refused status changes say (400, nothing changed). */
export const STATUS_ERRORS = {
  completeBeforeStart: "Só é possível concluir depois do início do atendimento.",
  noShowBeforeStart: "Só é possível marcar 'Não compareceu' depois do início do atendimento.",
  undoNotFinal: "Não há o que desfazer: o agendamento já está ativo.",
  undoLate: "Só é possível desfazer no mesmo dia em que o status foi alterado.",
  undoTaken: "Não foi possível desfazer: o horário deste agendamento já foi ocupado por outro.",
  undoChanged: "Este agendamento acabou de ser alterado. Confira e tente de novo.",
  undoCustomer: "O cliente cancelou este agendamento pelo link dele; não é possível desfazer por aqui.",
  reasonTooLong: "O motivo pode ter até 200 caracteres.",
} as const;

/** The professional's "now": their local date (yyyy-MM-dd) and minute of the day. */
export type LocalNow = { date: string; minute: number };

/** Whether the appointment's start (local date and minute) has come. */
export function hasStarted(appointment: { date: string; startMinute: number }, now: LocalNow): boolean {
  return appointment.date < now.date || (appointment.date === now.date && appointment.startMinute <= now.minute);
}

/**
 * Whether 'Desfazer' may bring the appointment back: its status is final and was set today.
 * `changedOn` is the local date of the row's last change (its updated_at in the professional's
 * zone; a status change is the last change a final appointment normally gets).
 */
export function undoAllowed(status: AppointmentStatus, changedOn: string, today: string): boolean {
  return (UNDO.from as readonly AppointmentStatus[]).includes(status) && changedOn === today;
}

/**
 * Where 'Desfazer' takes it: 'Confirmado' when it came from an accepted booking request (those
 * start confirmed and can only move forward), 'Agendado' otherwise.
 */
export function undoTarget(appointment: { bookingRequestId: string | null }): (typeof ACTIVE_STATUSES)[number] {
  return appointment.bookingRequestId ? S.confirmed : S.scheduled;
}

export type RowAction = StatusAction | "undo";

/** The status actions that make sense for an appointment right now, in display order. */
export function statusActionsFor(
  status: AppointmentStatus,
  when: { started: boolean; undoable: boolean },
): RowAction[] {
  const forward = (Object.keys(STATUS_ACTIONS) as StatusAction[]).filter((action) => {
    const rule = STATUS_ACTIONS[action];
    return (rule.from as readonly AppointmentStatus[]).includes(status) && (!rule.afterStart || when.started);
  });
  return when.undoable && (UNDO.from as readonly AppointmentStatus[]).includes(status) ? [...forward, "undo"] : forward;
}

/**
 * The row actions of an appointment at `now`: 'Concluir'/'Não compareceu' once started, and
 * 'Desfazer' when its final status was set today (its updated_at), both in the professional's zone.
 */
export function actionsAt(
  appointment: { status: AppointmentStatus; date: string; startMinute: number; cancelledBy?: string | null },
  updatedAt: Date,
  timeZone: string,
  now: Date,
): RowAction[] {
  const local = nowInZone(timeZone, now);
  // A cancel the customer made from their link is not the agenda's to undo (docs/decisions/0721).
  const customers = appointment.status === S.cancelled && appointment.cancelledBy === "customer";
  return statusActionsFor(appointment.status, {
    started: hasStarted(appointment, local),
    undoable: !customers && undoAllowed(appointment.status, nowInZone(timeZone, updatedAt).date, local.date),
  });
}
