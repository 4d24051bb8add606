// Whether a professional may use Agendo now (trial, plan, team, admin): read from the database
// and decided by access.ts on every private request and for every booking page.
import { and, eq, gt, ne, type SQL } from "drizzle-orm";
import { linkedAccounts, profiles, sessions, subscriptions, users } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { env } from "../../utils/env.server";
import { newSession, renewalDue, renewSession, sessionUserId, type SessionUser } from "../../utils/session.server";
import { accessReason, type AccessReason } from "./access";
import { memberCountQuery } from "../salon.server";

export type CurrentUser = SessionUser & {
  access: AccessReason;
  profile: typeof profiles.$inferSelect;
  subscription: typeof subscriptions.$inferSelect | null;
  /** The owner whose team this user is in (active link), else null. */
  linkedOwnerId: string | null;
  /** How many active members this user's own team has (0: no team; always 0 for a member). */
  teamMembers: number;
};

/** A user named by id, or by an SQL expression that yields the id (a session, a booking slug). */
export type UserKey = string | SQL;

/** The user's profile with their subscription. */
export function profileWithSubscription(db: Db, userId: UserKey) {
  return db
    .select({ profile: profiles, subscription: subscriptions })
    .from(profiles)
    .leftJoin(subscriptions, eq(subscriptions.userId, profiles.userId))
    .where(eq(profiles.userId, userId));
}

/** The owner of the team the user is in (an active link), with the owner's subscription. */
export function teamOwnerWithSubscription(db: Db, userId: UserKey) {
  return db
    .select({ ownerId: linkedAccounts.ownerId, subscription: subscriptions })
    .from(linkedAccounts)
    .leftJoin(subscriptions, eq(subscriptions.userId, linkedAccounts.ownerId))
    .where(and(eq(linkedAccounts.linkedUserId, userId), eq(linkedAccounts.status, "active"), ne(linkedAccounts.ownerId, userId)))
    .limit(1);
}

type ProfileRow = Awaited<ReturnType<typeof profileWithSubscription>>[number];
type OwnerRow = Awaited<ReturnType<typeof teamOwnerWithSubscription>>[number];
type MemberCountRow = Awaited<ReturnType<typeof memberCountQuery>>[number];

/** Access decided from the rows above: expiry against `now`, admins and exempt e-mails from configuration. */
export function withAccess(user: SessionUser, row: ProfileRow | undefined, link: OwnerRow | undefined, team: MemberCountRow | undefined, now: Date): CurrentUser | null {
  if (!row) return null;
  const e = env();
  const access = accessReason(
    {
      email: user.email,
      subscription: row.subscription,
      linked: !!link,
      ownerSubscription: link?.subscription ?? null,
      adminEmails: e.ADMIN_EMAILS,
      exemptEmails: e.ACCESS_EXEMPT_EMAILS,
    },
    now,
  );
  return {
    ...user,
    access,
    profile: row.profile,
    subscription: row.subscription,
    linkedOwnerId: link?.ownerId ?? null,
    teamMembers: link ? 0 : (team?.n ?? 0),
  };
}

/**
 * The user's profile, subscription and access, read on every private request: expiry is
 * decided here against `now`, so access ends the moment a trial or period does.
 */
export async function loadAccess(db: Db, user: SessionUser, now = new Date()): Promise<CurrentUser | null> {
  const [[row], [link], [team]] = await db.batch([profileWithSubscription(db, user.id), teamOwnerWithSubscription(db, user.id), memberCountQuery(db, user.id)]);
  return withAccess(user, row, link, team, now);
}

/** The signed-in professional behind a session, whether the session is due for renewal, and whether it is remembered. */
export type SessionAccess = { user: CurrentUser | null; renewalDue: boolean; remember: boolean };

/**
 * What a signed-in page builds its reads from before anything is read (who, in which time zone,
 * in whose team, with a team or not), carried in the signed session cookie so the first page of a
 * process reads the session beside its own reads (docs/decisions/1210). Everything else of the
 * professional is read fresh in that same round trip.
 */
export type SessionKeys = { userId: string; email: string; timeZone: string; linkedOwnerId: string | null; teamMembers: number };

export function sessionKeys(user: CurrentUser): SessionKeys {
  return { userId: user.id, email: user.email, timeZone: user.profile.timeZone, linkedOwnerId: user.linkedOwnerId, teamMembers: user.teamMembers };
}

/** The keys a cookie carried, if they have the shape the app writes (else null: read the session first). */
export function asSessionKeys(value: unknown): SessionKeys | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  const ok =
    typeof v.userId === "string" &&
    typeof v.email === "string" &&
    typeof v.timeZone === "string" &&
    (v.linkedOwnerId === null || typeof v.linkedOwnerId === "string") &&
    typeof v.teamMembers === "number";
  return ok ? (value as SessionKeys) : null;
}

/** Whether the keys a page was built from are still the professional's. */
export function sameKeys(a: SessionKeys, b: SessionKeys) {
  return a.userId === b.userId && a.email === b.email && a.timeZone === b.timeZone && a.linkedOwnerId === b.linkedOwnerId && a.teamMembers === b.teamMembers;
}

/**
 * The reads that give a just-signed-in user's keys, to end the sign-in's own batch (after its
 * writes, so a team invitation taken up in that batch is seen), and the keys from their rows.
 */
export function signInKeyReads(db: Db, userId: string) {
  return [profileWithSubscription(db, userId), teamOwnerWithSubscription(db, userId), memberCountQuery(db, userId)] as const;
}

export function signInKeys(
  user: SessionUser,
  [[row], [link], [team]]: [ProfileRow[], OwnerRow[], MemberCountRow[]],
  now = new Date(),
): SessionKeys | null {
  const current = withAccess(user, row, link, team, now);
  return current ? sessionKeys(current) : null;
}

/**
 * Signs in a user who has just proved who they are without their password (signing up, a password
 * reset link): the session stored in one batch with the reads of the page keys, so the page they
 * land on is one round trip, as after signing in (login.server.ts batches its own writes too).
 */
export async function startSession(db: Db, request: Request, user: { id: string; email: string }) {
  const session = newSession(db, request, user.id, false);
  const [, ...keyRows] = await db.batch([session.insert, ...signInKeyReads(db, user.id)]);
  return session.cookie(signInKeys({ ...user, sessionId: "" }, keyRows));
}

/**
 * The signed-in professional behind a session id, with profile and access, in one batch of
 * reads: the session with its user, profile, subscription and team owner. Null when the session
 * is unknown or expired. Reads only: the caller renews a session past half its lifetime.
 */
export async function readSessionAccess(db: Db, sessionId: string, now = new Date()): Promise<SessionAccess | null> {
  const userId = sessionUserId(sessionId, now);
  const [[session], [row], [link], [team]] = await db.batch([
    db
      .select({ id: users.id, email: users.email, sessionId: sessions.id, expiresAt: sessions.expiresAt, remember: sessions.remember })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now))),
    profileWithSubscription(db, userId),
    teamOwnerWithSubscription(db, userId),
    memberCountQuery(db, userId),
  ]);
  if (!session) return null;
  const { expiresAt: _expiresAt, remember: _remember, ...user } = session;
  return { user: withAccess(user, row, link, team, now), renewalDue: renewalDue(session, now), remember: session.remember };
}

/**
 * `readSessionAccess` in one round trip, then the sliding renewal of a session past half its
 * lifetime by `defer`, after the answer when the caller can, so reading stays read-only.
 */
export async function loadSessionAccess(
  db: Db,
  sessionId: string,
  now = new Date(),
  defer?: (work: () => Promise<unknown>) => void,
): Promise<CurrentUser | null> {
  const found = await readSessionAccess(db, sessionId, now);
  if (found?.renewalDue) await renewLater(db, sessionId, now, defer);
  return found?.user ?? null;
}

/** The session's renewal, by `defer` when given, else now. */
export async function renewLater(db: Db, sessionId: string, now: Date, defer?: (work: () => Promise<unknown>) => void) {
  const renew = async () => renewSession(db, sessionId, now);
  if (defer) defer(renew);
  else await renew();
}

/**
 * The access of any professional, signed in or not (e.g. whether their booking page takes
 * requests): the same rules as the workspace guard.
 */
export async function accessOf(db: Db, user: { id: string; email: string }, now = new Date()): Promise<AccessReason> {
  return (await loadAccess(db, { ...user, sessionId: "" }, now))?.access ?? "denied";
}
