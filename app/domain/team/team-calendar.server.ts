// 'Equipe' (issue 16): the owner's salon, a column per professional for a day, or the week's
// appointments per day and professional, with the members' pending requests, and the appointment
// the address opens (?ver=) with the actions the owner may take on it. Laid out as the agenda's
// calendar is (appointments/calendar-layout.ts); every read bounded by the owner's team.
import { eq } from "drizzle-orm";
import { appointments } from "../../../db/schema";
import type { CurrentUser } from "../accounts/access.server";
import { calendarRange, calendarTitle, longDate } from "../appointments/calendar-dates";
import { axisOf, colourOf, dayLanes, dayTimes, endTimeOf, weekWindows, type TimeOffLabel } from "../appointments/calendar-layout";
import type { CancelAsk } from "../appointments/calendar-types";
import { cancelAskOf } from "../appointments/professional-changes.server";
import { isAppointmentId } from "../appointments/records.server";
import { actionsAt, STATUS_LABELS, type RowAction } from "../appointments/statuses";
import { isActiveStatus } from "../status-rules";
import { DEFAULT_TIME_ZONE, dayOfWeek, formatDate, minutesToTime, nowInZone } from "../dates";
import { noticeTargets } from "../notifications/change-notices.server";
import type { Db } from "../../utils/db.server";
import type { WhatsappSettings } from "../../utils/whatsapp.server";
import { teamAppointment, teamSchedule, timeOffLabel } from "./team.server";
import { teamOf, type TeamMember } from "../salon.server";
import type { TeamDetailData, TeamPendingRequest, TeamView } from "./team-types";
import { depositView } from "../deposits/deposits";
import { appointmentDeposit } from "../deposits/deposits.server";

type Schedule = Awaited<ReturnType<typeof teamSchedule>>;
type Viewed = NonNullable<Awaited<ReturnType<typeof teamAppointment>>>;
/** The addresses the page links its appointments and days to. */
type Hrefs = { appointment: (id: string) => string; day: (date: string) => string };

/** A member's appointments and requests of a date, with the date's working time. */
function memberDay(schedule: Schedule, member: TeamMember, date: string, hrefs: Hrefs) {
  const label: TimeOffLabel = (e, fallback) => timeOffLabel(e, member.isOwner, fallback);
  const hours = schedule.hours.find((h) => h.userId === member.userId && h.dayOfWeek === dayOfWeek(date)) ?? null;
  const times = dayTimes(hours, schedule.exceptions.filter((e) => e.userId === member.userId), date, label);
  const timed = (r: { id: string; startMinute: number; durationMinutes: number; bufferMinutes: number; serviceName: string; colour: string | null }) => ({
    id: r.id,
    startMinute: r.startMinute,
    durationMinutes: r.durationMinutes,
    bufferMinutes: r.bufferMinutes,
    time: minutesToTime(r.startMinute),
    endTime: endTimeOf(r),
    serviceName: r.serviceName,
    color: colourOf(r.colour, r.serviceName),
  });
  const appointmentsOf = schedule.appointments
    .filter((a) => a.userId === member.userId && a.date === date)
    .map((a) => ({ ...timed(a), status: a.status, statusLabel: STATUS_LABELS[a.status], clientName: a.clientName, href: hrefs.appointment(a.id), kind: "appointment" as const }));
  const requestsOf = schedule.requests
    .filter((r) => r.userId === member.userId && r.date === date)
    .map((r) => ({ ...timed(r), customerName: r.customerName, kind: "request" as const }));
  return { ...times, appointments: appointmentsOf, requests: requestsOf };
}

/** Day view: a column per professional, and the hours the grid shows. */
function dayColumns(team: readonly TeamMember[], schedule: Schedule, date: string, hrefs: Hrefs) {
  const columns = team.map((member) => {
    const day = memberDay(schedule, member, date, hrefs);
    return { userId: member.userId, name: member.name, isOwner: member.isOwner, closed: day.closed, windows: day.windows, blocks: day.blocks, ...dayLanes(day.appointments, day.requests) };
  });
  const axis = axisOf(
    columns.map((c) => ({ windows: c.windows, items: [...c.appointments, ...c.requests] })),
    weekWindows(schedule.hours),
  );
  return { columns, axis };
}

/** Week view: each day, each professional's appointments (cancelled ones too) and requests in time order. */
function weekDays(team: readonly TeamMember[], schedule: Schedule, dates: readonly string[], today: string, hrefs: Hrefs) {
  return dates.map((date) => ({
    date,
    label: longDate(date, today),
    isToday: date === today,
    dayHref: hrefs.day(date),
    people: team.map((m) => {
      const day = memberDay(schedule, m, date, hrefs);
      return { userId: m.userId, name: m.name, closed: day.closed, appointments: day.appointments, requests: day.requests };
    }),
  }));
}

/** The owner answers their own and those of members who allowed it; the rest are read-only. */
function pendingOf(schedule: Schedule, byId: ReadonlyMap<string, TeamMember>, now: Date): TeamPendingRequest[] {
  return schedule.requests.map((r) => ({
    id: r.id,
    professional: byId.get(r.userId)?.name ?? "",
    date: r.date,
    dateLabel: formatDate(r.date),
    time: minutesToTime(r.startMinute),
    customerName: r.customerName,
    serviceName: r.serviceName,
    rescheduledByCustomer: r.rescheduledByCustomerAt !== null,
    canAnswer: byId.get(r.userId)?.ownerMayManage ?? false,
    deposit: depositView(r, byId.get(r.userId)?.timeZone ?? DEFAULT_TIME_ZONE, now),
  }));
}

/**
 * The appointment opened: its actions when it is a member's who allowed the owner to manage it;
 * of any member's, 'Concluir' (closing it is the salon's counter's, docs/decisions/1051).
 */
function detailOf(viewed: Viewed, member: TeamMember, today: string, now: Date): TeamDetailData {
  const a = viewed.appointment;
  const canManage = !member.isOwner && member.ownerMayManage;
  const at: RowAction[] = member.isOwner ? [] : actionsAt(a, a.updatedAt, member.timeZone, now);
  const actions = canManage ? at : at.filter((action) => action === "complete");
  return {
    id: a.id,
    professional: member.name,
    isOwnAppointment: member.isOwner,
    canManage,
    dateLabel: longDate(a.date, today),
    time: minutesToTime(a.startMinute),
    endTime: endTimeOf(a),
    status: a.status,
    clientName: viewed.clientName,
    serviceName: a.serviceName,
    color: colourOf(viewed.colour, a.serviceName),
    actions,
    deposit: appointmentDeposit(viewed.deposit, member.timeZone, now)?.view ?? null,
  };
}

/** 'Cancelar' asks first (?ver=<id>&confirmar-cancelamento=<id>): only an appointment the owner may cancel; else null (not found). */
async function cancelAsk(db: Db, viewed: Viewed | null, member: TeamMember | undefined, cancelling: string, whatsapp: WhatsappSettings | null) {
  const a = viewed?.appointment;
  const may = a && member && !member.isOwner && member.ownerMayManage && cancelling === a.id && isActiveStatus(a.status);
  if (!may) return null;
  const [target] = await noticeTargets(db, a.userId, eq(appointments.id, a.id));
  return target ? cancelAskOf(target, whatsapp) : null;
}

/**
 * The owner's 'Equipe' page: null when the user owns no team, or when the appointment the address
 * names is not the team's (or may not be cancelled by the owner): the route answers 404.
 */
export async function readTeamCalendar(
  db: Db,
  user: CurrentUser,
  args: { view: TeamView; date: string; ask: { viewing: string | null; cancelling: string | null }; now: Date; whatsapp: WhatsappSettings | null; hrefs: Hrefs },
) {
  const { view, date, ask, now, hrefs } = args;
  if (user.linkedOwnerId) return null;
  const team = await teamOf(db, user.id);
  if (team.length === 0) return null;
  if (ask.viewing !== null && !isAppointmentId(ask.viewing)) return null;
  const zoneNow = nowInZone(user.profile.timeZone, now);
  const today = zoneNow.date;
  const range = calendarRange(view, date);
  const [schedule, viewed] = await Promise.all([
    teamSchedule(db, user.id, range.from, range.to, now),
    ask.viewing ? teamAppointment(db, user.id, ask.viewing) : Promise.resolve(null),
  ]);
  if (ask.viewing && !viewed) return null;
  const byId = new Map(team.map((m) => [m.userId, m]));
  const member = viewed ? byId.get(viewed.appointment.userId) : undefined;
  let confirmCancel: CancelAsk | null = null;
  if (ask.cancelling !== null) {
    confirmCancel = await cancelAsk(db, viewed, member, ask.cancelling, args.whatsapp);
    if (!confirmCancel) return null;
  }
  const { columns, axis } = view === "dia" ? dayColumns(team, schedule, date, hrefs) : { columns: [], axis: axisOf([], weekWindows(schedule.hours)) };
  return {
    view,
    date,
    today,
    title: calendarTitle(view, range, today),
    nowMinute: zoneNow.minute,
    isToday: date === today,
    axis,
    members: team.map((m) => ({ userId: m.userId, name: m.name, isOwner: m.isOwner, managed: m.ownerMayManage })),
    columns,
    week: view === "semana" ? weekDays(team, schedule, range.dates, today, hrefs) : [],
    pending: pendingOf(schedule, byId, now),
    detail: viewed && member ? detailOf(viewed, member, today, now) : null,
    confirmCancel,
  };
}
