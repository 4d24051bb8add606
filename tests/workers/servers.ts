// The Workers suite's servers (its configuration's `globalSetup`), started together: the test
// Hrana endpoint on a fresh migrated file, the trip-counting proxy in front of it, the Worker in
// the local Workers runtime, and the stand-ins its configuration points at.
import { DB_PATH, DB_TOKEN, HRANA_PORT, HRANA_URL, MP_STANDIN_URL, STRIPE_STANDIN_URL, TRIP_PROXY_PORT, TRIP_PROXY_URL, WORKER_PORT, WORKER_URL, workerEnv } from "./env";
import { startServers, type Server } from "../support/servers";
import { standInCertificateFile } from "../support/push-stand-in";

const port = (url: string) => new URL(url).port;

export default function servers() {
  const list: Server[] = [
    {
      // Fresh file, migrated over HTTP through the endpoint itself (README 'Deploy' step 2).
      name: "hrana",
      command: "tsx tests/workers/hrana-server.ts",
      url: `${HRANA_URL}/health`,
      env: { HRANA_DB: DB_PATH, HRANA_PORT: String(HRANA_PORT), HRANA_TOKEN: DB_TOKEN, HRANA_FRESH: "1", HRANA_MIGRATE: "1" },
      stdout: true,
    },
    {
      // Every request between the Worker and the database is counted (and can be delayed) here.
      name: "trip-proxy",
      command: "tsx tests/workers/trip-proxy.ts",
      url: `${TRIP_PROXY_URL}/__trips`,
      env: { TRIP_PROXY_PORT: String(TRIP_PROXY_PORT), TRIP_PROXY_TARGET: HRANA_URL },
    },
    {
      // It reaches the database only when asked: it starts beside the endpoint. The launcher
      // deletes its secrets file on SIGTERM, which is how the suite stops it.
      name: "worker",
      command: "tsx tests/workers/start-worker.ts",
      url: `${WORKER_URL}/login`,
      timeoutMs: 120_000,
      env: {
        WORKER_PORT: String(WORKER_PORT),
        // Payments, push and calendars configured as in production, against the stand-ins.
        ...workerEnv(),
        WORKER_VARS: Object.keys(workerEnv()).join(","),
        // The push stand-in's certificate, trusted by the runtime's fetch (wrangler reads it).
        NODE_EXTRA_CA_CERTS: standInCertificateFile(),
      },
    },
    {
      // Mercado Pago: OAuth page, Pix payments and the signed notifications it sends the Worker.
      name: "mercadopago",
      command: "tsx tests/support/mercadopago-stand-in.ts",
      url: `${MP_STANDIN_URL}/__health`,
      env: { MP_STANDIN_PORT: port(MP_STANDIN_URL) },
    },
  ];
  // api.stripe.com, for the Stripe webhook's journey, which runs only in the whole suite (@extended).
  if (process.env.WORKERS_SUITE === "all") {
    list.push({ name: "stripe", command: "tsx tests/support/stripe-stand-in.ts", url: `${STRIPE_STANDIN_URL}/__health`, env: { STRIPE_STANDIN_PORT: port(STRIPE_STANDIN_URL) } });
  }
  return startServers(list);
}
