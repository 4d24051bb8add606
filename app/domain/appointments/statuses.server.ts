// Status changes of the agenda as single conditional statements (docs/decisions/0162, 0652):
// a double tap, a stale page or a forged post cannot apply a change the rules refuse.
import { and, eq, inArray, lt, lte, or } from "drizzle-orm";
import { appointments, type AppointmentStatus } from "../../../db/schema";
import { nothingOverlaps } from "../availability/slot-claims.server";
import { nowInZone } from "../dates";
import type { Db } from "../../utils/db.server";
import { STATUS_ACTIONS, UNDO, undoAllowed, undoTarget, type StatusAction } from "./statuses";
import { fromDateOn } from "./series.server";

type Clock = { now: Date; timeZone: string };

function owned(userId: string, id: string) {
  return and(eq(appointments.id, id), eq(appointments.userId, userId))!;
}

export type StatusChange =
  | { ok: true; changed: number }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "not-started" }
  | { ok: false; reason: "status"; current: AppointmentStatus };

/**
 * Applies a status action to one appointment, or with `following` to it and the later
 * occurrences of its series still active (cancelling 'este e os próximos'). 'Concluir' and
 * 'Não compareceu' require, inside the statement, that the appointment has started in the
 * professional's zone.
 */
export async function applyStatusAction(
  db: Db,
  userId: string,
  id: string,
  action: StatusAction,
  clock: Clock,
  scope: "this" | "following" = "this",
): Promise<StatusChange> {
  const rule = STATUS_ACTIONS[action];
  const local = nowInZone(clock.timeZone, clock.now);
  const started = or(lt(appointments.date, local.date), and(eq(appointments.date, local.date), lte(appointments.startMinute, local.minute)));
  const allowed = and(inArray(appointments.status, [...rule.from]), rule.afterStart ? started : undefined);
  const [current] = await db.select().from(appointments).where(owned(userId, id));
  if (!current) return { ok: false, reason: "not-found" };
  const which = scope === "following" && current.seriesId ? fromDateOn(userId, current.seriesId, current.date) : owned(userId, id);
  const result = await db.update(appointments).set({ status: rule.to, updatedAt: clock.now }).where(and(which, allowed));
  if (result.rowsAffected > 0) return { ok: true, changed: result.rowsAffected };
  const [now] = await db.select({ status: appointments.status }).from(appointments).where(owned(userId, id));
  if (!now) return { ok: false, reason: "not-found" };
  if ((rule.from as readonly AppointmentStatus[]).includes(now.status) && rule.afterStart) return { ok: false, reason: "not-started" };
  return { ok: false, reason: "status", current: now.status };
}

export type Undo =
  | { ok: true; to: "scheduled" | "confirmed" }
  | { ok: false; reason: "not-found" | "not-final" | "late" | "taken" | "changed" };

/**
 * 'Desfazer': a completed, no-show or cancelled appointment goes back to Agendado (Confirmado
 * when it came from an accepted request), only on the day its status was set (its updated_at,
 * in the professional's zone). One statement that also requires the row unchanged since it was
 * read and, for a cancelled one, its time still free of appointments and held requests (hours
 * and blocks are not asked: it is the time it already had).
 */
export async function undoStatus(db: Db, userId: string, id: string, clock: Clock): Promise<Undo> {
  const [row] = await db.select().from(appointments).where(owned(userId, id));
  if (!row) return { ok: false, reason: "not-found" };
  if (!(UNDO.from as readonly AppointmentStatus[]).includes(row.status)) return { ok: false, reason: "not-final" };
  const today = nowInZone(clock.timeZone, clock.now).date;
  if (!undoAllowed(row.status, nowInZone(clock.timeZone, row.updatedAt).date, today)) return { ok: false, reason: "late" };
  const to = undoTarget(row);
  const unchanged = and(owned(userId, id), eq(appointments.status, row.status), eq(appointments.updatedAt, row.updatedAt));
  const free =
    row.status === "cancelled"
      ? nothingOverlaps(
          db,
          {
            userId,
            date: row.date,
            startMinute: row.startMinute,
            durationMinutes: row.durationMinutes,
            bufferMinutes: row.bufferMinutes,
            excludeAppointmentId: row.id,
            excludeBookingRequestId: row.bookingRequestId ?? undefined,
          },
          clock.now,
        )
      : undefined;
  const result = await db.update(appointments).set({ status: to, updatedAt: clock.now }).where(and(unchanged, free));
  if (result.rowsAffected === 1) return { ok: true, to };
  const [again] = await db.select({ status: appointments.status, updatedAt: appointments.updatedAt }).from(appointments).where(owned(userId, id));
  if (!again) return { ok: false, reason: "not-found" };
  if (again.status !== row.status || again.updatedAt.getTime() !== row.updatedAt.getTime()) return { ok: false, reason: "changed" };
  return { ok: false, reason: "taken" };
}
