// Cash ('Caixa', issue 22): what was charged when a service was closed, its lines, how it was
// paid and every later change (app/domain/cash).
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, instant, updatedAt } from "./columns";
import { users } from "./accounts";
import { appointments } from "./appointments";

export const CLOSING_STATUSES = ["paid", "pending"] as const;
export type ClosingStatus = (typeof CLOSING_STATUSES)[number];
export const PAYMENT_METHODS = ["pix", "cash", "debit", "credit"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const CLOSING_ITEM_KINDS = ["service", "product"] as const;

/**
 * 'Fechar atendimento': what was charged for one appointment and how it was paid. One per
 * appointment (the unique index is what makes two phones closing at once store one).
 * 'pending' is 'Pagamento pendente' (completed without a payment, listed until settled).
 */
export const cashClosings = sqliteTable(
  "cash_closings",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    appointmentId: text("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    status: text("status", { enum: CLOSING_STATUSES }).notNull(),
    /** The items' sum before the discount. */
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    /** The percentage typed, in hundredths of a percent (10% = 1000), when the discount was given as %. */
    discountBasisPoints: integer("discount_basis_points"),
    tipCents: integer("tip_cents").notNull().default(0),
    /** A deposit already received before the day, deducted from what was due. */
    depositCents: integer("deposit_cents").notNull().default(0),
    closedAt: instant("closed_at").notNull(),
    /** The user who closed it (the professional, or the salon's owner for a member). */
    closedBy: text("closed_by").notNull(),
    /** A new random value at every write: what the statements after it in the same batch require. */
    revision: text("revision").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("cash_closings_appointment_uq").on(t.appointmentId),
    index("cash_closings_user_status_idx").on(t.userId, t.status),
  ],
);

/** A closing's lines: the service done, another service, or a free line such as a product. */
export const cashClosingItems = sqliteTable(
  "cash_closing_items",
  {
    id: id(),
    closingId: text("closing_id")
      .notNull()
      .references(() => cashClosings.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    position: integer("position").notNull(),
    kind: text("kind", { enum: CLOSING_ITEM_KINDS }).notNull(),
    serviceId: text("service_id"),
    name: text("name").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull().default(1),
    /**
     * The salon's commission on this line for the professional, in hundredths of a percent, as the
     * owner's rule stood when the service was closed (null: no rule then; the current one applies).
     */
    commissionBasisPoints: integer("commission_basis_points"),
  },
  // Covers the Caixa's 'Produtos e itens vendidos': no row read per closing.
  (t) => [index("cash_closing_items_closing_idx").on(t.closingId, t.kind, t.name, t.quantity, t.unitPriceCents)],
);

/** How a closing was paid: one line per method used. */
export const cashPayments = sqliteTable(
  "cash_payments",
  {
    id: id(),
    closingId: text("closing_id")
      .notNull()
      .references(() => cashClosings.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    amountCents: integer("amount_cents").notNull(),
  },
  // Covers the Caixa's sums by method: no row read per payment.
  (t) => [index("cash_payments_closing_idx").on(t.closingId, t.method, t.amountCents)],
);

/** Every change of a closed service: who, when, and what it was before and after (JSON). */
export const cashClosingHistory = sqliteTable(
  "cash_closing_history",
  {
    id: id(),
    closingId: text("closing_id")
      .notNull()
      .references(() => cashClosings.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    changedBy: text("changed_by").notNull(),
    changedAt: instant("changed_at").notNull(),
    /** JSON: { before, after } summaries of the closing. */
    change: text("change").notNull(),
  },
  (t) => [index("cash_closing_history_closing_idx").on(t.closingId, t.changedAt)],
);

/**
 * 'Faturamento' kept per day and professional (issue 34, docs/decisions/1230): the sums
 * cash/revenue.server.ts `moneyColumns` gives over one professional's completed appointments of
 * one date (the appointment's own date, in her zone), with the paid closings' payments by method.
 * Written only by the triggers of migration money_days_triggers, which recount a day from the
 * view `money_day_figures` whenever an appointment, a closing or a payment of that day changes;
 * never by the app.
 */
export const moneyDays = sqliteTable(
  "money_days",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    /** The paid closings' payments (tips inside, as handed over). */
    paidCents: integer("paid_cents").notNull(),
    tipCents: integer("tip_cents").notNull(),
    paidDepositCents: integer("paid_deposit_cents").notNull(),
    pendingDepositCents: integer("pending_deposit_cents").notNull(),
    /** Completed without a closing, at list prices ('sem fechamento'). */
    unclosedCents: integer("unclosed_cents").notNull(),
    unclosedCount: integer("unclosed_count").notNull(),
    /** `paidCents` by method. */
    pixCents: integer("pix_cents").notNull(),
    cashCents: integer("cash_cents").notNull(),
    debitCents: integer("debit_cents").notNull(),
    creditCents: integer("credit_cents").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.date] })],
);

/**
 * The services of the completed appointments kept per day and professional (issue 34, docs/decisions/1260),
 * one row per service of the ranking (`service_key`: the service's id, or the line's name without one):
 * what cash/revenue.server.ts `serviceLinesSql` gives over one professional's completed appointments of one
 * date, i.e. the closing's service lines, or the appointment's own service at its list price without a closing.
 * `serviceId` and `name` are the greatest of the day's (as the ranking's `max()` reads them). Written only by
 * the triggers of migration service_days_triggers (scripts/kept-days-sql.ts), which recount a day whenever an
 * appointment, a closing or a closing's line of that day changes; never by the app.
 */
export const serviceDays = sqliteTable(
  "service_days",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    serviceKey: text("service_key").notNull(),
    serviceId: text("service_id"),
    name: text("name").notNull(),
    /** Services done (the lines' quantities). */
    count: integer("count").notNull(),
    /** What they were charged (quantity × line price, before a discount on the whole closing). */
    cents: integer("cents").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.date, t.serviceKey] })],
);
