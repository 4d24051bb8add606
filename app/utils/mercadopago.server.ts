// Mercado Pago through its REST API with fetch only, so the same code runs on Node and on
// Cloudflare Workers (the official `mercadopago` SDK imports node:crypto and reads `process`, and
// its API base is a constant a test cannot point elsewhere: docs/decisions/0930). The shapes here
// are Mercado Pago's own (decimal reais, its status words); app/domain/payments/mercadopago.server.ts
// turns them into the provider interface the booking flow uses.
import { env } from "./env.server";
import { fetchJson, NoAnswer, type JsonAnswer } from "./http-json.server";

/** True when this server can connect professionals' accounts and charge through them. */
export function mercadoPagoConfigured(): boolean {
  const e = env();
  return !!(e.MERCADOPAGO_CLIENT_ID && e.MERCADOPAGO_CLIENT_SECRET && e.MERCADOPAGO_WEBHOOK_SECRET && e.PAYMENTS_ENCRYPTION_KEY);
}

/**
 * A failed call, its message in pt-BR for the person on the screen. `status` is the HTTP status
 * (0: no answer), `code` Mercado Pago's `error` (e.g. `invalid_grant`), `detail` its own message
 * for the log (never a token: Mercado Pago does not echo them).
 */
export class MercadoPagoError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = "MercadoPagoError";
  }
}

const base = (url: string) => url.replace(/\/+$/, "");

/** What a professional or customer reads when Mercado Pago said no (or nothing). */
export function messageFor(status: number, code?: string): string {
  if (status === 0) return "O Mercado Pago não respondeu. Tente de novo em instantes.";
  if (code === "invalid_grant") return "O Mercado Pago não aceitou a autorização. Conecte sua conta de novo.";
  if (code === "invalid_client") return "As credenciais do Agendo no Mercado Pago não foram aceitas. Avise o suporte.";
  if (status === 401 || status === 403) return "O Mercado Pago recusou o acesso à conta. Conecte sua conta de novo em Configurações > Pagamentos.";
  if (status === 404) return "O Mercado Pago não encontrou esse pagamento.";
  if (status === 429) return "O Mercado Pago recebeu muitos pedidos agora. Tente de novo em instantes.";
  if (status >= 500) return "O Mercado Pago está instável agora. Tente de novo em instantes.";
  return "O Mercado Pago recusou o pedido. Tente de novo ou escolha outra forma de pagamento.";
}

type RequestOptions = { accessToken?: string; body?: unknown; idempotencyKey?: string };

/** One JSON call to Mercado Pago's API; throws MercadoPagoError on a non-2xx answer or no answer. */
export async function mercadoPagoRequest<T>(method: "GET" | "POST" | "PUT", path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (opts.accessToken) headers.Authorization = `Bearer ${opts.accessToken}`;
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  if (opts.idempotencyKey) headers["X-Idempotency-Key"] = opts.idempotencyKey;
  let answer: JsonAnswer;
  try {
    answer = await fetchJson(`${base(env().MERCADOPAGO_API_URL)}${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
  } catch (e) {
    if (e instanceof NoAnswer) throw new MercadoPagoError(messageFor(0), 0, undefined, e.message);
    throw e;
  }
  const { ok, status, json } = answer;
  if (!ok) {
    const err = (json ?? {}) as { error?: unknown; message?: unknown };
    const code = typeof err.error === "string" ? err.error : undefined;
    const detail = typeof err.message === "string" ? err.message.slice(0, 300) : undefined;
    throw new MercadoPagoError(messageFor(status, code), status, code, detail);
  }
  return json as T;
}

// ------------------------------------------------------------------ OAuth

/** POST /oauth/token's answer (authorization_code and refresh_token grants alike). */
export type MercadoPagoTokenResponse = {
  access_token: string;
  token_type?: string;
  /** Seconds (15552000: 180 days). */
  expires_in: number;
  scope?: string;
  user_id: number | string;
  refresh_token: string;
  public_key?: string | null;
  live_mode?: boolean | null;
};

function clientCredentials() {
  const { MERCADOPAGO_CLIENT_ID, MERCADOPAGO_CLIENT_SECRET } = env();
  if (!MERCADOPAGO_CLIENT_ID || !MERCADOPAGO_CLIENT_SECRET) throw new MercadoPagoError("Pagamentos online não configurados.", 0);
  return { client_id: MERCADOPAGO_CLIENT_ID, client_secret: MERCADOPAGO_CLIENT_SECRET };
}

/**
 * Mercado Pago's authorisation page for platforms:
 * `https://auth.mercadopago.com/authorization?client_id&response_type=code&platform_id=mp&state&redirect_uri`.
 */
export function mercadoPagoAuthorizationUrl(state: string, redirectUri: string): string {
  const { client_id } = clientCredentials();
  const params = new URLSearchParams({ client_id, response_type: "code", platform_id: "mp", state, redirect_uri: redirectUri });
  return `${base(env().MERCADOPAGO_AUTH_URL)}/authorization?${params}`;
}

/** POST /oauth/token with grant_type=authorization_code (the `redirect_uri` must be the one authorised). */
export async function exchangeMercadoPagoCode(code: string, redirectUri: string) {
  return checkedTokens(
    await mercadoPagoRequest<MercadoPagoTokenResponse>("POST", "/oauth/token", {
      body: { ...clientCredentials(), grant_type: "authorization_code", code, redirect_uri: redirectUri },
    }),
  );
}

/** POST /oauth/token with grant_type=refresh_token: a new access token and a new refresh token. */
export async function refreshMercadoPagoToken(refreshToken: string) {
  return checkedTokens(
    await mercadoPagoRequest<MercadoPagoTokenResponse>("POST", "/oauth/token", {
      body: { ...clientCredentials(), grant_type: "refresh_token", refresh_token: refreshToken },
    }),
  );
}

function checkedTokens(t: MercadoPagoTokenResponse | null): MercadoPagoTokenResponse {
  const ok =
    t &&
    typeof t.access_token === "string" &&
    t.access_token &&
    typeof t.refresh_token === "string" &&
    t.refresh_token &&
    Number.isFinite(t.expires_in) &&
    t.expires_in > 0 &&
    (typeof t.user_id === "number" || (typeof t.user_id === "string" && t.user_id));
  if (!ok) throw new MercadoPagoError(messageFor(502), 502, "bad_token_response");
  return t;
}

// ------------------------------------------------------------------ payments

export type MercadoPagoPixPaymentBody = {
  transaction_amount: number;
  description: string;
  payment_method_id: "pix";
  payer: { email: string };
  /** `yyyy-MM-dd'T'HH:mm:ss.SSS±hh:mm`, see mercadoPagoDate(). */
  date_of_expiration: string;
  external_reference: string;
  notification_url: string;
};

export type MercadoPagoPayment = {
  id: number | string;
  status: string;
  status_detail?: string | null;
  transaction_amount?: number | null;
  transaction_amount_refunded?: number | null;
  currency_id?: string | null;
  payment_method_id?: string | null;
  external_reference?: string | null;
  date_of_expiration?: string | null;
  date_approved?: string | null;
  point_of_interaction?: { transaction_data?: { qr_code?: string | null; qr_code_base64?: string | null; ticket_url?: string | null } | null } | null;
};

export type MercadoPagoRefund = { id: number | string; payment_id?: number | string; amount?: number | null; status?: string | null };

/**
 * A date as Mercado Pago's examples write them: `2026-11-26T10:45:00.000-03:00` (Brasília time,
 * which has had no daylight saving since 2019).
 */
export function mercadoPagoDate(date: Date): string {
  return new Date(date.getTime() - 3 * 3600_000).toISOString().replace("Z", "-03:00");
}

/** POST /v1/payments with payment_method_id "pix", on the professional's account. */
export async function createMercadoPagoPixPayment(accessToken: string, body: MercadoPagoPixPaymentBody, idempotencyKey: string) {
  return mercadoPagoRequest<MercadoPagoPayment>("POST", "/v1/payments", { accessToken, body, idempotencyKey });
}

/** GET /v1/payments/{id}: the payment as it is now. */
export async function getMercadoPagoPayment(accessToken: string, paymentId: string) {
  return mercadoPagoRequest<MercadoPagoPayment>("GET", `/v1/payments/${encodeURIComponent(paymentId)}`, { accessToken });
}

/** POST /v1/payments/{id}/refunds without an amount: a full refund. */
export async function refundMercadoPagoPayment(accessToken: string, paymentId: string, idempotencyKey: string) {
  return mercadoPagoRequest<MercadoPagoRefund>("POST", `/v1/payments/${encodeURIComponent(paymentId)}/refunds`, {
    accessToken,
    body: {},
    idempotencyKey,
  });
}
