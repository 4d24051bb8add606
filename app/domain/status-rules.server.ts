// The two status rules of status-rules.ts as SQL conditions on the appointments table, for every
// query that applies one.
import { inArray, ne } from "drizzle-orm";
import { appointments } from "../../db/schema";
import { ACTIVE_STATUSES } from "./status-rules";

/** Holds its time and counts as booked: every status but Cancelado. */
export const notCancelled = ne(appointments.status, "cancelled");

/** Agendado or Confirmado: still to happen. */
export const activeAppointment = inArray(appointments.status, [...ACTIVE_STATUSES]);
