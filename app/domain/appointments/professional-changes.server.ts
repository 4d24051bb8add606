// A change the professional makes to a customer's time, and the customer's notice of it
// (docs/decisions/0720, 0721): a status action (a cancel asks 'Motivo' and 'Avisar cliente'),
// 'Desfazer', and a move from the agenda's form (its 'Motivo' too, docs/decisions/1072); and what the cancel dialog asks first. The agenda
// and 'Equipe' both call these; the notice's writes run in the same batch as the change, each only
// if the change happened.
import { and, eq, or, sql, type SQL } from "drizzle-orm";
import { appointments } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import type { WhatsappSettings } from "../../utils/whatsapp.server";
import { addDays, minutesToTime, nowInZone } from "../dates";
import { describeRoute, type NoticeTime } from "../notifications/change-notices";
import {
  cancelNoticeLeft,
  changeNotice,
  noticeTargets,
  routeOf,
  withdrawHeldNotices,
  type NoticeTarget,
  type QueuedNotice,
} from "../notifications/change-notices.server";
import type { CancelAsk } from "./calendar-types";
import { applyStatusAction, changedAt, undoStatus, type StatusChange, type Undo } from "./statuses.server";
import type { AppointmentStatus, StatusAction } from "./statuses";
import { isActiveStatus, APPOINTMENT_STATUS, isCancelled } from "../status-rules";
import { activeAppointment, notCancelled } from "../status-rules.server";

type Clock = { now: Date; timeZone: string };
type BatchItem = Parameters<Db["batch"]>[0][number];

const isActive = (t: { status: AppointmentStatus }) => isActiveStatus(t.status);

/** Still ahead in the professional's zone: only an appointment to come is worth a notice. */
function ahead(t: NoticeTime, clock: Clock) {
  const local = nowInZone(clock.timeZone, clock.now);
  return t.date > local.date || (t.date === local.date && t.startMinute > local.minute);
}

const timeOf = (t: NoticeTime): NoticeTime => ({ date: t.date, startMinute: t.startMinute });

/** The row `id` of the professional, for subqueries about its series. */
const field = (column: "series_id" | "date" | "updated_at", userId: string, id: string) =>
  sql.raw(`(select ${column} from appointments as self where self.id = `).append(sql`${id} and self.user_id = ${userId})`);

const happened = (condition: SQL | undefined) => sql`exists (select 1 from ${appointments} where ${condition})`;

/** What the cancel dialog shows and asks ('?confirmar-cancelamento=<id>'): how 'Avisar cliente' would reach them. */
export function cancelAskOf(t: NoticeTarget, whatsapp: WhatsappSettings | null): CancelAsk {
  return {
    id: t.id,
    date: t.date,
    time: minutesToTime(t.startMinute),
    serviceName: t.serviceName,
    clientName: t.clientName,
    recurring: t.seriesId !== null,
    notice: describeRoute(routeOf(t, whatsapp)),
  };
}

/** The cancel dialog of an appointment, when it can still be cancelled (active); else none. */
export function confirmCancelOf(t: NoticeTarget | undefined, whatsapp: WhatsappSettings | null): CancelAsk | null {
  return t && isActive(t) ? cancelAskOf(t, whatsapp) : null;
}

export type StatusOutcome = {
  change: StatusChange;
  /** The appointment (with its customer) as it was before the change; null when not found. */
  before: NoticeTarget | null;
  /** The customer's notice, when asked for and the cancel happened. */
  notice: QueuedNotice | null;
};

/**
 * A status action by the professional; a cancel with `notify` queues the customer's notice
 * (held for the grace period) of the appointment and, with `following`, of the series' next ones
 * still to come, if the customer can be reached.
 */
export async function changeStatusWithNotice(
  db: Db,
  userId: string,
  id: string,
  action: StatusAction,
  opts: { clock: Clock; scope: "this" | "following"; reason: string; notify: boolean; whatsapp: WhatsappSettings | null },
): Promise<StatusOutcome> {
  const { clock } = opts;
  const cancel = action === "cancel";
  const following = cancel && opts.scope === "following";
  const which = following
    ? or(
        eq(appointments.id, id),
        and(sql`${appointments.seriesId} = ${field("series_id", userId, id)}`, sql`${appointments.date} >= ${field("date", userId, id)}`, activeAppointment),
      )!
    : eq(appointments.id, id);
  const targets = await noticeTargets(db, userId, which);
  const before = targets.find((t) => t.id === id) ?? null;
  if (!before) return { change: { ok: false, reason: "not-found" }, before: null, notice: null };
  const times = targets.filter((t) => isActive(t) && ahead(t, clock)).map(timeOf);
  const notice =
    cancel && opts.notify && isActive(before) && times.length > 0
      ? await changeNotice(db, {
          kind: "cancel",
          target: before,
          times,
          reason: opts.reason,
          now: clock.now,
          whatsapp: opts.whatsapp,
          onlyIf: () => happened(changedAt(userId, id, clock.now, eq(appointments.status, APPOINTMENT_STATUS.cancelled))),
          hold: true,
        })
      : null;
  const change = await applyStatusAction(db, userId, id, action, clock, opts.scope, cancel ? { reason: opts.reason, also: notice?.statements ?? [] } : undefined);
  return { change, before, notice: change.ok ? notice : null };
}

export type UndoOutcome = {
  undo: Undo;
  before: NoticeTarget | null;
  /** A cancel undone: its held notice was withdrawn before it left. */
  withdrawn: boolean;
  /** A cancel undone after its notice left: 'Horário mantido' is queued (its e-mail's key, to send now). */
  restored: { email: string | null; whatsapp: boolean } | null;
  /** 'Avisar no WhatsApp' that the time stands, when WhatsApp is not automatic. */
  whatsappLink: string | null;
};

/**
 * 'Desfazer' (undoStatus), and for a cancel the customer's side: a notice still held is
 * withdrawn; one that already left is followed by 'Horário mantido' on the same channel.
 */
export async function undoWithNotice(
  db: Db,
  userId: string,
  id: string,
  opts: { clock: Clock; scope: "this" | "following"; whatsapp: WhatsappSettings | null },
): Promise<UndoOutcome> {
  const { clock } = opts;
  const sameCancel = and(
    sql`${appointments.seriesId} = ${field("series_id", userId, id)}`,
    sql`${appointments.date} >= ${field("date", userId, id)}`,
    eq(appointments.status, APPOINTMENT_STATUS.cancelled),
    sql`${appointments.updatedAt} = ${field("updated_at", userId, id)}`,
  );
  const targets = await noticeTargets(db, userId, opts.scope === "following" ? or(eq(appointments.id, id), sameCancel)! : eq(appointments.id, id));
  const before = targets.find((t) => t.id === id) ?? null;
  const none = { withdrawn: false, restored: null, whatsappLink: null };
  if (!before) return { undo: { ok: false, reason: "not-found" }, before, ...none };
  const undoingCancel = isCancelled(before.status) && before.cancelledBy !== "customer";
  const restoredNow = happened(changedAt(userId, id, clock.now, notCancelled));
  const withdraw = undoingCancel ? withdrawHeldNotices(db, id, "cancel", restoredNow, clock.now) : [];
  const times = targets.filter((t) => isCancelled(t.status) && ahead(t, clock)).map(timeOf);
  const notice =
    undoingCancel && times.length > 0
      ? await changeNotice(db, {
          kind: "restore",
          target: before,
          times,
          now: clock.now,
          whatsapp: opts.whatsapp,
          onlyIf: (channel) => and(restoredNow, cancelNoticeLeft(id, channel)),
          hold: false,
        })
      : null;
  const restoreWrites = notice?.statements ?? [];
  const undo = await undoStatus(db, userId, id, clock, { scope: opts.scope, also: [...restoreWrites, ...withdraw] });
  if (!undo.ok) return { undo, before, ...none };
  const affected = (undo.also as { rowsAffected?: number }[]).map((r) => r.rowsAffected ?? 0);
  const restoredRows = affected.slice(0, restoreWrites.length);
  const emailQueued = !!notice?.emailKey && (restoredRows[0] ?? 0) > 0;
  const whatsappQueued = restoredRows.slice(notice?.emailKey ? 1 : 0).some((n) => n > 0);
  return {
    undo,
    before,
    withdrawn: affected.slice(restoreWrites.length).some((n) => n > 0),
    restored: emailQueued || whatsappQueued ? { email: emailQueued ? notice!.emailKey : null, whatsapp: whatsappQueued } : null,
    whatsappLink: notice?.whatsappLink ?? null,
  };
}

/**
 * The notice of a move from the agenda's form ('Avisar cliente' checked): the statements to run
 * in the same batch as the move (a still-held move notice of it withdrawn first, then the new one,
 * both only if the appointment holds the new time as of `now`). Null when there is nothing to
 * tell: not active, not moved, already past, or no contact.
 */
export async function prepareMoveNotice(
  db: Db,
  userId: string,
  id: string,
  next: NoticeTime,
  opts: { clock: Clock; whatsapp: WhatsappSettings | null; reason: string },
): Promise<{ statements: BatchItem[]; notice: QueuedNotice } | null> {
  const [t] = await noticeTargets(db, userId, eq(appointments.id, id));
  if (!t || !isActive(t) || (t.date === next.date && t.startMinute === next.startMinute) || !ahead(next, opts.clock)) return null;
  const { now } = opts.clock;
  const moved = happened(changedAt(userId, id, now, and(eq(appointments.date, next.date), eq(appointments.startMinute, next.startMinute))));
  const notice = await changeNotice(db, {
    kind: "move",
    target: t,
    times: [next],
    // A move notice still held never reached them: the time they know is not this row's.
    before: t.heldMove ? null : timeOf(t),
    reason: opts.reason,
    now,
    whatsapp: opts.whatsapp,
    onlyIf: () => moved,
    hold: true,
  });
  if (!notice.route.email && !notice.route.whatsapp) return null;
  return { statements: [...withdrawHeldNotices(db, id, "move", moved, now), ...notice.statements], notice };
}

/**
 * 'Este e os próximos' of a series moved from the form: one notice listing the new times still to
 * come (the edited one's and the later ones'), queued after the moves.
 */
export async function queueSeriesMoveNotice(
  db: Db,
  userId: string,
  id: string,
  moved: NoticeTime[],
  change: { shiftDays: number; startMinute: number; editedMoved: boolean; edited: NoticeTime },
  opts: { clock: Clock; whatsapp: WhatsappSettings | null; reason: string },
): Promise<QueuedNotice | null> {
  const [t] = await noticeTargets(db, userId, eq(appointments.id, id));
  const times = [
    ...(change.editedMoved ? [change.edited] : []),
    ...moved
      .map((r) => ({ old: r, next: { date: addDays(r.date, change.shiftDays), startMinute: change.startMinute } }))
      .filter(({ old, next }) => old.date !== next.date || old.startMinute !== next.startMinute)
      .map(({ next }) => next),
  ]
    .filter((x) => ahead(x, opts.clock))
    .sort((a, b) => a.date.localeCompare(b.date) || a.startMinute - b.startMinute);
  if (!t || !isActive(t) || times.length === 0) return null;
  const notice = await changeNotice(db, { kind: "move", target: t, times, reason: opts.reason, now: opts.clock.now, whatsapp: opts.whatsapp, onlyIf: () => undefined, hold: true });
  const writes = [...withdrawHeldNotices(db, id, "move", sql`1`, opts.clock.now), ...notice.statements];
  const [first, ...rest] = writes;
  if (first) await db.batch([first, ...rest]);
  return notice;
}
