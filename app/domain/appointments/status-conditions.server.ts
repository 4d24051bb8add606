// The two status rules the queries apply, each written once (and told apart: they differ on
// Concluído and Não compareceu).
// - Not cancelled: the appointment holds its time and counts as booked (busy time, the agenda's
//   and the reports' counts, 'Popular'); done and missed ones included.
// - Active (Agendado, Confirmado; statuses.ts `isActiveStatus` in plain code): it has not
//   happened yet, so it can still be confirmed, moved, cancelled, reminded of or warned about.
import { inArray, ne } from "drizzle-orm";
import { appointments } from "../../../db/schema";
import { ACTIVE_STATUSES } from "./statuses";

export const notCancelled = ne(appointments.status, "cancelled");

export const activeAppointment = inArray(appointments.status, [...ACTIVE_STATUSES]);
