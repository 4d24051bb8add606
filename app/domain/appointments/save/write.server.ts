// The writes of a planned save (plan.server.ts), each time claimed when it is written: a series'
// occurrences in one batch; one appointment inserted or updated only if its time is still free
// (the customer's notice of a move in the same batch, docs/decisions/0720); 'Este e os próximos'
// moving the later occurrences of a series after the edited one.
import { insertAppointmentIfFree, updateAppointmentIfFree } from "../../availability/slot-claims.server";
import { daysBetween } from "../../dates";
import type { QueuedNotice } from "../../notifications/change-notices.server";
import type { Db } from "../../../utils/db.server";
import type { WhatsappSettings } from "../../../utils/whatsapp.server";
import { prepareMoveNotice, queueSeriesMoveNotice } from "../professional-changes.server";
import { findAppointment, type Appointment, type Professional } from "../records.server";
import { changeFollowing, createSeries, followingOccurrences, type Occurrence } from "../series.server";
import { serviceCopy, type SavePlan, type SaveIntent } from "./plan.server";
import { APPOINTMENT_STATUS } from "../../status-rules";

type Planned<K extends SavePlan["kind"]> = Extract<SavePlan, { kind: K }>;

export type SeriesSaved = { kind: "series"; booked: Occurrence[]; refused: { date: string; reason: string }[] } | { kind: "series-empty" };

export type OneSaved =
  | { kind: "taken" }
  | { kind: "gone" }
  | { kind: "created"; walkIn: boolean }
  | {
      kind: "updated";
      /** The new date and time when the edit moved it, or null when it stayed where it was. */
      movedTo: { date: string; startMinute: number } | null;
      following: { moved: number; kept: { date: string; reason: string }[] } | null;
      notice: QueuedNotice | null;
    };

/** The series and the occurrences still free when written; the dates not booked, in order. */
export async function writeSeries(db: Db, user: Professional, plan: Planned<"series">, intent: SaveIntent, now: Date): Promise<SeriesSaved> {
  const created = await createSeries(db, {
    userId: user.id,
    everyWeeks: plan.everyWeeks,
    now,
    occurrences: plan.occurrences,
    values: { clientId: plan.clientId, serviceId: plan.service.id, ...serviceCopy(plan.service), notes: intent.notes },
  });
  if (created.booked.length === 0) return { kind: "series-empty" };
  const refused = [...plan.refused, ...created.failed.map((f) => ({ date: f.date, reason: "ocupado" }))];
  refused.sort((a, b) => a.date.localeCompare(b.date));
  return { kind: "series", booked: created.booked, refused };
}

type One = { plan: Planned<"one">; intent: SaveIntent; editing: Appointment | null; now: Date; whatsapp: WhatsappSettings | null };

/** A new appointment, or the edited one (a move tells the customer when asked). */
export async function writeOne(db: Db, user: Professional, args: One): Promise<OneSaved> {
  const { plan, intent, editing, now } = args;
  const { when } = plan;
  const claim = { timeZone: user.profile.timeZone, stepMinutes: user.profile.slotStepMinutes, now, walkIn: plan.walkIn };
  if (!editing) {
    const saved = await insertAppointmentIfFree(
      db,
      {
        userId: user.id,
        clientId: plan.clientId,
        serviceId: plan.service.id,
        ...serviceCopy(plan.service),
        notes: intent.notes,
        status: APPOINTMENT_STATUS.scheduled,
        createdVia: "dashboard",
        ...when,
      },
      claim,
    );
    return saved ? { kind: "created", walkIn: plan.walkIn } : { kind: "taken" };
  }
  // A move to another date or time: the customer hears of it ('Avisar cliente'), in the same
  // batch for one appointment, after the later ones moved for 'Este e os próximos'.
  const moved = editing.date !== when.date || editing.startMinute !== when.startMinute;
  const notify = moved && intent.notify;
  const withFollowing = !!editing.seriesId && intent.scope === "following";
  const noticeClock = { clock: { now, timeZone: user.profile.timeZone }, whatsapp: args.whatsapp, reason: intent.reason };
  const moveNotice = notify && !withFollowing ? await prepareMoveNotice(db, user.id, editing.id, when, noticeClock) : null;
  const saved = await updateAppointmentIfFree(
    db,
    editing.id,
    user.id,
    {
      clientId: plan.clientId,
      serviceId: plan.service.id,
      notes: intent.notes,
      ...when,
      ...plan.copied,
      updatedAt: now,
      ...(moved ? { rescheduledByProfessionalAt: now } : {}),
    },
    { ...claim, also: moveNotice?.statements },
  );
  if (!saved) return (await findAppointment(db, user.id, editing.id)) ? { kind: "taken" } : { kind: "gone" };
  const movedTo = moved ? { date: when.date, startMinute: when.startMinute } : null;
  if (!editing.seriesId || !withFollowing) return { kind: "updated", movedTo, following: null, notice: moveNotice?.notice ?? null };
  return writeFollowing(db, user, { ...args, editing, seriesId: editing.seriesId, moved, notify });
}

/** 'Este e os próximos': the later occurrences of the series follow the edited one. */
async function writeFollowing(
  db: Db,
  user: Professional,
  args: One & { editing: Appointment; seriesId: string; moved: boolean; notify: boolean },
): Promise<OneSaved> {
  const { plan, intent, editing, now } = args;
  const shiftDays = daysBetween(editing.date, intent.date);
  const following = await followingOccurrences(db, user.id, args.seriesId, editing.date);
  const changed = await changeFollowing(db, {
    userId: user.id,
    timeZone: user.profile.timeZone,
    now,
    following,
    change: {
      shiftDays,
      startMinute: plan.when.startMinute,
      clientId: plan.clientId,
      notes: intent.notes,
      service: editing.serviceId === plan.service.id ? null : { serviceId: plan.service.id, ...serviceCopy(plan.service) },
    },
  });
  const notice = args.notify
    ? await queueSeriesMoveNotice(
        db,
        user.id,
        editing.id,
        changed.moved,
        { shiftDays, startMinute: plan.when.startMinute, editedMoved: args.moved, edited: plan.when },
        { clock: { now, timeZone: user.profile.timeZone }, whatsapp: args.whatsapp, reason: intent.reason },
      )
    : null;
  return {
    kind: "updated",
    movedTo: args.moved ? { date: plan.when.date, startMinute: plan.when.startMinute } : null,
    following: { moved: changed.moved.length, kept: changed.kept.map((k) => ({ date: k.date, reason: k.reason })) },
    notice,
  };
}
