// Availability: the working week and the days off, blocked times and extra hours on top of it
// (app/domain/availability).
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, updatedAt } from "./columns";
import { users } from "./accounts";

export const workingHours = sqliteTable(
  "working_hours",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dayOfWeek: integer("day_of_week").notNull(), // 0 = Sunday ... 6 = Saturday
    isActive: bool("is_active").notNull().default(true),
    startTime: text("start_time").notNull().default("09:00"),
    endTime: text("end_time").notNull().default("18:00"),
    breakStartTime: text("break_start_time"),
    breakEndTime: text("break_end_time"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("working_hours_user_day_uq").on(t.userId, t.dayOfWeek)],
);

/**
 * 'Folgas e bloqueios': a closed day or range of days (`closed`, the whole day), a blocked time
 * range on one day (`blocked`), or extra hours on a date the professional does not normally
 * work (`open`). Dates are yyyy-MM-dd in the professional's zone, both ends included; minutes
 * after local midnight, end excluded.
 */
export const SCHEDULE_EXCEPTION_KINDS = ["closed", "blocked", "open"] as const;
export type ScheduleExceptionKind = (typeof SCHEDULE_EXCEPTION_KINDS)[number];

export const scheduleExceptions = sqliteTable(
  "schedule_exceptions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SCHEDULE_EXCEPTION_KINDS }).notNull(),
    startDate: text("start_date").notNull(),
    endDate: text("end_date").notNull(),
    startMinute: integer("start_minute"),
    endMinute: integer("end_minute"),
    /** 'Motivo': shown on the booking page only when `showReason` (e.g. 'Feriado'). */
    reason: text("reason").notNull().default(""),
    showReason: bool("show_reason").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("schedule_exceptions_user_dates_idx").on(t.userId, t.startDate, t.endDate)],
);
