// The scheduled job's waiting-list pass (docs/decisions/0941-0943). For every day someone waits
// on, the times free now for their service are read exactly as the booking page offers them
// (hours, blocks, busy time, minimum notice: pageOffer), so every way a time opens — a
// cancellation, a declined or expired request, a move, a block removed, hours extended — is one
// rule: a free time in a waiting customer's period that they did not see free when signing up is
// an opening. Each opening goes to the people waiting in order of arrival, three at a time, the
// next three 15 minutes later while it stays free; the first to confirm gets it through the
// booking page's own claim. Exactly once under two runs: a batch is claimed with one conditional
// write, an offer is unique per opening and person, every message has its dedupe key.
import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { bookingRequests, profiles, reminderOptOuts, waitlistEntries, waitlistOffers, waitlistOpenings } from "../../db/schema";
import { memoryCache } from "../utils/cache.server";
import type { Db } from "../utils/db.server";
import type { EmailTransport } from "../utils/email.server";
import type { WhatsappConfig } from "../utils/whatsapp.server";
import { pageOffer } from "../domain/booking-page/offer.server";
import { loadPublicPage, type PublicPage } from "../domain/booking-page/public-page.server";
import { addDays, minutesToTime, nowInZone, timeToMinutes } from "../domain/dates";
import { offerStatements } from "../domain/waitlist/offer-writes.server";
import { inPeriod } from "../domain/waitlist/periods";

/** How many people each batch of an opening goes to, and how long it waits for one of them. */
export const BATCH_SIZE = 3;
export const BATCH_WAIT_MS = 15 * 60_000;
/** Ended places and openings are kept this long for the professional's figures, then deleted. */
const KEEP_DAYS = 30;

type Entry = typeof waitlistEntries.$inferSelect;
type Opening = typeof waitlistOpenings.$inferSelect;
type Statement = Parameters<Db["batch"]>[0][number];
export type WaitlistPassReport = { opened: number; offered: number; booked: number };
type Deps = { transport: EmailTransport; whatsapp: WhatsappConfig | null };

export async function runWaitlistPass(db: Db, now: Date, deps: Deps): Promise<WaitlistPassReport> {
  const report: WaitlistPassReport = { opened: 0, offered: 0, booked: await endBookedAndOld(db, now) };
  const since = addDays(now.toISOString().slice(0, 10), -1); // every zone's today is on or after it
  const entries = await db
    .select({ entry: waitlistEntries })
    .from(waitlistEntries)
    .innerJoin(profiles, eq(profiles.userId, waitlistEntries.professionalId))
    .where(and(eq(waitlistEntries.status, "waiting"), gte(waitlistEntries.date, since), eq(profiles.waitlistEnabled, true)))
    .orderBy(asc(waitlistEntries.createdAt));
  if (entries.length === 0) return report;
  const pros = [...new Set(entries.map((e) => e.entry.professionalId))];
  const [open, offered, optOuts] = await db.batch([
    db.select().from(waitlistOpenings).where(and(inArray(waitlistOpenings.professionalId, pros), isNull(waitlistOpenings.closedAt))),
    db
      .select({ entryId: waitlistOffers.entryId, openingId: waitlistOffers.openingId, createdAt: waitlistOffers.createdAt })
      .from(waitlistOffers)
      .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
      .where(and(eq(waitlistEntries.status, "waiting"), gte(waitlistEntries.date, since))),
    db.select({ professionalId: reminderOptOuts.professionalId, contact: reminderOptOuts.contact }).from(reminderOptOuts).where(inArray(reminderOptOuts.professionalId, pros)),
  ]);
  const stopped = new Set(optOuts.map((o) => `${o.professionalId}:${o.contact}`));
  const phones = new Map(entries.map((e) => [e.entry.id, e.entry.customerPhone]));
  const state: PassState = { db, now, deps, report, open, openIds: new Set(open.map((o) => o.id)), offered, phones, stopped, cache: memoryCache() };
  for (const [key, group] of groupBy(entries.map((e) => e.entry), (e) => `${e.professionalId}|${e.date}`)) {
    const [professionalId, date] = key.split("|") as [string, string];
    await passDay(state, professionalId, date, group);
  }
  return report;
}

type PassState = {
  db: Db;
  now: Date;
  deps: Deps;
  report: WaitlistPassReport;
  open: Opening[];
  /** The openings still open as the pass goes (an offer of one of them keeps its customer busy). */
  openIds: Set<string>;
  offered: { entryId: string; openingId: string; createdAt: Date }[];
  /** Each waiting place's phone: a phone holding several places is one person in line. */
  phones: Map<string, string>;
  /** 'Não quero receber lembretes': `${professionalId}:${contact}`. */
  stopped: Set<string>;
  cache: ReturnType<typeof memoryCache>;
};

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

/**
 * Places whose customer booked that day with the professional (on the page, whichever way they
 * got there) end as 'booked'; ended places, and openings, older than KEEP_DAYS go.
 */
async function endBookedAndOld(db: Db, now: Date): Promise<number> {
  const old = addDays(now.toISOString().slice(0, 10), -KEEP_DAYS);
  const [booked] = await db.batch([
    db
      .update(waitlistEntries)
      .set({ status: "booked", endedAt: now })
      .where(
        and(
          eq(waitlistEntries.status, "waiting"),
          sql`exists (select 1 from ${bookingRequests} where ${bookingRequests.professionalId} = ${waitlistEntries.professionalId}
            and ${bookingRequests.date} = ${waitlistEntries.date} and ${bookingRequests.customerPhone} = ${waitlistEntries.customerPhone}
            and ${bookingRequests.status} in ('pending', 'accepted') and ${bookingRequests.createdAt} > ${waitlistEntries.createdAt})`,
        ),
      ),
    db.delete(waitlistEntries).where(lt(waitlistEntries.date, old)),
    db.delete(waitlistOpenings).where(lt(waitlistOpenings.date, old)),
  ]);
  return booked.rowsAffected;
}

/** One professional's day: the free times per service waited for, then each service's openings. */
async function passDay(state: PassState, professionalId: string, date: string, entries: Entry[]) {
  const read = await loadPublicPage(state.db, state.cache, professionalId, { date, now: state.now });
  const page = read.page;
  if (!page) return;
  const offer = pageOffer({ ...read, page }, state.now);
  const past = date < nowInZone(page.profile.timeZone, state.now).date;
  for (const [serviceId, waiting] of groupBy(entries, (e) => e.serviceId)) {
    const service = past ? null : offer.service(serviceId);
    const free = new Set(service ? offer.day(service, date).times : []);
    await passService(state, page, { serviceId, date }, waiting, free);
  }
}

/** Whether this time is an opening for this customer: in their period, and not one they saw free. */
const wants = (entry: Entry, known: Set<string>, time: string) => inPeriod(time, entry.period) && !known.has(time);

async function passService(state: PassState, page: PublicPage, day: { serviceId: string; date: string }, entries: Entry[], free: Set<string>) {
  const { db, now } = state;
  const mine = (o: Opening) => o.professionalId === page.profile.userId && o.serviceId === day.serviceId && o.date === day.date;
  const open = state.open.filter(mine);
  const writes: Statement[] = [];
  // Taken again (or no longer offered): closed. A time the customer saw free and that was taken
  // since is forgotten, so its reopening is news to them.
  const gone = open.filter((o) => !free.has(minutesToTime(o.startMinute))).map((o) => o.id);
  if (gone.length) writes.push(db.update(waitlistOpenings).set({ closedAt: now }).where(inArray(waitlistOpenings.id, gone)));
  for (const id of gone) state.openIds.delete(id);
  const known = new Map<string, Set<string>>();
  for (const entry of entries) {
    const before = JSON.parse(entry.knownTimes) as string[];
    const kept = before.filter((t) => free.has(t));
    known.set(entry.id, new Set(kept));
    if (kept.length !== before.length) writes.push(db.update(waitlistEntries).set({ knownTimes: JSON.stringify(kept) }).where(eq(waitlistEntries.id, entry.id)));
  }
  const tracked = new Set(open.filter((o) => !gone.includes(o.id)).map((o) => minutesToTime(o.startMinute)));
  const fresh = [...free].filter((t) => !tracked.has(t) && entries.some((e) => wants(e, known.get(e.id)!, t)));
  for (const time of fresh) {
    writes.push(
      db
        .insert(waitlistOpenings)
        .values({ professionalId: page.profile.userId, serviceId: day.serviceId, date: day.date, startMinute: timeToMinutes(time), openedAt: now })
        .onConflictDoNothing(),
    );
  }
  state.report.opened += fresh.length;
  // The group's open openings read back in the same batch as its writes (another run's included).
  const current = writes.length ? await writeAndRead(db, writes, page.profile.userId, day) : open.filter((o) => !gone.includes(o.id));
  for (const opening of current) state.openIds.add(opening.id);
  const planned = current
    .sort((a, b) => a.startMinute - b.startMinute)
    .filter((o) => !o.lastBatchAt || now.getTime() - o.lastBatchAt.getTime() >= BATCH_WAIT_MS)
    .map((opening) => ({ opening, batch: nextBatch(state, opening, entries.filter((e) => wants(e, known.get(e.id)!, minutesToTime(opening.startMinute)))) }))
    .filter((p) => p.batch.length > 0);
  if (planned.length) await offerBatches(state, page, planned);
}

async function writeAndRead(db: Db, writes: Statement[], professionalId: string, day: { serviceId: string; date: string }) {
  const read = db
    .select()
    .from(waitlistOpenings)
    .where(and(eq(waitlistOpenings.professionalId, professionalId), eq(waitlistOpenings.serviceId, day.serviceId), eq(waitlistOpenings.date, day.date), isNull(waitlistOpenings.closedAt)));
  const results = await db.batch([...(writes as [Statement]), read]);
  return results.at(-1) as Opening[];
}

/**
 * The next people an opening goes to: in order of arrival, not offered this opening yet, and not
 * holding the offer of another time still open (several times opening at once go to different
 * people, the first in line getting the earliest). A person is a phone: its several places
 * (docs/decisions/1023) get one offer. Counted as offered at once for the rest of the pass
 * (taken back if the batch's claim fails).
 */
function nextBatch(state: PassState, opening: Opening, candidates: Entry[]): Entry[] {
  const person = (entryId: string) => state.phones.get(entryId) ?? entryId;
  const busy = new Set(state.offered.filter((o) => state.openIds.has(o.openingId)).map((o) => person(o.entryId)));
  const had = new Set(state.offered.filter((o) => o.openingId === opening.id).map((o) => person(o.entryId)));
  const batch: Entry[] = [];
  for (const entry of candidates) {
    const who = person(entry.id);
    if (batch.length === BATCH_SIZE || had.has(who) || busy.has(who)) continue;
    had.add(who);
    batch.push(entry);
  }
  for (const entry of batch) state.offered.push({ entryId: entry.id, openingId: opening.id, createdAt: state.now });
  return batch;
}

/**
 * One batch for a service's day: each opening's next batch claimed with one conditional write
 * (a second run at once claims nothing: `last_batch_at` is then not this run's), and each offer
 * with its messages written only if its opening's claim is this run's.
 */
async function offerBatches(state: PassState, page: PublicPage, planned: { opening: Opening; batch: Entry[] }[]) {
  const { db, now } = state;
  const statements: Statement[] = [];
  const claims: number[] = [];
  for (const { opening, batch } of planned) {
    claims.push(statements.length);
    statements.push(
      db
        .update(waitlistOpenings)
        .set({ lastBatchAt: now, batches: sql`${waitlistOpenings.batches} + 1` })
        .where(
          and(
            eq(waitlistOpenings.id, opening.id),
            isNull(waitlistOpenings.closedAt),
            or(isNull(waitlistOpenings.lastBatchAt), lte(waitlistOpenings.lastBatchAt, new Date(now.getTime() - BATCH_WAIT_MS))),
          ),
        )
        .returning({ id: waitlistOpenings.id }),
    );
    const mine = sql`exists (select 1 from ${waitlistOpenings} where ${waitlistOpenings.id} = ${opening.id} and ${waitlistOpenings.lastBatchAt} = ${now.getTime()})`;
    for (const entry of batch) {
      const offer = { entry, serviceId: opening.serviceId, date: opening.date, startMinute: opening.startMinute };
      statements.push(...(await offerStatements(db, { offer, opening, profile: page.profile, now, whatsapp: state.deps.whatsapp, transport: state.deps.transport, stopped: state.stopped, onlyIf: mine })));
    }
  }
  const results = await db.batch(statements as [Statement, ...Statement[]]);
  for (const [i, { opening, batch }] of planned.entries()) {
    if ((results[claims[i]!] as { id: string }[]).length) state.report.offered += batch.length;
    else state.offered = state.offered.filter((o) => o.openingId !== opening.id || o.createdAt !== now);
  }
}
