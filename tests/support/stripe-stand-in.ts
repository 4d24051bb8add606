// A local stand-in for api.stripe.com: the few endpoints Agendo calls, checked against Stripe's
// documented contract (form-encoded bodies, Bearer secret key, required parameters, error
// shape `{ error: { type, code, message, param } }`). Every request is recorded so tests can
// assert what the app sent.
//
// Failure injection by e-mail prefix (so parallel tests never share a switch):
//   customer_email "sem-url-..."  -> 200 without `url`     ('URL de checkout não recebida')
//   customer_email "recusado-..." -> 402 card_declined      ('Erro ao processar pagamento')
//   customer "cus_portal_falha..." -> 500 on the portal     (portal error message)
//
// Test-only control endpoints (never part of Stripe): GET /__health, GET /__requests,
// POST /__subscriptions (register a subscription object), POST /__complete/{session id}
// (pay a session: creates its customer and active subscription, returns both).
//
// Run on its own: `tsx tests/support/stripe-stand-in.ts` (port STRIPE_STANDIN_PORT).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { pathToFileURL } from "node:url";
import { STANDIN_PORT, stripeId, subscriptionObject, TEST_PRICES, TEST_SECRET_KEY, type TestPeriod, type TestPlan } from "./stripe";

export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  contentType: string | null;
  idempotencyKey: string | null;
  stripeVersion: string | null;
  form: Record<string, string>;
};

export type StandIn = {
  url: string;
  port: number;
  requests: RecordedRequest[];
  sessions: Map<string, Record<string, unknown>>;
  subscriptions: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
};

const KNOWN_PRICES = new Map<string, { plan: TestPlan; period: TestPeriod }>();
for (const [plan, periods] of Object.entries(TEST_PRICES)) {
  for (const [period, id] of Object.entries(periods)) {
    KNOWN_PRICES.set(id, { plan: plan as TestPlan, period: period as TestPeriod });
  }
}

function stripeError(res: ServerResponse, status: number, error: { type: string; code?: string; message: string; param?: string }) {
  send(res, status, { error });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${Math.random().toString(36).slice(2)}` });
  res.end(JSON.stringify(body));
}

function validUrl(value: string | undefined) {
  if (!value) return false;
  try {
    const u = new URL(value.replace("{CHECKOUT_SESSION_ID}", "cs_x"));
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Nested `a[b][c]` form keys into objects, as Stripe reads them. */
function nest(form: Record<string, string>, prefix: string) {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(form)) {
    if (k.startsWith(`${prefix}[`) && k.endsWith("]")) out[k.slice(prefix.length + 1, -1)] = v;
  }
  return out;
}

export async function startStripeStandIn(opts: { port?: number; host?: string } = {}): Promise<StandIn> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, Record<string, unknown>>();

  const server: Server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const raw = await readBody(req);
      const path = url.pathname;

      // ---- control endpoints
      if (path === "/__health") return send(res, 200, { ok: true });
      if (path === "/__requests") return send(res, 200, requests);
      if (path === "/__subscriptions" && req.method === "POST") {
        const sub = JSON.parse(raw) as Record<string, unknown>;
        subscriptions.set(String(sub.id), sub);
        return send(res, 200, sub);
      }
      const complete = path.match(/^\/__complete\/(cs_[\w]+)$/);
      if (complete && req.method === "POST") {
        const session = sessions.get(complete[1]!);
        if (!session) return send(res, 404, { error: "no such session" });
        const form = session._form as Record<string, string>;
        const price = KNOWN_PRICES.get(form["line_items[0][price]"]!)!;
        const meta = nest(form, "subscription_data[metadata]");
        const customer = (session.customer as string | null) ?? stripeId("cus");
        const sub = subscriptionObject({ customer, userId: meta.user_id, plan: price.plan, period: price.period });
        subscriptions.set(String(sub.id), sub);
        Object.assign(session, { status: "complete", payment_status: "paid", customer, subscription: sub.id, url: null });
        return send(res, 200, { session: publicSession(session), subscription: sub });
      }

      // ---- Stripe API
      const form = Object.fromEntries(new URLSearchParams(raw));
      requests.push({
        method: req.method ?? "GET",
        path,
        query: Object.fromEntries(url.searchParams),
        authorization: req.headers.authorization ?? null,
        contentType: req.headers["content-type"] ?? null,
        idempotencyKey: (req.headers["idempotency-key"] as string | undefined) ?? null,
        stripeVersion: (req.headers["stripe-version"] as string | undefined) ?? null,
        form,
      });
      if (req.headers.authorization !== `Bearer ${TEST_SECRET_KEY}`) {
        return stripeError(res, 401, { type: "invalid_request_error", message: "Invalid API Key provided" });
      }
      if (req.method === "POST" && raw && !String(req.headers["content-type"]).startsWith("application/x-www-form-urlencoded")) {
        return stripeError(res, 400, { type: "invalid_request_error", message: "Request body must be form-encoded" });
      }

      if (path === "/v1/checkout/sessions" && req.method === "POST") return createSession(form, res);
      const sessionMatch = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
      if (sessionMatch && req.method === "GET") {
        const session = sessions.get(decodeURIComponent(sessionMatch[1]!));
        if (!session) return stripeError(res, 404, { type: "invalid_request_error", code: "resource_missing", message: "No such checkout session", param: "session" });
        const out = publicSession(session);
        if (url.searchParams.getAll("expand[]").includes("subscription") && typeof out.subscription === "string") {
          out.subscription = subscriptions.get(out.subscription) ?? out.subscription;
        }
        return send(res, 200, out);
      }
      if (path === "/v1/billing_portal/sessions" && req.method === "POST") {
        if (!form.customer) return stripeError(res, 400, { type: "invalid_request_error", message: "Missing required param: customer.", param: "customer" });
        if (form.return_url && !validUrl(form.return_url)) return stripeError(res, 400, { type: "invalid_request_error", message: "Not a valid URL", param: "return_url" });
        if (form.customer.startsWith("cus_portal_falha")) return stripeError(res, 500, { type: "api_error", message: "An unknown error occurred" });
        return send(res, 200, {
          id: stripeId("bps"),
          object: "billing_portal.session",
          customer: form.customer,
          return_url: form.return_url ?? null,
          url: `https://billing.stripe.com/p/session/${stripeId("bps")}`,
        });
      }
      const subMatch = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
      if (subMatch) {
        const sub = subscriptions.get(decodeURIComponent(subMatch[1]!));
        if (!sub) return stripeError(res, 404, { type: "invalid_request_error", code: "resource_missing", message: `No such subscription: '${subMatch[1]}'`, param: "id" });
        if (req.method === "GET") return send(res, 200, sub);
        if (req.method === "DELETE") {
          const now = Math.floor(Date.now() / 1000);
          Object.assign(sub, { status: "canceled", canceled_at: now, ended_at: now });
          return send(res, 200, sub);
        }
      }
      return stripeError(res, 404, { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${path}).` });
    } catch (error) {
      send(res, 500, { error: { type: "api_error", message: String(error) } });
    }
  });

  function publicSession(session: Record<string, unknown>) {
    const { _form, ...rest } = session;
    void _form;
    return { ...rest } as Record<string, unknown>;
  }

  function createSession(form: Record<string, string>, res: ServerResponse) {
    const invalid = (message: string, param?: string) => stripeError(res, 400, { type: "invalid_request_error", message, param });
    if (form.mode !== "subscription") return invalid("Invalid mode", "mode");
    const price = form["line_items[0][price]"];
    if (!price) return invalid("Missing required param: line_items[0][price].", "line_items[0][price]");
    if (!KNOWN_PRICES.has(price)) {
      return stripeError(res, 400, { type: "invalid_request_error", code: "resource_missing", message: `No such price: '${price}'`, param: "line_items[0][price]" });
    }
    if (form["line_items[0][quantity]"] !== "1") return invalid("Quantity must be 1", "line_items[0][quantity]");
    if (form.customer && form.customer_email) {
      return invalid("You may only specify one of these parameters: customer, customer_email.", "customer_email");
    }
    if (!validUrl(form.success_url)) return invalid("Not a valid URL", "success_url");
    if (!validUrl(form.cancel_url)) return invalid("Not a valid URL", "cancel_url");
    const email = form.customer_email ?? "";
    if (email.startsWith("recusado-")) {
      return stripeError(res, 402, { type: "card_error", code: "card_declined", message: "Your card was declined." });
    }
    const id = stripeId("cs");
    const session: Record<string, unknown> = {
      id,
      object: "checkout.session",
      mode: "subscription",
      status: "open",
      payment_status: "unpaid",
      client_reference_id: form.client_reference_id ?? null,
      customer: form.customer ?? null,
      customer_email: form.customer_email ?? null,
      metadata: nest(form, "metadata"),
      success_url: form.success_url,
      cancel_url: form.cancel_url,
      subscription: null,
      url: email.startsWith("sem-url-") ? null : `https://checkout.stripe.com/c/pay/${id}`,
      _form: form,
    };
    sessions.set(id, session);
    return send(res, 200, publicSession(session));
  }

  const host = opts.host ?? "127.0.0.1";
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://${host}:${port}`,
    port,
    requests,
    sessions,
    subscriptions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Started by Playwright's webServer for the e2e runs.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const standIn = await startStripeStandIn({ port: STANDIN_PORT, host: "127.0.0.1" });
  console.log(`Stripe stand-in listening on ${standIn.url}`);
}
