// How Stripe's word changes a subscription row (pure: no database, no network). Stripe objects
// are read as state, and `decide` says what one state does to the row, whatever order events
// arrive in (docs/decisions/0403). subscriptions.server.ts applies the decisions.
import type { subscriptions } from "../../../db/schema";
import { isSubscriptionValid } from "./subscription-rules";
import { isBillingPeriod, isPlanId, planById, type BillingPeriod, type PlanId } from "./plans";
import { idOf, type StripeSubscription } from "../../utils/stripe.server";
import { planForPriceId } from "./prices.server";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type Status = SubscriptionRow["status"];

// ------------------------------------------------------------------ Stripe objects to state

/** What one Stripe object says about a user's subscription. */
export type IncomingState = {
  /**
   * "subscription": a subscription object (event or fetched) — ordered by `at`.
   * "invoice-failed": a failed renewal — moves an active subscription to past_due only.
   * "checkout": a completed Checkout whose subscription could not be read — ids only.
   */
  source: "subscription" | "invoice-failed" | "checkout";
  /** When Stripe created the event (or when the subscription was read). */
  at: Date;
  subscriptionId: string | null;
  customerId: string | null;
  /** null: the object says nothing about access (e.g. Stripe's `incomplete`). */
  status: Exclude<Status, "trial"> | null;
  periodEnd: Date | null;
  planId?: PlanId;
  period?: BillingPeriod;
  priceMonthlyCents?: number;
};

/** Stripe's subscription statuses in our four (docs/decisions/0403). */
export function mapStripeStatus(status: string): IncomingState["status"] {
  switch (status) {
    case "active":
    case "trialing":
      return "active";
    case "past_due":
    case "unpaid":
    case "paused":
      return "past_due";
    case "canceled":
    case "incomplete_expired":
      return "cancelled";
    default:
      // `incomplete`: the first payment is still being made; nothing changes yet.
      return null;
  }
}

const fromSeconds = (s: number | null | undefined) => (typeof s === "number" && s > 0 ? new Date(s * 1000) : null);

/**
 * A subscription object as state. The period end is read from the subscription items (API
 * 2025-03-31 and later) or from the subscription itself (earlier versions).
 */
export function stateFromSubscription(sub: StripeSubscription, at: Date): IncomingState {
  const items = sub.items?.data ?? [];
  const itemEnds = items.map((i) => i.current_period_end ?? 0).filter((n) => n > 0);
  const periodEndSeconds = itemEnds.length ? Math.max(...itemEnds) : sub.current_period_end;
  const status = mapStripeStatus(sub.status);
  const price = items[0]?.price ?? null;
  const byPrice = planForPriceId(price?.id);
  const metaPlan = sub.metadata?.plan_id;
  const metaPeriod = sub.metadata?.billing_period;
  const planId = byPrice?.planId ?? (isPlanId(metaPlan) ? metaPlan : undefined);
  let period: BillingPeriod | undefined = byPrice?.period ?? (isBillingPeriod(metaPeriod) ? metaPeriod : undefined);
  if (!period && price?.recurring?.interval) period = price.recurring.interval === "year" ? "yearly" : "monthly";
  let priceMonthlyCents: number | undefined;
  if (typeof price?.unit_amount === "number" && period) {
    priceMonthlyCents = period === "yearly" ? Math.round(price.unit_amount / 12) : price.unit_amount;
  } else if (planId && period) {
    const plan = planById(planId)!;
    priceMonthlyCents = period === "yearly" ? plan.yearlyPerMonthCents : plan.monthlyCents;
  }
  const ended = status === "cancelled" ? (fromSeconds(sub.ended_at) ?? fromSeconds(sub.canceled_at) ?? at) : null;
  return {
    source: "subscription",
    at,
    subscriptionId: sub.id,
    customerId: idOf(sub.customer),
    status,
    periodEnd: ended ?? fromSeconds(periodEndSeconds),
    planId,
    period,
    priceMonthlyCents,
  };
}

/** The subscription id of an invoice: `parent.subscription_details` (2025-03-31+) or `subscription`. */
export function invoiceSubscriptionId(invoice: Record<string, unknown>): string | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: string | { id: string } } } | null;
  return (
    idOf(parent?.subscription_details?.subscription ?? null) ??
    idOf((invoice.subscription as string | { id: string } | null) ?? null)
  );
}

// ------------------------------------------------------------------ the decision (pure)

export type Decision =
  | { kind: "apply"; set: Partial<typeof subscriptions.$inferInsert> }
  | { kind: "ignore"; reason: "stale" | "other-subscription" | "cancelled-is-final" | "not-active" | "no-subscription" };

/**
 * How one piece of Stripe state changes a user's row. Rules, in order:
 * 1. Older than the last state applied (`lastEventAt`): ignored. Ids-only checkout data has
 *    no order and never moves `lastEventAt`.
 * 2. A failed invoice only moves the same, active subscription to past_due.
 * 3. State of another subscription than the one on record only counts when it is active
 *    (a new subscription replaces a finished one; a finished one never ends a new one).
 * 4. A cancelled subscription stays cancelled: Stripe never reactivates a cancelled one.
 * 5. A state without access (past_due, cancelled) falls back to the trial while the trial lasts.
 */
export function decide(row: SubscriptionRow, s: IncomingState, now: Date): Decision {
  if (s.source === "checkout") {
    const set: Partial<typeof subscriptions.$inferInsert> = {};
    if (s.customerId) set.stripeCustomerId = s.customerId;
    // A paid subscription still running keeps its id; the new one's events will say more.
    const holdsAnother =
      !!row.stripeSubscriptionId && row.stripeSubscriptionId !== s.subscriptionId && row.status === "active" && isSubscriptionValid(row, now);
    // Nor over a finished one: the row would then call the new subscription "cancelled" and
    // ignore its own events (rule 4). The new subscription's active state replaces it (rule 3).
    const replacesFinished = row.status === "cancelled" && !!row.stripeSubscriptionId;
    if (s.subscriptionId && !holdsAnother && !replacesFinished) set.stripeSubscriptionId = s.subscriptionId;
    return { kind: "apply", set };
  }
  if (row.lastEventAt && s.at.getTime() < row.lastEventAt.getTime()) return { kind: "ignore", reason: "stale" };
  const same = !!s.subscriptionId && row.stripeSubscriptionId === s.subscriptionId;
  const other = !!row.stripeSubscriptionId && !!s.subscriptionId && !same;

  if (s.source === "invoice-failed") {
    if (!same) return { kind: "ignore", reason: other ? "other-subscription" : "no-subscription" };
    if (row.status !== "active") return { kind: "ignore", reason: "not-active" };
  }
  if (other && s.status !== "active") return { kind: "ignore", reason: "other-subscription" };
  if (same && row.status === "cancelled") return { kind: "ignore", reason: "cancelled-is-final" };

  const set: Partial<typeof subscriptions.$inferInsert> = { lastEventAt: s.at };
  if (s.subscriptionId) set.stripeSubscriptionId = s.subscriptionId;
  if (s.customerId) set.stripeCustomerId = s.customerId;
  if (s.status === "active") {
    set.status = "active";
    set.subscriptionEndDate = s.periodEnd ?? row.subscriptionEndDate;
    if (s.planId) set.planId = s.planId;
    if (s.period) set.billingPeriod = s.period;
    if (s.priceMonthlyCents !== undefined) set.priceMonthlyCents = s.priceMonthlyCents;
  } else if (s.status) {
    const trialLasts = !!row.trialEndDate && row.trialEndDate > now;
    set.status = trialLasts ? "trial" : s.status;
    if (s.status === "cancelled" || s.periodEnd) set.subscriptionEndDate = s.periodEnd ?? row.subscriptionEndDate;
  }
  return { kind: "apply", set };
}

