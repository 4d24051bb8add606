// Where the Workers end-to-end suite's servers listen, and the throwaway secrets they share.
import { randomBytes } from "node:crypto";
import { scratchDir } from "../support/scratch";

export const WORKER_PORT = Number(process.env.WORKER_PORT ?? 8799);
export const HRANA_PORT = Number(process.env.HRANA_PORT ?? 8798);
export const WORKER_URL = `http://localhost:${WORKER_PORT}`;
export const HRANA_URL = `http://127.0.0.1:${HRANA_PORT}`;
/** The Worker reaches the database through the trip-counting proxy (tests/workers/trip-proxy.ts). */
export const TRIP_PROXY_PORT = Number(process.env.TRIP_PROXY_PORT ?? 8797);
export const TRIP_PROXY_URL = `http://127.0.0.1:${TRIP_PROXY_PORT}`;
export const DB_PATH = `${scratchDir("workers-e2e")}/agendo-${HRANA_PORT}.db`;

// Generated once per run in the Playwright main process; its test workers inherit process.env.
process.env.WORKERS_E2E_SESSION_SECRET ??= randomBytes(24).toString("hex");
process.env.WORKERS_E2E_DB_TOKEN ??= randomBytes(24).toString("hex");
export const SESSION_SECRET = process.env.WORKERS_E2E_SESSION_SECRET;
export const DB_TOKEN = process.env.WORKERS_E2E_DB_TOKEN;
