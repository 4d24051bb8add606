// Calendars: external calendars read as busy time (issue 26; app/domain/calendars).
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, instant } from "./columns";
import { users } from "./accounts";

/**
 * 'Calendários externos': a private iCal address whose events are busy time. The address is a
 * secret (whoever has it reads the calendar): never shown back whole. The refresh keeps the
 * validators of the last answer, when it last read it, and since when it fails (docs/decisions/0955).
 */
export const externalCalendars = sqliteTable(
  "external_calendars",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    url: text("url").notNull(),
    etag: text("etag"),
    lastModified: text("last_modified"),
    /** The last time the feed was read (or answered 'not modified'). */
    refreshedAt: instant("refreshed_at"),
    /** The last time its events were read and expanded (a whole answer, not 'not modified'). */
    readAt: instant("read_at"),
    /** When the refresh was last tried, whatever came of it. */
    attemptedAt: instant("attempted_at"),
    /** Since when every refresh failed; null while it reads. */
    failingSince: instant("failing_since"),
    /** The one e-mail about this failure was sent; cleared when it reads again. */
    failureNotifiedAt: instant("failure_notified_at"),
    createdAt: createdAt(),
  },
  (t) => [index("external_calendars_user_idx").on(t.userId), index("external_calendars_attempted_idx").on(t.attemptedAt)],
);

/**
 * A calendar's busy time on one local date of the professional (an event across midnight is one
 * row per date): start and end minute only, never what the event was.
 */
export const calendarBusy = sqliteTable(
  "calendar_busy",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    calendarId: text("calendar_id")
      .notNull()
      .references(() => externalCalendars.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    startMinute: integer("start_minute").notNull(),
    endMinute: integer("end_minute").notNull(),
  },
  (t) => [index("calendar_busy_user_date_idx").on(t.userId, t.date), index("calendar_busy_calendar_idx").on(t.calendarId)],
);
