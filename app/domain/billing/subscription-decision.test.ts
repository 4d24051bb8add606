// The pure part of webhook handling: Stripe objects read as state, and how one state changes a
// subscription row whatever order the events arrive in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { subscriptions } from "../../../db/schema";
import {
  decide,
  invoiceSubscriptionId,
  mapStripeStatus,
  stateFromSubscription,
  type IncomingState,
} from "./subscription-decision";
import type { StripeSubscription } from "../../utils/stripe.server";
import { envOverrides } from "../../../tests/support/env";
import { invoiceObject, stripeTestEnv, subscriptionObject } from "../../../tests/support/stripe";

type Row = typeof subscriptions.$inferSelect;
const DAY = 86_400_000;
const now = new Date("2025-06-10T12:00:00.000Z");
const sec = (d: Date) => Math.floor(d.getTime() / 1000);
const later = (ms: number) => new Date(now.getTime() + ms);

const env = envOverrides();
beforeAll(() => env.set(stripeTestEnv("http://127.0.0.1:9")));
afterAll(() => env.restore());

function row(over: Partial<Row> = {}): Row {
  return {
    id: "row1",
    userId: "user1",
    status: "trial",
    planId: "trial",
    billingPeriod: null,
    trialStartDate: later(-8 * DAY),
    trialEndDate: later(-1 * DAY),
    subscriptionEndDate: null,
    priceMonthlyCents: 0,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    lastEventAt: null,
    createdAt: later(-8 * DAY),
    updatedAt: later(-8 * DAY),
    ...over,
  };
}

function state(over: Partial<IncomingState> = {}): IncomingState {
  return {
    source: "subscription",
    at: now,
    subscriptionId: "sub_A",
    customerId: "cus_1",
    status: "active",
    periodEnd: later(30 * DAY),
    planId: "profissional",
    period: "monthly",
    priceMonthlyCents: 8990,
    ...over,
  };
}

describe("mapStripeStatus", () => {
  it("maps Stripe's statuses to ours", () => {
    expect(mapStripeStatus("active")).toBe("active");
    expect(mapStripeStatus("trialing")).toBe("active");
    expect(mapStripeStatus("past_due")).toBe("past_due");
    expect(mapStripeStatus("unpaid")).toBe("past_due");
    expect(mapStripeStatus("paused")).toBe("past_due");
    expect(mapStripeStatus("canceled")).toBe("cancelled");
    expect(mapStripeStatus("incomplete_expired")).toBe("cancelled");
    expect(mapStripeStatus("incomplete")).toBeNull();
    expect(mapStripeStatus("something_new")).toBeNull();
  });
});

describe("stateFromSubscription", () => {
  it("reads the period end from the items (API 2025-03-31+) and the plan from the configured price", () => {
    const end = sec(later(365 * DAY));
    const sub = subscriptionObject({ id: "sub_X", customer: "cus_X", plan: "essencial", period: "yearly", periodEnd: end });
    const s = stateFromSubscription(sub as unknown as StripeSubscription, now);
    expect(s).toMatchObject({
      subscriptionId: "sub_X",
      customerId: "cus_X",
      status: "active",
      planId: "essencial",
      period: "yearly",
      priceMonthlyCents: Math.round(47990 / 12),
    });
    expect(s.periodEnd?.getTime()).toBe(end * 1000);
  });

  it("reads the period end from the subscription in older API versions", () => {
    const end = sec(later(30 * DAY));
    const sub = subscriptionObject({ periodEnd: end, legacyShape: true });
    expect(stateFromSubscription(sub as unknown as StripeSubscription, now).periodEnd?.getTime()).toBe(end * 1000);
  });

  it("a cancelled subscription ends when Stripe ended it", () => {
    const ended = sec(later(-DAY));
    const sub = subscriptionObject({ status: "canceled", endedAt: ended, canceledAt: ended });
    const s = stateFromSubscription(sub as unknown as StripeSubscription, now);
    expect(s.status).toBe("cancelled");
    expect(s.periodEnd?.getTime()).toBe(ended * 1000);
  });

  it("falls back to metadata when the price is not configured here", () => {
    const sub = subscriptionObject({ userId: "u1", plan: "avancado", period: "monthly" }) as Record<string, unknown>;
    const items = sub.items as { data: { price: { id: string } }[] };
    items.data[0]!.price.id = "price_from_another_environment";
    const s = stateFromSubscription(sub as unknown as StripeSubscription, now);
    expect(s.planId).toBe("avancado");
    expect(s.period).toBe("monthly");
    expect(s.priceMonthlyCents).toBe(6990);
  });
});

describe("invoiceSubscriptionId", () => {
  it("reads both invoice shapes", () => {
    expect(invoiceSubscriptionId(invoiceObject({ subscription: "sub_N", customer: "cus_1" }))).toBe("sub_N");
    expect(invoiceSubscriptionId(invoiceObject({ subscription: "sub_O", customer: "cus_1", legacyShape: true }))).toBe("sub_O");
    expect(invoiceSubscriptionId({ id: "in_1" })).toBeNull();
  });
});

describe("decide", () => {
  it("an active subscription activates an expired trial with plan, period, price and period end", () => {
    const d = decide(row(), state(), now);
    expect(d).toEqual({
      kind: "apply",
      set: {
        lastEventAt: now,
        stripeSubscriptionId: "sub_A",
        stripeCustomerId: "cus_1",
        status: "active",
        subscriptionEndDate: later(30 * DAY),
        planId: "profissional",
        billingPeriod: "monthly",
        priceMonthlyCents: 8990,
      },
    });
  });

  it("ignores a state older than the last one applied (out of order)", () => {
    const r = row({ status: "cancelled", stripeSubscriptionId: "sub_A", lastEventAt: later(10_000) });
    expect(decide(r, state({ at: now }), now)).toEqual({ kind: "ignore", reason: "stale" });
  });

  it("applies a state from the same second as the last one", () => {
    const r = row({ status: "active", stripeSubscriptionId: "sub_A", lastEventAt: now, subscriptionEndDate: later(DAY) });
    expect(decide(r, state({ status: "past_due" }), now)).toMatchObject({ kind: "apply", set: { status: "past_due" } });
  });

  it("a cancelled subscription is final even if an 'active' state of the same second comes after", () => {
    const r = row({ status: "cancelled", stripeSubscriptionId: "sub_A", lastEventAt: now });
    expect(decide(r, state({ at: now }), now)).toEqual({ kind: "ignore", reason: "cancelled-is-final" });
  });

  it("a finished old subscription never ends a new one; a new active one replaces an old one", () => {
    const r = row({ status: "active", stripeSubscriptionId: "sub_B", subscriptionEndDate: later(30 * DAY) });
    expect(decide(r, state({ subscriptionId: "sub_A", status: "cancelled" }), now)).toEqual({
      kind: "ignore",
      reason: "other-subscription",
    });
    const old = row({ status: "cancelled", stripeSubscriptionId: "sub_A" });
    expect(decide(old, state({ subscriptionId: "sub_B" }), now)).toMatchObject({
      kind: "apply",
      set: { status: "active", stripeSubscriptionId: "sub_B" },
    });
  });

  it("a failed invoice moves only the same active subscription to past_due", () => {
    const failed = state({ source: "invoice-failed", status: "past_due", periodEnd: null, planId: undefined, period: undefined, priceMonthlyCents: undefined });
    const active = row({ status: "active", stripeSubscriptionId: "sub_A", subscriptionEndDate: later(DAY) });
    expect(decide(active, failed, now)).toEqual({
      kind: "apply",
      set: { lastEventAt: now, stripeSubscriptionId: "sub_A", stripeCustomerId: "cus_1", status: "past_due" },
    });
    expect(decide(row(), failed, now)).toEqual({ kind: "ignore", reason: "no-subscription" });
    expect(decide({ ...active, stripeSubscriptionId: "sub_Z" }, failed, now)).toEqual({ kind: "ignore", reason: "other-subscription" });
    expect(decide({ ...active, status: "cancelled" }, failed, now)).toEqual({ kind: "ignore", reason: "not-active" });
  });

  it("a lapsed or cancelled subscription falls back to the trial while the trial lasts", () => {
    const r = row({ status: "active", stripeSubscriptionId: "sub_A", trialEndDate: later(3 * DAY), subscriptionEndDate: later(30 * DAY) });
    expect(decide(r, state({ status: "cancelled", periodEnd: now }), now)).toMatchObject({
      kind: "apply",
      set: { status: "trial", subscriptionEndDate: now },
    });
    expect(decide(r, state({ status: "past_due" }), now)).toMatchObject({ kind: "apply", set: { status: "trial" } });
  });

  it("an incomplete subscription records its ids but changes no access", () => {
    const d = decide(row(), state({ status: null }), now);
    expect(d).toEqual({ kind: "apply", set: { lastEventAt: now, stripeSubscriptionId: "sub_A", stripeCustomerId: "cus_1" } });
  });

  it("checkout data without the subscription records ids only and never moves the order mark", () => {
    const ids = state({ source: "checkout", status: null, periodEnd: null, at: later(-DAY) });
    const r = row({ lastEventAt: now });
    expect(decide(r, ids, now)).toEqual({ kind: "apply", set: { stripeCustomerId: "cus_1", stripeSubscriptionId: "sub_A" } });
    // A running paid subscription keeps its id.
    const paying = row({ status: "active", stripeSubscriptionId: "sub_Z", subscriptionEndDate: later(DAY) });
    expect(decide(paying, ids, now)).toEqual({ kind: "apply", set: { stripeCustomerId: "cus_1" } });
    // Nor does a finished one take the new id: the new subscription's own active event must
    // still count, not be ignored as "cancelled is final".
    const returning = row({ status: "cancelled", stripeSubscriptionId: "sub_Z", subscriptionEndDate: later(-DAY) });
    const afterIds = decide(returning, ids, now);
    expect(afterIds).toEqual({ kind: "apply", set: { stripeCustomerId: "cus_1" } });
    const active = state({ subscriptionId: "sub_A", status: "active", periodEnd: later(30 * DAY), at: now });
    expect(decide(returning, active, now)).toMatchObject({ kind: "apply", set: { status: "active", stripeSubscriptionId: "sub_A" } });
  });
});
