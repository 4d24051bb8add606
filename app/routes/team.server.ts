// 'Equipe' (issue 16): the owner's salon, a column per professional for a day, or the week's
// appointments per day and professional, with the members' pending requests. Dates in the
// address (?vista=dia|semana&data=), so previous/next/'Hoje' are links and JS off works.
import { data } from "react-router";
import type { CurrentUser } from "../domain/accounts/access.server";
import { dayPlan } from "../domain/availability/slots";
import { actionsAt, STATUS_LABELS, type RowAction } from "../domain/appointments/statuses";
import { addDays, dayOfWeek, daysBetween, formatDate, isIsoDate, minutesToTime, nowInZone } from "../domain/dates";
import { teamAppointment, teamOf, teamSchedule, timeOffLabel, type TeamMember } from "../domain/team/team.server";
import type { Db } from "../utils/db.server";
import { eq } from "drizzle-orm";
import { appointments } from "../../db/schema";
import { noticeTargets } from "../domain/notifications/change-notices.server";
import { whatsappConfig } from "../utils/whatsapp.server";
import { cancelAskOf } from "./shared/appointment-changes.server";
import type { CancelAsk } from "../components/agenda/cancel-dialog";
import { axisOf, colourOf, longDate, placeInLanes, weekLabel, weekStart } from "./agenda.calendar.server";
import type { CalendarBlock, Lane, MinuteRange } from "../components/agenda/calendar-types";
import type { TeamView } from "../components/team/team-types";

const MAX_DAYS_AWAY = 3660;

export function isTeamView(value: unknown): value is TeamView {
  return value === "dia" || value === "semana";
}

export function teamHref(view: TeamView, date: string, today: string, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({ vista: view });
  if (date !== today) params.set("data", date);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return `/equipe?${params.toString()}`;
}

function dateParam(value: string | null, today: string): string {
  if (!value || !isIsoDate(value)) return today;
  return Math.abs(daysBetween(today, value)) <= MAX_DAYS_AWAY ? value : today;
}

type Timed = { startMinute: number; durationMinutes: number; bufferMinutes: number };

/**
 * The owner's 'Equipe' page: null when the user owns no team (the route answers 404). The
 * appointment named by ?ver= must be the team's (else 404); its actions are offered only when
 * it is the owner's own or its member allowed the owner to manage their agenda.
 */
export async function loadTeam(db: Db, user: CurrentUser, url: URL, now = new Date()) {
  if (user.linkedOwnerId) return null;
  const team = await teamOf(db, user.id);
  if (team.length === 0) return null;
  const zoneNow = nowInZone(user.profile.timeZone, now);
  const today = zoneNow.date;
  const sp = url.searchParams;
  const view: TeamView = isTeamView(sp.get("vista")) ? (sp.get("vista") as TeamView) : "dia";
  const date = dateParam(sp.get("data"), today);
  const from = view === "dia" ? date : weekStart(date);
  const to = view === "dia" ? date : addDays(from, 6);
  const viewing = sp.get("ver");
  if (viewing !== null && (!viewing || viewing.length > 64)) throw data(null, { status: 404 });

  const [schedule, viewed] = await Promise.all([
    teamSchedule(db, user.id, from, to, now),
    viewing ? teamAppointment(db, user.id, viewing) : Promise.resolve(null),
  ]);
  if (viewing && !viewed) throw data(null, { status: 404 });

  const byId = new Map(team.map((m) => [m.userId, m]));
  const dates = Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i));
  const self = teamHref(view, date, today);

  const cell = (member: TeamMember, d: string) => {
    const hours = schedule.hours.find((h) => h.userId === member.userId && h.dayOfWeek === dayOfWeek(d)) ?? null;
    const exceptions = schedule.exceptions.filter((e) => e.userId === member.userId && e.startDate <= d && e.endDate >= d);
    const plan = dayPlan(hours, exceptions);
    const wholeDayOff = exceptions.find((e) => e.kind === "closed" && e.startMinute === null);
    const appts = schedule.appointments
      .filter((a) => a.userId === member.userId && a.date === d)
      .map((a) => ({
        id: a.id,
        startMinute: a.startMinute,
        durationMinutes: a.durationMinutes,
        bufferMinutes: a.bufferMinutes,
        time: minutesToTime(a.startMinute),
        endTime: minutesToTime(Math.min(a.startMinute + a.durationMinutes, 24 * 60 - 1)),
        status: a.status,
        statusLabel: STATUS_LABELS[a.status],
        clientName: a.clientName,
        serviceName: a.serviceName,
        color: colourOf(a.colour, a.serviceName),
        href: `${self}&ver=${encodeURIComponent(a.id)}`,
        kind: "appointment" as const,
      }));
    const reqs = schedule.requests
      .filter((r) => r.userId === member.userId && r.date === d)
      .map((r) => ({
        id: r.id,
        startMinute: r.startMinute,
        durationMinutes: r.durationMinutes,
        bufferMinutes: r.bufferMinutes,
        time: minutesToTime(r.startMinute),
        endTime: minutesToTime(Math.min(r.startMinute + r.durationMinutes, 24 * 60 - 1)),
        customerName: r.customerName,
        serviceName: r.serviceName,
        color: colourOf(r.colour, r.serviceName),
        kind: "request" as const,
      }));
    const blocks: CalendarBlock[] = plan.blocked.map((b) => {
      const own = exceptions.find((e) => e.kind !== "open" && e.startMinute === b.start && e.endMinute === b.end);
      return own
        ? { ...b, kind: "blocked" as const, label: timeOffLabel(own, member.isOwner, "Bloqueado") }
        : { ...b, kind: "break" as const, label: "Intervalo" };
    });
    return {
      plan,
      closed: plan.closed || plan.windows.length === 0 ? { label: wholeDayOff ? timeOffLabel(wholeDayOff, member.isOwner, "Fechado") : "Fechado" } : null,
      blocks,
      appointments: appts,
      requests: reqs,
    };
  };

  const members = team.map((m) => ({ userId: m.userId, name: m.name, isOwner: m.isOwner, managed: m.ownerMayManage }));

  // Day view: a column per professional.
  const dayCells = view === "dia" ? team.map((m) => ({ member: m, cell: cell(m, date) })) : [];
  const weekWindows: MinuteRange[] = schedule.hours.filter((h) => h.isActive).flatMap((h) => dayPlan(h).windows);
  const axis = axisOf(
    dayCells.map(({ cell: c }) => ({
      windows: c.plan.windows,
      items: [...c.appointments.filter((a) => a.status !== "cancelled"), ...c.requests] as Timed[],
    })),
    weekWindows,
  );
  const columns = dayCells.map(({ member, cell: c }) => {
    const placed = placeInLanes<(typeof c.appointments)[number] | (typeof c.requests)[number]>([
      ...c.appointments.filter((a) => a.status !== "cancelled"),
      ...c.requests,
    ]);
    type Placed = (typeof placed)[number];
    return {
      userId: member.userId,
      name: member.name,
      isOwner: member.isOwner,
      closed: c.closed,
      windows: c.plan.windows,
      blocks: c.blocks,
      appointments: placed.filter((p): p is Extract<Placed, { kind: "appointment" }> & Lane => p.kind === "appointment"),
      requests: placed.filter((p): p is Extract<Placed, { kind: "request" }> & Lane => p.kind === "request"),
      cancelled: c.appointments.filter((a) => a.status === "cancelled"),
    };
  });

  // Week view: each day, each professional's appointments and requests in time order.
  const week =
    view === "semana"
      ? dates.map((d) => ({
          date: d,
          label: longDate(d, today),
          isToday: d === today,
          dayHref: teamHref("dia", d, today),
          people: team.map((m) => {
            const c = cell(m, d);
            return { userId: m.userId, name: m.name, closed: c.closed, appointments: c.appointments, requests: c.requests };
          }),
        }))
      : [];

  // The owner answers their own and those of members who allowed it; the rest are read-only.
  const pending = schedule.requests.map((r) => ({
    id: r.id,
    professional: byId.get(r.userId)?.name ?? "",
    date: r.date,
    dateLabel: formatDate(r.date),
    time: minutesToTime(r.startMinute),
    customerName: r.customerName,
    serviceName: r.serviceName,
    rescheduledByCustomer: r.rescheduledByCustomerAt !== null,
    canAnswer: byId.get(r.userId)?.ownerMayManage ?? false,
  }));

  // 'Cancelar' asks first (?ver=<id>&confirmar-cancelamento=<id>): only an appointment the owner may cancel.
  const cancelling = sp.get("confirmar-cancelamento");
  let confirmCancel: CancelAsk | null = null;
  if (cancelling !== null) {
    const member = viewed ? byId.get(viewed.appointment.userId) : undefined;
    const a = viewed?.appointment;
    const may = a && member && !member.isOwner && member.ownerMayManage && cancelling === a.id && (a.status === "scheduled" || a.status === "confirmed");
    if (!may) throw data(null, { status: 404 });
    const [target] = await noticeTargets(db, a.userId, eq(appointments.id, a.id));
    if (!target) throw data(null, { status: 404 });
    confirmCancel = cancelAskOf(target, whatsappConfig());
  }

  let detail = null;
  if (viewed) {
    const a = viewed.appointment;
    const member = byId.get(a.userId)!;
    const canManage = !member.isOwner && member.ownerMayManage;
    const actions: RowAction[] = canManage ? actionsAt(a, a.updatedAt, member.timeZone, now) : [];
    detail = {
      id: a.id,
      professional: member.name,
      isOwnAppointment: member.isOwner,
      canManage,
      dateLabel: longDate(a.date, today),
      time: minutesToTime(a.startMinute),
      endTime: minutesToTime(Math.min(a.startMinute + a.durationMinutes, 24 * 60 - 1)),
      status: a.status,
      statusLabel: STATUS_LABELS[a.status],
      clientName: viewed.clientName,
      serviceName: a.serviceName,
      color: colourOf(viewed.colour, a.serviceName),
      actions,
    };
  }

  return {
    view,
    date,
    today,
    title: view === "dia" ? longDate(date, today) : weekLabel(from, to),
    nowMinute: zoneNow.minute,
    isToday: date === today,
    axis,
    members,
    columns,
    week,
    pending,
    detail,
    confirmCancel,
    links: {
      prev: teamHref(view, addDays(date, view === "dia" ? -1 : -7), today),
      next: teamHref(view, addDays(date, view === "dia" ? 1 : 7), today),
      today: teamHref(view, today, today),
      dia: teamHref("dia", date, today),
      semana: teamHref("semana", date, today),
      self,
    },
  };
}

export type TeamData = NonNullable<Awaited<ReturnType<typeof loadTeam>>>;
