// The rows a professional's working time is drawn from (slots.ts `dayPlan`): the saved week and
// the 'Folgas e bloqueios' rows, as query builders. Each returns its query unexecuted, so the
// caller runs it in its own batch beside its other reads (one round trip). `whose`: one
// professional (their id, or an SQL expression of it) or a team (a condition on the user column).
import { and, eq, gte, lte, sql, type Column, type SQL } from "drizzle-orm";
import { calendarBusy, externalCalendars, scheduleExceptions, workingHours } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { dayOfWeek } from "../dates";

export type Whose = string | SQL | ((userColumn: Column) => SQL);

const whoseRows = (column: Column, whose: Whose) => (typeof whose === "function" ? whose(column) : eq(column, whose));

/** The saved week, a row per day saved (0 = Sunday; a day never saved is closed); with `weekday`, that day's. */
export function weekHoursQuery(db: Db, whose: Whose, weekday?: number) {
  return db
    .select({
      userId: workingHours.userId,
      dayOfWeek: workingHours.dayOfWeek,
      isActive: workingHours.isActive,
      startTime: workingHours.startTime,
      endTime: workingHours.endTime,
      breakStartTime: workingHours.breakStartTime,
      breakEndTime: workingHours.breakEndTime,
    })
    .from(workingHours)
    .where(and(whoseRows(workingHours.userId, whose), weekday === undefined ? undefined : eq(workingHours.dayOfWeek, weekday)));
}

/** The weekday's hours of a date. */
export function dayHoursQuery(db: Db, whose: Whose, date: string) {
  return weekHoursQuery(db, whose, dayOfWeek(date));
}

/**
 * The exceptions touching the dates `from` to `to` (a range of dates counts on each of its days),
 * and in the same statement the busy time of the professional's external calendars as blocks
 * named 'Ocupado — <calendar>' (their reason never shown to customers): 'Encaixe' may override
 * them like any block (docs/decisions/0957).
 */
export function exceptionsQuery(db: Db, whose: Whose, from: string, to = from) {
  const busy = db
    .select({
      userId: calendarBusy.userId,
      kind: sql<"blocked">`'blocked'`.as("kind"),
      startDate: calendarBusy.date,
      endDate: calendarBusy.date,
      startMinute: calendarBusy.startMinute,
      endMinute: calendarBusy.endMinute,
      reason: sql<string>`'Ocupado — ' || ${externalCalendars.name}`.as("reason"),
      showReason: sql<boolean>`0`.mapWith(Boolean).as("show_reason"),
    })
    .from(calendarBusy)
    .innerJoin(externalCalendars, eq(externalCalendars.id, calendarBusy.calendarId))
    .where(and(whoseRows(calendarBusy.userId, whose), gte(calendarBusy.date, from), lte(calendarBusy.date, to)));
  return db
    .select({
      userId: scheduleExceptions.userId,
      kind: scheduleExceptions.kind,
      startDate: scheduleExceptions.startDate,
      endDate: scheduleExceptions.endDate,
      startMinute: scheduleExceptions.startMinute,
      endMinute: scheduleExceptions.endMinute,
      reason: scheduleExceptions.reason,
      showReason: scheduleExceptions.showReason,
    })
    .from(scheduleExceptions)
    .where(and(whoseRows(scheduleExceptions.userId, whose), lte(scheduleExceptions.startDate, to), gte(scheduleExceptions.endDate, from)))
    .unionAll(busy);
}
