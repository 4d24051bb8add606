import { createClient } from "@libsql/client";
import { sql } from "drizzle-orm";
import { expect, test } from "@playwright/test";
import { DB_TOKEN, HRANA_URL } from "./env";
import { httpDb } from "./fixtures";

// The test endpoint itself, through the same HTTP client the Worker uses: if it were laxer than
// Turso (no atomic batch, no isolation, loose values) the Workers tests would prove less.
const client = () => createClient({ url: HRANA_URL, authToken: DB_TOKEN });
const table = `probe_${crypto.randomUUID().slice(0, 8)}`;

async function pipeline(body: unknown, token: string | null = DB_TOKEN) {
  const response = await fetch(`${HRANA_URL}/v2/pipeline`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

test.beforeAll(async () => {
  await client().execute(`create table ${table} (id integer primary key, a text unique, f real, b blob)`);
});

test("values keep their types both ways", async () => {
  const c = client();
  const [row] = (
    await c.execute({
      sql: `insert into ${table} (a, f, b) values (?, ?, ?) returning id, a, f, b, null as z, 2 * 1099511627776 as big`,
      args: ["texto ç", 1.5, new Uint8Array([0, 255, 7])],
    })
  ).rows;
  expect(row!.a).toBe("texto ç");
  expect(row!.f).toBe(1.5);
  expect([...new Uint8Array(row!.b as ArrayBuffer)]).toEqual([0, 255, 7]);
  expect(row!.z).toBeNull();
  expect(row!.big).toBe(2 * 1099511627776);
  const updated = await c.execute({ sql: `update ${table} set f = :f where a = :a`, args: { f: 2.5, a: "texto ç" } });
  expect(updated.rowsAffected).toBe(1);
  const raw = await pipeline({ requests: [{ type: "execute", stmt: { sql: `select count(*) as n, 0.5 as h from ${table}` } }, { type: "close" }] });
  expect(raw.body.results[0].response.result.rows[0]).toEqual([
    { type: "integer", value: "1" },
    { type: "float", value: 0.5 },
  ]);
});

test("db.batch is all or nothing", async () => {
  const db = httpDb();
  await expect(
    db.batch([
      db.run(sql.raw(`insert into ${table} (a) values ('one')`)),
      db.run(sql.raw(`insert into ${table} (a) values ('one')`)), // unique violation
    ]),
  ).rejects.toThrow(/UNIQUE constraint failed/);
  const rows = await client().execute(`select count(*) as n from ${table} where a = 'one'`);
  expect(rows.rows[0]!.n).toBe(0);
});

test("batch step conditions are honoured", async () => {
  const step = (s: string, condition?: unknown) => ({ stmt: { sql: s }, ...(condition ? { condition } : {}) });
  const { body } = await pipeline({
    requests: [
      {
        type: "batch",
        batch: {
          steps: [
            step("select 1"), // 0 ok
            step("select * from no_such_table"), // 1 error
            step("select 2", { type: "ok", step: 1 }), // 2 skipped
            step("select 3", { type: "error", step: 1 }), // 3 runs
            step("select 4", { type: "not", cond: { type: "ok", step: 0 } }), // 4 skipped
            step("select 5", { type: "and", conds: [{ type: "ok", step: 0 }, { type: "error", step: 1 }] }), // 5 runs
            step("select 6", { type: "or", conds: [{ type: "ok", step: 2 }, { type: "ok", step: 4 }] }), // 6 skipped
            step("select 7", { type: "is_autocommit" }), // 7 runs
          ],
        },
      },
      { type: "close" },
    ],
  });
  const result = body.results[0].response.result;
  expect(result.step_results.map((r: unknown) => r !== null)).toEqual([true, false, false, true, false, true, false, true]);
  expect(result.step_errors.map((e: unknown) => e !== null)).toEqual([false, true, false, false, false, false, false, false]);
  expect(result.step_errors[1]).toMatchObject({ code: "SQLITE_ERROR", message: expect.stringContaining("no such table") });
});

test("an open transaction is isolated until it ends; batons are single-use; the token is required", async () => {
  const c = client();
  const tx = await c.transaction("write");
  await tx.execute(`insert into ${table} (a) values ('in-tx')`);
  let seen: unknown = "pending";
  const other = c.execute(`select count(*) as n from ${table} where a = 'in-tx'`).then((r) => (seen = r.rows[0]!.n));
  // Queued behind the writer: it waits, never reads the uncommitted row.
  await expect.poll(async () => (await (await fetch(`${HRANA_URL}/lock`, { headers: { authorization: `Bearer ${DB_TOKEN}` } })).json()).waiting).toBe(1);
  expect(seen).toBe("pending");
  await tx.rollback();
  await other;
  expect(seen).toBe(0);

  const first = await pipeline({ requests: [{ type: "execute", stmt: { sql: "select 1" } }] });
  expect(first.body.baton).toBeTruthy();
  const second = await pipeline({ baton: first.body.baton, requests: [{ type: "close" }] });
  expect(second.body.baton).toBeNull();
  expect((await pipeline({ baton: first.body.baton, requests: [{ type: "close" }] })).status).toBe(400);

  expect((await pipeline({ requests: [{ type: "close" }] }, null)).status).toBe(401);
  expect((await pipeline({ requests: [{ type: "close" }] }, "wrong")).status).toBe(401);
});
