// Billing: the Agendo plan a professional pays for through Stripe (app/domain/billing).
import { relations } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, instant, updatedAt } from "./columns";
import { profiles, users } from "./accounts";

export const SUBSCRIPTION_STATUSES = ["trial", "active", "past_due", "cancelled"] as const;

export const subscriptions = sqliteTable("subscriptions", {
  id: id(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull(),
  planId: text("plan_id").notNull().default("trial"),
  billingPeriod: text("billing_period", { enum: ["monthly", "yearly"] }),
  trialStartDate: instant("trial_start_date"),
  trialEndDate: instant("trial_end_date"),
  subscriptionEndDate: instant("subscription_end_date"),
  priceMonthlyCents: integer("price_monthly_cents").notNull().default(0),
  stripeCustomerId: text("stripe_customer_id"),
  stripeSubscriptionId: text("stripe_subscription_id"),
  // Stripe's event `created` of the last event applied: older events are ignored.
  lastEventAt: instant("last_event_at"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Webhook events already processed (idempotency). */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const usersRelations = relations(users, ({ one }) => ({
  profile: one(profiles, { fields: [users.id], references: [profiles.userId] }),
  subscription: one(subscriptions, {
    fields: [users.id],
    references: [subscriptions.userId],
  }),
}));
