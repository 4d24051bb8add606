// A local stand-in for Mercado Pago (api.mercadopago.com and auth.mercadopago.com): the calls
// Agendo makes, checked against Mercado Pago's documented contract: OAuth for platforms
// (authorisation page, POST /oauth/token with authorization_code and refresh_token, client
// credentials, redirect_uri, single-use codes and refresh tokens), Pix payments (Bearer token of a
// connected seller, X-Idempotency-Key: the same key never makes a second payment), reads and
// refunds. Errors have Mercado Pago's shape `{ message, error, status, cause }`.
//
// Test-only endpoints (never part of Mercado Pago): GET /__health, GET /__requests (every API
// call, as received), POST /__pay/{id} (the customer pays: approved, then the webhook is SENT to
// the payment's notification_url with a real signature; refused once the Pix expired), POST
// /__expire/{id} (the Pix expired). A payment's `currency_id` is BRL (a test may change it).
//
// Run on its own: `tsx tests/support/mercadopago-stand-in.ts` (port MP_STANDIN_PORT).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { randomBytes, randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";
import { mercadoPagoSignature, MP_STANDIN_PORT, MP_TEST_CLIENT_ID, MP_TEST_CLIENT_SECRET, MP_TEST_WEBHOOK_SECRET } from "./mercadopago";

export type MpRecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  idempotencyKey: string | null;
  contentType: string | null;
  body: Record<string, unknown>;
};

type Payment = Record<string, unknown> & { id: number; status: string; _seller: string; _key: string };
type Grant = { seller: string; redirectUri: string; used: boolean };
export type WebhookDelivery = { url: string; status: number; headers: Record<string, string>; body: string };

export type MercadoPagoStandIn = {
  url: string;
  port: number;
  requests: MpRecordedRequest[];
  payments: Map<number, Payment>;
  /** Access tokens the stand-in issued, to the seller's user id. */
  accessTokens: Map<string, string>;
  refreshTokens: Map<string, Grant>;
  webhooks: WebhookDelivery[];
  pay(paymentId: number | string): Promise<WebhookDelivery>;
  close(): Promise<void>;
};

const rand = (n: number) => randomBytes(n).toString("hex");

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json", "x-request-id": randomUUID() });
  res.end(JSON.stringify(body));
}

function mpError(res: ServerResponse, status: number, error: string, message: string) {
  send(res, status, { message, error, status, cause: [] });
}

async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString("utf8");
  if (!raw) return {};
  if (String(req.headers["content-type"]).startsWith("application/json")) return JSON.parse(raw) as Record<string, unknown>;
  return Object.fromEntries(new URLSearchParams(raw));
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?[+-]\d{2}:\d{2}$/;
const validUrl = (v: unknown) => typeof v === "string" && /^https?:\/\/[^\s]+$/.test(v);

export async function startMercadoPagoStandIn(opts: { port?: number; host?: string; webhookSecret?: string } = {}): Promise<MercadoPagoStandIn> {
  const requests: MpRecordedRequest[] = [];
  const payments = new Map<number, Payment>();
  const byKey = new Map<string, number>();
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, string>();
  const refreshTokens = new Map<string, Grant>();
  const refunds = new Map<string, Record<string, unknown>>();
  const webhooks: WebhookDelivery[] = [];
  let nextPaymentId = 1_300_000_000 + Math.floor(Math.random() * 1_000_000) * 100;

  function issueTokens(grant: Grant) {
    const access = `APP_USR-${rand(8)}-${grant.seller}`;
    const refresh = `TG-${rand(12)}-${grant.seller}`;
    accessTokens.set(access, grant.seller);
    refreshTokens.set(refresh, { ...grant, used: false });
    return {
      access_token: access,
      token_type: "bearer",
      expires_in: 15552000,
      scope: "offline_access payments read write",
      user_id: Number(grant.seller),
      refresh_token: refresh,
      public_key: `APP_USR-${rand(8)}`,
      live_mode: false,
    };
  }

  function authorizationPage(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const redirectUri = q.get("redirect_uri") ?? "";
    const problems = [
      q.get("client_id") !== MP_TEST_CLIENT_ID && "client_id",
      q.get("response_type") !== "code" && "response_type",
      q.get("platform_id") !== "mp" && "platform_id",
      !validUrl(redirectUri) && "redirect_uri",
    ].filter(Boolean);
    res.writeHead(problems.length ? 400 : 200, { "Content-Type": "text/html; charset=utf-8" });
    if (problems.length) return res.end(`<h1>Parâmetros inválidos: ${problems.join(", ")}</h1>`);
    const code = `TG-${rand(10)}`;
    codes.set(code, { seller: String(100_000_000 + Math.floor(Math.random() * 899_999_999)), redirectUri, used: false });
    const back = (params: Record<string, string>) => {
      const to = new URL(redirectUri);
      for (const [k, v] of Object.entries({ ...params, state: q.get("state") ?? "" })) to.searchParams.set(k, v);
      return escapeHtml(to.toString());
    };
    res.end(
      `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Mercado Pago (stand-in)</title>` +
        `<h1>Autorizar o Agendo a receber pagamentos na sua conta?</h1>` +
        `<p><a href="${back({ code })}">Permitir</a> <a href="${back({ error: "access_denied" })}">Recusar</a></p></html>`,
    );
  }

  function oauthToken(body: Record<string, unknown>, res: ServerResponse) {
    if (body.client_id !== MP_TEST_CLIENT_ID || body.client_secret !== MP_TEST_CLIENT_SECRET) {
      return mpError(res, 401, "invalid_client", "invalid client_id or client_secret");
    }
    if (body.grant_type === "authorization_code") {
      const grant = codes.get(String(body.code));
      if (!grant || grant.used || grant.redirectUri !== body.redirect_uri) return mpError(res, 400, "invalid_grant", "invalid_grant");
      grant.used = true;
      return send(res, 200, issueTokens(grant));
    }
    if (body.grant_type === "refresh_token") {
      const grant = refreshTokens.get(String(body.refresh_token));
      if (!grant || grant.used) return mpError(res, 400, "invalid_grant", "invalid_grant");
      grant.used = true;
      return send(res, 200, issueTokens(grant));
    }
    return mpError(res, 400, "unsupported_grant_type", "unsupported grant_type");
  }

  function publicPayment(p: Payment) {
    const { _seller, _key, ...rest } = p;
    void _key;
    return { ...rest, collector_id: Number(_seller) };
  }

  function createPayment(seller: string, key: string, body: Record<string, unknown>, res: ServerResponse) {
    const existing = byKey.get(`${seller}:${key}`);
    if (existing !== undefined) return send(res, 201, publicPayment(payments.get(existing)!));
    const amount = body.transaction_amount;
    const bad = (field: string) => mpError(res, 400, "bad_request", `${field} is invalid`);
    if (typeof amount !== "number" || !(amount > 0) || !/^\d+(\.\d{1,2})?$/.test(String(amount))) return bad("transaction_amount");
    if (body.payment_method_id !== "pix") return bad("payment_method_id");
    const payer = body.payer as { email?: unknown } | undefined;
    if (typeof payer?.email !== "string" || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(payer.email)) return bad("payer.email");
    if (typeof body.date_of_expiration !== "string" || !DATE.test(body.date_of_expiration)) return bad("date_of_expiration");
    // A Pix expires "between 30 minutes and 30 days" after the payment is issued (Mercado Pago's Pix guide).
    const expiresIn = Date.parse(body.date_of_expiration) - Date.now();
    if (!(expiresIn >= 30 * 60_000 && expiresIn <= 30 * 86_400_000)) return bad("date_of_expiration");
    if (typeof body.external_reference !== "string" || !body.external_reference) return bad("external_reference");
    if (!validUrl(body.notification_url)) return bad("notification_url");
    if (typeof body.description !== "string") return bad("description");
    const id = nextPaymentId++;
    const payment: Payment = {
      id,
      status: "pending",
      status_detail: "pending_waiting_transfer",
      date_created: new Date().toISOString(),
      date_approved: null,
      date_of_expiration: body.date_of_expiration,
      currency_id: "BRL",
      transaction_amount: amount,
      transaction_amount_refunded: 0,
      payment_method_id: "pix",
      payment_type_id: "bank_transfer",
      description: body.description,
      external_reference: body.external_reference,
      notification_url: body.notification_url,
      payer: { email: payer.email },
      point_of_interaction: {
        type: "PIX",
        transaction_data: {
          qr_code: `00020126580014br.gov.bcb.pix0136${randomUUID()}5204000053039865406${amount.toFixed(2)}5802BR5925AGENDO STAND IN6009SAO PAULO62070503***6304ABCD`,
          qr_code_base64: "iVBORw0KGgo=",
          ticket_url: `https://www.mercadopago.com.br/payments/${id}/ticket`,
        },
      },
      _seller: seller,
      _key: key,
    };
    payments.set(id, payment);
    byKey.set(`${seller}:${key}`, id);
    return send(res, 201, publicPayment(payment));
  }

  function refund(payment: Payment, key: string, res: ServerResponse) {
    const done = refunds.get(`${payment.id}:${key}`);
    if (done) return send(res, 201, done);
    if (payment.status !== "approved") return mpError(res, 400, "bad_request", "Payment not refundable");
    Object.assign(payment, { status: "refunded", status_detail: "refunded", transaction_amount_refunded: payment.transaction_amount });
    const made = { id: nextPaymentId++, payment_id: payment.id, amount: payment.transaction_amount, status: "approved", date_created: new Date().toISOString() };
    refunds.set(`${payment.id}:${key}`, made);
    return send(res, 201, made);
  }

  async function pay(paymentId: number | string): Promise<WebhookDelivery> {
    const payment = payments.get(Number(paymentId));
    if (!payment) throw new Error(`no payment ${paymentId}`);
    // An expired Pix code cannot be paid any more (its payment is cancelled at its expiry).
    if (payment.status === "cancelled" || Date.parse(String(payment.date_of_expiration)) <= Date.now()) throw new Error(`payment ${paymentId} expired`);
    Object.assign(payment, { status: "approved", status_detail: "accredited", date_approved: new Date().toISOString() });
    const url = new URL(String(payment.notification_url));
    url.searchParams.set("data.id", String(payment.id));
    url.searchParams.set("type", "payment");
    const requestId = randomUUID();
    const ts = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({
      action: "payment.updated",
      api_version: "v1",
      data: { id: String(payment.id) },
      date_created: new Date().toISOString(),
      id: Number(`${Date.now()}`),
      live_mode: false,
      type: "payment",
      user_id: payment._seller,
    });
    const headers = {
      "Content-Type": "application/json",
      "x-request-id": requestId,
      "x-signature": mercadoPagoSignature({ dataId: String(payment.id), requestId, ts, secret: opts.webhookSecret ?? MP_TEST_WEBHOOK_SECRET }),
    };
    let status = 0;
    try {
      status = (await fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(10_000) })).status;
    } catch {
      status = 0;
    }
    const delivery = { url: url.toString(), status, headers, body };
    webhooks.push(delivery);
    return delivery;
  }

  async function control(path: string, method: string, res: ServerResponse) {
    if (path === "/__health") return send(res, 200, { ok: true });
    if (path === "/__requests") return send(res, 200, requests);
    const action = path.match(/^\/__(pay|expire)\/(\d+)$/);
    if (!action || method !== "POST") return false;
    const payment = payments.get(Number(action[2]));
    if (!payment) return mpError(res, 404, "not_found", "Payment not found");
    if (action[1] === "expire") {
      Object.assign(payment, { status: "cancelled", status_detail: "expired" });
      return send(res, 200, publicPayment(payment));
    }
    if (payment.status === "cancelled") return mpError(res, 400, "bad_request", "Payment expired");
    const webhook = await pay(payment.id);
    return send(res, 200, { payment: publicPayment(payment), webhook: { url: webhook.url, status: webhook.status } });
  }

  const server: Server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const path = url.pathname;
      const method = req.method ?? "GET";
      if (path.startsWith("/__")) {
        if ((await control(path, method, res)) === false) mpError(res, 404, "not_found", "unknown control endpoint");
        return;
      }
      if (path === "/authorization" && method === "GET") return authorizationPage(url, res);
      const body = await readBody(req);
      requests.push({
        method,
        path,
        query: Object.fromEntries(url.searchParams),
        authorization: req.headers.authorization ?? null,
        idempotencyKey: (req.headers["x-idempotency-key"] as string | undefined) ?? null,
        contentType: req.headers["content-type"] ?? null,
        body,
      });
      if (path === "/oauth/token" && method === "POST") return oauthToken(body, res);
      const seller = accessTokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
      if (!seller) return mpError(res, 401, "unauthorized", "invalid access token");
      const key = (req.headers["x-idempotency-key"] as string | undefined) ?? "";
      if (path === "/v1/payments" && method === "POST") {
        if (!key) return mpError(res, 400, "bad_request", "X-Idempotency-Key header is required");
        return createPayment(seller, key, body, res);
      }
      const match = path.match(/^\/v1\/payments\/(\d+)(\/refunds)?$/);
      const payment = match ? payments.get(Number(match[1])) : undefined;
      // Another seller's payment does not exist for this token.
      if (!match || !payment || payment._seller !== seller) return mpError(res, 404, "not_found", "Payment not found");
      if (!match[2] && method === "GET") return send(res, 200, publicPayment(payment));
      if (match[2] && method === "POST") {
        if (!key) return mpError(res, 400, "bad_request", "X-Idempotency-Key header is required");
        return refund(payment, key, res);
      }
      return mpError(res, 404, "not_found", `Unknown endpoint ${method} ${path}`);
    } catch (error) {
      mpError(res, 500, "internal_error", String(error));
    }
  });

  const host = opts.host ?? "127.0.0.1";
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://${host}:${port}`,
    port,
    requests,
    payments,
    accessTokens,
    refreshTokens,
    webhooks,
    pay,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Started by Playwright's webServer for the e2e runs.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const standIn = await startMercadoPagoStandIn({ port: MP_STANDIN_PORT, host: "127.0.0.1", webhookSecret: process.env.MERCADOPAGO_WEBHOOK_SECRET });
  console.log(`Mercado Pago stand-in listening on ${standIn.url}`);
}
