import { and, eq } from "drizzle-orm";
import { bookingRequests, categories, rateLimits, services, workingHours } from "../../db/schema";
import { addDays, nowInZone } from "../../app/domain/dates";
import { expect, test } from "@playwright/test";
import { createPro, fileDb, httpDb } from "./fixtures";
import { DB_TOKEN, HRANA_URL, WORKER_URL } from "./env";

/** Test-only latency at the endpoint before a booking claim may write (see hrana-server.ts). */
async function delayClaims(ms: number) {
  await fetch(`${HRANA_URL}/control`, {
    method: "POST",
    headers: { authorization: `Bearer ${DB_TOKEN}` },
    body: JSON.stringify({ delays: ms ? { "insert booking_requests": ms } : {} }),
  });
}

/** Conditional inserts into booking_requests the endpoint has run so far, and rows they added. */
async function claimStats() {
  const response = await fetch(`${HRANA_URL}/stats`, { headers: { authorization: `Bearer ${DB_TOKEN}` } });
  const stats = (await response.json()) as Record<string, { runs: number; changed: number }>;
  return stats["insert booking_requests"] ?? { runs: 0, changed: 0 };
}

// The atomic slot claim behaves on Workers as on Node: 50 customers posting for one slot at the
// same moment, each through the Worker and over HTTP to the database, leave exactly one booking.
test("a 50-way race for one slot on the Workers build yields exactly one booking", async () => {
  const pro = await createPro(`Rita Corrida ${crypto.randomUUID().slice(0, 6)}`);
  const db = httpDb();
  await db.insert(workingHours).values([0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ userId: pro.id, dayOfWeek })));
  const [category] = await db.insert(categories).values({ userId: pro.id, name: "Unhas", slug: "unhas" }).returning();
  const [service] = await db
    .insert(services)
    .values({ userId: pro.id, categoryId: category!.id, name: "Manicure", priceCents: 3500, durationMinutes: 30 })
    .returning();
  const date = addDays(nowInZone("America/Sao_Paulo").date, 3);

  const before = await claimStats();
  const N = 50;
  const post = (i: number) =>
    fetch(`${WORKER_URL}/agendamento/${pro.bookingSlug}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: WORKER_URL,
        // A different customer address each, so the per-IP booking limit does not turn them away.
        "cf-connecting-ip": `198.51.100.${i + 1}`,
      },
      body: new URLSearchParams({
        servico: service!.id,
        data: date,
        horario: "14:00",
        name: "Cliente Corrida",
        phone: `119${80_000_000 + i}`,
      }),
    });
  // Each claim reaches the database 2 s after it is sent, as if over a slow network: every
  // request has read the slot as free by then, so the claim itself has to decide.
  await delayClaims(2000);
  const responses = await Promise.all(Array.from({ length: N }, (_, i) => post(i))).finally(() => delayClaims(0));
  const statuses = responses.map((r) => r.status);
  const count = (s: number) => statuses.filter((x) => x === s).length;
  const after = await claimStats();
  const claims = { runs: after.runs - before.runs, changed: after.changed - before.changed };
  // How many requests got past their own free-slot read to the conditional insert (the real
  // race); only the insert's NOT EXISTS keeps the others out.
  test.info().annotations.push({ type: "claims", description: `${claims.runs} conditional inserts ran, ${claims.changed} added a row` });
  console.log(`${claims.runs} of ${N} requests reached the conditional insert; ${claims.changed} added a row`);
  expect(claims.changed).toBe(1);
  expect(claims.runs, "more than one request must reach the claim for the race to be real").toBeGreaterThan(1);
  console.log(`statuses: ${JSON.stringify(Object.fromEntries([...new Set(statuses)].map((s) => [s, count(s)])))}`);

  const rows = await fileDb()
    .select()
    .from(bookingRequests)
    .where(and(eq(bookingRequests.professionalId, pro.id), eq(bookingRequests.date, date)));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ status: "pending", startMinute: 14 * 60 });
  // One redirect to the new request's page; every other customer is told the time was taken.
  expect(count(302)).toBe(1);
  expect(count(409)).toBe(N - 1);
  const ipKeys = await fileDb().select({ key: rateLimits.key }).from(rateLimits);
  expect(ipKeys.filter((r) => r.key.startsWith("booking:ip:198.51.100.")).length).toBe(N);
});
