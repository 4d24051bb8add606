// One of the professional's appointments: the conditions that keep every read to their own rows
// (the appointment, its client and its service are all theirs), the row by id, and its deletion.
import { and, eq, gt, inArray, or } from "drizzle-orm";
import { appointments, clients, services } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { minutesToTime } from "../dates";
import type { ConfirmDelete } from "./calendar-types";
import { fromDateOn } from "./series.server";
import { ACTIVE_STATUSES, APPOINTMENT_STATUS } from "../status-rules";

export type Appointment = typeof appointments.$inferSelect;

/** The signed-in professional, as far as their agenda needs: whose it is, their zone and slot grid. */
export type Professional = { id: string; profile: { timeZone: string; slotStepMinutes: number } };

/** An id that can name an appointment (from an address or a form); anything else is not found. */
export const isAppointmentId = (id: string | null | undefined): id is string => !!id && id.length <= 64;

/** The columns that place an appointment on a calendar: which, when, its status and service's name. */
export const timedColumns = {
  id: appointments.id,
  date: appointments.date,
  startMinute: appointments.startMinute,
  durationMinutes: appointments.durationMinutes,
  status: appointments.status,
  serviceName: appointments.serviceName,
};

export function ownedAppointment(userId: string, id: string) {
  return and(eq(appointments.id, id), eq(appointments.userId, userId))!;
}

/** The joins of an appointment's client and service, by owner too: a row never shows another professional's. */
export function ownJoins(userId: string) {
  return {
    client: and(eq(clients.id, appointments.clientId), eq(clients.userId, userId))!,
    service: and(eq(services.id, appointments.serviceId), eq(services.userId, userId))!,
  };
}

/** One of the professional's appointments, or null (missing, someone else's, or no id at all). */
export async function findAppointment(db: Db, userId: string, id: string | null | undefined): Promise<Appointment | null> {
  if (!isAppointmentId(id)) return null;
  const [row] = await db.select().from(appointments).where(ownedAppointment(userId, id));
  return row ?? null;
}

/** What 'Excluir' asks about an appointment. */
export function confirmDeleteOf(
  a: { id: string; date: string; startMinute: number; serviceName: string; seriesId: string | null },
  clientName: string | null,
): ConfirmDelete {
  return { id: a.id, date: a.date, time: minutesToTime(a.startMinute), serviceName: a.serviceName, clientName, recurring: a.seriesId !== null };
}

/**
 * Deletes one appointment or, with `following` on a recurring one, it and the later occurrences
 * of its series that are not Concluído or Não compareceu (history stays; docs/decisions/0654).
 * How many went; 0 when it was not theirs (or is gone).
 */
export async function deleteAppointments(db: Db, userId: string, id: string, scope: "this" | "following"): Promise<number> {
  if (!isAppointmentId(id)) return 0;
  const row = scope === "following" ? await findAppointment(db, userId, id) : null;
  if (scope === "following" && !row) return 0;
  const result = row?.seriesId
    ? await db
        .delete(appointments)
        .where(
          or(
            ownedAppointment(userId, id),
            and(
              fromDateOn(userId, row.seriesId, row.date),
              gt(appointments.date, row.date),
              inArray(appointments.status, [...ACTIVE_STATUSES, APPOINTMENT_STATUS.cancelled]),
            ),
          ),
        )
    : await db.delete(appointments).where(ownedAppointment(userId, id));
  return result.rowsAffected;
}
