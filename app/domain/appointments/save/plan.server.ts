// What saving the agenda's form will write (docs/decisions/0651, 0653): the client and service it
// names (theirs, the service offered), and either one appointment at an offered time, an
// 'Encaixe' the professional confirmed, or the dates of a series as previewed ('Ver datas'), each
// kept, skipped or moved to another free time of its day. A refusal says why, for the form.
import { and, eq } from "drizzle-orm";
import { clients, services } from "../../../../db/schema";
import { timeToMinutes } from "../../dates";
import type { Db } from "../../../utils/db.server";
import { offeredService, timeChoices } from "../form.server";
import { placeTime } from "../placement.server";
import type { Appointment, Professional } from "../records.server";
import { seriesDates, seriesFingerprint, type SeriesEnd, type SeriesInterval } from "../series";
import { previewSeries, type Occurrence } from "../series.server";

/** The form as the save understands it (app/validation/appointments.ts parses it). */
export type SaveIntent = {
  clientId: string;
  serviceId: string;
  date: string;
  /** "HH:mm": an offered time, or the one typed in 'Outro horário (encaixe)'. */
  time: string;
  /** The field the time came from, where its errors show. */
  timeField: "time" | "otherTime";
  notes: string;
  /** 'Repetir' every 1 to 4 weeks (a new appointment only), or null. */
  repeat: SeriesInterval | null;
  end: SeriesEnd;
  /** The series previewed ('Ver datas'), and each date's choice: 'keep', 'skip' or a time ("" for anything else). */
  fingerprint: string | null;
  occurrences: ReadonlyMap<string, string>;
  /** The 'Encaixe' checkbox: the "date time" it confirms. */
  walkIn: string | null;
  /** 'Avisar cliente' of a move and its 'Motivo (opcional)' ('' when none), and 'Só este' / 'Este e os próximos' of a recurring one. */
  notify: boolean;
  reason: string;
  scope: "this" | "following";
};

/** One date of a series' 'Ver datas', as the form lists it. */
export type PreviewRow = { date: string; time: string; free: boolean; label: string; alternatives: string[]; holiday: string | null };
export type SeriesPreview = { fingerprint: string; rows: PreviewRow[] };

/** What an 'Encaixe' checkbox carries: the exact date and time it confirms. */
export const walkInToken = (date: string, time: string) => `${date} ${time}`;

export type SaveRefusal =
  | { reason: "unknown"; client: boolean; service: boolean }
  | { reason: "no-repeat" }
  | { reason: "preview-stale"; preview: SeriesPreview }
  | { reason: "series-empty"; preview: SeriesPreview }
  | { reason: "taken"; field: "time" | "otherTime" }
  | { reason: "walk-in"; field: "time" | "otherTime"; past: boolean; token: string };

export type Service = typeof services.$inferSelect;

/** A copy of the service's name, duration and price: an edit that keeps the service keeps what was agreed. */
export type ServiceCopy = Pick<Service, "durationMinutes" | "bufferMinutes" | "priceCents"> & { serviceName: string };

type Base = { clientId: string; service: Service; when: { date: string; startMinute: number } };

export type SavePlan =
  | { kind: "refused"; refusal: SaveRefusal }
  | { kind: "preview"; preview: SeriesPreview }
  | (Base & { kind: "series"; everyWeeks: SeriesInterval; occurrences: Occurrence[]; refused: { date: string; reason: string }[]; preview: SeriesPreview })
  | (Base & { kind: "one"; copied: Partial<ServiceCopy>; walkIn: boolean });

type Args = { intent: SaveIntent; editing: Appointment | null; now: Date; mode: "save" | "preview" };

const refused = (refusal: SaveRefusal): SavePlan => ({ kind: "refused", refusal });

export function serviceCopy(service: Service): ServiceCopy {
  return { serviceName: service.name, durationMinutes: service.durationMinutes, bufferMinutes: service.bufferMinutes, priceCents: service.priceCents };
}

export async function planSave(db: Db, user: Professional, args: Args): Promise<SavePlan> {
  const { intent, editing } = args;
  const [[client], [service]] = await Promise.all([
    db.select({ id: clients.id }).from(clients).where(and(eq(clients.id, intent.clientId), eq(clients.userId, user.id))),
    db.select().from(services).where(and(eq(services.id, intent.serviceId), offeredService(user.id, editing))),
  ]);
  if (!client || !service) return refused({ reason: "unknown", client: !client, service: !service });
  const base: Base = { clientId: client.id, service, when: { date: intent.date, startMinute: timeToMinutes(intent.time) } };
  const everyWeeks = !editing ? intent.repeat : null;
  // 'Ver datas' without a repetition has no dates to show, and never saves.
  if (args.mode === "preview" && !everyWeeks) return refused({ reason: "no-repeat" });
  if (everyWeeks) return planSeries(db, user, base, everyWeeks, args);
  return planOne(db, user, base, args);
}

async function planSeries(db: Db, user: Professional, base: Base, everyWeeks: SeriesInterval, { intent, now, mode }: Args): Promise<SavePlan> {
  const { service, when } = base;
  const occurrences = await previewSeries(db, {
    userId: user.id,
    timeZone: user.profile.timeZone,
    stepMinutes: user.profile.slotStepMinutes,
    now,
    startMinute: when.startMinute,
    durationMinutes: service.durationMinutes,
    bufferMinutes: service.bufferMinutes,
    dates: seriesDates(intent.date, everyWeeks, intent.end),
  });
  const preview: SeriesPreview = {
    fingerprint: seriesFingerprint({ serviceId: service.id, date: intent.date, time: intent.time, everyWeeks, end: intent.end }),
    rows: occurrences.map((o) => ({ date: o.date, time: o.time, free: o.placement.state === "free", label: o.label, alternatives: o.alternatives, holiday: o.holiday })),
  };
  if (mode === "preview") return { kind: "preview", preview };
  if (intent.fingerprint !== preview.fingerprint) return refused({ reason: "preview-stale", preview });
  const chosen: Occurrence[] = [];
  const refusedDates: { date: string; reason: string }[] = [];
  for (const row of preview.rows) {
    const choice = intent.occurrences.get(row.date) ?? null;
    if (choice === "skip") continue;
    const keep = choice === "keep" || choice === null;
    if (keep && row.free) chosen.push({ date: row.date, startMinute: when.startMinute });
    else if (choice !== null && row.alternatives.includes(choice)) chosen.push({ date: row.date, startMinute: timeToMinutes(choice) });
    // Free when previewed but not any more (or a time no longer free): reported, not booked.
    else refusedDates.push({ date: row.date, reason: row.label });
  }
  if (chosen.length === 0) return refused({ reason: "series-empty", preview });
  return { ...base, kind: "series", everyWeeks, occurrences: chosen, refused: refusedDates, preview };
}

/** One appointment: an offered time, or an 'Encaixe' once the professional confirms it. */
async function planOne(db: Db, user: Professional, base: Base, { intent, editing, now }: Args): Promise<SavePlan> {
  const { service, when } = base;
  // Name, duration and price are copied from the service when it is chosen; an edit that
  // keeps the service keeps what was agreed (later price changes do not rewrite history).
  const copied: Partial<ServiceCopy> = editing?.serviceId === service.id ? {} : serviceCopy(service);
  const offered = await timeChoices(db, user, { serviceId: service.id, date: intent.date, services: [service], editing, now });
  if (offered?.includes(intent.time)) return { ...base, kind: "one", copied, walkIn: false };
  // The select offers free times only: anything else in it is a stale page or a forged post.
  if (intent.timeField === "time") return refused({ reason: "taken", field: "time" });
  const placement = await placeTime(db, {
    userId: user.id,
    timeZone: user.profile.timeZone,
    now,
    ...when,
    durationMinutes: copied.durationMinutes ?? editing?.durationMinutes ?? service.durationMinutes,
    bufferMinutes: copied.bufferMinutes ?? editing?.bufferMinutes ?? service.bufferMinutes,
    excludeAppointmentId: editing?.id,
  });
  if (placement.state === "taken") return refused({ reason: "taken", field: intent.timeField });
  const token = walkInToken(intent.date, intent.time);
  // Inside the hours but off the slot grid: no question to ask.
  if (placement.state !== "free" && intent.walkIn !== token) {
    return refused({ reason: "walk-in", field: intent.timeField, past: placement.state === "past", token });
  }
  return { ...base, kind: "one", copied, walkIn: true };
}
