// Stripe through its REST API with fetch and WebCrypto only, so the same code runs on Node and
// on Cloudflare Workers (no `stripe` SDK, no node: imports). docs/decisions/0401.
import { env } from "./env.server";
import { anyHmacMatches, headerParts, hexToBytes } from "./hmac.server";
import { fetchJson, NoAnswer, type JsonAnswer } from "./http-json.server";

/** True when this environment can talk to Stripe (secret key set). */
export function stripeConfigured(): boolean {
  return !!env().STRIPE_SECRET_KEY;
}

export class StripeError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = "StripeError";
  }
}

type Params = Record<string, string | number | boolean | null | undefined>;

/** application/x-www-form-urlencoded body with Stripe's bracket keys kept as given. */
export function formEncode(params: Params): string {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    body.append(key, String(value));
  }
  return body.toString();
}

/** One call to Stripe's API; throws StripeError on a non-2xx answer or a network failure. */
export async function stripeRequest<T = Record<string, unknown>>(
  method: "GET" | "POST" | "DELETE",
  path: string,
  params?: Params,
  opts: { idempotencyKey?: string } = {},
): Promise<T> {
  const { STRIPE_SECRET_KEY, STRIPE_API_BASE } = env();
  if (!STRIPE_SECRET_KEY) throw new StripeError("Stripe não configurado", 0);
  const headers: Record<string, string> = {
    Authorization: `Bearer ${STRIPE_SECRET_KEY}`,
  };
  let url = `${STRIPE_API_BASE.replace(/\/+$/, "")}${path}`;
  let body: string | undefined;
  if (params && method === "POST") {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = formEncode(params);
  } else if (params) {
    const qs = formEncode(params);
    if (qs) url += `?${qs}`;
  }
  if (opts.idempotencyKey) headers["Idempotency-Key"] = opts.idempotencyKey;
  let answer: JsonAnswer;
  try {
    answer = await fetchJson(url, { method, headers, body });
  } catch (e) {
    if (e instanceof NoAnswer) throw new StripeError(`Stripe inacessível: ${e.message}`, 0);
    throw e;
  }
  const { ok, status, json } = answer;
  if (!ok) {
    const err = (json as { error?: { message?: string; code?: string } } | null)?.error;
    throw new StripeError(err?.message ?? `Stripe respondeu ${status}`, status, err?.code);
  }
  return json as T;
}

/** Cancels a subscription at once (DELETE /v1/subscriptions/{id}); throws on a non-2xx answer. */
export async function cancelStripeSubscription(subscriptionId: string): Promise<void> {
  await stripeRequest("DELETE", `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`);
}

// ------------------------------------------------------------------ API calls

export type CheckoutSession = {
  id: string;
  object?: string;
  mode?: string | null;
  url?: string | null;
  status?: string | null;
  payment_status?: string | null;
  client_reference_id?: string | null;
  customer?: string | { id: string } | null;
  subscription?: string | StripeSubscription | null;
  metadata?: Record<string, string> | null;
};

export type StripeSubscription = {
  id: string;
  object?: string;
  status: string;
  customer?: string | { id: string } | null;
  current_period_end?: number | null;
  cancel_at_period_end?: boolean | null;
  cancel_at?: number | null;
  canceled_at?: number | null;
  ended_at?: number | null;
  metadata?: Record<string, string> | null;
  items?: {
    data?: {
      current_period_end?: number | null;
      price?: {
        id?: string;
        unit_amount?: number | null;
        currency?: string | null;
        recurring?: { interval?: string | null; interval_count?: number | null } | null;
      } | null;
    }[];
  } | null;
};

export type CheckoutInput = {
  priceId: string;
  userId: string;
  email: string;
  customerId?: string | null;
  /** Our plan and period, kept as metadata so every later event says what was bought. */
  planId: string;
  period: "monthly" | "yearly";
  successUrl: string;
  cancelUrl: string;
};

/**
 * POST /v1/checkout/sessions: a subscription Checkout for one price, paid by card, in pt-BR.
 * The user id travels as client_reference_id and, with the plan, as metadata on the session and
 * on the subscription it creates, so every later event finds its user.
 */
export async function createCheckoutSession(input: CheckoutInput): Promise<CheckoutSession> {
  const meta = { user_id: input.userId, plan_id: input.planId, billing_period: input.period };
  return stripeRequest<CheckoutSession>("POST", "/v1/checkout/sessions", {
    mode: "subscription",
    "line_items[0][price]": input.priceId,
    "line_items[0][quantity]": 1,
    "payment_method_types[0]": "card",
    locale: "pt-BR",
    customer: input.customerId || undefined,
    customer_email: input.customerId ? undefined : input.email,
    client_reference_id: input.userId,
    "metadata[user_id]": meta.user_id,
    "metadata[plan_id]": meta.plan_id,
    "metadata[billing_period]": meta.billing_period,
    "subscription_data[metadata][user_id]": meta.user_id,
    "subscription_data[metadata][plan_id]": meta.plan_id,
    "subscription_data[metadata][billing_period]": meta.billing_period,
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
  });
}

/** POST /v1/billing_portal/sessions: Stripe's page to change card, switch plan or cancel. */
export async function createPortalSession(customerId: string, returnUrl: string) {
  return stripeRequest<{ id: string; url?: string | null }>("POST", "/v1/billing_portal/sessions", {
    customer: customerId,
    return_url: returnUrl,
    locale: "pt-BR",
  });
}

/** GET /v1/subscriptions/{id}: the subscription as it is now. */
export async function retrieveSubscription(subscriptionId: string) {
  return stripeRequest<StripeSubscription>("GET", `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`);
}

/** GET /v1/checkout/sessions/{id} with its subscription expanded. */
export async function retrieveCheckoutSession(sessionId: string) {
  return stripeRequest<CheckoutSession>("GET", `/v1/checkout/sessions/${encodeURIComponent(sessionId)}`, {
    "expand[]": "subscription",
  });
}

/** An expandable field's id: Stripe sends either the id or the object. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

// ------------------------------------------------------------------ webhook signatures

/** Stripe's default: a signed event older (or newer) than five minutes is refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type SignatureResult =
  | { ok: true; timestamp: number }
  | { ok: false; reason: "missing" | "malformed" | "mismatch" | "expired" };

const encoder = new TextEncoder();

/**
 * Checks `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">[,v1=...]`
 * against the endpoint's secret, over the exact bytes received. Any one v1 may match (Stripe
 * sends several while a secret is being rolled); other schemes (v0) are ignored. The comparison
 * is WebCrypto's own verify, which does not leak timing.
 */
export async function verifyStripeSignature(
  payload: Uint8Array<ArrayBuffer>,
  header: string | null,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): Promise<SignatureResult> {
  if (!header) return { ok: false, reason: "missing" };
  let timestamp: number | null = null;
  const signatures: Uint8Array<ArrayBuffer>[] = [];
  for (const [key, value] of headerParts(header)) {
    if (key === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === "v1") {
      const bytes = hexToBytes(value);
      if (bytes) signatures.push(bytes);
    }
  }
  if (timestamp === null || signatures.length === 0) return { ok: false, reason: "malformed" };
  const prefix = encoder.encode(`${timestamp}.`);
  const signed = new Uint8Array(new ArrayBuffer(prefix.length + payload.length));
  signed.set(prefix, 0);
  signed.set(payload, prefix.length);
  if (!(await anyHmacMatches(secret, signatures, signed))) return { ok: false, reason: "mismatch" };
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return { ok: false, reason: "expired" };
  return { ok: true, timestamp };
}
