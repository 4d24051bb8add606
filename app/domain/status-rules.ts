// An appointment's statuses, named once, and the two rules of them that every subject applies,
// each written once (their SQL: status-rules.server.ts). No other module in app/ writes a status
// as a word (tests/integration/one-home.test.ts fails if one does). The rules differ on Concluído
// and Não compareceu:
// - active (Agendado, Confirmado): it has not happened yet, so it can still be confirmed, moved,
//   cancelled, reminded of or warned about;
// - not cancelled: it holds its time and counts as booked (busy time, counts, 'Popular'), done
//   and missed ones included.
import type { AppointmentStatus } from "../../db/schema";

/** Agendado, Confirmado, Concluído, Não compareceu, Cancelado: the values the database stores. */
export const APPOINTMENT_STATUS = {
  scheduled: "scheduled",
  confirmed: "confirmed",
  completed: "completed",
  noShow: "no_show",
  cancelled: "cancelled",
} as const satisfies Record<string, AppointmentStatus>;

const S = APPOINTMENT_STATUS;

export const ACTIVE_STATUSES = [S.scheduled, S.confirmed] as const satisfies readonly AppointmentStatus[];

/** Concluído or Não compareceu: its time came and went; it can be undone, not cancelled. */
export const ENDED_STATUSES = [S.completed, S.noShow] as const satisfies readonly AppointmentStatus[];

export function isActiveStatus(status: AppointmentStatus): boolean {
  return (ACTIVE_STATUSES as readonly AppointmentStatus[]).includes(status);
}

/** Concluído: the only status revenue, 'Total gasto' and visits count. */
export function isCompleted(status: AppointmentStatus): boolean {
  return status === S.completed;
}

export function isCancelled(status: AppointmentStatus): boolean {
  return status === S.cancelled;
}

/** Concluído or Não compareceu (see ENDED_STATUSES). */
export function isEnded(status: AppointmentStatus): boolean {
  return (ENDED_STATUSES as readonly AppointmentStatus[]).includes(status);
}
