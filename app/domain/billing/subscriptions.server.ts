// Stripe events applied to `subscriptions`, idempotently and in order (docs/decisions/0403):
// each event is read as state, decided on (subscription-decision.ts) and written only if the row
// is still as it was read.
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { stripeEvents, subscriptions } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import {
  idOf,
  retrieveCheckoutSession,
  retrieveSubscription,
  stripeConfigured,
  type CheckoutSession,
  type StripeSubscription,
} from "../../utils/stripe.server";
import {
  decide,
  invoiceSubscriptionId,
  stateFromSubscription,
  type Decision,
  type IncomingState,
  type SubscriptionRow,
} from "./subscription-decision";

/** The user's subscription row, if any. */
export async function findSubscription(db: Db, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row ?? null;
}

/** The row a Stripe object belongs to: by our user id in metadata, else by Stripe's ids. */
async function findRow(db: Db, hint: { userId?: string | null; subscriptionId?: string | null; customerId?: string | null }) {
  const tries: SQL[] = [];
  if (hint.userId) tries.push(eq(subscriptions.userId, hint.userId));
  else {
    if (hint.subscriptionId) tries.push(eq(subscriptions.stripeSubscriptionId, hint.subscriptionId));
    if (hint.customerId) tries.push(eq(subscriptions.stripeCustomerId, hint.customerId));
  }
  for (const where of tries) {
    const [row] = await db.select().from(subscriptions).where(where).limit(1);
    if (row) return row;
  }
  return null;
}

const is = <T,>(column: Parameters<typeof eq>[0], value: T | null) =>
  value === null ? isNull(column) : eq(column, value as never);

/**
 * Writes a decision only if the row is still as it was read (optimistic check on the fields
 * the decision depends on) and, in the same atomic batch, records the event id — but only
 * when the update took (`changes() > 0`). A duplicate delivery racing this one fails on the
 * event id's primary key and the whole batch rolls back.
 */
async function write(db: Db, row: SubscriptionRow, set: Decision & { kind: "apply" }, event: { id: string; type: string } | null) {
  const update = db
    .update(subscriptions)
    .set(set.set)
    .where(
      and(
        eq(subscriptions.id, row.id),
        eq(subscriptions.status, row.status),
        is(subscriptions.lastEventAt, row.lastEventAt),
        is(subscriptions.stripeSubscriptionId, row.stripeSubscriptionId),
        is(subscriptions.stripeCustomerId, row.stripeCustomerId),
      ),
    );
  if (!event) return (await update).rowsAffected > 0;
  const now = Date.now();
  const [result] = await db.batch([
    update,
    db.run(
      sql`INSERT INTO ${stripeEvents} (id, type, created_at, updated_at) SELECT ${event.id}, ${event.type}, ${now}, ${now} WHERE changes() > 0`,
    ),
  ]);
  return result.rowsAffected > 0;
}

async function recordEvent(db: Db, event: { id: string; type: string }) {
  await db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
}

async function alreadyProcessed(db: Db, id: string) {
  const [row] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, id));
  return !!row;
}

function isUniqueViolation(error: unknown) {
  const text = String(error) + String((error as { cause?: unknown })?.cause ?? "");
  return /UNIQUE|PRIMARY KEY|SQLITE_CONSTRAINT/i.test(text);
}

export type StripeEvent = {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
};

export type ProcessResult = {
  outcome: "applied" | "ignored" | "duplicate";
  reason?: string;
  userId?: string;
};

export const HANDLED_EVENTS = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.payment_failed",
] as const;

type Options = {
  now?: Date;
  /** Reads a subscription from Stripe (default: the API, when a secret key is set). */
  fetchSubscription?: (id: string) => Promise<StripeSubscription>;
};

/**
 * Whose Checkout this was: our own metadata (only the secret key can set it), matching
 * client_reference_id when there is one. client_reference_id alone is not trusted: a Payment
 * Link or Pricing Table lets anyone set it, and user ids are public (booking links).
 */
function sessionUserId(session: CheckoutSession): string | null {
  const fromMeta = session.metadata?.user_id;
  if (!fromMeta) return null;
  return !session.client_reference_id || session.client_reference_id === fromMeta ? fromMeta : null;
}

/** The state an event carries, and how to find its user. */
async function readEvent(event: StripeEvent, opts: Options, now: Date) {
  const object = event.data.object;
  const at = new Date(event.created * 1000);
  if (event.type === "checkout.session.completed") {
    const session = object as CheckoutSession;
    if (session.mode !== "subscription") return null;
    const subscriptionId = idOf(session.subscription as string | { id: string } | null);
    const hint = {
      userId: sessionUserId(session),
      subscriptionId,
      customerId: idOf(session.customer),
    };
    // The session does not say until when the subscription runs: read it, so access opens as
    // soon as Checkout completes whichever subscription event arrives first.
    const fetch = opts.fetchSubscription ?? (stripeConfigured() ? retrieveSubscription : null);
    if (subscriptionId && fetch) {
      try {
        const sub = await fetch(subscriptionId);
        return { hint, state: { ...stateFromSubscription(sub, now), customerId: hint.customerId ?? idOf(sub.customer) } };
      } catch (error) {
        console.error("stripe: reading subscription after checkout failed", subscriptionId, error);
      }
    }
    const state: IncomingState = {
      source: "checkout",
      at,
      subscriptionId,
      customerId: hint.customerId,
      status: null,
      periodEnd: null,
    };
    return { hint, state };
  }
  if (event.type.startsWith("customer.subscription.")) {
    const sub = object as unknown as StripeSubscription;
    const state = stateFromSubscription(sub, at);
    return { hint: { userId: sub.metadata?.user_id || null, subscriptionId: sub.id, customerId: state.customerId }, state };
  }
  if (event.type === "invoice.payment_failed") {
    const subscriptionId = invoiceSubscriptionId(object);
    const customerId = idOf(object.customer as string | { id: string } | null);
    const parent = object.parent as { subscription_details?: { metadata?: Record<string, string> } } | null;
    const state: IncomingState = {
      source: "invoice-failed",
      at,
      subscriptionId,
      customerId,
      status: "past_due",
      periodEnd: null,
    };
    return { hint: { userId: parent?.subscription_details?.metadata?.user_id || null, subscriptionId, customerId }, state };
  }
  return null;
}

/**
 * Applies one verified Stripe event. Safe to call any number of times with the same event and
 * with events in any order: a processed event id is skipped, an older state never overwrites a
 * newer one, and concurrent deliveries are settled by the database (see `write`).
 */
export async function processStripeEvent(db: Db, event: StripeEvent, opts: Options = {}): Promise<ProcessResult> {
  const now = opts.now ?? new Date();
  if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) return { outcome: "ignored", reason: "unhandled-type" };
  if (await alreadyProcessed(db, event.id)) return { outcome: "duplicate" };
  const read = await readEvent(event, opts, now);
  if (!read) {
    await recordEvent(db, event);
    return { outcome: "ignored", reason: "not-a-subscription" };
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await findRow(db, read.hint);
    if (!row) {
      await recordEvent(db, event);
      return { outcome: "ignored", reason: "unknown-user" };
    }
    const decision = decide(row, read.state, now);
    if (decision.kind === "ignore") {
      await recordEvent(db, event);
      return { outcome: "ignored", reason: decision.reason, userId: row.userId };
    }
    try {
      if (await write(db, row, decision, event)) return { outcome: "applied", userId: row.userId };
    } catch (error) {
      if (isUniqueViolation(error)) return { outcome: "duplicate" };
      throw error;
    }
    // The row changed between our read and write: read it again and decide again.
    if (await alreadyProcessed(db, event.id)) return { outcome: "duplicate" };
  }
  throw new Error(`stripe event ${event.id}: row kept changing`);
}

/**
 * Back from Checkout (`?checkout=sucesso&session_id=...`): reads the session and its
 * subscription and applies them at once, so the user need not wait for the webhook. Only a
 * session of this user counts. Returns whether the row changed.
 */
export async function syncCheckoutReturn(db: Db, userId: string, sessionId: string, now = new Date()) {
  if (!stripeConfigured() || !/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) return false;
  try {
    const session = await retrieveCheckoutSession(sessionId);
    if (sessionUserId(session) !== userId || session.mode !== "subscription") return false;
    let sub = session.subscription;
    if (!sub) return false;
    if (typeof sub === "string") sub = await retrieveSubscription(sub);
    const state = { ...stateFromSubscription(sub, now), customerId: idOf(session.customer) ?? idOf(sub.customer) };
    for (let attempt = 0; attempt < 3; attempt++) {
      const row = await findRow(db, { userId });
      if (!row) return false;
      const decision = decide(row, state, now);
      if (decision.kind === "ignore") return false;
      if (await write(db, row, decision, null)) return true;
    }
  } catch (error) {
    console.error("stripe: reading the checkout session on return failed", sessionId, error);
  }
  return false;
}

