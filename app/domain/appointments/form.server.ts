// The reads of the agenda's create/edit form: the professional's clients and services, the dates
// the form accepts, and the start times offered for a service on a date. Scoped by their id.
import { and, asc, eq, or } from "drizzle-orm";
import { appointments, clients, services } from "../../../db/schema";
import { getFreeSlots } from "../availability/slot-claims.server";
import { isIsoDate, maxBookingDate, minutesToTime, nowInZone } from "../dates";
import { describeRoute } from "../notifications/change-notices";
import { noticeTargets, routeOf } from "../notifications/change-notices.server";
import type { Db } from "../../utils/db.server";
import type { WhatsappSettings } from "../../utils/whatsapp.server";
import { findAppointment, type Appointment, type Professional } from "./records.server";
import { isActiveStatus } from "../status-rules";

export type ServiceChoice = { id: string; name: string; durationMinutes: number; bufferMinutes: number; priceCents: number; isActive: boolean };

export const FORM_FIELDS = ["clientId", "serviceId", "date", "time", "otherTime", "notes", "repeat", "endKind", "count", "until", "motivo"] as const;
export type FormValues = Record<(typeof FORM_FIELDS)[number], string>;

/** Today and the last date a single appointment may be booked, in the professional's zone. */
export function bookingWindow(timeZone: string, now: Date) {
  const today = nowInZone(timeZone, now).date;
  return { today, maxDate: maxBookingDate(today) };
}

/** Active services only; an edited appointment keeps its own service even if inactive. */
export function offeredService(userId: string, editing: Appointment | null) {
  return and(
    eq(services.userId, userId),
    editing?.serviceId ? or(eq(services.isActive, true), eq(services.id, editing.serviceId)) : eq(services.isActive, true),
  );
}

export async function formChoices(db: Db, userId: string, editing: Appointment | null) {
  const [clientRows, serviceRows] = await Promise.all([
    db.select({ id: clients.id, name: clients.name }).from(clients).where(eq(clients.userId, userId)).orderBy(asc(clients.name)),
    db
      .select({
        id: services.id,
        name: services.name,
        durationMinutes: services.durationMinutes,
        bufferMinutes: services.bufferMinutes,
        priceCents: services.priceCents,
        isActive: services.isActive,
      })
      .from(services)
      .where(offeredService(userId, editing))
      .orderBy(asc(services.name)),
  ]);
  return { clients: clientRows, services: serviceRows };
}

/**
 * The start times offered for a service on a date, or null while either is missing.
 * An edited appointment may keep its own time (even past or off the grid) on its own day.
 */
export async function timeChoices(
  db: Db,
  user: Professional,
  args: { serviceId: string; date: string; services: readonly ServiceChoice[]; editing: Appointment | null; now: Date },
): Promise<string[] | null> {
  const service = args.services.find((s) => s.id === args.serviceId);
  if (!service || !isIsoDate(args.date)) return null;
  const { editing } = args;
  const sameService = editing?.serviceId === service.id;
  const duration = sameService && editing ? editing.durationMinutes : service.durationMinutes;
  const buffer = sameService && editing ? editing.bufferMinutes : service.bufferMinutes;
  const free = await getFreeSlots(db, {
    userId: user.id,
    date: args.date,
    durationMinutes: duration,
    bufferMinutes: buffer,
    timeZone: user.profile.timeZone,
    stepMinutes: user.profile.slotStepMinutes,
    now: args.now,
    excludeAppointmentId: editing?.id,
  });
  if (editing && editing.date === args.date && editing.durationMinutes === duration && !free.includes(editing.startMinute)) {
    free.push(editing.startMinute);
    free.sort((a, b) => a - b);
  }
  return free.map(minutesToTime);
}

/** The times offered again beside a refused form: for what it posted. */
export async function formTimes(db: Db, user: Professional, args: { serviceId: string; date: string; editing: Appointment | null; now: Date }) {
  const { services: serviceRows } = await formChoices(db, user.id, args.editing);
  return timeChoices(db, user, { ...args, services: serviceRows });
}

/**
 * The create/edit form: choices, values from the address (after 'Ver horários') or the edited
 * row, and the times offered. `editing`: the id asked for (null: a new one); null when that
 * appointment is missing or someone else's.
 */
export async function readForm(
  db: Db,
  user: Professional,
  args: { editing: string | null; asked: Partial<FormValues>; now: Date; whatsapp: WhatsappSettings | null },
) {
  const editing = args.editing !== null ? await findAppointment(db, user.id, args.editing) : null;
  if (args.editing !== null && !editing) return null;
  const [choices, [customer]] = await Promise.all([
    formChoices(db, user.id, editing),
    editing && isActiveStatus(editing.status) ? noticeTargets(db, user.id, eq(appointments.id, editing.id)) : Promise.resolve([]),
  ]);
  const { asked } = args;
  const values: FormValues = {
    clientId: asked.clientId ?? editing?.clientId ?? "",
    serviceId: asked.serviceId ?? editing?.serviceId ?? "",
    date: asked.date ?? editing?.date ?? "",
    time: asked.time ?? (editing ? minutesToTime(editing.startMinute) : ""),
    otherTime: asked.otherTime ?? "",
    notes: asked.notes ?? editing?.notes ?? "",
    repeat: asked.repeat ?? "0",
    endKind: asked.endKind === "until" ? "until" : "count",
    count: asked.count ?? "4",
    until: asked.until ?? "",
    motivo: asked.motivo ?? "",
  };
  const times = await timeChoices(db, user, { ...values, services: choices.services, editing, now: args.now });
  return {
    ...choices,
    ...bookingWindow(user.profile.timeZone, args.now),
    editing: editing
      ? {
          id: editing.id,
          date: editing.date,
          serviceId: editing.serviceId,
          durationMinutes: editing.durationMinutes,
          priceCents: editing.priceCents,
          recurring: editing.seriesId !== null,
          // 'Avisar cliente' of a move: how they would be told, or null (no contact, not active).
          notice: customer ? describeRoute(routeOf(customer, args.whatsapp)) : null,
        }
      : null,
    values,
    times,
  };
}
