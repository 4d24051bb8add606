import { and, eq, gt, sql } from "drizzle-orm";
import { createCookie, redirect } from "react-router";
import { sessions, users } from "../../db/schema";
import type { Db } from "./db.server";
import { sessionSecret } from "./env.server";

const DAY = 24 * 60 * 60 * 1000;
/** 'Lembrar senha' keeps the session 30 days; otherwise the cookie ends with the browser. */
export const REMEMBER_MS = 30 * DAY;
/** Server-side lifetime of a browser-session login, renewed while it is used. */
export const SHORT_MS = 1 * DAY;

function sessionCookie() {
  return createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: [sessionSecret()],
  });
}

export function isSecure(request: Request) {
  return new URL(request.url).protocol === "https:";
}

/**
 * What the signed session cookie carries: the session's id and, when the app put them there, the
 * keys a signed-in page builds its reads with (opaque here: the workspace owns their shape,
 * docs/decisions/1210). Only a guess until the session read beside the page confirms them.
 */
export type SessionCookie = { sessionId: string; keys: unknown };

export async function readSessionCookie(request: Request): Promise<SessionCookie | null> {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  // A tampered or unsigned value parses as null: treated as signed out.
  const value: unknown = await sessionCookie().parse(header);
  // A cookie from before the keys were carried is the session's id alone.
  if (typeof value === "string") return value.length > 0 ? { sessionId: value, keys: null } : null;
  if (typeof value !== "object" || value === null) return null;
  const { s, k } = value as { s?: unknown; k?: unknown };
  return typeof s === "string" && s.length > 0 ? { sessionId: s, keys: k ?? null } : null;
}

export async function readSessionId(request: Request): Promise<string | null> {
  return (await readSessionCookie(request))?.sessionId ?? null;
}

/** The cookie that names a session, with the keys a page's reads are built from when known. */
export function sessionCookieHeader(request: Request, sessionId: string, remember: boolean, keys: unknown = null) {
  return sessionCookie().serialize(keys === null ? sessionId : { s: sessionId, k: keys }, {
    secure: isSecure(request),
    maxAge: remember ? REMEMBER_MS / 1000 : undefined,
  });
}

/**
 * A new session for the user: the statement that stores it (to run alone or in a batch with the
 * sign-in's other writes) and the cookie that names it, given the page keys when the caller read
 * them. The id is made here, not by the database.
 */
export function newSession(db: Db, request: Request, userId: string, remember: boolean, now = Date.now()) {
  const id = crypto.randomUUID();
  const expiresAt = new Date(now + (remember ? REMEMBER_MS : SHORT_MS));
  return {
    insert: db.insert(sessions).values({ id, userId, remember, expiresAt }),
    cookie: (keys: unknown = null) => sessionCookieHeader(request, id, remember, keys),
  };
}

export async function createSession(
  db: Db,
  request: Request,
  userId: string,
  remember: boolean,
): Promise<string> {
  const session = newSession(db, request, userId, remember);
  await session.insert;
  return session.cookie();
}

export async function destroySessionCookie(request: Request) {
  return sessionCookie().serialize("", { maxAge: 0, secure: isSecure(request) });
}

export type SessionUser = { id: string; email: string; sessionId: string };

/** The user id of a live session, as an SQL expression to key other reads of the same batch. */
export function sessionUserId(sessionId: string, now = new Date()) {
  return sql`(select ${sessions.userId} from ${sessions} where ${sessions.id} = ${sessionId} and ${sessions.expiresAt} > ${now.getTime()})`;
}

/**
 * Sliding renewal: a session in use keeps living. Written only once half its lifetime has gone
 * (at most twice per lifetime), by a statement that batches with the session's read.
 */
export function renewSession(db: Db, sessionId: string, now = new Date()) {
  const t = now.getTime();
  const lifetime = sql`(case when ${sessions.remember} then ${REMEMBER_MS} else ${SHORT_MS} end)`;
  return db
    .update(sessions)
    .set({ expiresAt: sql`${t} + ${lifetime}`, updatedAt: now })
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now), sql`${sessions.expiresAt} - ${t} < ${lifetime} / 2`));
}

/** Whether a live session has used up half its lifetime (then it is renewed). */
export function renewalDue(session: { expiresAt: Date; remember: boolean }, now = new Date()) {
  const lifetime = session.remember ? REMEMBER_MS : SHORT_MS;
  return session.expiresAt.getTime() - now.getTime() < lifetime / 2;
}

export async function getSessionUser(db: Db, request: Request): Promise<SessionUser | null> {
  const sessionId = await readSessionId(request);
  if (!sessionId) return null;
  const now = new Date();
  const [row] = await db
    .select({ id: users.id, email: users.email, sessionId: sessions.id, expiresAt: sessions.expiresAt, remember: sessions.remember })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  if (renewalDue(row, now)) await renewSession(db, sessionId, now);
  return { id: row.id, email: row.email, sessionId: row.sessionId };
}

/** Only a path of this site: one leading slash, no backslash, no whitespace or control character. */
const SAME_SITE_PATH = /^\/(?![/\\])[^\\\s\u0000-\u001f\u007f]*$/;

/**
 * Where to go after signing in, if it is a path of this site; else the fallback. A second slash
 * or a backslash would leave the site (`//evil.example`, `/\evil.example`); a control character
 * would break the Location header (a 500 before this check).
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard") {
  if (typeof to !== "string" || to.length > 2000 || !SAME_SITE_PATH.test(to)) return fallback;
  const base = "http://agendo.invalid";
  const url = new URL(to, base);
  return url.origin === base ? url.pathname + url.search + url.hash : fallback;
}

/** The signed-in user, or a redirect to /login that remembers where they were going. */
export async function requireSessionUser(db: Db, request: Request): Promise<SessionUser> {
  const user = await getSessionUser(db, request);
  if (!user) throw redirectToLogin(request);
  return user;
}

/** To /login, remembering where the visitor was going. */
export function redirectToLogin(request: Request) {
  const url = new URL(request.url);
  const params = new URLSearchParams({ redirectTo: url.pathname + url.search });
  return redirect(`/login?${params}`);
}

export async function requireAnonymous(db: Db, request: Request) {
  if (await getSessionUser(db, request)) throw redirect("/dashboard");
}

export async function endSession(db: Db, request: Request) {
  const sessionId = await readSessionId(request);
  if (sessionId) await db.delete(sessions).where(eq(sessions.id, sessionId));
}
