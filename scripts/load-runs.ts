// The runs of `npm run bench:load` (scripts/load.ts): autocannon driving one target, and what
// each answer counts as (docs/decisions/0511-load-mode.md).
import { createRequire } from "node:module";

export const MOBILE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

// --- autocannon (CommonJS, no types shipped) ---------------------------------------------------

export type AcRequest = {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  setupRequest?: (req: AcRequest, context: Record<string, unknown>) => AcRequest;
};
type AcHistogram = { mean: number; average: number; p50: number; p99: number; max: number; total: number; sent?: number };
export type AcResult = {
  requests: AcHistogram;
  latency: AcHistogram;
  errors: number;
  timeouts: number;
  resets: number;
  statusCodeStats: Record<string, { count: number }>;
  duration: number;
};
type Autocannon = (
  opts: {
    url: string;
    connections: number;
    duration: number;
    timeout: number;
    requests: AcRequest[];
    headers?: Record<string, string>;
  },
  cb: (err: Error | null, result: AcResult) => void,
) => unknown;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;
// autocannon re-arms a request's timer with a negative delay when a timeout has already passed;
// Node's warning about it would cut through the table (the timeouts are counted and printed).
const emitWarning = process.emitWarning.bind(process) as (...args: unknown[]) => void;
process.emitWarning = ((warning: unknown, ...rest: unknown[]) => {
  const type = typeof rest[0] === "string" ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
  if (type === "TimeoutNegativeWarning") return;
  emitWarning(warning, ...rest);
}) as typeof process.emitWarning;

/** `connections` connections sending `requests` in turn for `duration` s; each request waits `timeout` s at most. */
export function cannon(url: string, connections: number, duration: number, requests: AcRequest[], timeout: number) {
  return new Promise<AcResult>((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration,
        timeout,
        requests,
        // No Accept-Encoding: the app and the static baseline both send the raw bytes.
        headers: { "user-agent": MOBILE_UA, accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8", "accept-language": "pt-BR" },
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

// --- classification ---------------------------------------------------------------------------

export type Tally = { ok: number; booked: number; taken: number; limited: number; serverErrors: number; unexpected: Record<string, number> };

/** What each answer means for a target: GETs must answer 200; a POST 302 (booked), 409 or 429. */
export function tally(kind: "get" | "post" | "mixed", result: AcResult): Tally {
  const t: Tally = { ok: 0, booked: 0, taken: 0, limited: 0, serverErrors: 0, unexpected: {} };
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) {
    const status = Number(code);
    if (status >= 500) t.serverErrors += count;
    else if (status === 200 && kind !== "post") t.ok += count;
    else if ((status === 302 || status === 303) && kind !== "get") t.booked += count;
    else if (status === 409 && kind !== "get") t.taken += count;
    else if (status === 429 && kind !== "get") t.limited += count;
    else t.unexpected[code] = (t.unexpected[code] ?? 0) + count;
  }
  return t;
}

export const fmt = (n: number, digits = 1) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

export type Run = { name: string; label: string; kind: "get" | "post"; url: string; request: AcRequest };
/** Booked answers (302), POSTs cut off in flight at the end of a run and requests released, over every run. */
export type Counts = { booked: number; inFlightAtEnd: number; released: number };

export const TABLE_HEADER = `  ${"target".padEnd(16)} ${"conns".padStart(5)} ${"req/s".padStart(9)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"answers".padStart(8)} ${"errors".padStart(6)}  notes`;

/** One timed run: its row printed (`label` first), its errors added to `failures`, POSTs counted. */
export async function timedRun(run: Run, connections: number, seconds: number, timeout: number, counts: Counts, failures: string[], label = run.label) {
  const result = await cannon(run.url, connections, seconds, [{ ...run.request }], timeout);
  const t = tally(run.kind, result);
  const errors = result.errors + t.serverErrors;
  const notes: string[] = [];
  if (run.kind === "post") {
    notes.push(`booked ${t.booked}, taken ${t.taken}, rate-limited ${t.limited}`);
    counts.booked += t.booked;
    counts.inFlightAtEnd += (result.requests.sent ?? result.requests.total) - result.requests.total;
  }
  if (result.timeouts) notes.push(`${result.timeouts} timeouts`);
  if (t.serverErrors) notes.push(`${t.serverErrors} 5xx`);
  for (const [code, n] of Object.entries(t.unexpected)) notes.push(`UNEXPECTED ${code} ×${n}`);
  console.log(
    `  ${label.padEnd(16)} ${String(connections).padStart(5)} ${fmt(result.requests.mean).padStart(9)} ${fmt(result.latency.p50).padStart(8)} ${fmt(result.latency.p99).padStart(8)} ${String(result.requests.total).padStart(8)} ${String(errors).padStart(6)}  ${notes.join("; ")}`,
  );
  if (errors > 0) failures.push(`${label} at ${connections} connections: ${errors} errors`);
  if (Object.keys(t.unexpected).length > 0) failures.push(`${label} at ${connections} connections: unexpected answers ${JSON.stringify(t.unexpected)}`);
  return result;
}
