// Queries and writes of the Agenda screen. Every statement is scoped by the professional's id.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { and, asc, between, count, eq, gt, gte, inArray, or, sql } from "drizzle-orm";
import { data } from "react-router";
import { appointments, bookingRequests, clients, services } from "../../db/schema";
import type { CurrentUser } from "../domain/accounts/access.server";
import {
  getFreeSlots,
  insertAppointmentIfFree,
  updateAppointmentIfFree,
} from "../domain/availability/slot-claims.server";
import { ReadBatch, type Db } from "../utils/db.server";
import { pendingFrom } from "../domain/booking-requests/booking-requests.server";
import { pendingRequestsBetween, pendingRequestView } from "./agenda.calendar.server";
import { AGENDA_PERIOD_RULES, resolvePeriod } from "../domain/periods";
import { daysBetween, formatDate, isIsoDate, maxBookingDate, minutesToTime, nowInZone, timeToMinutes } from "../domain/dates";
import { redirectWithToast } from "../utils/toast.server";
import { actionsAt, STATUS_ERRORS, STATUS_LABELS, type StatusAction } from "../domain/appointments/statuses";
import {
  changeStatusWithNotice,
  prepareMoveNotice,
  queueSeriesMoveNotice,
  undoWithNotice,
} from "../domain/appointments/professional-changes.server";
import { noticeTargets, routeOf } from "../domain/notifications/change-notices.server";
import { describeRoute } from "../domain/notifications/change-notices";
import { whatsappConfig } from "../utils/whatsapp.server";
import type { RouterContextProvider } from "react-router";
import { cancelAskOf, cancelFields, noticeNote, sendNoticeSoon, statusToast, UNDO_ERRORS, undoToast } from "./shared/appointment-changes.server";
import { placeTime } from "../domain/appointments/placement.server";
import { seriesDates, seriesFingerprint, type SeriesInterval } from "../domain/appointments/series";
import { changeFollowing, createSeries, followingOccurrences, fromDateOn, previewSeries, type Occurrence } from "../domain/appointments/series.server";
import { APPOINTMENT_ERRORS, appointmentSchema, chosenTime } from "../validation/appointments";
import { activeAppointment, notCancelled } from "../domain/appointments/status-conditions.server";

export const PAGE_SIZE = 50;

/** Query parameters of the list that survive an action (filter and page; the calendar's view and date). */
const LIST_PARAMS = ["periodo", "de", "ate", "pagina", "vista", "data"] as const;

function ownedAppointment(userId: string, id: string) {
  return and(eq(appointments.id, id), eq(appointments.userId, userId));
}

/** One of the professional's appointments, or a 404 (missing or someone else's). */
export async function requireAppointment(db: Db, userId: string, id: string | null | undefined) {
  if (!id || id.length > 64) throw data(null, { status: 404 });
  const [row] = await db.select().from(appointments).where(ownedAppointment(userId, id));
  if (!row) throw data(null, { status: 404 });
  return row;
}

function clampPage(value: string | null) {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

// ---------------------------------------------------------------- list

export async function loadList(db: Db, user: CurrentUser, url: URL, now = new Date()) {
  const userId = user.id;
  const zoneNow = nowInZone(user.profile.timeZone, now);
  const today = zoneNow.date;
  const sp = url.searchParams;
  const query = { periodo: sp.get("periodo"), de: sp.get("de"), ate: sp.get("ate") };
  const filter = resolvePeriod(AGENDA_PERIOD_RULES, query, today);
  const page = clampPage(sp.get("pagina"));
  const range = filter.range;
  const inRange = range
    ? and(eq(appointments.userId, userId), between(appointments.date, range.from, range.to))
    : null;
  // The client is joined by owner too: a row never shows another professional's client.
  const clientJoin = and(eq(clients.id, appointments.clientId), eq(clients.userId, userId));

  // The page's reads in one round trip: the period's rows and counts, today's figures, the next
  // appointment, whether there is any, and the appointment a deletion asks about.
  const reads = new ReadBatch();
  const rowsOf = inRange
    ? reads.add(
        db
          .select({
            id: appointments.id,
            date: appointments.date,
            startMinute: appointments.startMinute,
            durationMinutes: appointments.durationMinutes,
            priceCents: appointments.priceCents,
            status: appointments.status,
            serviceName: appointments.serviceName,
            notes: appointments.notes,
            clientName: clients.name,
            seriesId: appointments.seriesId,
            updatedAt: appointments.updatedAt,
            customerConfirmedAt: appointments.customerConfirmedAt,
            cancelledBy: appointments.cancelledBy,
          })
          .from(appointments)
          .leftJoin(clients, clientJoin)
          .where(inRange)
          .orderBy(asc(appointments.date), asc(appointments.startMinute), asc(appointments.createdAt))
          .limit(PAGE_SIZE)
          .offset((page - 1) * PAGE_SIZE),
      )
    : () => [];
  const periodOf = inRange
    ? reads.add(
        db
          .select({
            total: count(),
            active: sql<number>`coalesce(sum(case when ${notCancelled} then 1 else 0 end), 0)`,
          })
          .from(appointments)
          .where(inRange),
      )
    : () => [{ total: 0, active: 0 }];
  const todayOf = reads.add(
    db
      .select({
        count: sql<number>`coalesce(sum(case when ${notCancelled} then 1 else 0 end), 0)`,
        revenueCents: sql<number>`coalesce(sum(case when ${appointments.status} = 'completed' then ${appointments.priceCents} else 0 end), 0)`,
      })
      .from(appointments)
      .where(and(eq(appointments.userId, userId), eq(appointments.date, today))),
  );
  const nextOf = reads.add(
    db
      .select({
        date: appointments.date,
        startMinute: appointments.startMinute,
        clientName: clients.name,
      })
      .from(appointments)
      .leftJoin(clients, clientJoin)
      .where(
        and(
          eq(appointments.userId, userId),
          activeAppointment,
          or(
            gt(appointments.date, today),
            and(eq(appointments.date, today), gte(appointments.startMinute, zoneNow.minute)),
          ),
        ),
      )
      .orderBy(asc(appointments.date), asc(appointments.startMinute))
      .limit(1),
  );
  const anyOf = reads.add(db.select({ id: appointments.id }).from(appointments).where(eq(appointments.userId, userId)).limit(1));
  const deleting = sp.get("confirmar-exclusao");
  const deletingOf = sp.has("confirmar-exclusao") && deleting && deleting.length <= 64
    ? reads.add(
        db
          .select({
            id: appointments.id,
            date: appointments.date,
            startMinute: appointments.startMinute,
            serviceName: appointments.serviceName,
            clientName: clients.name,
            seriesId: appointments.seriesId,
          })
          .from(appointments)
          .leftJoin(clients, clientJoin)
          .where(ownedAppointment(userId, deleting)),
      )
    : null;
  // The period's pending requests, shown as Dia and Semana show them, and how many wait elsewhere.
  const requestsOf = range ? reads.add(pendingRequestsBetween(db, userId, range.from, range.to, now)) : () => [];
  const pendingOf = reads.add(db.select({ n: count() }).from(bookingRequests).where(pendingFrom(userId, today, now)));
  const cancelling = sp.get("confirmar-cancelamento");
  const cancellingOf = sp.has("confirmar-cancelamento") && cancelling && cancelling.length <= 64
    ? reads.add(noticeTargets(db, userId, eq(appointments.id, cancelling)))
    : null;
  await reads.run(db);
  const [rows, [periodStats], [todayStats], [next], [any]] = [rowsOf(), periodOf(), todayOf(), nextOf(), anyOf()];
  const requests = requestsOf().map((r) => pendingRequestView(r, user.profile.timeZone));
  // Asked about an appointment that is missing or someone else's: 404, as the form would.
  if (sp.has("confirmar-exclusao") && !deletingOf?.()[0]) throw data(null, { status: 404 });
  if (sp.has("confirmar-cancelamento") && !cancellingOf?.()[0]) throw data(null, { status: 404 });
  const toCancel = cancellingOf?.()[0];
  const toDelete = deletingOf?.()[0];
  const confirmDelete = toDelete
    ? {
        id: toDelete.id,
        date: toDelete.date,
        time: minutesToTime(toDelete.startMinute),
        serviceName: toDelete.serviceName,
        clientName: toDelete.clientName,
        recurring: toDelete.seriesId !== null,
      }
    : null;

  const total = periodStats?.total ?? 0;
  return {
    today,
    filter,
    page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    total,
    rows: rows.map(({ seriesId, updatedAt, customerConfirmedAt, cancelledBy, ...r }) => ({
      ...r,
      customerConfirmed: customerConfirmedAt !== null,
      time: minutesToTime(r.startMinute),
      recurring: seriesId !== null,
      actions: actionsAt({ ...r, cancelledBy }, updatedAt, user.profile.timeZone, now), // by the clock (docs/decisions/0652)
    })),
    summary: {
      todayCount: Number(todayStats?.count ?? 0),
      periodCount: Number(periodStats?.active ?? 0),
      todayRevenueCents: Number(todayStats?.revenueCents ?? 0),
      next: next
        ? { date: next.date, time: minutesToTime(next.startMinute), clientName: next.clientName }
        : null,
    },
    hasAny: !!any,
    confirmDelete,
    requests,
    otherPendingCount: Math.max(0, (pendingOf()[0]?.n ?? 0) - requests.filter((r) => r.date >= today).length),
    confirmCancel: toCancel && (toCancel.status === "scheduled" || toCancel.status === "confirmed") ? cancelAskOf(toCancel, whatsappConfig()) : null,
  };
}

// ---------------------------------------------------------------- form

type Editing = typeof appointments.$inferSelect;
type ServiceChoice = { id: string; name: string; durationMinutes: number; bufferMinutes: number; priceCents: number; isActive: boolean };

export type FormValues = {
  clientId: string;
  serviceId: string;
  date: string;
  time: string;
  otherTime: string;
  notes: string;
  repeat: string;
  endKind: string;
  count: string;
  until: string;
};

async function formChoices(db: Db, userId: string, editing: Editing | null) {
  const [clientRows, serviceRows] = await Promise.all([
    db
      .select({ id: clients.id, name: clients.name })
      .from(clients)
      .where(eq(clients.userId, userId))
      .orderBy(asc(clients.name)),
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
      .where(
        and(
          eq(services.userId, userId),
          // Active services only; an edited appointment keeps its own service even if inactive.
          editing?.serviceId
            ? or(eq(services.isActive, true), eq(services.id, editing.serviceId))
            : eq(services.isActive, true),
        ),
      )
      .orderBy(asc(services.name)),
  ]);
  return { clients: clientRows, services: serviceRows };
}

/**
 * The start times offered for a service on a date, or null while either is missing.
 * An edited appointment may keep its own time (even past or off the grid) on its own day.
 */
async function timeChoices(
  db: Db,
  user: CurrentUser,
  args: { serviceId: string; date: string; services: ServiceChoice[]; editing: Editing | null; now: Date },
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

function bookingWindow(user: CurrentUser, now: Date) {
  const today = nowInZone(user.profile.timeZone, now).date;
  return { today, maxDate: maxBookingDate(today) };
}

/** The create/edit form: choices, values from the query (after 'Ver horários') or the row. */
export async function loadForm(db: Db, user: CurrentUser, url: URL, now = new Date()) {
  const sp = url.searchParams;
  const editing = sp.has("editar") ? await requireAppointment(db, user.id, sp.get("editar")) : null;
  const [choices, [customer]] = await Promise.all([
    formChoices(db, user.id, editing),
    editing && (editing.status === "scheduled" || editing.status === "confirmed")
      ? noticeTargets(db, user.id, eq(appointments.id, editing.id))
      : Promise.resolve([]),
  ]);
  const param = (name: keyof FormValues) => sp.get(name)?.slice(0, name === "notes" ? 600 : 64);
  const values: FormValues = {
    clientId: param("clientId") ?? editing?.clientId ?? "",
    serviceId: param("serviceId") ?? editing?.serviceId ?? "",
    date: param("date") ?? editing?.date ?? "",
    time: param("time") ?? (editing ? minutesToTime(editing.startMinute) : ""),
    otherTime: param("otherTime") ?? "",
    notes: param("notes") ?? editing?.notes ?? "",
    repeat: param("repeat") ?? "0",
    endKind: param("endKind") === "until" ? "until" : "count",
    count: param("count") ?? "4",
    until: param("until") ?? "",
  };
  const times = await timeChoices(db, user, { ...values, services: choices.services, editing, now });
  return {
    ...choices,
    ...bookingWindow(user, now),
    editing: editing
      ? {
          id: editing.id,
          date: editing.date,
          serviceId: editing.serviceId,
          durationMinutes: editing.durationMinutes,
          priceCents: editing.priceCents,
          recurring: editing.seriesId !== null,
          // 'Avisar cliente' of a move: how they would be told, or null (no contact, not active).
          notice: customer ? describeRoute(routeOf(customer, whatsappConfig())) : null,
        }
      : null,
    values,
    times,
  };
}

/** One date of a series' 'Ver datas', as the form lists it. */
export type PreviewRow = {
  date: string;
  time: string;
  free: boolean;
  label: string;
  alternatives: string[];
  holiday: string | null;
};

export type SeriesPreview = { fingerprint: string; rows: PreviewRow[] };

export type SaveFailure = {
  result: SubmissionResult<string[]>;
  times: string[] | null;
  /** 'Encaixe' asked: the "date time" the confirmation checkbox confirms (docs/decisions/0651). */
  walkIn?: string | null;
  /** 'Ver datas' of a series (docs/decisions/0653). */
  preview?: SeriesPreview | null;
};

/** The posted choice for one date of a previewed series ('keep', 'skip' or a time). */
export const occurrenceField = (date: string) => `ocorrencia-${date}`;

/** What a confirmed 'Encaixe' checkbox carries: the exact date and time it confirms. */
export const walkInToken = (date: string, time: string) => `${date} ${time}`;

/**
 * Creates or updates an appointment; a 400 with the errors beside the fields otherwise. With
 * `mode` "preview" ('Ver datas'), answers the dates of the series instead of saving.
 */
export async function saveAppointment(
  db: Db,
  user: CurrentUser,
  request: Request,
  form: FormData,
  editingId: string | null,
  now = new Date(),
  mode: "save" | "preview" = "save",
) {
  const editing = editingId !== null ? await requireAppointment(db, user.id, editingId) : null;
  const { today, maxDate } = bookingWindow(user, now);
  const submission = parseWithZod(form, {
    schema: appointmentSchema({ today, maxDate, keepDate: editing?.date }),
  });
  const posted = (name: keyof FormValues) => {
    const v = form.get(name);
    return typeof v === "string" ? v.trim() : "";
  };
  const reply = async (result: SubmissionResult<string[]>, extra: Partial<SaveFailure> = {}, status = 400) => {
    const { services: serviceRows } = await formChoices(db, user.id, editing);
    const times = await timeChoices(db, user, {
      serviceId: posted("serviceId"),
      date: posted("date"),
      services: serviceRows,
      editing,
      now,
    });
    return data<SaveFailure>({ result, times, ...extra }, { status });
  };
  const fail = (result: SubmissionResult<string[]>, extra: Partial<SaveFailure> = {}) => reply(result, extra);
  if (submission.status !== "success") return fail(submission.reply());

  const input = submission.value;
  const [[client], [service]] = await Promise.all([
    db
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.id, input.clientId), eq(clients.userId, user.id))),
    db
      .select()
      .from(services)
      .where(
        and(
          eq(services.id, input.serviceId),
          eq(services.userId, user.id),
          editing?.serviceId
            ? or(eq(services.isActive, true), eq(services.id, editing.serviceId))
            : eq(services.isActive, true),
        ),
      ),
  ]);
  if (!client || !service) {
    return fail(
      submission.reply({
        fieldErrors: {
          ...(client ? {} : { clientId: [APPOINTMENT_ERRORS.client] }),
          ...(service ? {} : { serviceId: [APPOINTMENT_ERRORS.service] }),
        },
      }),
    );
  }

  const time = chosenTime(input);
  const timeField = input.otherTime ? "otherTime" : "time";
  const claim = { timeZone: user.profile.timeZone, stepMinutes: user.profile.slotStepMinutes, now };
  const when = { date: input.date, startMinute: timeToMinutes(time) };
  // Name, duration and price are copied from the service when it is chosen; an edit that
  // keeps the service keeps what was agreed (later price changes do not rewrite history).
  const copied =
    editing?.serviceId === service.id
      ? {}
      : {
          serviceName: service.name,
          durationMinutes: service.durationMinutes,
          bufferMinutes: service.bufferMinutes,
          priceCents: service.priceCents,
        };

  // ---- 'Agendamento recorrente' (new appointments only).
  const everyWeeks = !editing && input.repeat && input.repeat !== "0" ? (Number(input.repeat) as SeriesInterval) : null;
  // 'Ver datas' without a repetition has no dates to show, and never saves.
  if (mode === "preview" && !everyWeeks) {
    return fail(submission.reply({ fieldErrors: { repeat: [APPOINTMENT_ERRORS.repeat] } }));
  }
  if (everyWeeks) {
    const end = input.endKind === "until" ? { until: input.until ?? "" } : { count: Number(input.count) };
    const dates = seriesDates(input.date, everyWeeks, end);
    const occurrences = await previewSeries(db, {
      userId: user.id,
      timeZone: user.profile.timeZone,
      stepMinutes: user.profile.slotStepMinutes,
      now,
      startMinute: when.startMinute,
      durationMinutes: service.durationMinutes,
      bufferMinutes: service.bufferMinutes,
      dates,
    });
    const fingerprint = seriesFingerprint({ serviceId: service.id, date: input.date, time, everyWeeks, end });
    const preview: SeriesPreview = {
      fingerprint,
      rows: occurrences.map((o) => ({
        date: o.date,
        time: o.time,
        free: o.placement.state === "free",
        label: o.label,
        alternatives: o.alternatives,
        holiday: o.holiday,
      })),
    };
    if (mode === "preview") return reply(submission.reply(), { preview }, 200);
    if (form.get("fingerprint") !== fingerprint) {
      return fail(submission.reply({ formErrors: [APPOINTMENT_ERRORS.preview] }), { preview });
    }
    const chosen: Occurrence[] = [];
    const refused: { date: string; reason: string }[] = [];
    for (const row of preview.rows) {
      const choice = form.get(occurrenceField(row.date));
      if (choice === "skip") continue;
      const keep = choice === "keep" || choice === null;
      if (keep && row.free) chosen.push({ date: row.date, startMinute: when.startMinute });
      else if (typeof choice === "string" && row.alternatives.includes(choice)) chosen.push({ date: row.date, startMinute: timeToMinutes(choice) });
      // Free when previewed but not any more (or a time no longer free): reported, not booked.
      else refused.push({ date: row.date, reason: row.label });
    }
    if (chosen.length === 0) {
      return fail(submission.reply({ formErrors: [APPOINTMENT_ERRORS.seriesEmpty] }), { preview });
    }
    const created = await createSeries(db, {
      userId: user.id,
      everyWeeks,
      now,
      occurrences: chosen,
      values: {
        clientId: client.id,
        serviceId: service.id,
        serviceName: service.name,
        durationMinutes: service.durationMinutes,
        bufferMinutes: service.bufferMinutes,
        priceCents: service.priceCents,
        notes: input.notes ?? "",
      },
    });
    for (const f of created.failed) refused.push({ date: f.date, reason: "ocupado" });
    if (created.booked.length === 0) {
      return fail(submission.reply({ formErrors: [APPOINTMENT_ERRORS.seriesEmpty] }), { preview });
    }
    refused.sort((a, b) => a.date.localeCompare(b.date));
    const n = created.booked.length;
    const missed = refused.length
      ? ` Não agendados: ${refused.map((r) => `${formatDate(r.date)} (${r.reason})`).join(", ")}.`
      : "";
    const first = created.booked[0]!.date;
    return redirectWithToast(request, `/agenda?periodo=customizado&de=${first}&ate=${created.booked.at(-1)!.date}`, {
      type: refused.length ? "info" : "success",
      title: "Agendamento recorrente criado!",
      description: `${n === 1 ? "1 agendamento criado" : `${n} agendamentos criados`}.${missed}`,
    });
  }

  // ---- One appointment: an offered time, or an 'Encaixe' after the professional confirms.
  const offered = await timeChoices(db, user, { serviceId: service.id, date: input.date, services: [service], editing, now });
  let walkIn = false;
  // The select offers free times only: anything else in it is a stale page or a forged post.
  if (!input.otherTime && !offered?.includes(time)) {
    return fail(submission.reply({ fieldErrors: { time: [APPOINTMENT_ERRORS.taken] } }));
  }
  if (!offered?.includes(time)) {
    const placement = await placeTime(db, {
      userId: user.id,
      timeZone: user.profile.timeZone,
      now,
      ...when,
      durationMinutes: copied.durationMinutes ?? editing?.durationMinutes ?? service.durationMinutes,
      bufferMinutes: copied.bufferMinutes ?? editing?.bufferMinutes ?? service.bufferMinutes,
      excludeAppointmentId: editing?.id,
    });
    if (placement.state === "taken") {
      return fail(submission.reply({ fieldErrors: { [timeField]: [APPOINTMENT_ERRORS.taken] } }));
    }
    const token = walkInToken(input.date, time);
    // Inside the hours but off the slot grid: no question to ask.
    if (placement.state !== "free" && form.get("encaixe") !== token) {
      const message = placement.state === "past" ? APPOINTMENT_ERRORS.walkInPast : APPOINTMENT_ERRORS.walkIn;
      return fail(submission.reply({ fieldErrors: { [timeField]: [message] } }), { walkIn: token });
    }
    walkIn = true;
  }
  const walkInClaim = { ...claim, walkIn };

  // A move to another date or time: the customer hears of it ('Avisar cliente', docs/decisions/0720),
  // in the same batch for one appointment, after the later ones moved for 'Este e os próximos'.
  const moved = !!editing && (editing.date !== when.date || editing.startMinute !== when.startMinute);
  const notify = moved && form.get("avisar") === "1";
  const withFollowing = !!editing?.seriesId && form.get("scope") === "following";
  const noticeClock = { clock: { now, timeZone: user.profile.timeZone }, whatsapp: whatsappConfig() };
  const moveNotice = editing && notify && !withFollowing ? await prepareMoveNotice(db, user.id, editing.id, when, noticeClock) : null;

  const saved = editing
    ? await updateAppointmentIfFree(
        db,
        editing.id,
        user.id,
        {
          clientId: client.id,
          serviceId: service.id,
          notes: input.notes ?? "",
          ...when,
          ...copied,
          updatedAt: now,
          ...(moved ? { rescheduledByProfessionalAt: now } : {}),
        },
        { ...walkInClaim, also: moveNotice?.statements },
      )
    : await insertAppointmentIfFree(
        db,
        {
          userId: user.id,
          clientId: client.id,
          serviceId: service.id,
          serviceName: service.name,
          durationMinutes: service.durationMinutes,
          bufferMinutes: service.bufferMinutes,
          priceCents: service.priceCents,
          notes: input.notes ?? "",
          status: "scheduled",
          createdVia: "dashboard",
          ...when,
        },
        walkInClaim,
      );
  if (!saved) {
    if (editing) await requireAppointment(db, user.id, editing.id); // deleted meanwhile: 404
    return fail(submission.reply({ fieldErrors: { [timeField]: [APPOINTMENT_ERRORS.taken] } }));
  }

  // 'Este e os próximos': the later occurrences of the series follow the edited one.
  let followingNote = "";
  let notice = moveNotice?.notice ?? null;
  if (editing?.seriesId && withFollowing) {
    const following = await followingOccurrences(db, user.id, editing.seriesId, editing.date);
    const changed = await changeFollowing(db, {
      userId: user.id,
      timeZone: user.profile.timeZone,
      now,
      following,
      change: {
        shiftDays: daysBetween(editing.date, input.date),
        startMinute: when.startMinute,
        clientId: client.id,
        notes: input.notes ?? "",
        service:
          editing.serviceId === service.id
            ? null
            : {
                serviceId: service.id,
                serviceName: service.name,
                durationMinutes: service.durationMinutes,
                bufferMinutes: service.bufferMinutes,
                priceCents: service.priceCents,
              },
      },
    });
    const n = changed.moved.length;
    if (notify) {
      notice = await queueSeriesMoveNotice(
        db,
        user.id,
        editing.id,
        changed.moved,
        { shiftDays: daysBetween(editing.date, input.date), startMinute: when.startMinute, editedMoved: moved, edited: when },
        noticeClock,
      );
    }
    followingNote = ` ${n === 1 ? "1 próximo também atualizado" : `${n} próximos também atualizados`}.`;
    if (changed.kept.length) {
      followingNote += ` Mantidos como estavam: ${changed.kept.map((k) => `${formatDate(k.date)} (${k.reason})`).join(", ")}.`;
    }
  }

  const to = input.date === today ? "/agenda" : `/agenda?periodo=customizado&de=${input.date}&ate=${input.date}`;
  return redirectWithToast(
    request,
    to,
    editing
      ? {
          type: "success",
          title: "Agendamento atualizado!",
          description: `Agendamento atualizado com sucesso.${followingNote}${noticeNote(notice)}`,
          ...(notice?.whatsappLink ? { actions: [{ kind: "link" as const, label: "Avisar no WhatsApp", href: notice.whatsappLink }] } : {}),
        }
      : {
          type: "success",
          title: "Agendamento criado!",
          description: walkIn ? "Encaixe agendado com sucesso." : "Agendamento criado com sucesso.",
        },
  );
}

// ---------------------------------------------------------------- status and delete

/** The list the action came from (its filter and page), without one-off parameters. */
export function backToList(request: Request) {
  const url = new URL(request.url);
  const kept = new URLSearchParams();
  for (const name of LIST_PARAMS) {
    const value = url.searchParams.get(name);
    if (value) kept.set(name, value.slice(0, 20));
  }
  const query = kept.toString();
  return query ? `/agenda?${query}` : "/agenda";
}

/** A refused status change: a 400 the list shows above the rows, nothing changed ('motivo': beside the reason too). */
export type StatusFailure = { statusError: string; field?: "motivo" };

function statusFailure(message: string, field?: "motivo") {
  return data<StatusFailure>({ statusError: message, ...(field ? { field } : {}) }, { status: 400 });
}

/**
 * One conditional UPDATE: the change happens only from a status the action allows and, for
 * 'Concluir'/'Não compareceu', once the appointment has started (docs/decisions/0652).
 * 'Cancelar' on a recurring appointment may reach 'este e os próximos' (`scope=following`); it
 * records 'Motivo (opcional)' and, with 'Avisar cliente', queues the customer's notice in the same
 * batch (docs/decisions/0720). The toast says what happened and offers 'Desfazer'.
 */
export async function changeStatus(
  db: Db,
  user: CurrentUser,
  request: Request,
  action: StatusAction,
  id: string | null,
  scope: "this" | "following" = "this",
  form: FormData = new FormData(),
  now = new Date(),
) {
  if (!id || id.length > 64) throw data(null, { status: 404 });
  const { reason, notify } = cancelFields(form);
  if (action === "cancel" && reason === null) return statusFailure(STATUS_ERRORS.reasonTooLong, "motivo");
  const outcome = await changeStatusWithNotice(db, user.id, id, action, {
    clock: { now, timeZone: user.profile.timeZone },
    scope: action === "cancel" ? scope : "this",
    reason: reason ?? "",
    notify,
    whatsapp: whatsappConfig(),
  });
  const result = outcome.change;
  if (!result.ok) {
    if (result.reason === "not-found") throw data(null, { status: 404 });
    if (result.reason === "not-started") {
      return statusFailure(action === "complete" ? STATUS_ERRORS.completeBeforeStart : STATUS_ERRORS.noShowBeforeStart);
    }
    return redirectWithToast(request, backToList(request), {
      type: "error",
      title: "Erro",
      description: `Erro ao atualizar agendamento: o status atual é ${STATUS_LABELS[result.current]}.`,
    });
  }
  const back = backToList(request);
  return redirectWithToast(request, back, statusToast(action, { ...outcome, change: result }, back, action === "cancel" ? scope : "this"));
}

/**
 * 'Desfazer': back to Agendado/Confirmado the same day; a cancel's notice still held is withdrawn,
 * one already sent is followed by 'Horário mantido'. A 400 with the reason otherwise.
 */
export async function undoAppointmentStatus(
  db: Db,
  user: CurrentUser,
  request: Request,
  id: string | null,
  { scope = "this", context, now = new Date() }: { scope?: "this" | "following"; context?: Readonly<RouterContextProvider>; now?: Date } = {},
) {
  if (!id || id.length > 64) throw data(null, { status: 404 });
  const outcome = await undoWithNotice(db, user.id, id, { clock: { now, timeZone: user.profile.timeZone }, scope, whatsapp: whatsappConfig() });
  const result = outcome.undo;
  if (!result.ok) {
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return statusFailure(UNDO_ERRORS[result.reason]);
  }
  if (context) sendNoticeSoon(context, outcome.restored?.email ?? null);
  return redirectWithToast(request, backToList(request), undoToast({ ...outcome, undo: result }));
}

/**
 * Deletes one appointment or, with `following` on a recurring one, it and the later occurrences
 * of its series that are not Concluído or Não compareceu (history stays; docs/decisions/0654).
 */
export async function deleteAppointment(
  db: Db,
  user: CurrentUser,
  request: Request,
  id: string | null,
  scope: "this" | "following" = "this",
) {
  if (!id || id.length > 64) throw data(null, { status: 404 });
  const row = scope === "following" ? await requireAppointment(db, user.id, id) : null;
  const result = row?.seriesId
    ? await db
        .delete(appointments)
        .where(
          or(
            ownedAppointment(user.id, id),
            and(
              fromDateOn(user.id, row.seriesId, row.date),
              gt(appointments.date, row.date),
              inArray(appointments.status, ["scheduled", "confirmed", "cancelled"]),
            ),
          ),
        )
    : await db.delete(appointments).where(ownedAppointment(user.id, id));
  if (result.rowsAffected === 0) throw data(null, { status: 404 });
  return redirectWithToast(request, backToList(request), {
    type: "success",
    title: "Sucesso",
    description:
      result.rowsAffected > 1 ? `${result.rowsAffected} agendamentos removidos com sucesso.` : "Agendamento removido com sucesso.",
  });
}
