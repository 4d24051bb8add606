// Waiting list ('Lista de espera', issue 24): who waits for a time, the times that opened and
// the offers sent (app/domain/waitlist).
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, instant, updatedAt } from "./columns";
import { users } from "./accounts";
import { services } from "./services";

/** 'Manhã' (before 12:00), 'Tarde' (12:00 to 18:00), 'Noite' (from 18:00), 'Qualquer horário'. */
export const WAITLIST_PERIODS = ["manha", "tarde", "noite", "qualquer"] as const;
export type WaitlistPeriod = (typeof WAITLIST_PERIODS)[number];
/** Waiting; booked a time of that day; left through their link; removed by the professional. */
export const WAITLIST_STATUSES = ["waiting", "booked", "left", "removed"] as const;

/**
 * 'Avise-me se abrir um horário': a customer waiting for a time to open on one date for one
 * service of one professional. Ends at the end of its day (read as over once its date is past).
 */
export const waitlistEntries = sqliteTable(
  "waitlist_entries",
  {
    id: id(),
    professionalId: text("professional_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    serviceName: text("service_name").notNull(),
    date: text("date").notNull(),
    period: text("period", { enum: WAITLIST_PERIODS }).notNull(),
    customerName: text("customer_name").notNull(),
    customerPhone: text("customer_phone").notNull(), // digits only
    customerEmail: text("customer_email").notNull().default(""),
    /** Its confirmation e-mail was withheld (the bounds on unrequested e-mail): no e-mail follows it. */
    emailWithheld: bool("email_withheld").notNull().default(false),
    /** The client address that signed up (the limits per address; cleared with the entry). */
    requestedBy: text("requested_by").notNull().default(""),
    /**
     * The free times of its period the customer saw when signing up (JSON array of "HH:mm"): not an
     * opening for them while they stay free; the job drops each one once it is taken.
     */
    knownTimes: text("known_times").notNull().default("[]"),
    status: text("status", { enum: WAITLIST_STATUSES }).notNull().default("waiting"),
    endedAt: instant("ended_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("waitlist_entries_pro_date_idx").on(t.professionalId, t.date, t.status),
    index("waitlist_entries_status_date_idx").on(t.status, t.date),
    index("waitlist_entries_pro_phone_idx").on(t.professionalId, t.customerPhone, t.createdAt),
    // A phone may hold several places on a day's list (a second sign-up is answered as the first,
    // docs/decisions/1023); the job offers an opening to a phone once.
  ],
);

/**
 * A time that opened on a waiting list's day for its service: offered to the people waiting in
 * batches (the first three, then the next three every 15 minutes while it stays free). Closed
 * once it is taken again (or no longer offered); a later opening of the same time is a new row.
 */
export const waitlistOpenings = sqliteTable(
  "waitlist_openings",
  {
    id: id(),
    professionalId: text("professional_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    startMinute: integer("start_minute").notNull(),
    openedAt: instant("opened_at").notNull(),
    closedAt: instant("closed_at"),
    /** When its last batch was offered (the claim of the next batch). */
    lastBatchAt: instant("last_batch_at"),
    batches: integer("batches").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("waitlist_openings_open_uq")
      .on(t.professionalId, t.serviceId, t.date, t.startMinute)
      .where(sql`${t.closedAt} is null`),
    index("waitlist_openings_pro_date_idx").on(t.professionalId, t.date),
  ],
);

/** The channels an offer went by: e-mail, the Cloud API, or the one-tap list in 'Lembretes'. */
export const WAITLIST_CHANNELS = ["email", "whatsapp", "list"] as const;

/** One opening offered to one waiting customer (once: the unique pair). */
export const waitlistOffers = sqliteTable(
  "waitlist_offers",
  {
    id: id(),
    openingId: text("opening_id")
      .notNull()
      .references(() => waitlistOpenings.id, { onDelete: "cascade" }),
    entryId: text("entry_id")
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: "cascade" }),
    professionalId: text("professional_id").notNull(),
    /** The channels it went by, comma-separated ('email,list'). */
    channels: text("channels").notNull(),
    /** 'list': when the professional sent it with one tap in 'Lembretes'. */
    sentAt: instant("sent_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("waitlist_offers_pair_uq").on(t.openingId, t.entryId),
    index("waitlist_offers_entry_idx").on(t.entryId, t.createdAt),
    index("waitlist_offers_pro_idx").on(t.professionalId, t.sentAt),
  ],
);
