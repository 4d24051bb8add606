import { copyFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimits } from "../../db/schema";
import { hit, resetLimit } from "../../app/utils/rate-limit.server";
import { openDb } from "../../app/utils/db.server";
import { createTestDb } from "../support/db";
import { BASE_DB, TEST_DIR } from "../support/global-setup";

const limit = { max: 3, windowMs: 15 * 60_000 };
const t0 = Date.UTC(2025, 2, 10, 12, 0, 0);

async function stored(db: ReturnType<typeof createTestDb>, key: string) {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  return row;
}

describe("hit (database rate limit)", () => {
  it("allows up to max hits in a window and refuses after", async () => {
    const db = createTestDb();
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await hit(db, "login:email:a@x", limit, t0 + i * 1000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    expect(results.map((r) => r.count)).toEqual([1, 2, 3, 4, 5]);
    const row = await stored(db, "login:email:a@x");
    expect(row?.count).toBe(5);
    expect(row?.windowStart.getTime()).toBe(t0);
  });

  it("keeps counting until the window has fully passed, then starts a new one", async () => {
    const db = createTestDb();
    for (let i = 0; i < 4; i++) await hit(db, "k", limit, t0);
    expect((await hit(db, "k", limit, t0 + limit.windowMs - 1)).allowed).toBe(false);
    const fresh = await hit(db, "k", limit, t0 + limit.windowMs);
    expect(fresh).toEqual({ allowed: true, count: 1 });
    expect((await stored(db, "k"))?.windowStart.getTime()).toBe(t0 + limit.windowMs);
    // The new window counts from its own start.
    expect((await hit(db, "k", limit, t0 + limit.windowMs + 1)).count).toBe(2);
  });

  it("counts keys independently", async () => {
    const db = createTestDb();
    for (let i = 0; i < 3; i++) await hit(db, "login:email:a@x", limit, t0);
    expect((await hit(db, "login:email:a@x", limit, t0)).allowed).toBe(false);
    expect(await hit(db, "login:email:b@x", limit, t0)).toEqual({ allowed: true, count: 1 });
    expect(await hit(db, "login:ip:1.2.3.4", limit, t0)).toEqual({ allowed: true, count: 1 });
    expect((await stored(db, "login:email:a@x"))?.count).toBe(4);
  });

  it("resetLimit clears one key only", async () => {
    const db = createTestDb();
    for (let i = 0; i < 4; i++) {
      await hit(db, "a", limit, t0);
      await hit(db, "b", limit, t0);
    }
    await resetLimit(db, "a");
    expect(await stored(db, "a")).toBeUndefined();
    expect(await hit(db, "a", limit, t0)).toEqual({ allowed: true, count: 1 });
    expect((await hit(db, "b", limit, t0)).allowed).toBe(false);
  });

  it("counts concurrent hits exactly", async () => {
    const db = createTestDb();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => hit(db, "booking:phone:11987654321", { max: 5, windowMs: 60_000 }, t0)),
    );
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect((await stored(db, "booking:phone:11987654321"))?.count).toBe(20);
  });

  it("counts concurrent hits exactly across separate connections", async () => {
    // Two server instances share one database file.
    const path = `${TEST_DIR}/${crypto.randomUUID()}.db`;
    copyFileSync(BASE_DB, path);
    const db = openDb(`file:${path}`);
    const other = openDb(`file:${path}`);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => hit(i % 2 ? db : other, "shared", { max: 100, windowMs: 60_000 }, t0)),
    );
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await stored(db, "shared"))?.count).toBe(20);
    other.$client.close();
  });
});
