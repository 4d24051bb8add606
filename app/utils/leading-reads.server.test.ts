import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { countingTrips, createTestDb } from "../../tests/support/db";
import { withLeadingReads } from "./leading-reads.server";

const one = (db: ReturnType<typeof createTestDb>, n: number) => db.all<{ n: number }>(sql`select ${n} as n`);
const reads = (db: ReturnType<typeof createTestDb>) => db.batch([db.all(sql`select 7 as seven`)]).then(([rows]) => rows);

describe("withLeadingReads", () => {
  it("sends the reads with the first query, and answers only once they are accepted", async () => {
    const { db, trips } = countingTrips(createTestDb());
    const seen: unknown[] = [];
    const page = withLeadingReads(db, reads, (rows) => void seen.push(rows));
    expect(await one(page.db, 1)).toEqual([{ n: 1 }]);
    expect(seen).toEqual([[{ seven: 7 }]]);
    expect(await page.checked()).toEqual([{ seven: 7 }]);
    expect(trips.count).toBe(1);
  });

  it("a refusal is what every query of the page gets, those sent alongside too", async () => {
    const { db } = countingTrips(createTestDb());
    const refusal = new Response(null, { status: 302 });
    const page = withLeadingReads(db, reads, () => {
      throw refusal;
    });
    const answers = await Promise.allSettled([one(page.db, 1), one(page.db, 2)]);
    // drizzle wraps what the client threw: the refusal is the error's cause.
    for (const answer of answers) expect(answer.status === "rejected" && (answer.reason as Error).cause).toBe(refusal);
    await expect(page.checked()).rejects.toBe(refusal);
  });

  it("a page whose own query fails gets its error, and the reads are still made and checked", async () => {
    const { db, trips } = countingTrips(createTestDb());
    const page = withLeadingReads(db, reads, () => {});
    await expect(page.db.all(sql`select * from no_such_table`)).rejects.toThrow(/no_such_table/);
    expect(await page.checked()).toEqual([{ seven: 7 }]);
    expect(trips.count).toBe(2);
  });

  it("sends the reads alone when the page asked nothing", async () => {
    const { db, trips } = countingTrips(createTestDb());
    const page = withLeadingReads(db, reads, () => {});
    expect(await page.checked()).toEqual([{ seven: 7 }]);
    expect(trips.count).toBe(1);
  });
});
