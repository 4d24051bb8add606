// Stripe events applied to `subscriptions`, idempotently and in order (docs/decisions/0403),
// and the plans screens' checkout and portal actions (docs/decisions/0404).
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { redirect } from "react-router";
import { stripeEvents, subscriptions } from "../../../db/schema";
import { isSubscriptionValid, trialDaysLeft } from "../accounts/access";
import type { Db } from "../../utils/db.server";
import { appUrl, env } from "../../utils/env.server";
import {
  isBillingPeriod,
  isPlanId,
  PAYMENTS_NOT_CONFIGURED,
  PLANS,
  planById,
  type BillingPeriod,
  type PlanId,
} from "./plans";
import {
  checkoutAvailable,
  createCheckoutSession,
  createPortalSession,
  idOf,
  planForPriceId,
  priceIdFor,
  retrieveCheckoutSession,
  retrieveSubscription,
  stripeConfigured,
  type CheckoutSession,
  type StripeSubscription,
} from "../../utils/stripe.server";
import { redirectWithToast } from "../../utils/toast.server";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type Status = SubscriptionRow["status"];

// ------------------------------------------------------------------ messages (spec section 8)

export const CHECKOUT_ERROR_TITLE = "Erro ao processar pagamento";
export const CHECKOUT_NO_URL = "URL de checkout não recebida";
export const CHECKOUT_FAILED = "Não foi possível iniciar o pagamento. Tente novamente em instantes.";
export const PORTAL_ERROR = "Erro ao abrir gerenciamento de assinatura. Tente novamente.";
export { PAYMENTS_NOT_CONFIGURED };

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

// ------------------------------------------------------------------ applying

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

// ------------------------------------------------------------------ the plans screens

export type PlanUser = { id: string; email: string };

export function periodFromSearch(value: string | null): BillingPeriod {
  return value === "anual" ? "yearly" : "monthly";
}

export function subscriptionStatusLabel(row: SubscriptionRow | null, now: Date) {
  if (!row) return "Sem assinatura";
  if (row.status === "trial") return trialDaysLeft(row, now) > 0 ? "Período grátis" : "Período grátis encerrado";
  if (row.status === "active") return isSubscriptionValid(row, now) ? "Ativa" : "Expirada";
  if (row.status === "past_due") return "Pagamento pendente";
  return "Cancelada";
}

function formatDay(date: Date | null, timeZone: string) {
  if (!date) return null;
  return new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit", year: "numeric", timeZone }).format(date);
}

/** Everything the plans catalogue and the current-plan card show (shared by both screens). */
export function plansView(row: SubscriptionRow | null, opts: { now: Date; timeZone: string; search: URLSearchParams }) {
  const { now, timeZone, search } = opts;
  const activeValid = row?.status === "active" && isSubscriptionValid(row, now);
  const param = search.get("checkout");
  const checkout: "sucesso" | "cancelado" | null = param === "sucesso" || param === "cancelado" ? param : null;
  return {
    configured: checkoutAvailable(),
    period: periodFromSearch(search.get("periodo")),
    available: Object.fromEntries(
      PLANS.map((p) => [p.id, { monthly: !!priceIdFor(p.id, "monthly"), yearly: !!priceIdFor(p.id, "yearly") }]),
    ) as Record<PlanId, Record<BillingPeriod, boolean>>,
    current: {
      planId: activeValid ? (row!.planId as string) : null,
      planName: !row || row.status === "trial" ? "Período grátis" : (planById(row.planId)?.name ?? "Sem plano"),
      billingPeriod: activeValid ? row!.billingPeriod : null,
      status: row?.status ?? null,
      statusLabel: subscriptionStatusLabel(row, now),
      premium: row?.status === "active",
      activeValid,
      trialDaysLeft: trialDaysLeft(row, now),
      trialEnds: row?.status === "trial" ? formatDay(row.trialEndDate, timeZone) : null,
      periodEnds: row?.status === "active" || row?.status === "cancelled" ? formatDay(row.subscriptionEndDate, timeZone) : null,
      priceMonthlyCents: activeValid ? row!.priceMonthlyCents : null,
      canManage: !!row?.stripeCustomerId && stripeConfigured(),
    },
    checkout,
    confirmed: checkout === "sucesso" && activeValid,
    /** Back from Checkout before the webhook: reload every 5 s for about a minute. */
    refreshTo: checkout === "sucesso" && !activeValid ? nextRefresh(search) : null,
  };
}

const REFRESH_TRIES = 12;

function nextRefresh(search: URLSearchParams) {
  const n = Number(search.get("n") ?? "0");
  if (!Number.isInteger(n) || n >= REFRESH_TRIES) return null;
  const next = new URLSearchParams();
  for (const key of ["checkout", "session_id", "periodo"]) {
    const value = search.get(key);
    if (value) next.set(key, value);
  }
  next.set("n", String(n + 1));
  return `?${next}`;
}

export type PlansView = ReturnType<typeof plansView>;

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== "string") return false;
  try {
    const u = new URL(value);
    return u.protocol === "https:" || u.protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * The plans screens' form: `intent=checkout` (with `plan` and `period`) opens Stripe Checkout,
 * `intent=portal` the Customer Portal. Failures come back to `returnPath` as a toast with the
 * spec's messages; success is a redirect to Stripe.
 */
export async function plansAction(request: Request, db: Db, user: PlanUser, returnPath: string) {
  const form = await request.formData().catch(() => null);
  const intent = form?.get("intent");
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
  const back = (toast: Parameters<typeof redirectWithToast>[2]) => redirectWithToast(request, returnPath, toast);
  const origin = appUrl();

  if (intent === "portal") {
    if (!row?.stripeCustomerId || !stripeConfigured()) return back({ type: "error", title: "Erro", description: PORTAL_ERROR });
    try {
      const portal = await createPortalSession(row.stripeCustomerId, `${origin}${returnPath}`);
      if (!isHttpUrl(portal.url)) throw new Error("portal session without url");
      return redirect(portal.url, 303);
    } catch (error) {
      console.error("stripe: customer portal failed", error);
      return back({ type: "error", title: "Erro", description: PORTAL_ERROR });
    }
  }

  if (intent === "checkout") {
    const planId = form?.get("plan");
    const period = form?.get("period");
    if (!isPlanId(planId) || !isBillingPeriod(period)) {
      return back({ type: "error", title: CHECKOUT_ERROR_TITLE, description: "Escolha um plano e um período." });
    }
    const priceId = priceIdFor(planId, period);
    if (!checkoutAvailable() || !priceId) {
      return back({ type: "error", title: CHECKOUT_ERROR_TITLE, description: PAYMENTS_NOT_CONFIGURED });
    }
    const now = new Date();
    if (row?.status === "active" && isSubscriptionValid(row, now)) {
      return back({
        type: "info",
        title: "Você já tem uma assinatura ativa",
        description: "Para trocar de plano ou cancelar, use 'Gerenciar assinatura'.",
      });
    }
    // Stripe keeps retrying a past-due subscription: a second one could bill twice. The card
    // is fixed (or the subscription cancelled) in the Customer Portal.
    if (row?.status === "past_due" && row.stripeSubscriptionId) {
      return back({
        type: "info",
        title: "Sua assinatura tem um pagamento pendente",
        description: "Atualize o cartão ou cancele em 'Gerenciar assinatura' antes de assinar de novo.",
      });
    }
    const periodParam = period === "yearly" ? "&periodo=anual" : "";
    try {
      const session = await createCheckoutSession({
        priceId,
        userId: user.id,
        email: user.email,
        customerId: row?.stripeCustomerId,
        planId,
        period,
        successUrl: `${origin}${returnPath}?checkout=sucesso&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${origin}${returnPath}?checkout=cancelado${periodParam}`,
      });
      if (!isHttpUrl(session.url)) {
        return back({ type: "error", title: CHECKOUT_ERROR_TITLE, description: CHECKOUT_NO_URL });
      }
      return redirect(session.url, 303);
    } catch (error) {
      console.error("stripe: checkout session failed", error);
      return back({ type: "error", title: CHECKOUT_ERROR_TITLE, description: CHECKOUT_FAILED });
    }
  }

  return back({ type: "error", title: "Erro", description: "Ação desconhecida." });
}
