// An appointment's statuses, their pt-BR labels, and which status actions the agenda offers from
// each (docs/decisions/0162: completed, cancelled and no-show are final).
import { APPOINTMENT_STATUSES, type AppointmentStatus } from "../../../db/schema";

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
 * Status actions of the agenda and the statuses each may start from. Completed, cancelled
 * and no-show are final: the row keeps Editar and Excluir only.
 */
export const STATUS_ACTIONS = {
  confirm: { to: "confirmed", from: ["scheduled"], label: "Confirmar" },
  complete: { to: "completed", from: ["scheduled", "confirmed"], label: "Concluir" },
  "no-show": { to: "no_show", from: ["scheduled", "confirmed"], label: "Não compareceu" },
  cancel: { to: "cancelled", from: ["scheduled", "confirmed"], label: "Cancelar" },
} as const satisfies Record<
  string,
  { to: AppointmentStatus; from: readonly AppointmentStatus[]; label: string }
>;

export type StatusAction = keyof typeof STATUS_ACTIONS;

export function isStatusAction(value: unknown): value is StatusAction {
  return typeof value === "string" && Object.hasOwn(STATUS_ACTIONS, value);
}

/** The status actions that make sense for an appointment in `status`, in display order. */
export function statusActionsFor(status: AppointmentStatus): StatusAction[] {
  return (Object.keys(STATUS_ACTIONS) as StatusAction[]).filter((action) =>
    (STATUS_ACTIONS[action].from as readonly AppointmentStatus[]).includes(status),
  );
}
