// Where the Workers end-to-end suite's servers listen, the throwaway secrets they share, and the
// Worker's whole configuration (what tests/workers/start-worker.ts writes into its env file).
import { randomBytes } from "node:crypto";
import { scratchDir } from "../support/scratch";
import { mercadoPagoTestEnv } from "../support/mercadopago";
import { stripeTestEnv } from "../support/stripe";
import { newVapidKeys } from "../../scripts/vapid-keys";

export const WORKER_PORT = Number(process.env.WORKER_PORT ?? 8799);
export const HRANA_PORT = Number(process.env.HRANA_PORT ?? 8798);
export const WORKER_URL = `http://localhost:${WORKER_PORT}`;
export const HRANA_URL = `http://127.0.0.1:${HRANA_PORT}`;
/** The Worker reaches the database through the trip-counting proxy (tests/workers/trip-proxy.ts). */
export const TRIP_PROXY_PORT = Number(process.env.TRIP_PROXY_PORT ?? 8797);
export const TRIP_PROXY_URL = `http://127.0.0.1:${TRIP_PROXY_PORT}`;
export const DB_PATH = `${scratchDir("workers-e2e")}/agendo-${HRANA_PORT}.db`;

// The stand-ins' ports follow WORKER_PORT, so two suites given different ports never collide.
/** Mercado Pago's stand-in (started by the config, as tests/e2e's is). */
export const MP_STANDIN_URL = `http://127.0.0.1:${WORKER_PORT + 3}`;
/** Stripe's stand-in (started by the config). */
export const STRIPE_STANDIN_URL = `http://127.0.0.1:${WORKER_PORT + 4}`;
/** The push service's stand-in: started by the journey that sends (it holds the devices' keys). */
export const PUSH_STANDIN_PORT = WORKER_PORT + 5;

// Generated once per run in the Playwright main process; its test workers inherit process.env.
process.env.WORKERS_E2E_SESSION_SECRET ??= randomBytes(24).toString("hex");
process.env.WORKERS_E2E_DB_TOKEN ??= randomBytes(24).toString("hex");
if (!process.env.WORKERS_E2E_VAPID) {
  const keys = newVapidKeys();
  process.env.WORKERS_E2E_VAPID = `${keys.publicKey}.${keys.privateKey}`;
}
export const SESSION_SECRET = process.env.WORKERS_E2E_SESSION_SECRET;
export const DB_TOKEN = process.env.WORKERS_E2E_DB_TOKEN;
const [vapidPublic, vapidPrivate] = process.env.WORKERS_E2E_VAPID.split(".");

/** Every variable the Worker is started with: secrets and test-only switches, as `wrangler secret put` would give them. */
export function workerEnv(): Record<string, string> {
  return {
    SESSION_SECRET,
    DATABASE_URL: TRIP_PROXY_URL,
    DATABASE_AUTH_TOKEN: DB_TOKEN,
    APP_URL: WORKER_URL,
    ...stripeTestEnv(STRIPE_STANDIN_URL),
    ...mercadoPagoTestEnv(MP_STANDIN_URL),
    VAPID_PUBLIC_KEY: vapidPublic!,
    VAPID_PRIVATE_KEY: vapidPrivate!,
    VAPID_SUBJECT: "mailto:ops@example.com",
    PUSH_SERVICE_ORIGINS: `https://127.0.0.1:${PUSH_STANDIN_PORT}`,
    // 'Calendários externos' may read the journey's feed on loopback (tests only: docs/decisions/0956).
    CALENDAR_FETCH_ALLOW_LOOPBACK: "1",
  };
}
