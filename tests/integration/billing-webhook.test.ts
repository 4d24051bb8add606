// The webhook endpoint end to end below HTTP: signed deliveries (valid, tampered, replayed,
// out of order, concurrent) into the real route action against a real libSQL file, with the
// outgoing Stripe calls answered by the local stand-in.
import { count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { stripeEvents, subscriptions } from "../../db/schema";
import { action, loader } from "../../app/routes/stripe.webhook";
import { loadAccess } from "../../app/domain/accounts/access.server";
import { processStripeEvent, type StripeEvent } from "../../app/domain/billing/subscriptions.server";
import type { Db } from "../../app/utils/db.server";
import { assertSameOrigin } from "../../app/utils/security.server";
import { createTestDb, ORIGIN } from "../support/db";
import { createProfessional } from "../support/factories";
import { callAction } from "../support/routes";
import {
  checkoutSessionObject,
  invoiceObject,
  signedWebhookRequest,
  stripeEvent,
  stripeId,
  stripeTestEnv,
  subscriptionObject,
  type StripeTestEvent,
} from "../support/stripe";
import { envOverrides } from "../support/env";
import { startStripeStandIn, type StandIn } from "../support/stripe-stand-in";

const URL_ = `${ORIGIN}/stripe/webhook`;
const DAY = 86_400;
let standIn: StandIn;
let db: Db;
let pro: { id: string; email: string };
const env = envOverrides();
const setEnv = env.set;

beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(async () => {
  await standIn.close();
  env.restore();
});
beforeEach(async () => {
  setEnv(stripeTestEnv(standIn.url));
  db = createTestDb();
  pro = await createProfessional(db);
  standIn.requests.length = 0;
});
afterEach(() => {
  db.$client.close();
});

async function deliver(event: StripeTestEvent | object, opts: Parameters<typeof signedWebhookRequest>[2] = {}) {
  const request = signedWebhookRequest(URL_, event, opts);
  const res = await callAction(action, { db, request });
  const body = res.headers.get("content-type")?.includes("json") ? await res.json() : await res.text();
  return { status: res.status, body };
}

async function row(userId = pro.id) {
  const [r] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return r!;
}

async function access(user = pro) {
  return (await loadAccess(db, { ...user, sessionId: "t" }))!.access;
}

async function eventCount() {
  const [r] = await db.select({ n: count() }).from(stripeEvents);
  return r!.n;
}

async function expireTrial(userId = pro.id) {
  await db.update(subscriptions).set({ trialEndDate: new Date(Date.now() - 60_000) }).where(eq(subscriptions.userId, userId));
}

const nowS = () => Math.floor(Date.now() / 1000);

describe("POST /stripe/webhook", () => {
  it("a signed subscription event activates the plan and restores access", async () => {
    await expireTrial();
    expect(await access()).toBe("denied");
    const end = nowS() + 30 * DAY;
    const sub = subscriptionObject({ userId: pro.id, plan: "avancado", period: "monthly", periodEnd: end });
    const res = await deliver(stripeEvent("customer.subscription.created", sub));
    expect(res).toEqual({ status: 200, body: { received: true, outcome: "applied" } });
    const r = await row();
    expect(r).toMatchObject({
      status: "active",
      planId: "avancado",
      billingPeriod: "monthly",
      priceMonthlyCents: 6990,
      stripeSubscriptionId: sub.id,
      stripeCustomerId: sub.customer,
    });
    expect(r.subscriptionEndDate?.getTime()).toBe(end * 1000);
    expect(await access()).toBe("subscription");
  });

  it("refuses a tampered body, a wrong secret, a missing signature and an old replay, changing nothing", async () => {
    const sub = subscriptionObject({ userId: pro.id });
    const event = stripeEvent("customer.subscription.created", sub);
    const before = await row();

    const good = signedWebhookRequest(URL_, event);
    const tamperedBody = (await good.text()).replace('"active"', '"trialing"');
    const tampered = new Request(URL_, { method: "POST", headers: good.headers, body: tamperedBody });
    const res1 = await callAction(action, { db, request: tampered });
    expect(res1.status).toBe(400);

    expect((await deliver(event, { secret: "whsec_not_ours" })).status).toBe(400);
    expect((await deliver(event, { timestamp: nowS() - 301 })).status).toBe(400);
    const unsigned = new Request(URL_, { method: "POST", body: JSON.stringify(event), headers: { "Content-Type": "application/json" } });
    expect((await callAction(action, { db, request: unsigned })).status).toBe(400);

    expect(await row()).toEqual(before);
    expect(await eventCount()).toBe(0);
  });

  it("a repeated event is processed once: replaying 'created' after 'deleted' does not revive it", async () => {
    const sub = subscriptionObject({ userId: pro.id });
    const created = stripeEvent("customer.subscription.created", sub, { created: nowS() - 60 });
    expect((await deliver(created)).body).toMatchObject({ outcome: "applied" });
    expect((await deliver(created)).body).toMatchObject({ outcome: "duplicate" });
    const deleted = stripeEvent("customer.subscription.deleted", { ...sub, status: "canceled", ended_at: nowS(), canceled_at: nowS() });
    await expireTrial();
    expect((await deliver(deleted)).body).toMatchObject({ outcome: "applied" });
    expect((await row()).status).toBe("cancelled");
    expect((await deliver(created)).body).toMatchObject({ outcome: "duplicate" });
    expect((await deliver(deleted)).body).toMatchObject({ outcome: "duplicate" });
    expect((await row()).status).toBe("cancelled");
    expect(await access()).toBe("denied");
    expect(await eventCount()).toBe(2);
  });

  it("out of order: an older 'active' arriving after a newer 'deleted' is ignored", async () => {
    await expireTrial();
    const sub = subscriptionObject({ userId: pro.id });
    const t = nowS();
    const deleted = stripeEvent("customer.subscription.deleted", { ...sub, status: "canceled", ended_at: t, canceled_at: t }, { created: t });
    const updated = stripeEvent("customer.subscription.updated", sub, { created: t - 30 });
    const created = stripeEvent("customer.subscription.created", sub, { created: t - 60 });
    expect((await deliver(deleted)).body).toMatchObject({ outcome: "applied" });
    expect((await deliver(updated)).body).toMatchObject({ outcome: "ignored", reason: "stale" });
    expect((await deliver(created)).body).toMatchObject({ outcome: "ignored", reason: "stale" });
    const r = await row();
    expect(r.status).toBe("cancelled");
    expect(r.lastEventAt?.getTime()).toBe(t * 1000);
    expect(await access()).toBe("denied");
  });

  it("out of order: a renewal applied first is not undone by the older period", async () => {
    const t = nowS();
    const subOld = subscriptionObject({ id: "sub_renew_1", userId: pro.id, periodEnd: t + 5 * DAY });
    const subNew = { ...subscriptionObject({ id: "sub_renew_1", userId: pro.id, periodEnd: t + 35 * DAY }) };
    await deliver(stripeEvent("customer.subscription.updated", subNew, { created: t }));
    await deliver(stripeEvent("customer.subscription.created", subOld, { created: t - 100 }));
    expect((await row()).subscriptionEndDate?.getTime()).toBe((t + 35 * DAY) * 1000);
  });

  it("invoice.payment_failed puts an active subscription in past_due and access is lost", async () => {
    await expireTrial();
    const sub = subscriptionObject({ userId: pro.id });
    await deliver(stripeEvent("customer.subscription.created", sub, { created: nowS() - 10 }));
    expect(await access()).toBe("subscription");
    const invoice = invoiceObject({ subscription: String(sub.id), customer: String(sub.customer), userId: pro.id });
    expect((await deliver(stripeEvent("invoice.payment_failed", invoice))).body).toMatchObject({ outcome: "applied" });
    expect((await row()).status).toBe("past_due");
    expect(await access()).toBe("denied");
    // Paid on a retry: Stripe says active again.
    await deliver(stripeEvent("customer.subscription.updated", sub, { created: nowS() + 1 }));
    expect((await row()).status).toBe("active");
  });

  it("an invoice in the older shape finds its user by subscription id", async () => {
    await expireTrial();
    const sub = subscriptionObject({ userId: pro.id });
    await deliver(stripeEvent("customer.subscription.created", sub, { created: nowS() - 10 }));
    const invoice = invoiceObject({ subscription: String(sub.id), customer: String(sub.customer), legacyShape: true });
    expect((await deliver(stripeEvent("invoice.payment_failed", invoice))).body).toMatchObject({ outcome: "applied" });
    expect((await row()).status).toBe("past_due");
  });

  it("checkout.session.completed reads the subscription from Stripe and opens access at once", async () => {
    await expireTrial();
    const sub = subscriptionObject({ userId: pro.id, plan: "essencial", period: "yearly" });
    standIn.subscriptions.set(String(sub.id), sub);
    const session = checkoutSessionObject({ userId: pro.id, customer: String(sub.customer), subscription: String(sub.id), plan: "essencial", period: "yearly" });
    expect((await deliver(stripeEvent("checkout.session.completed", session))).body).toMatchObject({ outcome: "applied" });
    expect(await row()).toMatchObject({ status: "active", planId: "essencial", billingPeriod: "yearly", stripeCustomerId: sub.customer });
    expect(await access()).toBe("subscription");
    expect(standIn.requests).toEqual([
      expect.objectContaining({ method: "GET", path: `/v1/subscriptions/${sub.id}`, authorization: "Bearer sk_test_agendo_stand_in" }),
    ]);
  });

  it("a Checkout naming a user only through client_reference_id (a Payment Link anyone can fill) changes nothing", async () => {
    const sub = subscriptionObject({ userId: "someone-else" });
    standIn.subscriptions.set(String(sub.id), sub);
    const before = await row();
    const forged = { ...checkoutSessionObject({ userId: pro.id, customer: String(sub.customer), subscription: String(sub.id) }), metadata: {} };
    await deliver(stripeEvent("checkout.session.completed", forged));
    expect(await row()).toEqual(before);
  });

  it("checkout.session.completed whose subscription Stripe cannot give records the ids; the older 'created' still applies", async () => {
    await expireTrial();
    const t = nowS();
    const sub = subscriptionObject({ userId: pro.id });
    const session = checkoutSessionObject({ userId: pro.id, customer: String(sub.customer), subscription: String(sub.id) });
    // The stand-in does not know this subscription: GET answers 404.
    expect((await deliver(stripeEvent("checkout.session.completed", session, { created: t }))).body).toMatchObject({ outcome: "applied" });
    expect(await row()).toMatchObject({ status: "trial", stripeSubscriptionId: sub.id, stripeCustomerId: sub.customer, lastEventAt: null });
    expect((await deliver(stripeEvent("customer.subscription.created", sub, { created: t - 2 }))).body).toMatchObject({ outcome: "applied" });
    expect((await row()).status).toBe("active");
  });

  it("a subscription event without our metadata finds the user by customer id", async () => {
    await db.update(subscriptions).set({ stripeCustomerId: "cus_known" }).where(eq(subscriptions.userId, pro.id));
    const sub = subscriptionObject({ customer: "cus_known" });
    expect((await deliver(stripeEvent("customer.subscription.created", sub))).body).toMatchObject({ outcome: "applied" });
    expect((await row()).status).toBe("active");
  });

  it("events of unknown users and of other types answer 200 and change nothing", async () => {
    const before = await row();
    const stranger = subscriptionObject({ userId: crypto.randomUUID() });
    expect(await deliver(stripeEvent("customer.subscription.created", stranger))).toEqual({
      status: 200,
      body: { received: true, outcome: "ignored", reason: "unknown-user" },
    });
    expect((await deliver(stripeEvent("charge.refunded", { id: "ch_1", object: "charge" }))).body).toMatchObject({
      outcome: "ignored",
      reason: "unhandled-type",
    });
    expect(await row()).toEqual(before);
  });

  it("the same event delivered concurrently is applied exactly once", async () => {
    await expireTrial();
    const sub = subscriptionObject({ userId: pro.id });
    const event = stripeEvent("customer.subscription.created", sub);
    const results = await Promise.all(Array.from({ length: 6 }, () => deliver(event)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const outcomes = results.map((r) => (r.body as { outcome: string }).outcome);
    expect(outcomes.filter((o) => o === "applied")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "duplicate")).toHaveLength(5);
    expect(await eventCount()).toBe(1);
    expect((await row()).status).toBe("active");
  });

  it("different events racing end in the newest state", async () => {
    await expireTrial();
    const t = nowS();
    const sub = subscriptionObject({ userId: pro.id });
    const events = [
      stripeEvent("customer.subscription.created", sub, { created: t - 3 }),
      stripeEvent("customer.subscription.updated", sub, { created: t - 2 }),
      stripeEvent("customer.subscription.deleted", { ...sub, status: "canceled", ended_at: t, canceled_at: t }, { created: t }),
      stripeEvent("customer.subscription.updated", sub, { created: t - 1 }),
    ];
    await Promise.all(events.map((e) => deliver(e)));
    expect((await row()).status).toBe("cancelled");
  });

  it("stops reading a body without a length past 512 KiB (413)", async () => {
    const chunk = new Uint8Array(64 * 1024).fill(32);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 20) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const request = new Request(URL_, { method: "POST", body, duplex: "half", headers: { "Stripe-Signature": "t=1,v1=00" } } as RequestInit);
    const res = await callAction(action, { db, request });
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(20);
  });

  it("answers 400 to a signed body that is not a Stripe event", async () => {
    expect((await deliver({ hello: "world" })).status).toBe(400);
    const request = new Request(URL_, {
      method: "POST",
      body: "not json",
      headers: { "Stripe-Signature": (await import("../support/stripe")).signatureHeader("not json") },
    });
    expect((await callAction(action, { db, request })).status).toBe(400);
  });

  it("answers 404 when this environment has no webhook secret, and 405 to GET", async () => {
    setEnv({ STRIPE_WEBHOOK_SECRET: undefined });
    const sub = subscriptionObject({ userId: pro.id });
    expect((await deliver(stripeEvent("customer.subscription.created", sub))).status).toBe(404);
    expect((await row()).status).toBe("trial");
    const res = loader() as Response;
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });

  it("Stripe's server-to-server POST (no Origin, no Sec-Fetch-Site) passes the cross-site check", () => {
    const request = signedWebhookRequest(URL_, stripeEvent("customer.subscription.created", subscriptionObject()));
    expect(request.headers.get("origin")).toBeNull();
    expect(() => assertSameOrigin(request)).not.toThrow();
  });
});

describe("processStripeEvent", () => {
  it("a non-subscription checkout is recorded and ignored", async () => {
    const session = { ...checkoutSessionObject({ userId: pro.id }), mode: "payment", subscription: null };
    const event = stripeEvent("checkout.session.completed", session) as unknown as StripeEvent;
    expect(await processStripeEvent(db, event)).toEqual({ outcome: "ignored", reason: "not-a-subscription" });
    expect(await processStripeEvent(db, event)).toEqual({ outcome: "duplicate" });
  });

  it("a customer's second subscription replaces a cancelled first one, and the first's late events do nothing", async () => {
    await expireTrial();
    const t = nowS();
    const first = subscriptionObject({ id: stripeId("sub"), userId: pro.id, customer: "cus_same" });
    const second = subscriptionObject({ id: stripeId("sub"), userId: pro.id, customer: "cus_same" });
    const run = (e: StripeTestEvent) => processStripeEvent(db, e as unknown as StripeEvent);
    await run(stripeEvent("customer.subscription.created", first, { created: t - 100 }));
    await run(stripeEvent("customer.subscription.deleted", { ...first, status: "canceled", ended_at: t - 50 }, { created: t - 50 }));
    expect((await row()).status).toBe("cancelled");
    expect(await run(stripeEvent("customer.subscription.created", second, { created: t - 10 }))).toMatchObject({ outcome: "applied" });
    expect(await row()).toMatchObject({ status: "active", stripeSubscriptionId: second.id });
    // A late 'deleted' for the first subscription, even newer, does not end the second.
    const late = stripeEvent("customer.subscription.deleted", { ...first, status: "canceled", ended_at: t - 50 }, { created: t });
    expect(await run(late)).toMatchObject({ outcome: "ignored", reason: "other-subscription" });
    expect((await row()).status).toBe("active");
  });
});
