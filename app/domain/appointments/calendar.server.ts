// The agenda as a calendar ('Dia' and 'Semana'): a day or a week of the professional's
// appointments, the pending requests still holding their time, the breaks, blocks, closed days
// and holidays, the summary cards, and the appointment the address opens (?ver=), deletes or
// cancels: read in one round trip, then laid out (calendar-layout.ts). Every statement is scoped
// by the professional's id.
import { firstName } from "../names";
import { and, asc, between, eq } from "drizzle-orm";
import { appointments, bookingRequests, clients, services } from "../../../db/schema";
import { appointmentDeposit, depositColumns, depositJoin, type AppointmentDeposit } from "../deposits/deposits.server";
import { holidaysOfYear } from "../availability/holidays";
import { exceptionsQuery, weekHoursQuery } from "../availability/schedule-queries.server";
import { pendingRequestsBetween, pendingRequestView } from "./pending-requests.server";
import { dayOfWeek, formatDate, minutesToTime, nowInZone } from "../dates";
import { noticeTargets } from "../notifications/change-notices.server";
import { formatPhone } from "../phone";
import { professionalAcceptMessage, whatsappLink } from "../whatsapp";
import { ReadBatch, type Db } from "../../utils/db.server";
import type { WhatsappSettings } from "../../utils/whatsapp.server";
import { calendarRange, calendarTitle, longDate, weekdayShort } from "./calendar-dates";
import { axisOf, colourOf, dayLanes, dayTimes, endTimeOf, ownLabel, weekWindows } from "./calendar-layout";
import type { CalendarDay, CalendarDetail, CalendarView } from "./calendar-types";
import { confirmCancelOf } from "./professional-changes.server";
import { confirmDeleteOf, isAppointmentId, ownJoins, timedColumns, type Appointment, type Professional } from "./records.server";
import { actionsAt } from "./statuses";
import { isActiveStatus } from "../status-rules";
import { summaryReads } from "./summary.server";
import { closingStatusColumn } from "../cash/closings.server";
import { waitingCountsQuery } from "../waitlist/entries.server";

/** The appointments the address asks about: opened (?ver=), to delete, to cancel (null: not asked; an unusable id is not found). */
export type CalendarAsk = { viewing: string | null; deleting: string | null; cancelling: string | null };

type Range = ReturnType<typeof calendarRange>;

function calendarReads(db: Db, user: Professional, range: Range, ask: CalendarAsk, now: Date) {
  const userId = user.id;
  const own = ownJoins(userId);
  const reads = new ReadBatch();
  const one = (id: string) =>
    db
      .select({
        appointment: appointments,
        clientName: clients.name,
        clientPhone: clients.phone,
        colour: services.color,
        closing: closingStatusColumn(appointments.id),
        deposit: depositColumns,
      })
      .from(appointments)
      .leftJoin(clients, own.client)
      .leftJoin(services, own.service)
      .leftJoin(bookingRequests, depositJoin(userId))
      .where(and(eq(appointments.id, id), eq(appointments.userId, userId)));
  const got = {
    hours: reads.add(weekHoursQuery(db, userId)),
    exceptions: reads.add(exceptionsQuery(db, userId, range.from, range.to)),
    appointments: reads.add(
      db
        .select({
          ...timedColumns,
          bufferMinutes: appointments.bufferMinutes,
          rescheduledAt: appointments.rescheduledByCustomerAt,
          customerConfirmedAt: appointments.customerConfirmedAt,
          clientName: clients.name,
          colour: services.color,
          deposit: depositColumns,
        })
        .from(appointments)
        .leftJoin(clients, own.client)
        .leftJoin(services, own.service)
        .leftJoin(bookingRequests, depositJoin(userId))
        .where(and(eq(appointments.userId, userId), between(appointments.date, range.from, range.to)))
        .orderBy(asc(appointments.date), asc(appointments.startMinute), asc(appointments.createdAt))
        .limit(2000),
    ),
    requests: reads.add(pendingRequestsBetween(db, userId, range.from, range.to, now)),
    summary: summaryReads(reads, db, userId, nowInZone(user.profile.timeZone, now)),
    waiting: reads.add(waitingCountsQuery(db, userId, range.from, range.to)),
    viewing: isAppointmentId(ask.viewing) ? reads.add(one(ask.viewing)) : () => [],
    deleting: isAppointmentId(ask.deleting) ? reads.add(one(ask.deleting)) : () => [],
    cancelling: isAppointmentId(ask.cancelling) ? reads.add(noticeTargets(db, userId, eq(appointments.id, ask.cancelling))) : () => [],
  };
  return { reads, got };
}

type Got = ReturnType<typeof calendarReads>["got"];

/** The days of the range laid out, and the hours the grid shows. */
function calendarDays(got: Got, range: Range, today: string, timeZone: string, dayHref: (date: string) => string, now: Date) {
  const hours = got.hours();
  const exceptions = got.exceptions();
  const rows = got.appointments();
  const requests = got.requests();
  const years = [...new Set([range.from.slice(0, 4), range.to.slice(0, 4)])];
  const holidays = new Map(years.flatMap((year) => holidaysOfYear(Number(year))).map((h) => [h.date, h.name]));
  const days: CalendarDay[] = range.dates.map((date) => {
    const times = dayTimes(hours.find((h) => h.dayOfWeek === dayOfWeek(date)) ?? null, exceptions, date, ownLabel);
    const lanes = dayLanes(
      rows
        .filter((r) => r.date === date)
        .map(({ rescheduledAt, customerConfirmedAt, colour, deposit, ...r }) => ({
          ...r,
          deposit: appointmentDeposit(deposit, timeZone, now)?.view ?? null,
          time: minutesToTime(r.startMinute),
          endTime: endTimeOf(r),
          color: colourOf(colour, r.serviceName),
          rescheduledByCustomer: rescheduledAt !== null,
          customerConfirmed: customerConfirmedAt !== null,
        })),
      requests.filter((r) => r.request.date === date).map((r) => pendingRequestView(r, timeZone, now)),
    );
    return {
      date,
      weekdayShort: weekdayShort(date),
      longLabel: longDate(date, today),
      shortDate: formatDate(date),
      dayOfMonth: Number(date.slice(8, 10)),
      isToday: date === today,
      isPast: date < today,
      closed: times.closed,
      holiday: holidays.get(date) ?? null,
      windows: times.windows,
      blocks: times.blocks,
      ...lanes,
      dayHref: dayHref(date),
    };
  });
  const axis = axisOf(
    days.map((d) => ({ windows: d.windows, items: [...d.appointments, ...d.requests] })),
    weekWindows(hours),
  );
  return { days, axis };
}

/**
 * A day or a week (Monday to Sunday) of the calendar around `date`, with the summary cards and
 * the appointments the address asks about; null when one of those is missing or someone else's.
 */
export async function readCalendar(
  db: Db,
  user: Professional,
  args: { view: CalendarView; date: string; ask: CalendarAsk; now: Date; whatsapp: WhatsappSettings | null; dayHref: (date: string) => string },
) {
  const { view, date, now } = args;
  const zoneNow = nowInZone(user.profile.timeZone, now);
  const today = zoneNow.date;
  const range = calendarRange(view, date);
  const { reads, got } = calendarReads(db, user, range, args.ask, now);
  await reads.run(db);
  const [viewed] = got.viewing();
  const [toDelete] = got.deleting();
  const [toCancel] = got.cancelling();
  const { ask } = args;
  if ((ask.viewing !== null && !viewed) || (ask.deleting !== null && !toDelete) || (ask.cancelling !== null && !toCancel)) return null;
  const { days, axis } = calendarDays(got, range, today, user.profile.timeZone, args.dayHref, now);
  return {
    view,
    date,
    today,
    range: { from: range.from, to: range.to },
    title: calendarTitle(view, range, today),
    nowMinute: zoneNow.minute,
    stepMinutes: user.profile.slotStepMinutes,
    axis,
    days,
    pending: days.flatMap((d) => d.requests),
    summary: got.summary(days.reduce((n, d) => n + d.appointments.length, 0)),
    periodLabel: view === "dia" ? "neste dia" : "nesta semana",
    detail: viewed ? detailOf(viewed, today, user.profile.timeZone, now) : null,
    confirmCancel: confirmCancelOf(toCancel, args.whatsapp),
    confirmDelete: toDelete ? confirmDeleteOf(toDelete.appointment, toDelete.clientName) : null,
    /** Who waits on the range's days from today on ('3 na lista de espera', issue 24). */
    waitlist: got.waiting().filter((w) => w.date >= today),
  };
}

function detailOf(
  row: {
    appointment: Appointment;
    clientName: string | null;
    clientPhone: string | null;
    colour: string | null;
    closing?: "paid" | "pending" | null;
    deposit: AppointmentDeposit;
  },
  today: string,
  timeZone: string,
  now: Date,
): CalendarDetail {
  const a = row.appointment;
  const time = minutesToTime(a.startMinute);
  const greeting = (name: string) =>
    isActiveStatus(a.status)
      ? professionalAcceptMessage({ customerName: name, serviceName: a.serviceName, date: a.date, time })
      : `Olá, ${firstName(name)}!`;
  return {
    id: a.id,
    date: a.date,
    dateLabel: longDate(a.date, today),
    time,
    endTime: endTimeOf(a),
    durationMinutes: a.durationMinutes,
    bufferMinutes: a.bufferMinutes,
    priceCents: a.priceCents,
    status: a.status,
    clientName: row.clientName,
    phone: row.clientPhone ? formatPhone(row.clientPhone) : null,
    whatsapp: row.clientPhone && row.clientName ? whatsappLink(row.clientPhone, greeting(row.clientName)) : null,
    serviceName: a.serviceName,
    color: colourOf(row.colour, a.serviceName),
    notes: a.notes,
    clientNotes: a.clientNotes,
    fromBookingPage: a.createdVia === "booking_page",
    rescheduledByCustomer: a.rescheduledByCustomerAt !== null,
    customerConfirmed: a.customerConfirmedAt !== null,
    // By the clock, as the list.
    actions: actionsAt(a, a.updatedAt, timeZone, now),
    recurring: a.seriesId !== null,
    closing: row.closing ?? null,
    deposit: appointmentDeposit(row.deposit, timeZone, now),
  };
}
