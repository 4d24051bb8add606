// Notifications: the outboxes of e-mail, WhatsApp and push, the devices push goes to, and who
// asked not to be reminded or proved an address (app/domain/notifications).
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, instant, updatedAt } from "./columns";
import { users } from "./accounts";
import { appointments } from "./appointments";

export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: id(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    transport: text("transport").notNull(),
    status: text("status", { enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    error: text("error"),
    /** A body carrying a one-time link (a reset token) is kept only until the link expires. */
    sensitiveUntil: instant("sensitive_until"),
    /** What it is ('reminder', 'daily-summary', ...) and whose: the job's messages carry both. */
    kind: text("kind"),
    /** No foreign key (SQLite cannot add one to an existing table): account deletion clears it. */
    professionalId: text("professional_id"),
    /** The message's identity (e.g. 'reminder:<appointment>:<start>'): it is queued once. */
    dedupeKey: text("dedupe_key"),
    /**
     * An e-mail a stranger's booking made the app write to an address the professional does not
     * know: the client address that asked. What the bounds on unrequested e-mail count
     * (domain/notifications/unrequested-email.server.ts); null for every other message.
     */
    requestedBy: text("requested_by"),
    /** Delivery tries so far; a failed try is retried from `nextAttemptAt`, a few times. */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: instant("next_attempt_at"),
    /** Held by one sender until then (a claim); after it, the message may be tried again. */
    leaseUntil: instant("lease_until"),
    sentAt: instant("sent_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("email_outbox_dedupe_uq").on(t.dedupeKey),
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_to_idx").on(t.to, t.createdAt),
    index("email_outbox_sensitive_idx").on(t.sensitiveUntil).where(sql`${t.sensitiveUntil} is not null`),
    index("email_outbox_requested_by_idx").on(t.requestedBy, t.createdAt).where(sql`${t.requestedBy} is not null`),
  ],
);

/**
 * WhatsApp messages sent by the job through the WhatsApp Cloud API (template messages), each
 * queued once (`dedupeKey`) and claimed before it is sent, as the e-mail outbox.
 */
export const whatsappOutbox = sqliteTable(
  "whatsapp_outbox",
  {
    id: id(),
    professionalId: text("professional_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    appointmentId: text("appointment_id").references(() => appointments.id, { onDelete: "set null" }),
    /** What it is: a 'reminder', or a notice of a change the business made ('change-cancel', 'change-move', 'change-restore'). */
    kind: text("kind").notNull().default("reminder"),
    /** The recipient in international form, digits only (5511987654321). */
    to: text("to").notNull(),
    template: text("template").notNull(),
    language: text("language").notNull(),
    /** The template's body parameters, a JSON array of strings (cleared once old). */
    params: text("params").notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    /**
     * A message a stranger caused to a number the professional does not know: the client address
     * that asked ('' when none is known, as for a reminder of a booking made on the page). What the
     * bounds on unrequested messages count (domain/notifications/unrequested-email.server.ts, as
     * `email_outbox.requested_by`); null for every other message, and cleared after a day.
     */
    requestedBy: text("requested_by"),
    status: text("status", { enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: instant("next_attempt_at"),
    leaseUntil: instant("lease_until"),
    /** The id the API gave the message (wamid.…). */
    providerMessageId: text("provider_message_id"),
    error: text("error"),
    sentAt: instant("sent_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("whatsapp_outbox_dedupe_uq").on(t.dedupeKey),
    index("whatsapp_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("whatsapp_outbox_to_idx").on(t.to, t.createdAt),
  ],
);

/**
 * An e-mail address shown to be its customer's: they opened a link that only an e-mail to it
 * carried (docs/decisions/1022). Known to that professional from then on, like an address they
 * accepted a request of: the bounds on unrequested e-mail no longer hold its confirmations back.
 */
export const provenEmails = sqliteTable(
  "proven_emails",
  {
    professionalId: text("professional_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Lowercased, as the booking page stores it. */
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("proven_emails_uq").on(t.professionalId, t.email)],
);

/**
 * 'Não quero receber lembretes': a customer's e-mail or phone that gets no more reminders from
 * this professional (LGPD: honoured from the moment it is asked).
 */
export const reminderOptOuts = sqliteTable(
  "reminder_opt_outs",
  {
    id: id(),
    professionalId: text("professional_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A lowercased e-mail or a phone's digits. */
    contact: text("contact").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("reminder_opt_outs_uq").on(t.professionalId, t.contact)],
);

/**
 * A device that receives this professional's push notifications ('Receber notificações neste
 * aparelho'): the browser's push subscription (its endpoint at the push service and the keys a
 * message is encrypted to, RFC 8291). Deleted when the push service says it is gone.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: id(),
    professionalId: text("professional_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and auth secret, base64url. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** What the list shows ('Chrome no Android'), from the browser that subscribed. */
    label: text("label").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_uq").on(t.endpoint), index("push_subscriptions_professional_idx").on(t.professionalId)],
);

/**
 * Push notifications to send, one row per message and device, queued once (`dedupeKey` per
 * device) in the batch of the write that causes it and claimed before it is sent, as the e-mail
 * outbox (docs/decisions/0671).
 */
export const pushOutbox = sqliteTable(
  "push_outbox",
  {
    id: id(),
    professionalId: text("professional_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    /** What it tells of ('new-request', 'customer-cancel', …, 'test'). */
    kind: text("kind").notNull(),
    /** The message's identity ('push:new-request:<request>'), the same for every device. */
    dedupeKey: text("dedupe_key").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** The screen a tap opens (a path of the workspace). */
    url: text("url").notNull(),
    /** A later notice with the same tag (the same booking's event) replaces it on the phone. */
    tag: text("tag").notNull(),
    status: text("status", { enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: instant("next_attempt_at"),
    leaseUntil: instant("lease_until"),
    error: text("error"),
    sentAt: instant("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("push_outbox_dedupe_uq").on(t.dedupeKey, t.subscriptionId),
    index("push_outbox_due_idx").on(t.status, t.nextAttemptAt),
  ],
);
