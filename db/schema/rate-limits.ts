// Rate limits: fixed-window counters kept in the database (app/utils/rate-limit.server.ts).
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, instant, updatedAt } from "./columns";

/** Fixed-window counters for rate limits (login, booking). Key e.g. "login:email:x@y". */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: instant("window_start").notNull(),
  count: integer("count").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
