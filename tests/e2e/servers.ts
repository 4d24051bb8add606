// The Node suites' servers (playwright.config.ts's `globalSetup`), started together: the app on
// a fresh database with the demo, and the stand-ins for Stripe and Mercado Pago.
import { E2E_DB_PATH, E2E_DB_URL, E2E_PORT } from "./env";
import { startServers } from "../support/servers";
import { STANDIN_PORT, stripeTestEnv } from "../support/stripe";
import { mercadoPagoTestEnv, MP_STANDIN_PORT } from "../support/mercadopago";
import { E2E_PUSH_ORIGINS, standInCertificateFile } from "../support/push-stand-in";

export default function servers() {
  return startServers([
    {
      name: "app",
      // A fresh database for every run.
      command: `rm -f ${E2E_DB_PATH}* && tsx scripts/start.ts`,
      url: `http://localhost:${E2E_PORT}/login`,
      timeoutMs: 120_000,
      env: {
        PORT: String(E2E_PORT),
        DATABASE_URL: E2E_DB_URL,
        AGENDO_DEMO: "1",
        SESSION_SECRET: process.env.SESSION_SECRET!,
        // As behind one proxy of ours: the HTTP suites give each actor its own X-Forwarded-For
        // address so their rate limits never meet (tests/security/node-server.spec.ts runs a
        // server without TRUST_PROXY and shows such headers are then ignored).
        TRUST_PROXY: "1",
        // One worker process: the browsers and the test workers already fill this machine's cores,
        // a second server process would only add memory and start-up time; the cluster itself is
        // proven by tests/security/cluster.spec.ts (docs/decisions/0986).
        WEB_CONCURRENCY: "1",
        // The scheduled job runs inside the server, as with `npm start`, often enough to be seen
        // by the one test that waits for it (tests/e2e/reminders.spec.ts).
        JOB_INTERVAL_SECONDS: "5",
        // Payments against the local stand-in for api.stripe.com (docs/decisions/0406).
        ...stripeTestEnv(`http://127.0.0.1:${STANDIN_PORT}`),
        // Mercado Pago (OAuth page, API and webhooks) against its local stand-in (0935).
        ...mercadoPagoTestEnv(`http://127.0.0.1:${MP_STANDIN_PORT}`),
        // Push notifications to the journeys' stand-ins for a push service: their origins allowed,
        // their certificate trusted (tests/support/push-stand-in.ts).
        PUSH_SERVICE_ORIGINS: E2E_PUSH_ORIGINS.join(","),
        NODE_EXTRA_CA_CERTS: standInCertificateFile(),
        // 'Calendários externos' reads the feeds a journey serves on loopback (tests only: 0956).
        CALENDAR_FETCH_ALLOW_LOOPBACK: "1",
      },
    },
    {
      // The stand-in for api.stripe.com: Checkout, Customer Portal and subscriptions.
      name: "stripe",
      command: "tsx tests/support/stripe-stand-in.ts",
      url: `http://127.0.0.1:${STANDIN_PORT}/__health`,
      env: { STRIPE_STANDIN_PORT: String(STANDIN_PORT) },
    },
    {
      // The stand-in for Mercado Pago: its authorisation page, OAuth tokens, Pix payments, refunds
      // and signed webhooks sent to the app.
      name: "mercadopago",
      command: "tsx tests/support/mercadopago-stand-in.ts",
      url: `http://127.0.0.1:${MP_STANDIN_PORT}/__health`,
      env: { MP_STANDIN_PORT: String(MP_STANDIN_PORT) },
    },
  ]);
}
