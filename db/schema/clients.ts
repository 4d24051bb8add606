// Clients: a professional's clients, a contact file waiting to be imported (issue 26) and the
// 'Hora de voltar' messages sent to them (issue 24) (app/domain/clients).
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, instant, updatedAt } from "./columns";
import { users } from "./accounts";

export const clients = sqliteTable(
  "clients",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    phone: text("phone").notNull(), // digits only
    email: text("email").notNull().default(""),
    address: text("address").notNull().default(""),
    birthDate: text("birth_date"),
    notes: text("notes").notNull().default(""),
    // The client's figures over all their appointments, kept by the database itself (triggers of
    // migration 0007 on every appointment written): read where a page needs them for many clients
    // at once (dashboard tips, clients at risk, VIP tiles) instead of summing every appointment.
    /** Appointments not cancelled. */
    appointmentCount: integer("appointment_count").notNull().default(0),
    /** What completed appointments cost, in centavos. */
    spentCents: integer("spent_cents").notNull().default(0),
    /**
     * The latest date of an appointment not cancelled (ahead of today when one is booked): not a
     * visit, but whether something is booked ahead (the 'em risco' rule).
     */
    lastAppointmentDate: text("last_appointment_date"),
    noShowCount: integer("no_show_count").notNull().default(0),
    /** Visits: completed appointments (migration figures_visits keeps it). */
    visitCount: integer("visit_count").notNull().default(0),
    /** The date of the latest completed appointment ('Última Visita'), or null. */
    lastVisitDate: text("last_visit_date"),
    /**
     * 'Hora de voltar' (issue 24): the median gap in days between visits on different dates, from
     * three such dates on (null before); kept by the database's own triggers (migration
     * waitlist_usual_interval), so the rule reads one row per client.
     */
    usualIntervalDays: real("usual_interval_days"),
    /** 'Hora de voltar' (issue 24): when the last message was sent (one tap, or the Cloud API). */
    comebackSentAt: instant("comeback_sent_at"),
    /** 'Não chamar': never on the 'Hora de voltar' list again. */
    comebackOptOut: bool("comeback_opt_out").notNull().default(false),
    /**
     * When 'Importar clientes' brought the client in, or null: an imported client came before
     * Agendo, and is never one of the month's new clients (docs/decisions/1013).
     */
    importedAt: instant("imported_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("clients_user_phone_uq").on(t.userId, t.phone),
    index("clients_user_name_idx").on(t.userId, t.name),
    index("clients_user_created_idx").on(t.userId, t.createdAt),
    index("clients_user_last_appointment_idx").on(t.userId, t.lastAppointmentDate),
    index("clients_user_spent_idx").on(t.userId, t.spentCents),
    // Whether a professional knows an address (domain/notifications/unrequested-email.server.ts).
    index("clients_user_email_idx").on(t.userId, t.email),
    // The 'em risco' rule's columns, so its count and list read the index alone.
    index("clients_user_last_visit_idx").on(t.userId, t.lastVisitDate, t.lastAppointmentDate, t.spentCents),
  ],
);

/**
 * A file of contacts uploaded in Clientes > 'Importar clientes', parsed and waiting for the
 * professional's 'Importar N clientes' (one per professional: a new upload replaces it; the
 * scheduled job purges those left a day). `content` is JSON: the vCard's contacts, or the CSV's
 * rows; `mapping` the CSV's columns as matched or corrected (docs/decisions/0950).
 */
export const clientImports = sqliteTable(
  "client_imports",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    kind: text("kind", { enum: ["vcard", "csv"] }).notNull(),
    content: text("content").notNull(),
    mapping: text("mapping"),
    createdAt: createdAt(),
  },
  (t) => [index("client_imports_user_idx").on(t.userId), index("client_imports_created_idx").on(t.createdAt)],
);

export const COMEBACK_CHANNELS = ["tap", "whatsapp"] as const;

/**
 * Each 'Hora de voltar' message sent to a regular who is late: what Relatórios counts, and what a
 * booking by that client within 14 days of it is credited to.
 */
export const comebackMessages = sqliteTable(
  "comeback_messages",
  {
    id: id(),
    professionalId: text("professional_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: COMEBACK_CHANNELS }).notNull(),
    /** The client's usual interval when it was sent, in days. */
    intervalDays: integer("interval_days").notNull(),
    sentAt: instant("sent_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("comeback_messages_pro_sent_idx").on(t.professionalId, t.sentAt, t.clientId)],
);
