// The signed-in professional of every workspace page: the workspace layout's middleware checks
// the session and access and places the user in the router context for its child routes. A GET
// reads the session in the page's own first round trip, from the keys the signed session cookie
// carries (docs/decisions/0990, 1210).
import { createContext, redirect, type RouterContextProvider } from "react-router";
import { getTableColumns } from "drizzle-orm";
import { profiles } from "../../db/schema";
import {
  asSessionKeys,
  readSessionAccess,
  renewLater,
  sameKeys,
  sessionKeys,
  type CurrentUser,
  type SessionAccess,
  type SessionKeys,
} from "../domain/accounts/access.server";
import type { Db } from "../utils/db.server";
import { withLeadingReads } from "../utils/leading-reads.server";
import { readSessionCookie, redirectToLogin, sessionCookieHeader } from "../utils/session.server";

export const userContext = createContext<CurrentUser | null>(null);

/** The signed-in professional with access, as placed by the workspace middleware. */
export function requireUser(context: Readonly<RouterContextProvider>): CurrentUser {
  const user = context.get(userContext);
  if (!user) throw new Error("requireUser outside the signed-in workspace");
  return user;
}

const confirmedContext = createContext<(() => Promise<CurrentUser>) | null>(null);

/**
 * The signed-in professional once the session is confirmed, for a page that shows the
 * professional without reading anything else first (the session's reads then go alone: still one
 * round trip). A page that reads first can use `requireUser`: its answers come after the
 * confirmation (docs/decisions/1210).
 */
export function confirmedUser(context: Readonly<RouterContextProvider>): Promise<CurrentUser> {
  const confirmed = context.get(confirmedContext);
  if (!confirmed) throw new Error("confirmedUser outside the signed-in workspace");
  return confirmed();
}

/**
 * Places the session's professional in the router context for the workspace's pages, with how to
 * wait for it to be confirmed (already confirmed when not given).
 */
export function provideUser(context: Readonly<RouterContextProvider>, user: CurrentUser, confirmed: () => Promise<CurrentUser> = async () => user) {
  context.set(userContext, user);
  context.set(confirmedContext, confirmed);
}

type Defer = (work: () => Promise<unknown>) => void;

/** Session required (else /login), then access (else /conta-suspensa). */
function allowed(user: CurrentUser | null, request: Request): CurrentUser {
  if (!user) throw redirectToLogin(request);
  if (user.access === "denied") throw redirect("/conta-suspensa");
  return user;
}

/** The address of the page a request is for (a data request's `.data` and `_routes` taken off). */
function pageAddress(request: Request) {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  const path = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  return path + url.search;
}

const PROFILE_FIELDS = Object.keys(getTableColumns(profiles)) as (keyof CurrentUser["profile"])[];

/**
 * The professional a page is built for from the cookie's keys: the keys are there at once; the
 * rest (profile, plan, access) is the row read beside the page's reads, there once the session is
 * confirmed, which is before any answer of the database reaches the page. Reading it sooner is a
 * bug of the page, and says so.
 */
function keyedUser(sessionId: string, keys: SessionKeys) {
  let fresh: CurrentUser | null = null;
  const early = (name: string): never => {
    throw new Error(`user.${name} read before the session was confirmed: read it after the page's first read (docs/decisions/1210)`);
  };
  const known: Partial<CurrentUser["profile"]> = { userId: keys.userId, timeZone: keys.timeZone };
  const profile = {} as CurrentUser["profile"];
  for (const name of PROFILE_FIELDS) {
    Object.defineProperty(profile, name, {
      enumerable: true,
      get: () => (fresh ? fresh.profile[name] : name in known ? known[name] : early(`profile.${name}`)),
    });
  }
  const user = { id: keys.userId, email: keys.email, sessionId, linkedOwnerId: keys.linkedOwnerId, teamMembers: keys.teamMembers, profile } as CurrentUser;
  for (const name of ["access", "subscription"] as const) {
    Object.defineProperty(user, name, { enumerable: true, get: () => (fresh ? fresh[name] : early(name)) });
  }
  return {
    user,
    confirm(found: CurrentUser) {
      fresh = found;
    },
  };
}

export type WorkspaceSession = {
  user: CurrentUser;
  /** The database for the page: its first round trip carries the session's reads. */
  db: Db;
  /** The professional once the session is confirmed (throws the redirect if it ended or changed). */
  confirmed(): Promise<CurrentUser>;
  /** The answer to give: the page's, or instead of it the one for a session that ended or changed. */
  finish(page: Response): Promise<Response>;
};

/**
 * The workspace's session for a request. A GET whose cookie carries the page keys builds the
 * page's reads from them and reads the session beside the page's own first reads: the page's
 * answers are held until the session is confirmed, and if it ended (expired, signed out) every
 * read throws the redirect to /login and `finish` gives it instead of the page; if the keys
 * changed (time zone, team), the page is asked again with the cookie's keys renewed. Anything
 * else (a cookie without keys, a write) reads the session first, in a round trip of its own, and
 * a GET then renews the cookie with the keys (docs/decisions/0990, 1210).
 */
export async function openWorkspaceSession(db: Db, request: Request, defer: Defer): Promise<WorkspaceSession> {
  const cookie = await readSessionCookie(request);
  if (!cookie) throw redirectToLogin(request);
  const { sessionId } = cookie;
  const now = new Date();
  const keys = request.method === "GET" ? asSessionKeys(cookie.keys) : null;
  if (!keys) {
    const found = await readSessionAccess(db, sessionId, now);
    const user = allowed(found?.user ?? null, request);
    if (found!.renewalDue) await renewLater(db, sessionId, now, defer);
    const renewed = request.method === "GET" ? await sessionCookieHeader(request, sessionId, found!.remember, sessionKeys(user)) : null;
    return { user, db, confirmed: async () => user, finish: async (page) => withCookie(page, renewed) };
  }
  const keyed = keyedUser(sessionId, keys);
  let stale: { remember: boolean; keys: SessionKeys } | null = null;
  const check = (found: SessionAccess | null) => {
    const user = allowed(found?.user ?? null, request);
    if (!sameKeys(sessionKeys(user), keys)) {
      // Built for keys that are no longer the professional's: asked again with the new ones.
      stale = { remember: found!.remember, keys: sessionKeys(user) };
      throw redirect(pageAddress(request));
    }
    keyed.confirm(user);
    if (found!.renewalDue) void renewLater(db, sessionId, now, defer);
  };
  const page = withLeadingReads(db, (reads) => readSessionAccess(reads, sessionId, now), check);
  return {
    user: keyed.user,
    db: page.db,
    confirmed: () => page.checked().then(() => keyed.user),
    finish: (answer) =>
      page.checked().then(
        () => answer,
        async (failure: unknown) => {
          if (!(failure instanceof Response)) throw failure;
          if (!stale) return failure;
          return withCookie(failure, await sessionCookieHeader(request, sessionId, stale.remember, stale.keys));
        },
      ),
  };
}

function withCookie(response: Response, cookie: string | null) {
  if (cookie) response.headers.append("Set-Cookie", cookie);
  return response;
}
