// Stripe's side of the contract for tests: the webhook signature (computed here with
// node:crypto, independently of the app's WebCrypto code) and event objects shaped like the
// ones Stripe sends (API 2025-03-31 and later: the billing period lives on the subscription
// items). Importable from any test file: vitest, Playwright tests and playwright.config.ts.
import { createHmac, randomBytes } from "node:crypto";
import { E2E_PORT } from "../e2e/env";

/** The webhook signing secret every test environment uses (never a real one). */
export const TEST_WEBHOOK_SECRET = "whsec_agendo_test_0123456789abcdef";
export const TEST_SECRET_KEY = "sk_test_agendo_stand_in";

/** Where the e2e stand-in for api.stripe.com listens (beside the e2e app's own port). */
export const STANDIN_PORT = Number(process.env.STRIPE_STANDIN_PORT ?? E2E_PORT + 2000);

export const TEST_PRICES = {
  essencial: { monthly: "price_test_essencial_monthly", yearly: "price_test_essencial_yearly" },
  avancado: { monthly: "price_test_avancado_monthly", yearly: "price_test_avancado_yearly" },
  profissional: { monthly: "price_test_profissional_monthly", yearly: "price_test_profissional_yearly" },
  enterprise: { monthly: "price_test_enterprise_monthly", yearly: "price_test_enterprise_yearly" },
} as const;

export type TestPlan = keyof typeof TEST_PRICES;
export type TestPeriod = "monthly" | "yearly";

/** Amounts of the test prices in centavos (BRL), as the catalogue of docs/product/spec.md §9. */
export const TEST_AMOUNTS: Record<TestPlan, Record<TestPeriod, number>> = {
  essencial: { monthly: 4990, yearly: 47990 },
  avancado: { monthly: 6990, yearly: 66990 },
  profissional: { monthly: 8990, yearly: 86790 },
  enterprise: { monthly: 11990, yearly: 115990 },
};

/** The app's environment variables for Stripe pointed at a stand-in. */
export function stripeTestEnv(apiBase: string): Record<string, string> {
  const env: Record<string, string> = {
    STRIPE_SECRET_KEY: TEST_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    STRIPE_API_BASE: apiBase,
  };
  for (const [plan, prices] of Object.entries(TEST_PRICES)) {
    env[`STRIPE_PRICE_${plan.toUpperCase()}_MONTHLY`] = prices.monthly;
    env[`STRIPE_PRICE_${plan.toUpperCase()}_YEARLY`] = prices.yearly;
  }
  return env;
}

export const STRIPE_ENV_KEYS = Object.keys(stripeTestEnv("http://x"));

// ------------------------------------------------------------------ signatures

/** `Stripe-Signature` for a payload: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">. */
export function signatureHeader(
  payload: string,
  opts: { secret?: string; timestamp?: number; extraV1?: string[] } = {},
): string {
  const timestamp = opts.timestamp ?? Math.floor(Date.now() / 1000);
  const v1 = createHmac("sha256", opts.secret ?? TEST_WEBHOOK_SECRET)
    .update(`${timestamp}.${payload}`, "utf8")
    .digest("hex");
  return [`t=${timestamp}`, ...(opts.extraV1 ?? []).map((s) => `v1=${s}`), `v1=${v1}`, `v0=${"0".repeat(64)}`].join(",");
}

/** Body and headers of a signed webhook delivery, as Stripe's servers POST it. */
export function signedDelivery(event: object, opts: Parameters<typeof signatureHeader>[1] = {}) {
  const body = JSON.stringify(event, null, 2);
  return {
    body,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Stripe-Signature": signatureHeader(body, opts),
      "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
    },
  };
}

/** A signed delivery as a Request to the app (for calling the route's action directly). */
export function signedWebhookRequest(url: string, event: object, opts: Parameters<typeof signatureHeader>[1] = {}) {
  const { body, headers } = signedDelivery(event, opts);
  return new Request(url, { method: "POST", headers, body });
}

// ------------------------------------------------------------------ objects

const rand = (n = 14) => randomBytes(n).toString("hex").slice(0, n);
export const stripeId = (prefix: string) => `${prefix}_test_${rand(16)}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

export type StripeTestEvent = {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
};

export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  opts: { id?: string; created?: number } = {},
): StripeTestEvent {
  return {
    id: opts.id ?? stripeId("evt"),
    object: "event",
    api_version: "2025-03-31.basil",
    created: opts.created ?? nowSeconds(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

export type SubscriptionInput = {
  id?: string;
  customer?: string;
  status?: string;
  userId?: string;
  plan?: TestPlan;
  period?: TestPeriod;
  /** Unix seconds; default: a month (or a year) from now. */
  periodEnd?: number;
  canceledAt?: number | null;
  endedAt?: number | null;
  cancelAtPeriodEnd?: boolean;
  /** Shape of API versions before 2025-03-31: period on the subscription itself. */
  legacyShape?: boolean;
};

/** A subscription object as Stripe sends it in customer.subscription.* events. */
export function subscriptionObject(input: SubscriptionInput = {}) {
  const plan = input.plan ?? "profissional";
  const period = input.period ?? "monthly";
  const start = nowSeconds();
  const periodEnd = input.periodEnd ?? start + (period === "yearly" ? 365 : 30) * 86_400;
  const id = input.id ?? stripeId("sub");
  const price = {
    id: TEST_PRICES[plan][period],
    object: "price",
    active: true,
    currency: "brl",
    unit_amount: TEST_AMOUNTS[plan][period],
    recurring: { interval: period === "yearly" ? "year" : "month", interval_count: 1, usage_type: "licensed" },
    type: "recurring",
  };
  const item: Record<string, unknown> = {
    id: stripeId("si"),
    object: "subscription_item",
    price,
    quantity: 1,
    subscription: id,
  };
  const sub: Record<string, unknown> = {
    id,
    object: "subscription",
    customer: input.customer ?? stripeId("cus"),
    status: input.status ?? "active",
    cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
    canceled_at: input.canceledAt ?? null,
    ended_at: input.endedAt ?? null,
    created: start,
    currency: "brl",
    livemode: false,
    metadata: input.userId ? { user_id: input.userId, plan_id: plan, billing_period: period } : {},
    items: { object: "list", data: [item], has_more: false },
  };
  if (input.legacyShape) {
    sub.current_period_start = start;
    sub.current_period_end = periodEnd;
  } else {
    item.current_period_start = start;
    item.current_period_end = periodEnd;
  }
  return sub;
}

/** A completed subscription Checkout Session (checkout.session.completed). */
export function checkoutSessionObject(input: {
  id?: string;
  userId: string;
  customer?: string;
  subscription?: string | null;
  plan?: TestPlan;
  period?: TestPeriod;
  paymentStatus?: string;
}) {
  const plan = input.plan ?? "profissional";
  const period = input.period ?? "monthly";
  return {
    id: input.id ?? stripeId("cs"),
    object: "checkout.session",
    mode: "subscription",
    status: "complete",
    payment_status: input.paymentStatus ?? "paid",
    client_reference_id: input.userId,
    customer: input.customer ?? stripeId("cus"),
    subscription: input.subscription === undefined ? stripeId("sub") : input.subscription,
    currency: "brl",
    amount_total: TEST_AMOUNTS[plan][period],
    metadata: { user_id: input.userId, plan_id: plan, billing_period: period },
    livemode: false,
  };
}

/** A failed invoice of a subscription (invoice.payment_failed), in the 2025-03-31 shape. */
export function invoiceObject(input: { subscription: string; customer: string; userId?: string; legacyShape?: boolean }) {
  const invoice: Record<string, unknown> = {
    id: stripeId("in"),
    object: "invoice",
    customer: input.customer,
    status: "open",
    attempt_count: 1,
    billing_reason: "subscription_cycle",
    currency: "brl",
    livemode: false,
  };
  if (input.legacyShape) invoice.subscription = input.subscription;
  else {
    invoice.parent = {
      type: "subscription_details",
      subscription_details: {
        subscription: input.subscription,
        metadata: input.userId ? { user_id: input.userId } : {},
      },
    };
  }
  return invoice;
}
