// The agenda as a calendar ('Dia' and 'Semana'): a day or a week of appointments, the pending
// requests still holding their time, the breaks, blocks and closed days, read in one round trip
// and laid out here; the view remembered per device. (Answering a request: shared/request-answers.)
// Every statement is scoped by the signed-in professional's id.
import { and, asc, between, eq, gt, gte, or, sql } from "drizzle-orm";
import { createCookie, data } from "react-router";
import { appointments, bookingRequests, clients, services } from "../../db/schema";
import type { CurrentUser } from "../domain/accounts/access.server";
import { dayPlan, type DayException } from "../domain/availability/slots";
import { stillHeld } from "../domain/availability/slot-claims.server";
import { exceptionsQuery, weekHoursQuery } from "../domain/availability/schedule-queries.server";
import { holidaysOfYear } from "../domain/availability/holidays";
import { addDays, dayOfWeek, daysBetween, formatDate, isIsoDate, minutesToTime, nowInZone } from "../domain/dates";
import { formatPhone } from "../domain/phone";
import { professionalAcceptMessage, whatsappLink } from "../domain/whatsapp";
import { ReadBatch, type Db } from "../utils/db.server";
import { isSecure } from "../utils/session.server";
import { noticeTargets } from "../domain/notifications/change-notices.server";
import { whatsappConfig } from "../utils/whatsapp.server";
import { cancelAskOf } from "./shared/appointment-changes.server";
import { actionsAt } from "../domain/appointments/statuses";
import type {
  AgendaView,
  CalendarAppointment,
  CalendarBlock,
  CalendarDay,
  CalendarDetail,
  CalendarLinks,
  CalendarRequest,
  CalendarView,
  Lane,
  MinuteRange,
  PendingRequest,
} from "../components/agenda/calendar-types";
import { activeAppointment, notCancelled } from "../domain/appointments/status-conditions.server";

// ---------------------------------------------------------------- the view and its cookie

const VIEWS: readonly AgendaView[] = ["dia", "semana", "lista"];

export function isAgendaView(value: unknown): value is AgendaView {
  return VIEWS.includes(value as AgendaView);
}

/** The list's own parameters: an address carrying them (a filter, a page) is the list. */
const LIST_ONLY_PARAMS = ["periodo", "de", "ate", "pagina"];

/** The view last chosen on this device, for a year; not sensitive, so unsigned (docs/decisions/0641). */
const viewCookie = createCookie("agenda_vista", {
  // "/": the browser sends it with the data requests too (/agenda.data is not under /agenda/).
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
});

/**
 * Which view to show: the one in the address (remembered in the cookie when it changes), the
 * list when the address carries the list's filter or page, else the remembered one, else 'Dia'.
 */
export async function resolveAgendaView(request: Request, params: URLSearchParams) {
  let saved: unknown = null;
  try {
    saved = await viewCookie.parse(request.headers.get("Cookie"));
  } catch {
    saved = null; // a mangled cookie is as good as none
  }
  const asked = params.get("vista");
  if (isAgendaView(asked)) {
    const header = asked === saved ? null : await viewCookie.serialize(asked, { secure: isSecure(request) });
    return { view: asked, header };
  }
  if (LIST_ONLY_PARAMS.some((name) => params.has(name))) return { view: "lista" as const, header: null };
  return { view: isAgendaView(saved) ? saved : ("dia" as const), header: null };
}

// ---------------------------------------------------------------- dates and labels

const WEEKDAYS = ["domingo", "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado"];
const WEEKDAYS_SHORT = ["dom", "seg", "ter", "qua", "qui", "sex", "sáb"];
const MONTHS = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"];

/** How far from today the address may move the calendar (ten years either way). */
const MAX_DAYS_AWAY = 3660;

/** Monday of the week of `date` (the agenda's weeks run Monday to Sunday, as 'Esta semana'). */
export function weekStart(date: string): string {
  return addDays(date, -((dayOfWeek(date) + 6) % 7));
}

function dayMonth(date: string) {
  return `${Number(date.slice(8, 10))} de ${MONTHS[Number(date.slice(5, 7)) - 1]}`;
}

/** "terça-feira, 1 de dezembro" (and the year when it is not this year's). */
export function longDate(date: string, today: string): string {
  const year = date.slice(0, 4) === today.slice(0, 4) ? "" : ` de ${date.slice(0, 4)}`;
  return `${WEEKDAYS[dayOfWeek(date)]}, ${dayMonth(date)}${year}`;
}

/** "30 de novembro – 6 de dezembro de 2026", "1 – 7 de dezembro de 2026". */
export function weekLabel(from: string, to: string): string {
  const sameMonth = from.slice(0, 7) === to.slice(0, 7);
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  const start = sameMonth ? String(Number(from.slice(8, 10))) : `${dayMonth(from)}${sameYear ? "" : ` de ${from.slice(0, 4)}`}`;
  return `${start} – ${dayMonth(to)} de ${to.slice(0, 4)}`;
}

/** The date the address asks for, when it is a real date not absurdly far; else today. */
function dateParam(value: string | null, today: string): string {
  if (!value || !isIsoDate(value)) return today;
  return Math.abs(daysBetween(today, value)) <= MAX_DAYS_AWAY ? value : today;
}

// ---------------------------------------------------------------- links

/** A calendar page: today's when the date is today, so 'Hoje' is one stable address. */
export function calendarHref(view: CalendarView, date: string, today: string, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({ vista: view });
  if (date !== today) params.set("data", date);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return `/agenda?${params.toString()}`;
}

function linksOf(view: CalendarView, date: string, today: string): CalendarLinks {
  const step = view === "dia" ? 1 : 7;
  return {
    prev: calendarHref(view, addDays(date, -step), today),
    next: calendarHref(view, addDays(date, step), today),
    today: calendarHref(view, today, today),
    dia: calendarHref("dia", date, today),
    semana: calendarHref("semana", date, today),
    lista: "/agenda?vista=lista",
    self: calendarHref(view, date, today),
    newAppointment: view === "dia" && date >= today ? `/agenda?novo=1&date=${date}` : "/agenda?novo=1",
  };
}

// ---------------------------------------------------------------- colours

const HEX = /^#[0-9a-f]{6}$/i;

/** Colours for an appointment whose service is gone: one per service name, always the same. */
const PALETTE = ["#4F46E5", "#0D9488", "#DB2777", "#9333EA", "#EA580C", "#2563EB", "#65A30D", "#0891B2"];

export function colourOf(serviceColour: string | null | undefined, serviceName: string): string {
  if (serviceColour && HEX.test(serviceColour)) return serviceColour;
  let hash = 0;
  for (const ch of serviceName) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
}

// ---------------------------------------------------------------- layout

type Timed = { startMinute: number; durationMinutes: number; bufferMinutes: number };

/**
 * Side-by-side lanes for items that overlap (their buffer counted): each item gets the first
 * lane free at its start, and every item of a group of overlapping ones the group's lane count.
 */
export function placeInLanes<T extends Timed>(items: readonly T[]): (T & Lane)[] {
  const sorted = [...items].sort((a, b) => a.startMinute - b.startMinute || b.durationMinutes - a.durationMinutes);
  const placed: (T & Lane)[] = [];
  let group: (T & Lane)[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const close = () => {
    for (const item of group) item.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const item of sorted) {
    const end = item.startMinute + Math.max(1, item.durationMinutes) + item.bufferMinutes;
    if (item.startMinute >= groupEnd) close();
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= item.startMinute);
    if (lane === -1) lane = laneEnds.push(end) - 1;
    else laneEnds[lane] = end;
    const withLane = { ...item, lane, lanes: 1 };
    group.push(withLane);
    placed.push(withLane);
    groupEnd = Math.max(groupEnd, end);
  }
  close();
  return placed;
}

/**
 * The hours drawn: from the earliest working start to the latest working end of the days shown,
 * widened to anything booked outside them, in whole hours. Days without hours: the week's.
 */
export function axisOf(days: readonly { windows: MinuteRange[]; items: Timed[] }[], weekWindows: readonly MinuteRange[]): MinuteRange {
  let start = Infinity;
  let end = -Infinity;
  const widen = (s: number, e: number) => {
    start = Math.min(start, s);
    end = Math.max(end, e);
  };
  for (const day of days) for (const w of day.windows) widen(w.start, w.end);
  if (start === Infinity) for (const w of weekWindows) widen(w.start, w.end);
  if (start === Infinity) widen(8 * 60, 18 * 60);
  for (const day of days) {
    for (const item of day.items) widen(item.startMinute, item.startMinute + item.durationMinutes + item.bufferMinutes);
  }
  const from = Math.max(0, Math.floor(start / 60) * 60);
  const to = Math.min(24 * 60, Math.ceil(end / 60) * 60);
  return { start: from, end: Math.max(to, from + 60) };
}

/** The break and blocked ranges of a date's plan, each with what the professional calls it. */
function labelledBlocks(blocked: MinuteRange[], exceptions: readonly DayException[]): CalendarBlock[] {
  return blocked.map((b) => {
    const own = exceptions.find((e) => e.kind !== "open" && e.startMinute === b.start && e.endMinute === b.end);
    if (!own) return { ...b, kind: "break" as const, label: "Intervalo" };
    return { ...b, kind: "blocked" as const, label: own.reason.trim() || (own.kind === "closed" ? "Fechado" : "Bloqueado") };
  });
}

// ---------------------------------------------------------------- pending requests

/** The professional's requests still holding their time between two dates (Dia, Semana, Lista). */
export function pendingRequestsBetween(db: Db, userId: string, from: string, to: string, now: Date) {
  return db
    .select({ request: bookingRequests, colour: services.color })
    .from(bookingRequests)
    .leftJoin(services, and(eq(services.id, bookingRequests.serviceId), eq(services.userId, userId)))
    .where(and(eq(bookingRequests.professionalId, userId), between(bookingRequests.date, from, to), stillHeld(now)))
    .orderBy(asc(bookingRequests.date), asc(bookingRequests.startMinute))
    .limit(500);
}

/** One of them as the agenda shows it, with its Aceitar and Recusar (calendar-requests.tsx). */
export function pendingRequestView(
  { request: r, colour }: { request: typeof bookingRequests.$inferSelect; colour: string | null },
  timeZone: string,
): PendingRequest {
  const expires = r.expiresAt ? nowInZone(timeZone, r.expiresAt) : null;
  const time = minutesToTime(r.startMinute);
  return {
    id: r.id,
    date: r.date,
    dateLabel: formatDate(r.date),
    startMinute: r.startMinute,
    durationMinutes: r.durationMinutes,
    bufferMinutes: r.bufferMinutes,
    time,
    endTime: minutesToTime(Math.min(r.startMinute + r.durationMinutes, 24 * 60 - 1)),
    customerName: r.customerName,
    phone: formatPhone(r.customerPhone),
    serviceName: r.serviceName,
    color: colourOf(colour, r.serviceName),
    priceCents: r.priceCents,
    notes: r.notes,
    expires: expires ? `${formatDate(expires.date)} às ${minutesToTime(expires.minute)}` : null,
    rescheduledByCustomer: r.rescheduledByCustomerAt !== null,
    whatsapp: whatsappLink(r.customerPhone, professionalAcceptMessage({ customerName: r.customerName, serviceName: r.serviceName, date: r.date, time })),
  };
}

// ---------------------------------------------------------------- the loader

function ownAppointment(userId: string) {
  return {
    client: and(eq(clients.id, appointments.clientId), eq(clients.userId, userId)),
    service: and(eq(services.id, appointments.serviceId), eq(services.userId, userId)),
  };
}

/** An id from the address: a 404 when present but unusable. */
function idParam(params: URLSearchParams, name: string): string | null {
  if (!params.has(name)) return null;
  const value = params.get(name) ?? "";
  if (!value || value.length > 64) throw data(null, { status: 404 });
  return value;
}

/**
 * A day or a week (Monday to Sunday) of the calendar, with the summary cards, the appointment
 * whose actions are open (?ver=) and the one a deletion asks about (?confirmar-exclusao=): one
 * batch, one round trip.
 */
export async function loadCalendar(db: Db, user: CurrentUser, url: URL, view: CalendarView, now = new Date()) {
  const userId = user.id;
  const zoneNow = nowInZone(user.profile.timeZone, now);
  const today = zoneNow.date;
  const sp = url.searchParams;
  const date = dateParam(sp.get("data"), today);
  const from = view === "dia" ? date : weekStart(date);
  const to = view === "dia" ? date : addDays(from, 6);
  const viewing = idParam(sp, "ver");
  const deleting = idParam(sp, "confirmar-exclusao");
  const cancelling = idParam(sp, "confirmar-cancelamento");
  const own = ownAppointment(userId);

  const reads = new ReadBatch();
  const hoursOf = reads.add(weekHoursQuery(db, userId));
  const exceptionsOf = reads.add(exceptionsQuery(db, userId, from, to));
  const appointmentsOf = reads.add(
    db
      .select({
        id: appointments.id,
        date: appointments.date,
        startMinute: appointments.startMinute,
        durationMinutes: appointments.durationMinutes,
        bufferMinutes: appointments.bufferMinutes,
        status: appointments.status,
        serviceName: appointments.serviceName,
        rescheduledAt: appointments.rescheduledByCustomerAt,
        customerConfirmedAt: appointments.customerConfirmedAt,
        clientName: clients.name,
        colour: services.color,
      })
      .from(appointments)
      .leftJoin(clients, own.client)
      .leftJoin(services, own.service)
      .where(and(eq(appointments.userId, userId), between(appointments.date, from, to)))
      .orderBy(asc(appointments.date), asc(appointments.startMinute), asc(appointments.createdAt))
      .limit(2000),
  );
  const requestsOf = reads.add(pendingRequestsBetween(db, userId, from, to, now));
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
      .select({ date: appointments.date, startMinute: appointments.startMinute, clientName: clients.name })
      .from(appointments)
      .leftJoin(clients, own.client)
      .where(
        and(
          eq(appointments.userId, userId),
          activeAppointment,
          or(gt(appointments.date, today), and(eq(appointments.date, today), gte(appointments.startMinute, zoneNow.minute))),
        ),
      )
      .orderBy(asc(appointments.date), asc(appointments.startMinute))
      .limit(1),
  );
  const one = (id: string) =>
    db
      .select({ appointment: appointments, clientName: clients.name, clientPhone: clients.phone, colour: services.color })
      .from(appointments)
      .leftJoin(clients, own.client)
      .leftJoin(services, own.service)
      .where(and(eq(appointments.id, id), eq(appointments.userId, userId)));
  const viewingOf = viewing ? reads.add(one(viewing)) : null;
  const deletingOf = deleting ? reads.add(one(deleting)) : null;
  const cancellingOf = cancelling ? reads.add(noticeTargets(db, userId, eq(appointments.id, cancelling))) : null;
  await reads.run(db);

  const [viewed] = viewingOf?.() ?? [];
  const [toDelete] = deletingOf?.() ?? [];
  const [toCancel] = cancellingOf?.() ?? [];
  // Asked about an appointment that is missing or someone else's: 404, as the list does.
  if ((viewing && !viewed) || (deleting && !toDelete) || (cancelling && !toCancel)) throw data(null, { status: 404 });

  const hours = new Map(hoursOf().map((h) => [h.dayOfWeek, h]));
  const exceptions = exceptionsOf();
  const rows = appointmentsOf();
  const requests = requestsOf();
  const holidays = new Map(
    [...new Set([from.slice(0, 4), to.slice(0, 4)])].flatMap((year) => holidaysOfYear(Number(year))).map((h) => [h.date, h.name]),
  );

  const dates = Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i));
  const built = dates.map((d) => {
    const ownExceptions = exceptions.filter((e) => e.startDate <= d && e.endDate >= d);
    const plan = dayPlan(hours.get(dayOfWeek(d)) ?? null, ownExceptions);
    const wholeDayOff = ownExceptions.find((e) => e.kind === "closed" && e.startMinute === null);
    const dayAppointments = rows
      .filter((r) => r.date === d)
      .map((r) => ({
        id: r.id,
        date: r.date,
        startMinute: r.startMinute,
        durationMinutes: r.durationMinutes,
        bufferMinutes: r.bufferMinutes,
        time: minutesToTime(r.startMinute),
        endTime: minutesToTime(Math.min(r.startMinute + r.durationMinutes, 24 * 60 - 1)),
        status: r.status,
        clientName: r.clientName,
        serviceName: r.serviceName,
        color: colourOf(r.colour, r.serviceName),
        rescheduledByCustomer: r.rescheduledAt !== null,
        customerConfirmed: r.customerConfirmedAt !== null,
      }));
    const dayRequests = requests.filter((r) => r.request.date === d).map((r) => pendingRequestView(r, user.profile.timeZone));
    return { date: d, plan, wholeDayOff, ownExceptions, dayAppointments, dayRequests };
  });

  const weekWindows = [...hours.values()].flatMap((h) => dayPlan(h).windows);
  const axis = axisOf(
    built.map((b) => ({
      windows: b.plan.windows,
      items: [...b.dayAppointments.filter((a) => a.status !== "cancelled"), ...b.dayRequests],
    })),
    weekWindows,
  );

  const days: CalendarDay[] = built.map((b) => {
    const placed = placeInLanes<Omit<CalendarAppointment, keyof Lane> | Omit<CalendarRequest, keyof Lane>>([
      ...b.dayAppointments.filter((a) => a.status !== "cancelled"),
      ...b.dayRequests,
    ]);
    const isRequest = (item: (typeof placed)[number]): item is CalendarRequest => "customerName" in item;
    return {
      date: b.date,
      weekdayShort: WEEKDAYS_SHORT[dayOfWeek(b.date)]!,
      longLabel: longDate(b.date, today),
      shortDate: formatDate(b.date),
      dayOfMonth: Number(b.date.slice(8, 10)),
      isToday: b.date === today,
      isPast: b.date < today,
      closed: b.plan.closed
        ? { label: b.wholeDayOff?.reason.trim() || "Fechado" }
        : b.plan.windows.length === 0
          ? { label: "Fechado" }
          : null,
      holiday: holidays.get(b.date) ?? null,
      windows: b.plan.windows,
      blocks: labelledBlocks(b.plan.blocked, b.ownExceptions),
      appointments: placed.filter((p): p is CalendarAppointment => !isRequest(p)),
      requests: placed.filter(isRequest),
      cancelled: b.dayAppointments.filter((a) => a.status === "cancelled").map((a) => ({ ...a, lane: 0, lanes: 1 })),
      dayHref: calendarHref("dia", b.date, today),
    };
  });

  const [todayStats] = todayOf();
  const [next] = nextOf();
  const links = linksOf(view, date, today);
  const active = days.reduce((n, d) => n + d.appointments.length, 0);
  return {
    view,
    date,
    today,
    range: { from, to },
    title: view === "dia" ? longDate(date, today) : weekLabel(from, to),
    nowMinute: zoneNow.minute,
    stepMinutes: user.profile.slotStepMinutes,
    axis,
    days,
    pending: days.flatMap((d) => d.requests),
    links,
    summary: {
      todayCount: Number(todayStats?.count ?? 0),
      periodCount: active,
      todayRevenueCents: Number(todayStats?.revenueCents ?? 0),
      next: next ? { date: next.date, time: minutesToTime(next.startMinute), clientName: next.clientName } : null,
    },
    periodLabel: view === "dia" ? "neste dia" : "nesta semana",
    detail: viewed ? detailOf(viewed, today, user.profile.timeZone, now) : null,
    closeDetail: links.self,
    confirmCancel: toCancel && (toCancel.status === "scheduled" || toCancel.status === "confirmed") ? cancelAskOf(toCancel, whatsappConfig()) : null,
    confirmDelete: toDelete
      ? {
          id: toDelete.appointment.id,
          date: toDelete.appointment.date,
          time: minutesToTime(toDelete.appointment.startMinute),
          serviceName: toDelete.appointment.serviceName,
          clientName: toDelete.clientName,
          recurring: toDelete.appointment.seriesId !== null,
        }
      : null,
  };
}

function detailOf(
  row: { appointment: typeof appointments.$inferSelect; clientName: string | null; clientPhone: string | null; colour: string | null },
  today: string,
  timeZone: string,
  now: Date,
): CalendarDetail {
  const a = row.appointment;
  const time = minutesToTime(a.startMinute);
  const upcoming = a.status === "scheduled" || a.status === "confirmed";
  return {
    id: a.id,
    date: a.date,
    dateLabel: longDate(a.date, today),
    time,
    endTime: minutesToTime(Math.min(a.startMinute + a.durationMinutes, 24 * 60 - 1)),
    durationMinutes: a.durationMinutes,
    bufferMinutes: a.bufferMinutes,
    priceCents: a.priceCents,
    status: a.status,
    clientName: row.clientName,
    phone: row.clientPhone ? formatPhone(row.clientPhone) : null,
    whatsapp:
      row.clientPhone && row.clientName
        ? whatsappLink(
            row.clientPhone,
            upcoming
              ? professionalAcceptMessage({ customerName: row.clientName, serviceName: a.serviceName, date: a.date, time })
              : `Olá, ${row.clientName.trim().split(/\s+/)[0]}!`,
          )
        : null,
    serviceName: a.serviceName,
    color: colourOf(row.colour, a.serviceName),
    notes: a.notes,
    clientNotes: a.clientNotes,
    fromBookingPage: a.createdVia === "booking_page",
    rescheduledByCustomer: a.rescheduledByCustomerAt !== null,
    customerConfirmed: a.customerConfirmedAt !== null,
    // By the clock (docs/decisions/0652), as the list.
    actions: actionsAt(a, a.updatedAt, timeZone, now),
    recurring: a.seriesId !== null,
  };
}

export type CalendarData = Awaited<ReturnType<typeof loadCalendar>>;
