// Booking requests: what a customer asks for on the booking page, its deposit, and the
// customer's private status link (app/domain/booking-requests).
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, instant, updatedAt } from "./columns";
import { users } from "./accounts";
import { appointments } from "./appointments";
import { services } from "./services";

export const BOOKING_REQUEST_STATUSES = [
  "pending",
  "accepted",
  "declined",
  "cancelled",
  /** Not answered in time: its slot is free again (the scheduled job marks it; until then a
   * pending request past `expires_at` already holds nothing). */
  "expired",
] as const;

/** How a deposit was paid: Pix (the booking page's code) by default. */
export const DEPOSIT_METHODS = ["pix", "cash", "debit", "credit"] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];

export const bookingRequests = sqliteTable(
  "booking_requests",
  {
    id: id(),
    professionalId: text("professional_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    serviceId: text("service_id").references(() => services.id, { onDelete: "set null" }),
    serviceName: text("service_name").notNull().default(""),
    customerName: text("customer_name").notNull(),
    customerPhone: text("customer_phone").notNull(), // digits only
    /** Optional: for the confirmation and the reminder ('' when not given). */
    customerEmail: text("customer_email").notNull().default(""),
    date: text("date").notNull(),
    startMinute: integer("start_minute").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    bufferMinutes: integer("buffer_minutes").notNull().default(0),
    priceCents: integer("price_cents").notNull().default(0),
    status: text("status", { enum: BOOKING_REQUEST_STATUSES }).notNull().default("pending"),
    /** A pending request holds its time until then: 24 hours after it was made, or its start. */
    expiresAt: instant("expires_at"),
    /** When the customer moved it to this time from their status page. */
    rescheduledByCustomerAt: instant("rescheduled_by_customer_at"),
    /** How many times the customer moved it from their status page (a few at most). */
    customerMoves: integer("customer_moves").notNull().default(0),
    /**
     * Its 'request received' e-mail was withheld (a stranger's address over its bounds): nothing
     * else the customer did not ask for follows it there (expiry, decline, reminder) unless the
     * professional accepts it by hand.
     */
    customerEmailWithheld: bool("customer_email_withheld").notNull().default(false),
    notes: text("notes"),
    appointmentId: text("appointment_id").references(() => appointments.id, {
      onDelete: "set null",
    }),
    // The deposit ('Sinal'), held here only: the appointment it becomes reads it through
    // `appointments.booking_request_id` (docs/decisions/0910).
    /** The service's deposit when it was booked (0: none asked). */
    depositCents: integer("deposit_cents").notNull().default(0),
    /** Unpaid by then, a pending request stops holding its time ('Sinal não pago em …'); null: no such rule. */
    depositDueAt: instant("deposit_due_at"),
    /** When the professional marked 'Sinal recebido', and how it was paid. */
    depositReceivedAt: instant("deposit_received_at"),
    depositMethod: text("deposit_method", { enum: DEPOSIT_METHODS }),
    /** When the professional marked a received deposit 'Sinal devolvido'. */
    depositRefundedAt: instant("deposit_refunded_at"),
    // A deposit charged online (issue 23, docs/decisions/0960): the provider's Pix charge. The
    // request holds its time until `deposit_due_at` ('Tempo para pagar'); paid, it is accepted.
    /** The provider that charges this deposit ('mercadopago'); null: the static Pix, marked by hand. */
    paymentProvider: text("payment_provider", { enum: ["mercadopago"] }),
    /** The provider's payment id, once the charge is created. */
    paymentId: text("payment_id"),
    /** The Pix 'copia e cola' code of the charge (we draw its QR). */
    paymentQrCode: text("payment_qr_code"),
    /**
     * When the charge's payment was approved, as read back from the provider and taken into
     * account: as the deposit, or given back (late, or the deposit already received by hand).
     * Null: the charge was never paid, whatever the deposit's marks say (docs/decisions/1033).
     */
    paymentPaidAt: instant("payment_paid_at"),
    /** When the provider gave the charge's payment back (its refund id), automatically. */
    paymentRefundId: text("payment_refund_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("booking_requests_payment_uq").on(t.paymentProvider, t.paymentId),
    index("booking_requests_pro_date_idx").on(t.professionalId, t.date, t.startMinute),
    index("booking_requests_pro_status_idx").on(t.professionalId, t.status),
    index("booking_requests_pro_phone_idx").on(t.professionalId, t.customerPhone),
  ],
);

/** The customer's private status link: only the hash of the token is stored. */
export const bookingRequestTokens = sqliteTable("booking_request_tokens", {
  id: id(),
  bookingRequestId: text("booking_request_id")
    .notNull()
    .unique()
    .references(() => bookingRequests.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
