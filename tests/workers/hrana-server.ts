// TEST ONLY. A small server speaking libSQL's HTTP protocol (Hrana 2 over HTTP, JSON: the
// `POST /v2/pipeline` endpoint) in front of a local libSQL file, so the Workers build can be run
// locally against a database reached exactly as it reaches Turso. Never part of the app.
//
// What it implements, from what @libsql/client's HTTP client sends (hrana-client, JSON encoding):
// - pipeline requests `execute`, `batch` (step conditions ok / error / not / and / or /
//   is_autocommit), `sequence`, `store_sql` / `close_sql`, `get_autocommit`, `close`;
//   `describe` answers with an error (no client of this app uses it).
// - typed values: null, integer (decimal string), float, text, blob (base64).
// - streams and batons: each stream is one SQL connection; a stream left open gets a new
//   single-use baton per response and expires after 10 s idle (its transaction rolled back).
// - errors as sqld reports them: code `SQLITE_<BASE>` and message `SQLite error: <sqlite message>`.
//
// Concurrency: one writer at a time, as SQLite (and Turso) allow. Pipelines run one at a time on
// the file; a stream holding an open transaction (BEGIN sent, no COMMIT / ROLLBACK yet) keeps the
// database until it ends it, closes or expires, so no other stream sees or interleaves with its
// uncommitted writes. `db.batch([...])` arrives as one `batch` request (BEGIN DEFERRED, the
// statements each conditioned on the previous one, COMMIT, ROLLBACK unless COMMIT succeeded), so
// it runs atomically here as on Turso.
//
// Usage: tsx tests/workers/hrana-server.ts
//   HRANA_DB=path/to/file.db  HRANA_PORT=8798  HRANA_TOKEN=…   (token optional: when set, every
//   request needs `Authorization: Bearer <token>`, as Turso needs DATABASE_AUTH_TOKEN)
//   HRANA_FRESH=1   delete the file first;   HRANA_MIGRATE=1   apply migrations/ over HTTP
//   (through this endpoint, as README 'Deploy' step 2 does against Turso) before /health is ok.
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { dirname, resolve } from "node:path";
import { createClient, type Client, type InValue, type ResultSet, type Transaction } from "@libsql/client";

// ------------------------------------------------------------------ protocol types (JSON)

type Value =
  | { type: "null" }
  | { type: "integer"; value: string }
  | { type: "float"; value: number }
  | { type: "text"; value: string }
  | { type: "blob"; base64: string };
type Stmt = {
  sql?: string;
  sql_id?: number;
  args?: Value[];
  named_args?: { name: string; value: Value }[];
  want_rows?: boolean;
};
type Cond =
  | { type: "ok" | "error"; step: number }
  | { type: "not"; cond: Cond }
  | { type: "and" | "or"; conds: Cond[] }
  | { type: "is_autocommit" };
type Batch = { steps: { condition?: Cond | null; stmt: Stmt }[] };
type StreamRequest =
  | { type: "close" }
  | { type: "execute"; stmt: Stmt }
  | { type: "batch"; batch: Batch }
  | { type: "sequence"; sql?: string; sql_id?: number }
  | { type: "describe"; sql?: string; sql_id?: number }
  | { type: "store_sql"; sql_id: number; sql: string }
  | { type: "close_sql"; sql_id: number }
  | { type: "get_autocommit" };
type ProtoError = { message: string; code?: string };
type StmtResult = {
  cols: { name: string | null; decltype: string | null }[];
  rows: Value[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
};

class RequestError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

// ------------------------------------------------------------------ values

function valueIn(v: Value | undefined): InValue {
  if (!v || v.type === "null") return null;
  switch (v.type) {
    case "integer":
      return BigInt(v.value);
    case "float":
      return Number(v.value);
    case "text":
      return v.value;
    case "blob":
      return new Uint8Array(Buffer.from(v.base64, "base64"));
    default:
      throw new RequestError(`Unknown value type ${JSON.stringify((v as { type: unknown }).type)}`, "PROTO_ERROR");
  }
}

function valueOut(v: unknown): Value {
  if (v === null || v === undefined) return { type: "null" };
  if (typeof v === "bigint") return { type: "integer", value: v.toString() };
  if (typeof v === "number") return { type: "float", value: v };
  if (typeof v === "string") return { type: "text", value: v };
  if (v instanceof ArrayBuffer) return { type: "blob", base64: Buffer.from(v).toString("base64") };
  if (ArrayBuffer.isView(v)) return { type: "blob", base64: Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64") };
  throw new Error(`Cannot encode a value of type ${typeof v}`);
}

function toProtoError(error: unknown): ProtoError {
  const e = error as { code?: string; message?: string; cause?: { message?: string } };
  if (error instanceof RequestError) return { message: error.message, code: error.code };
  // LibsqlError prefixes its message with the code; sqld reports "SQLite error: <message>".
  const raw = e?.cause?.message ?? String(e?.message ?? error).replace(/^[A-Z_]+: /, "");
  return { message: `SQLite error: ${raw}`, code: e?.code ?? "UNKNOWN" };
}

async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The SQL texts a pipeline carries (inline or stored), to recognise the writes it will run. */
function pipelineSqls(requests: StreamRequest[]): string[] {
  const out: string[] = [];
  for (const r of requests) {
    if (r.type === "execute" && r.stmt?.sql) out.push(r.stmt.sql);
    else if (r.type === "store_sql") out.push(r.sql);
    else if (r.type === "batch") for (const s of r.batch?.steps ?? []) if (s.stmt?.sql) out.push(s.stmt.sql);
  }
  return out;
}

// ------------------------------------------------------------------ one writer at a time

class Lock {
  #held = false;
  #waiters: (() => void)[] = [];
  async acquire() {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }
  release() {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#held = false;
  }
  /** How it stands, for tests that wait until a request is queued behind a writer. */
  state() {
    return { held: this.#held, waiting: this.#waiters.length };
  }
}

// ------------------------------------------------------------------ streams

const STREAM_EXPIRY_MS = 10_000;

class Stream {
  sqls = new Map<number, string>();
  tx: Transaction | null = null;
  holdsLock = false;
  closed = false;
  expiry: NodeJS.Timeout | undefined;
}

const BEGIN = /^\s*BEGIN(?:\s+(DEFERRED|IMMEDIATE|EXCLUSIVE))?(?:\s+TRANSACTION)?(?:\s+(READONLY))?\s*;?\s*$/i;

/** Writes run, by "verb table" (e.g. "insert booking_requests"): statements run and rows they
 * changed (counted when run: a write in a batch that is later rolled back still counts). */
export type WriteStats = Record<string, { runs: number; changed: number }>;

function writeKey(sql: string) {
  const m = /^\s*(insert|update|delete)\s+(?:or\s+\w+\s+)?(?:into|from)?\s*"?(\w+)"?/i.exec(sql);
  return m ? `${m[1]!.toLowerCase()} ${m[2]}` : null;
}

export function createHranaHandler(client: Client, token?: string) {
  const lock = new Lock();
  const streams = new Map<string, Stream>();
  const stats: WriteStats = {};
  // Test instrumentation: how long each pipeline took here, from its body read to its answer
  // written (GET /timings; POST /timings/reset), to tell this endpoint's share of a trip.
  let timings: number[] = [];
  // Test instrumentation: extra latency before a pipeline carrying a given kind of write may
  // take the database (POST /control {"delays": {"insert booking_requests": 1500}}). It stands
  // for the network round trips to Turso that separate a request's read from its write, so
  // concurrent requests really do all read "free" before any of them claims the slot.
  let delays: Record<string, number> = {};

  function sqlOf(stream: Stream, s: { sql?: string; sql_id?: number }) {
    if (typeof s.sql === "string") return s.sql;
    if (typeof s.sql_id === "number") {
      const sql = stream.sqls.get(s.sql_id);
      if (sql === undefined) throw new RequestError(`SQL text ${s.sql_id} is not stored`, "SQL_NOT_FOUND");
      return sql;
    }
    throw new RequestError("Statement has neither sql nor sql_id", "PROTO_ERROR");
  }

  /** Ends the stream's transaction object once SQLite has left the transaction. */
  function settle(stream: Stream) {
    if (stream.tx && stream.tx.closed) {
      stream.tx.close();
      stream.tx = null;
    }
  }

  async function execute(stream: Stream, stmt: Stmt): Promise<StmtResult> {
    const sql = sqlOf(stream, stmt);
    if (stmt.args?.length && stmt.named_args?.length) {
      throw new RequestError("Both positional and named arguments", "ARGS_BOTH_POSITIONAL_AND_NAMED");
    }
    const args: InValue[] | Record<string, InValue> = stmt.named_args?.length
      ? Object.fromEntries(stmt.named_args.map((a) => [a.name, valueIn(a.value)]))
      : (stmt.args ?? []).map(valueIn);
    let rs: ResultSet;
    if (stream.tx) {
      try {
        rs = await stream.tx.execute({ sql, args });
      } finally {
        settle(stream);
      }
    } else {
      const begin = BEGIN.exec(sql);
      if (begin) {
        // The client pool would roll back a bare BEGIN when it takes the connection back;
        // a transaction object keeps this stream's connection until COMMIT / ROLLBACK.
        const kind = (begin[1] ?? "DEFERRED").toUpperCase();
        const mode = begin[2] ? "read" : kind === "DEFERRED" ? "deferred" : "write";
        stream.tx = await client.transaction(mode);
        return { cols: [], rows: [], affected_row_count: 0, last_insert_rowid: null };
      }
      if (/^\s*SAVEPOINT\b/i.test(sql)) {
        // Outside a transaction SAVEPOINT starts one (as BEGIN DEFERRED).
        stream.tx = await client.transaction("deferred");
        return execute(stream, stmt);
      }
      if (/^\s*(COMMIT|END|ROLLBACK)\b/i.test(sql)) {
        throw new RequestError(`cannot ${sql.trim().split(/\s/)[0]!.toLowerCase()} - no transaction is active`, "SQLITE_ERROR");
      }
      rs = await client.execute({ sql, args });
    }
    const rows = stmt.want_rows === false ? [] : rs.rows.map((row) => rs.columns.map((_, i) => valueOut(row[i])));
    // The file client reports no change count for statements that return rows; SQLite's
    // sqlite3_changes() (what sqld reports) is one per returned row for INSERT/UPDATE/DELETE ... RETURNING.
    const changes = rs.columns.length > 0 && /\breturning\b/i.test(sql) ? rs.rows.length : rs.rowsAffected;
    const key = writeKey(sql);
    if (key) {
      const entry = (stats[key] ??= { runs: 0, changed: 0 });
      entry.runs++;
      entry.changed += changes;
    }
    return {
      cols: rs.columns.map((name, i) => ({ name, decltype: rs.columnTypes[i] || null })),
      rows,
      affected_row_count: changes,
      last_insert_rowid: rs.lastInsertRowid === undefined ? null : String(rs.lastInsertRowid),
    };
  }

  function holds(cond: Cond, stream: Stream, results: (StmtResult | null)[], errors: (ProtoError | null)[]): boolean {
    switch (cond.type) {
      case "ok":
        return results[cond.step] != null;
      case "error":
        return errors[cond.step] != null;
      case "not":
        return !holds(cond.cond, stream, results, errors);
      case "and":
        return cond.conds.every((c) => holds(c, stream, results, errors));
      case "or":
        return cond.conds.some((c) => holds(c, stream, results, errors));
      case "is_autocommit":
        return stream.tx === null;
      default:
        throw new RequestError(`Unknown condition ${JSON.stringify((cond as { type: unknown }).type)}`, "PROTO_ERROR");
    }
  }

  async function batch(stream: Stream, b: Batch) {
    const results: (StmtResult | null)[] = [];
    const errors: (ProtoError | null)[] = [];
    for (const step of b.steps) {
      if (step.condition && !holds(step.condition, stream, results, errors)) {
        results.push(null);
        errors.push(null);
        continue;
      }
      try {
        results.push(await execute(stream, step.stmt));
        errors.push(null);
      } catch (error) {
        results.push(null);
        errors.push(toProtoError(error));
      }
    }
    return { step_results: results, step_errors: errors };
  }

  async function sequence(stream: Stream, sql: string) {
    if (stream.tx) {
      try {
        await stream.tx.executeMultiple(sql);
      } finally {
        settle(stream);
      }
    } else {
      // Runs on one pooled connection; a transaction it leaves open is rolled back (as sqld
      // would keep it only on this stream, which the app never does).
      await client.executeMultiple(sql);
    }
  }

  async function handle(stream: Stream, req: StreamRequest) {
    switch (req.type) {
      case "close":
        stream.closed = true;
        return { type: "close" };
      case "execute":
        return { type: "execute", result: await execute(stream, req.stmt) };
      case "batch":
        return { type: "batch", result: await batch(stream, req.batch) };
      case "sequence":
        await sequence(stream, sqlOf(stream, req));
        return { type: "sequence" };
      case "store_sql":
        stream.sqls.set(req.sql_id, req.sql);
        return { type: "store_sql" };
      case "close_sql":
        stream.sqls.delete(req.sql_id);
        return { type: "close_sql" };
      case "get_autocommit":
        return { type: "get_autocommit", is_autocommit: stream.tx === null };
      case "describe":
        throw new RequestError("describe is not supported by this test endpoint", "NOT_SUPPORTED");
      default:
        throw new RequestError(`Unknown request ${JSON.stringify((req as { type: unknown }).type)}`, "PROTO_ERROR");
    }
  }

  function endStream(stream: Stream) {
    clearTimeout(stream.expiry);
    stream.closed = true;
    if (stream.tx) {
      stream.tx.close(); // rolls back
      stream.tx = null;
    }
    if (stream.holdsLock) {
      stream.holdsLock = false;
      lock.release();
    }
  }

  async function pipeline(body: { baton?: string | null; requests: StreamRequest[] }) {
    let stream: Stream;
    if (body.baton) {
      const found = streams.get(body.baton);
      if (!found) throw new RequestError("Stream not found (unknown, used or expired baton)", "STREAM_EXPIRED");
      streams.delete(body.baton);
      clearTimeout(found.expiry);
      stream = found;
    } else {
      stream = new Stream();
    }
    const delay = Math.max(0, ...pipelineSqls(body.requests).map((q) => delays[writeKey(q) ?? ""] ?? 0));
    if (delay > 0 && !stream.holdsLock) await new Promise((r) => setTimeout(r, delay));
    if (!stream.holdsLock) {
      await lock.acquire();
      stream.holdsLock = true;
    }
    const results: unknown[] = [];
    try {
      for (const req of body.requests) {
        if (stream.closed) {
          results.push({ type: "error", error: { message: "Stream is closed", code: "STREAM_CLOSED" } });
          continue;
        }
        try {
          results.push({ type: "ok", response: await handle(stream, req) });
        } catch (error) {
          results.push({ type: "error", error: toProtoError(error) });
        }
      }
    } finally {
      if (stream.closed) {
        endStream(stream);
      } else if (!stream.tx && stream.holdsLock) {
        // In autocommit between pipelines: nothing to protect, let others in.
        stream.holdsLock = false;
        lock.release();
      }
    }
    let baton: string | null = null;
    if (!stream.closed) {
      baton = randomBytes(16).toString("hex");
      streams.set(baton, stream);
      stream.expiry = setTimeout(() => {
        streams.delete(baton!);
        endStream(stream);
      }, STREAM_EXPIRY_MS);
    }
    return { baton, base_url: null, results };
  }

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  }

  return async function (req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (token !== undefined && req.headers.authorization !== `Bearer ${token}`) {
      return send(res, 401, { message: "Unauthorized: missing or wrong auth token", code: "UNAUTHORIZED" });
    }
    // Test instrumentation only (not part of Hrana): writes that reached the file; latency knobs.
    if (req.method === "GET" && path === "/stats") return send(res, 200, stats);
    if (req.method === "GET" && path === "/lock") return send(res, 200, lock.state());
    if (path === "/timings") return send(res, 200, timings);
    if (path === "/timings/reset") return send(res, 200, (timings = []));
    if (req.method === "POST" && path === "/control") {
      const body = JSON.parse((await readBody(req)) || "{}") as { delays?: Record<string, number> };
      delays = body.delays ?? {};
      return send(res, 200, { delays });
    }
    if (req.method === "GET" && (path === "/v2" || path === "/v3")) {
      res.writeHead(200).end();
      return;
    }
    // v3 shares v2's JSON shape (plus get_autocommit); the v3 protobuf encoding is not spoken,
    // so a v3 client probing /v3-protobuf gets 404 and falls back to v2, as with an old server.
    if (req.method !== "POST" || (path !== "/v2/pipeline" && path !== "/v3/pipeline")) {
      return send(res, 404, { message: `Not found: ${req.method} ${path}`, code: "NOT_FOUND" });
    }
    let body: { baton?: string | null; requests: StreamRequest[] };
    const raw = await readBody(req);
    const started = performance.now();
    try {
      body = JSON.parse(raw);
      if (!Array.isArray(body.requests)) throw new Error("requests must be an array");
    } catch (error) {
      return send(res, 400, { message: `Bad request body: ${(error as Error).message}`, code: "PROTO_ERROR" });
    }
    try {
      send(res, 200, await pipeline(body));
    } catch (error) {
      send(res, error instanceof RequestError ? 400 : 500, toProtoError(error));
    }
    timings.push(performance.now() - started);
  };
}

// ------------------------------------------------------------------ command line

async function main() {
  const dbPath = resolve(process.env.HRANA_DB ?? "data/workers-test/agendo.db");
  const port = Number(process.env.HRANA_PORT ?? 8798);
  const token = process.env.HRANA_TOKEN || undefined;
  if (process.env.HRANA_FRESH === "1") {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(dbPath + suffix, { force: true });
  }
  mkdirSync(dirname(dbPath), { recursive: true });
  const client = createClient({ url: `file:${dbPath}`, intMode: "bigint", concurrency: 1, timeout: 5000 });
  await client.execute("PRAGMA journal_mode=WAL");
  await client.execute("PRAGMA synchronous=NORMAL"); // throwaway test data: no fsync per commit

  let ready = false;
  const hrana = createHranaHandler(client, token);
  const server = createServer((req, res) => {
    if (req.url === "/health") {
      res.writeHead(ready ? 200 : 503, { "content-type": "text/plain" }).end(ready ? "ok" : "starting");
      return;
    }
    hrana(req, res).catch((error) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((done) => server.listen(port, "127.0.0.1", done));
  const url = `http://127.0.0.1:${port}`;

  if (process.env.HRANA_MIGRATE === "1") {
    // Over HTTP through this endpoint, the way migrations reach Turso.
    const { openDb } = await import("../../app/utils/db.server");
    const { migrateDb } = await import("../../scripts/migrate");
    const db = openDb(url, token);
    await migrateDb(db);
    db.$client.close();
  }
  ready = true;
  console.log(`Hrana test endpoint on ${url} in front of ${dbPath}`);

  const stop = () => {
    server.close();
    client.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await main();
}
