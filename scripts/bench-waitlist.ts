// Issue 24's figures for `npm run bench` (scripts/bench.ts calls `benchIssue24`), in the same
// table: the 'Hora de voltar' list of the heavy tenant (target p95 < 50 ms), and the job's
// waiting-list pass over 1,000 entries (target < 1 s): the first pass, when every free time of
// their days is new to them (the most it ever does), then a pass with nothing new. The entries
// are removed afterwards. Alone: `NODE_ENV=production tsx scripts/bench-waitlist.ts`.
import { performance } from "node:perf_hooks";
import { and, eq, inArray } from "drizzle-orm";
import { emailOutbox, services, waitlistEntries, waitlistOpenings, WAITLIST_PERIODS } from "../db/schema";
import type { Db } from "../app/utils/db.server";

type Measure = (label: string, runs: number, fn: () => Promise<unknown>) => Promise<void>;

const ENTRIES = 1_000;

export async function benchIssue24(db: Db, userId: string, measure: Measure, runs: number) {
  const { comebackList } = await import("../app/domain/clients/comeback.server");
  const { addDays, dayOfWeek, nowInZone } = await import("../app/domain/dates");
  const { runWaitlistPass } = await import("../app/jobs/waitlist-openings.server");
  const today = nowInZone("America/Sao_Paulo").date;
  let due = 0;
  await measure("'Hora de voltar' list (5,000 clients)", runs, async () => {
    due = (await comebackList(db, userId, today, new Date())).length;
  });
  console.log(`${"".padEnd(44)} (${due} clients due)`);

  const offered = await db.select({ id: services.id, name: services.name }).from(services).where(eq(services.userId, userId));
  const days: string[] = [];
  // 20 working days past the seeded appointments (which fill the next weeks): every free time of
  // them is new to the entries, the most a pass ever has to offer.
  for (let d = 46; days.length < 20; d++) if (dayOfWeek(addDays(today, d)) !== 0) days.push(addDays(today, d));
  const start = Date.now() - ENTRIES * 1000;
  const rows = Array.from({ length: ENTRIES }, (_, i) => ({
    professionalId: userId,
    serviceId: offered[i % offered.length]!.id,
    serviceName: offered[i % offered.length]!.name,
    date: days[i % days.length]!,
    period: WAITLIST_PERIODS[i % WAITLIST_PERIODS.length]!,
    customerName: `Espera ${i}`,
    customerPhone: `1197${String(1_000_000 + i)}`,
    customerEmail: i % 2 ? `espera${i}@example.com` : "",
    createdAt: new Date(start + i * 1000),
  }));
  const transport = { name: "bench", send: async () => {} };
  const clear = () =>
    db.batch([
      db.delete(emailOutbox).where(and(eq(emailOutbox.professionalId, userId), inArray(emailOutbox.kind, ["waitlist-offer", "waitlist-joined"]))),
      db.delete(waitlistEntries).where(eq(waitlistEntries.professionalId, userId)),
      db.delete(waitlistOpenings).where(eq(waitlistOpenings.professionalId, userId)),
    ]);
  await clear(); // what an interrupted run left
  for (let i = 0; i < rows.length; i += 200) await db.insert(waitlistEntries).values(rows.slice(i, i + 200));
  try {
    // The first pass, when every free time is new (the openings and offers cleared before each run).
    const reopen = () =>
      db.batch([
        db.delete(emailOutbox).where(and(eq(emailOutbox.professionalId, userId), eq(emailOutbox.kind, "waitlist-offer"))),
        db.delete(waitlistOpenings).where(eq(waitlistOpenings.professionalId, userId)),
      ]);
    let first = { opened: 0, offered: 0 };
    const times: number[] = [];
    for (let i = 0; i < 4; i++) {
      await reopen();
      const t0 = performance.now();
      first = await runWaitlistPass(db, new Date(), { transport, whatsapp: null });
      if (i > 0) times.push(performance.now() - t0); // the first run warms up
    }
    times.sort((a, b) => a - b);
    console.log(
      `${"waiting-list pass, 1,000 entries (all new)".padEnd(44)} p50 ${times[1]!.toFixed(2).padStart(8)} ms   p95 ${times[2]!.toFixed(2).padStart(8)} ms   (${first.opened} times opened, ${first.offered} offers)`,
    );
    await measure("waiting-list pass, 1,000 entries (no news)", Math.max(5, Math.floor(runs / 4)), () => runWaitlistPass(db, new Date(), { transport, whatsapp: null }));
  } finally {
    await clear();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { openBenchDb, measure } = await import("./bench");
  const { db, user } = await openBenchDb();
  await benchIssue24(db, user.id, measure, Number(process.env.BENCH_RUNS ?? 40));
  db.$client.close();
}
