import { createClient, type Client } from "@libsql/client";
import { createTableRelationsHelpers, extractTablesRelationalConfig, getTableColumns, is, SQL, sql, type Column } from "drizzle-orm";
import { SQLiteAsyncDialect, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { LibSQLDatabase, LibSQLSession } from "drizzle-orm/libsql";
import { createContext, type RouterContextProvider } from "react-router";
import * as schema from "../../db/schema";
import { env, onWorkers } from "./env.server";

export type Db = LibSQLDatabase<typeof schema> & { $client: Client };

/**
 * Opens a database. `file:` URLs are an embedded libSQL file (Node only); `libsql://`
 * and `https://` URLs reach Turso or any server speaking libSQL's HTTP protocol.
 *
 * We never hold an interactive transaction open across awaits: on an embedded file the
 * driver's busy wait blocks the event loop that would finish the other transaction.
 * Multi-statement writes go through `db.batch([...])` (atomic, one round trip), and
 * conditional single statements (INSERT ... SELECT ... WHERE NOT EXISTS) claim slots.
 */
export function openDb(url: string, authToken?: string): Db {
  const client = writeBatchesFirstLock(createClient({ url, authToken: authToken || undefined, timeout: 5000 }));
  // What `drizzle(client, { schema })` builds, with the schema's relational map made once per
  // process: drizzle() walks the whole schema on every call, and on Workers every request opens
  // its own client (below), so that walk was part of every request's CPU (docs/decisions/1270).
  const dialect = new SQLiteAsyncDialect();
  const session = new LibSQLSession(client, dialect, relational(), {}, undefined);
  const db = new LibSQLDatabase("async", dialect, session, relational()) as Db;
  db.$client = client;
  return db;
}

let relationalSchema: ReturnType<typeof relationalOf> | undefined;
const relationalOf = () => {
  const { tables, tableNamesMap } = extractTablesRelationalConfig<Db["_"]["schema"] & {}>(schema, createTableRelationsHelpers);
  return { fullSchema: schema, schema: tables, tableNamesMap };
};
/** The schema's relational map (tables, relations, names), built on first use. */
function relational() {
  return (relationalSchema ??= relationalOf());
}

const WRITE = /^\s*(?:with\b[\s\S]*?\)\s*)?(?:insert|update|delete|replace)\b/i;

/**
 * A batch that writes takes the write lock when it begins (BEGIN IMMEDIATE), waiting its turn
 * for up to the client's timeout, instead of upgrading a read transaction halfway, which SQLite
 * refuses at once with SQLITE_BUSY when another connection wrote meanwhile. Read-only batches
 * stay deferred, so pages that only read never queue behind writers.
 */
function writeBatchesFirstLock(client: Client): Client {
  const sqlOf = (stmt: unknown) => (typeof stmt === "string" ? stmt : Array.isArray(stmt) ? String(stmt[0]) : String((stmt as { sql: string }).sql));
  const batch: Client["batch"] = (stmts, mode) =>
    client.batch(stmts, mode ?? (stmts.some((s) => WRITE.test(sqlOf(s))) ? "write" : "deferred"));
  return new Proxy(client, {
    get(target, name, receiver) {
      if (name === "batch") return batch;
      const value = Reflect.get(target, name, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const cache = new Map<string, Db>();

/**
 * One client per database URL per Node process; on Workers, one per request. A Worker must not
 * share an object doing I/O between requests: the HTTP client queues calls beyond its concurrency
 * limit (20) and starts a queued one when another finishes, i.e. one request's fetch from another
 * request's context, which the runtime cancels as hung (seen with 50 concurrent bookings, see
 * docs/decisions/0501). An HTTP client holds no connection, so a new one per request costs nothing.
 */
export function dbFromEnv(): Db {
  const { DATABASE_URL, DATABASE_AUTH_TOKEN } = env();
  if (onWorkers()) return openDb(DATABASE_URL, DATABASE_AUTH_TOKEN);
  let db = cache.get(DATABASE_URL);
  if (!db) {
    db = openDb(DATABASE_URL, DATABASE_AUTH_TOKEN);
    cache.set(DATABASE_URL, db);
  }
  return db;
}

export const dbContext = createContext<Db | null>(null);

/** The database for this request, as placed in the router context by the root middleware. */
export function getDb(context: Readonly<RouterContextProvider>): Db {
  const db = context.get(dbContext);
  if (!db) throw new Error("Database missing from router context");
  return db;
}

/** `select <row values>` in the table's column order, with the same defaults drizzle applies. */
export function rowValues(table: SQLiteTable, values: Record<string, unknown>): SQL {
  const parts: SQL[] = [];
  for (const [key, column] of Object.entries(getTableColumns(table)) as [string, Column][]) {
    // Same column list as drizzle's `insert into t (...)` (generated columns are skipped).
    if ((column as unknown as { shouldDisableInsert(): boolean }).shouldDisableInsert()) continue;
    let value = values[key];
    if (value === undefined) {
      if (column.default !== undefined && column.default !== null) value = column.default;
      else if (column.defaultFn) value = column.defaultFn();
      else if (column.onUpdateFn) value = column.onUpdateFn();
      else value = null;
    }
    parts.push(is(value, SQL) ? value : value === null ? sql`null` : sql`${sql.param(value, column)}`);
  }
  return sql.join(parts, sql`, `);
}

/** A row's values for insertIf: each a value, or SQL the insert evaluates itself (a CASE over the batch's state). */
export type ValuesOrSql<V> = { [K in keyof V]: V[K] | SQL };

/**
 * `INSERT INTO table SELECT <values> WHERE <condition>`: a row written only if the condition
 * holds when the statement runs (a slot still free, the request it belongs to just written), so
 * it can sit in one batch with the writes it depends on.
 */
export function insertIf<T extends SQLiteTable>(db: Db, table: T, values: ValuesOrSql<T["$inferInsert"]>, condition: SQL | undefined) {
  return db.insert(table).select(sql`select ${rowValues(table, values)} where ${condition ?? sql`1`}`);
}

type Statement = Parameters<Db["batch"]>[0][number];

/**
 * A page's reads gathered from several modules and sent as one `db.batch` (one round trip on
 * Workers, where every request to the database crosses the network). Each `add` returns a
 * getter for its result, valid once `run` has answered:
 *
 *   const reads = new ReadBatch();
 *   const pending = reads.add(pendingRequests(db, user.id, today, 4));
 *   const steps = setupStepsReads(reads, db, user.profile);
 *   await reads.run(db);
 *   return { pending: pending(), steps: steps() };
 */
export class ReadBatch {
  private readonly statements: Statement[] = [];
  private results: unknown[] | null = null;

  add<T>(statement: Statement & PromiseLike<T>): () => T {
    const index = this.statements.push(statement) - 1;
    return () => {
      if (!this.results) throw new Error("ReadBatch: result read before run()");
      return this.results[index] as T;
    };
  }

  async run(db: Db): Promise<void> {
    const [first, ...rest] = this.statements;
    this.results = first ? await db.batch([first, ...rest]) : [];
  }
}
