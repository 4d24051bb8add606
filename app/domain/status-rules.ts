// The two rules of an appointment's status that every subject applies, each written once (their
// SQL: status-rules.server.ts). They differ on Concluído and Não compareceu:
// - active (Agendado, Confirmado): it has not happened yet, so it can still be confirmed, moved,
//   cancelled, reminded of or warned about;
// - not cancelled: it holds its time and counts as booked (busy time, counts, 'Popular'), done
//   and missed ones included.
import type { AppointmentStatus } from "../../db/schema";

export const ACTIVE_STATUSES = ["scheduled", "confirmed"] as const satisfies readonly AppointmentStatus[];

export function isActiveStatus(status: AppointmentStatus): boolean {
  return (ACTIVE_STATUSES as readonly AppointmentStatus[]).includes(status);
}
