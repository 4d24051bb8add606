// The rows a professional's working time is drawn from (slots.ts `dayPlan`): the saved week and
// the 'Folgas e bloqueios' rows, as query builders. Each returns its query unexecuted, so the
// caller runs it in its own batch beside its other reads (one round trip). `whose`: one
// professional (their id, or an SQL expression of it) or a team (a condition on the user column).
import { and, eq, gte, lte, type Column, type SQL } from "drizzle-orm";
import { scheduleExceptions, workingHours } from "../../../db/schema";
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

/** The exceptions touching the dates `from` to `to` (a range of dates counts on each of its days). */
export function exceptionsQuery(db: Db, whose: Whose, from: string, to = from) {
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
    .where(and(whoseRows(scheduleExceptions.userId, whose), lte(scheduleExceptions.startDate, to), gte(scheduleExceptions.endDate, from)));
}
