import { and, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { rateLimits } from "../../db/schema";
import type { Db } from "./db.server";

export type Limit = { max: number; windowMs: number };

const WINDOW = 15 * 60_000;
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** What each limit counts: docs/decisions/0004-rate-limits.md. */
export const LIMITS = {
  /** Failed sign-ins of one e-mail from one address: the lockout a stranger can only cause for themselves. */
  loginPerEmailAndAddress: { max: 10, windowMs: WINDOW },
  /** Sign-ins of one e-mail from anywhere: a ceiling for guesses spread over many addresses. */
  loginPerEmail: { max: 100, windowMs: WINDOW },
  loginPerAddress: { max: 100, windowMs: WINDOW },
  resetPerEmail: { max: 3, windowMs: WINDOW },
  registerPerEmail: { max: 5, windowMs: WINDOW },
  registerPerAddress: { max: 20, windowMs: WINDOW },
  /** Requests CREATED per phone and professional (checked inside the claim, not counted here). */
  bookingPerPhone: { max: 3, windowMs: WINDOW },
  /** Every booking submission from one address to one professional's page: the flood guard. */
  bookingPerPageAndAddress: { max: 20, windowMs: WINDOW },
  /** Every booking submission from one address, all pages together. */
  bookingPerAddress: { max: 100, windowMs: WINDOW },
  /**
   * E-mails a stranger's booking makes the app write to one address no professional involved
   * knows, all pages together (counted in the outbox, not here: domain/notifications/unrequested-email.server.ts).
   */
  unrequestedEmailsPerRecipient: { max: 3, windowMs: DAY },
  /** Different such addresses one client address makes the app write to (same place). */
  newRecipientsPerAddress: { max: 3, windowMs: HOUR },
  /** 'Remarcar' submissions from one address, every booking together (each booking also moves at most 3 times). */
  reschedulePerAddress: { max: 10, windowMs: HOUR },
  /** Wrong passwords typed in the signed-in settings (change password, delete account), per user (0443). */
  passwordChecksPerUser: { max: 10, windowMs: WINDOW },
  /**
   * Every photo an account sends counts, whatever becomes of it: decoding is the costly part
   * (0713). The refusal's words say the number too (PHOTO_UPLOADS_PER_HOUR, client-safe; a test
   * holds them equal).
   */
  photoUploadsPerUser: { max: 10, windowMs: HOUR },
  /** Invitations an owner sends to link accounts (each sends an e-mail). */
  invitesPerOwner: { max: 20, windowMs: DAY },
  /** External calendars added: each address added is fetched at once, a ceiling on the fetches one account can cause. */
  calendarAddsPerUser: { max: 10, windowMs: HOUR },
} satisfies Record<string, Limit>;

/**
 * The key of each kind of counter, built only here (e-mails as the forms give them: trimmed and
 * lower-cased). Account deletion and a password reset clear counters by these same keys.
 */
export const LIMIT_KEYS = {
  loginPair: (email: string, address: string) => `login:pair:${email}:${address}`,
  loginEmail: (email: string) => `login:email:${email}`,
  loginAddress: (address: string) => `login:ip:${address}`,
  reset: (email: string) => `reset:${email}`,
  registerEmail: (email: string) => `register:email:${email}`,
  registerAddress: (address: string) => `register:ip:${address}`,
  /** The professional as an SQL expression (found from the page's slug in the same batch). */
  bookingPageAndAddress: (professional: SQL, address: string) => sql`'booking:ip:' || ${professional} || ':' || ${address}`,
  bookingAddress: (address: string) => `booking:ip:${address}`,
  rescheduleAddress: (address: string) => `reschedule:ip:${address}`,
  passwordChecks: (userId: string) => `password:user:${userId}`,
  photoUploads: (userId: string) => `photo:user:${userId}`,
  invites: (ownerId: string) => `invite:owner:${ownerId}`,
  calendarAdds: (userId: string) => `calendar-add:user:${userId}`,
};

/**
 * The statement that counts one hit for `key` in a fixed window, atomically, returning the
 * window's count. State lives in the database so every server instance (and every Worker
 * isolate) sees the same counters. Run it alone (`hit`) or in one batch with a page's other
 * statements (`hitStatements` + `withinLimits`), so counting costs no round trip of its own.
 */
export function hitStatement(db: Db, key: string | SQL, limit: Limit, now = Date.now()) {
  const expired = now - limit.windowMs;
  return db
    .insert(rateLimits)
    .values({ key: key as string, windowStart: new Date(now), count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN ${now} ELSE ${rateLimits.windowStart} END`,
        updatedAt: new Date(now),
      },
    })
    .returning({ count: rateLimits.count });
}

/** Counters to hit: a key, or an SQL expression computing it within the batch (e.g. from a booking slug). */
export type Hits = [key: string | SQL, limit: Limit][];

/** One statement per hit, in order, for a batch. */
export function hitStatements(db: Db, hits: Hits, now = Date.now()) {
  return hits.map(([key, limit]) => hitStatement(db, key, limit, now));
}

/** Whether every hit of a batch's results (in the order of `hits`) is within its limit. */
export function withinLimits(hits: Hits, results: readonly { count: number }[][]) {
  return hits.every(([, limit], i) => (results[i]?.[0]?.count ?? Number.POSITIVE_INFINITY) <= limit.max);
}

/** Counts one hit for `key` and says whether it is still within the limit. */
export async function hit(db: Db, key: string | SQL, limit: Limit, now = Date.now()) {
  const [row] = await hitStatement(db, key, limit, now);
  return { allowed: row!.count <= limit.max, count: row!.count };
}

export async function resetLimit(db: Db, key: string) {
  await resetLimitStatement(db, key);
}

export function resetLimitStatement(db: Db, key: string) {
  return db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Counts one hit for each key in one round trip; allowed only if every one is within its limit. */
export async function hitAll(db: Db, hits: Hits, now = Date.now()) {
  const [first, ...rest] = hitStatements(db, hits, now);
  if (!first) return true;
  return withinLimits(hits, await db.batch([first, ...rest]));
}

/** Keys starting with `prefix` (a key range, not LIKE: an e-mail may contain LIKE's wildcards). */
function keysStartingWith(prefix: string) {
  return and(gte(rateLimits.key, prefix), lt(rateLimits.key, `${prefix}\uffff`));
}

/** Login counters of an e-mail, for every address: cleared when its owner proves who they are (a reset link). */
export function loginLimitsOf(db: Db, email: string) {
  const e = email.trim().toLowerCase();
  return db.delete(rateLimits).where(or(eq(rateLimits.key, LIMIT_KEYS.loginEmail(e)), keysStartingWith(LIMIT_KEYS.loginPair(e, ""))));
}

/** Every counter whose key names this account or its customers (deleted with the account). */
export function countersOfAccount(db: Db, userId: string, email: string) {
  const e = email.trim().toLowerCase();
  return db
    .delete(rateLimits)
    .where(
      or(
        inArray(rateLimits.key, [
          LIMIT_KEYS.passwordChecks(userId),
          LIMIT_KEYS.photoUploads(userId),
          LIMIT_KEYS.loginEmail(e),
          LIMIT_KEYS.reset(e),
          LIMIT_KEYS.registerEmail(e),
          LIMIT_KEYS.invites(userId),
          LIMIT_KEYS.calendarAdds(userId),
        ]),
        keysStartingWith(LIMIT_KEYS.loginPair(e, "")),
        // Booking counters keyed by this professional hold their customers' phones and addresses
        // (per-phone counters are no longer written, phones are counted in the claim: older rows).
        keysStartingWith(`booking:phone:${userId}:`),
        keysStartingWith(LIMIT_KEYS.bookingAddress(`${userId}:`)),
      ),
    );
}
