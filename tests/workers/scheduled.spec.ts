import { eq } from "drizzle-orm";
import { expect, test } from "@playwright/test";
import { appointments, bookingRequests, emailOutbox } from "../../db/schema";
import { nowInZone } from "../../app/domain/dates";
import { createPro, fileDb, httpDb } from "./fixtures";
import { DB_TOKEN, HRANA_URL, WORKER_URL } from "./env";

// The Cron Trigger of wrangler.jsonc, run in the local Workers runtime through wrangler's
// test-scheduled endpoint: the Worker's `scheduled` handler runs the job against the test
// database, expiring what is late and sending a due reminder through the log transport, once.
test("the Worker's scheduled handler runs the job: a due reminder goes out once, a late request expires", async ({ request }) => {
  const pro = await createPro(`Lia Cron ${crypto.randomUUID().slice(0, 6)}`);
  const db = httpDb();
  const now = Date.now();
  // A booking made two days ago for three hours from now: its 24-hour reminder is due.
  const start = nowInZone("America/Sao_Paulo", new Date(now + 3 * 3_600_000));
  const createdAt = new Date(now - 48 * 3_600_000);
  const email = `cron-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const [accepted] = await db
    .insert(bookingRequests)
    .values({ professionalId: pro.id, customerName: "Joana Cron", customerPhone: "11987650101", customerEmail: email, serviceName: "Corte", date: start.date, startMinute: start.minute, durationMinutes: 30, status: "accepted", createdAt })
    .returning();
  const [appointment] = await db
    .insert(appointments)
    .values({ userId: pro.id, date: start.date, startMinute: start.minute, durationMinutes: 30, serviceName: "Corte", bookingRequestId: accepted!.id, createdAt })
    .returning();
  const [late] = await db
    .insert(bookingRequests)
    .values({ professionalId: pro.id, customerName: "Pedro Tarde", customerPhone: "11987650102", serviceName: "Barba", date: start.date, startMinute: start.minute, durationMinutes: 30, expiresAt: new Date(now - 60_000) })
    .returning();

  const key = `reminder:email:${appointment!.id}:${start.date}T${start.minute}`;
  const trigger = async () => {
    const res = await request.get(`${WORKER_URL}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/5 * * * *")}`);
    expect(res.status()).toBe(200);
  };
  await trigger();
  await expect
    .poll(async () => (await fileDb().select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, key)))[0]?.status, { timeout: 20_000 })
    .toBe("sent");
  const [sent] = await fileDb().select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, key));
  expect(sent).toMatchObject({ to: email, transport: "log", kind: "reminder", professionalId: pro.id });
  expect(sent!.text).toContain("Confirmo presença:");
  expect((await fileDb().select().from(bookingRequests).where(eq(bookingRequests.id, late!.id)))[0]?.status).toBe("expired");

  // Triggered again (and twice at once): once both runs have ended, still one reminder. A run's
  // last step clears old bodies (one write to whatsapp_outbox a run, counted by the endpoint).
  const runsEnded = async () => {
    const res = await fetch(`${HRANA_URL}/stats`, { headers: { authorization: `Bearer ${DB_TOKEN}` } });
    return ((await res.json()) as Record<string, { runs: number }>)["update whatsapp_outbox"]?.runs ?? 0;
  };
  await expect.poll(runsEnded).toBeGreaterThanOrEqual(1); // the first run has ended too
  const before = await runsEnded();
  await Promise.all([trigger(), trigger()]);
  await expect.poll(runsEnded, { timeout: 20_000 }).toBeGreaterThanOrEqual(before + 2);
  expect(await fileDb().select().from(emailOutbox).where(eq(emailOutbox.to, email))).toHaveLength(1);
});
