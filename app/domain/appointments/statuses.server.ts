// Status changes of the agenda as single conditional statements (docs/decisions/0162, 0652):
// a double tap, a stale page or a forged post cannot apply a change the rules refuse.
import { and, eq, inArray, lt, lte, ne, or, type SQL } from "drizzle-orm";
import { appointments, type AppointmentStatus } from "../../../db/schema";
import { nothingOverlaps } from "../availability/slot-claims.server";
import { nowInZone } from "../dates";
import type { Db } from "../../utils/db.server";
import { STATUS_ACTIONS, UNDO, undoTarget, type StatusAction } from "./statuses";
import { fromDateOn } from "./series.server";
import { ACTIVE_STATUSES, APPOINTMENT_STATUS, isCancelled } from "../status-rules";

type Clock = { now: Date; timeZone: string };
type BatchItem = Parameters<Db["batch"]>[0][number];

/** What a cancel by the professional also records and writes in its batch (the customer's notice). */
export type CancelDetails = { reason: string; also: BatchItem[] };

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
 * professional's zone. A cancel records that the professional made it and why (`cancel.reason`),
 * and runs `cancel.also` (the customer's notice, each write conditioned on the cancel) in the
 * same batch.
 */
export async function applyStatusAction(
  db: Db,
  userId: string,
  id: string,
  action: StatusAction,
  clock: Clock,
  scope: "this" | "following" = "this",
  cancel?: CancelDetails,
): Promise<StatusChange> {
  const rule = STATUS_ACTIONS[action];
  const local = nowInZone(clock.timeZone, clock.now);
  const started = or(lt(appointments.date, local.date), and(eq(appointments.date, local.date), lte(appointments.startMinute, local.minute)));
  const allowed = and(inArray(appointments.status, [...rule.from]), rule.afterStart ? started : undefined);
  const [current] = await db.select().from(appointments).where(owned(userId, id));
  if (!current) return { ok: false, reason: "not-found" };
  const which = scope === "following" && current.seriesId ? fromDateOn(userId, current.seriesId, current.date) : owned(userId, id);
  const who = action === "cancel" ? { cancelledBy: "professional" as const, cancelReason: cancel?.reason ?? "" } : {};
  const update = db.update(appointments).set({ status: rule.to, updatedAt: clock.now, ...who }).where(and(which, allowed));
  const [result] = await db.batch([update, ...(action === "cancel" ? (cancel?.also ?? []) : [])]);
  if (result.rowsAffected > 0) return { ok: true, changed: result.rowsAffected };
  const [now] = await db.select({ status: appointments.status }).from(appointments).where(owned(userId, id));
  if (!now) return { ok: false, reason: "not-found" };
  if ((rule.from as readonly AppointmentStatus[]).includes(now.status) && rule.afterStart) return { ok: false, reason: "not-started" };
  return { ok: false, reason: "status", current: now.status };
}

export type Undo =
  | { ok: true; to: (typeof ACTIVE_STATUSES)[number]; changed: number; also: unknown[] }
  | { ok: false; reason: "not-found" | "not-final" | "late" | "taken" | "changed" | "customer" };

/** The change of this appointment just written at `now` (what the statements after it in a batch require). */
export function changedAt(userId: string, id: string, now: Date, status?: SQL) {
  return and(owned(userId, id), eq(appointments.updatedAt, now), status);
}

/** Its time is still free of appointments and held requests (hours and blocks are not asked: it is the time it had). */
function stillFree(db: Db, row: typeof appointments.$inferSelect, now: Date) {
  return nothingOverlaps(
    db,
    {
      userId: row.userId,
      date: row.date,
      startMinute: row.startMinute,
      durationMinutes: row.durationMinutes,
      bufferMinutes: row.bufferMinutes,
      excludeAppointmentId: row.id,
      excludeBookingRequestId: row.bookingRequestId ?? undefined,
    },
    now,
  );
}

/**
 * 'Desfazer': a completed, no-show or cancelled appointment goes back to Agendado (Confirmado
 * when it came from an accepted request), and one the professional confirmed goes back to
 * Agendado, only on the day its status was set (its updated_at, in the professional's zone). One
 * statement that also requires the row unchanged since it was read and, for a cancelled one, its
 * time still free of appointments and held requests. With `following`, the series' later
 * occurrences cancelled by the same action (same moment) come back too, each only if its time is
 * still free. A cancel the customer made from their link is theirs to undo, not the agenda's.
 * `also` runs in the same batch (the customer's notices), its results returned.
 */
export async function undoStatus(
  db: Db,
  userId: string,
  id: string,
  clock: Clock,
  opts: { scope?: "this" | "following"; also?: BatchItem[] } = {},
): Promise<Undo> {
  const [row] = await db.select().from(appointments).where(owned(userId, id));
  if (!row) return { ok: false, reason: "not-found" };
  const confirmedByPro = row.status === APPOINTMENT_STATUS.confirmed && !row.bookingRequestId && !row.customerConfirmedAt;
  if (!(UNDO.from as readonly AppointmentStatus[]).includes(row.status) && !confirmedByPro) return { ok: false, reason: "not-final" };
  if (isCancelled(row.status) && row.cancelledBy === "customer") return { ok: false, reason: "customer" };
  const today = nowInZone(clock.timeZone, clock.now).date;
  if (nowInZone(clock.timeZone, row.updatedAt).date !== today) return { ok: false, reason: "late" };
  const to = confirmedByPro ? APPOINTMENT_STATUS.scheduled : undoTarget(row);
  const back = { status: to, updatedAt: clock.now, ...(isCancelled(row.status) ? { cancelledBy: null, cancelReason: "" } : {}) };
  const unchanged = (r: typeof row) => and(owned(userId, r.id), eq(appointments.status, r.status), eq(appointments.updatedAt, r.updatedAt));
  const free = (r: typeof row) => (isCancelled(r.status) ? stillFree(db, r, clock.now) : undefined);
  const siblings =
    opts.scope === "following" && row.seriesId && isCancelled(row.status)
      ? await db
          .select()
          .from(appointments)
          .where(and(fromDateOn(userId, row.seriesId, row.date), ne(appointments.id, row.id), eq(appointments.status, APPOINTMENT_STATUS.cancelled), eq(appointments.updatedAt, row.updatedAt)))
      : [];
  const [result, ...rest] = await db.batch([
    db.update(appointments).set(back).where(and(unchanged(row), free(row))),
    ...siblings.map((r) => db.update(appointments).set({ ...back, status: undoTarget(r) }).where(and(unchanged(r), free(r)))),
    ...(opts.also ?? []),
  ]);
  if (result.rowsAffected === 1) {
    const moved = (rest.slice(0, siblings.length) as { rowsAffected: number }[]).reduce((n, r) => n + r.rowsAffected, 0);
    return { ok: true, to, changed: 1 + moved, also: rest.slice(siblings.length) };
  }
  const [again] = await db.select({ status: appointments.status, updatedAt: appointments.updatedAt }).from(appointments).where(owned(userId, id));
  if (!again) return { ok: false, reason: "not-found" };
  if (again.status !== row.status || again.updatedAt.getTime() !== row.updatedAt.getTime()) return { ok: false, reason: "changed" };
  return { ok: false, reason: "taken" };
}
