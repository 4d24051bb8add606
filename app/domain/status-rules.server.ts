// The status rules of status-rules.ts as SQL conditions on the appointments table, for every
// query that applies one, and the statuses as SQL text for the queries written by hand (a
// literal, as those queries always wrote them: the statement's text and its plan stay the same).
import { inArray, ne, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { appointments, type AppointmentStatus } from "../../db/schema";
import { ACTIVE_STATUSES, APPOINTMENT_STATUS } from "./status-rules";

/** A status as an SQL literal: 'completed'. */
export function statusLiteral(status: AppointmentStatus): SQL {
  return sql.raw(`'${status}'`);
}

/** `column = 'completed'`; the column defaults to appointments.status (an alias: sql`a.status`). */
export function statusIs(status: AppointmentStatus, column: SQLWrapper = appointments.status): SQL {
  return sql`${column} = ${statusLiteral(status)}`;
}

/** `column <> 'cancelled'`. */
export function statusIsNot(status: AppointmentStatus, column: SQLWrapper = appointments.status): SQL {
  return sql`${column} <> ${statusLiteral(status)}`;
}

/** `column in ('scheduled', 'confirmed')`. */
export function statusIn(statuses: readonly AppointmentStatus[], column: SQLWrapper = appointments.status): SQL {
  return sql`${column} in (${sql.join(statuses.map(statusLiteral), sql`, `)})`;
}

/** Holds its time and counts as booked: every status but Cancelado. */
export const notCancelled = ne(appointments.status, APPOINTMENT_STATUS.cancelled);

/** Agendado or Confirmado: still to happen. */
export const activeAppointment = inArray(appointments.status, [...ACTIVE_STATUSES]);
