// Appointments: the agenda's appointments and the recurring series they may belong to
// (app/domain/appointments).
import { relations } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, instant, updatedAt } from "./columns";
import { users } from "./accounts";
import { clients } from "./clients";
import { services } from "./services";

export const APPOINTMENT_STATUSES = [
  "scheduled",
  "confirmed",
  "completed",
  "cancelled",
  "no_show",
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const appointments = sqliteTable(
  "appointments",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: text("client_id").references(() => clients.id, { onDelete: "set null" }),
    serviceId: text("service_id").references(() => services.id, { onDelete: "set null" }),
    // Copied at booking time so later edits of the service do not rewrite history.
    serviceName: text("service_name").notNull().default(""),
    date: text("date").notNull(), // yyyy-MM-dd in the professional's zone
    startMinute: integer("start_minute").notNull(), // minutes after local midnight
    durationMinutes: integer("duration_minutes").notNull().default(60),
    /** The service's 'Intervalo após' when booked: the time after it stays taken. */
    bufferMinutes: integer("buffer_minutes").notNull().default(0),
    priceCents: integer("price_cents").notNull().default(0),
    status: text("status", { enum: APPOINTMENT_STATUSES }).notNull().default("scheduled"),
    notes: text("notes").notNull().default(""),
    clientNotes: text("client_notes").notNull().default(""),
    createdVia: text("created_via", { enum: ["dashboard", "booking_page"] })
      .notNull()
      .default("dashboard"),
    bookingRequestId: text("booking_request_id"),
    /** The regular's series this appointment belongs to ('Agendamento recorrente'). */
    seriesId: text("series_id").references(() => appointmentSeries.id, { onDelete: "set null" }),
    /** When the customer moved it to this time from their status page. */
    rescheduledByCustomerAt: instant("rescheduled_by_customer_at"),
    /**
     * When it was last moved to another date or time, by anyone (null: never moved, its
     * created_at holds): copied from updated_at by a trigger; the customer's reminder counts
     * from it (docs/decisions/0750).
     */
    timeSetAt: instant("time_set_at"),
    /** When the professional last moved it to another date or time (the customer is told). */
    rescheduledByProfessionalAt: instant("rescheduled_by_professional_at"),
    /** Who cancelled it: the professional (agenda, 'Equipe') or the customer (their link). */
    cancelledBy: text("cancelled_by", { enum: ["professional", "customer"] }),
    /** 'Motivo (opcional)' of a cancel by the professional, shown to the customer. */
    cancelReason: text("cancel_reason").notNull().default(""),
    /** When the customer answered 'Confirmo presença' from a reminder. */
    customerConfirmedAt: instant("customer_confirmed_at"),
    /** When the professional sent the one-tap WhatsApp reminder ('Lembretes'). */
    whatsappRemindedAt: instant("whatsapp_reminded_at"),
    /** The event's revision in calendar feeds (SEQUENCE): bumped by a trigger on every change. */
    icsSequence: integer("ics_sequence").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("appointments_user_date_idx").on(t.userId, t.date, t.startMinute),
    index("appointments_user_series_idx").on(t.userId, t.seriesId, t.date),
    // Covers the per-client metrics (count, total spent, last visit) without touching rows.
    index("appointments_user_client_metrics_idx").on(
      t.userId,
      t.clientId,
      t.status,
      t.date,
      t.priceCents,
    ),
    index("appointments_user_created_idx").on(t.userId, t.createdAt),
    // The Caixa's period: a range of completed appointments and their ids from the index alone,
    // each then joined to its closing (`npm run bench`: a year of closings in under 80 ms).
    index("appointments_user_status_date_idx").on(t.userId, t.status, t.date, t.id),
    // Covers the reports' period figures (totals, weekdays, months, services, clients) so a
    // year of appointments is summed from the index alone (docs/decisions/0309).
    index("appointments_user_date_report_idx").on(
      t.userId,
      t.date,
      t.status,
      t.serviceId,
      t.clientId,
      t.priceCents,
      t.durationMinutes,
      t.serviceName,
    ),
  ],
);

/** A regular's appointments made together ('Agendamento recorrente': every 1 to 4 weeks). */
export const appointmentSeries = sqliteTable(
  "appointment_series",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    intervalWeeks: integer("interval_weeks").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("appointment_series_user_idx").on(t.userId)],
);

export const appointmentsRelations = relations(appointments, ({ one }) => ({
  client: one(clients, { fields: [appointments.clientId], references: [clients.id] }),
  service: one(services, { fields: [appointments.serviceId], references: [services.id] }),
}));
