// The signed-in professional of every workspace page: the workspace layout's middleware checks
// the session and access and places the user in the router context for its child routes. A page
// seen before from the same session reads the session in its own first round trip
// (docs/decisions/0990).
import { createContext, redirect, type RouterContextProvider } from "react-router";
import { loadSessionAccess, readSessionAccess, renewLater, type CurrentUser, type SessionAccess } from "../domain/accounts/access.server";
import type { Db } from "../utils/db.server";
import { withLeadingReads } from "../utils/leading-reads.server";
import { readSessionId, redirectToLogin } from "../utils/session.server";

export const userContext = createContext<CurrentUser | null>(null);

/** The signed-in professional with access, as placed by the workspace middleware. */
export function requireUser(context: Readonly<RouterContextProvider>): CurrentUser {
  const user = context.get(userContext);
  if (!user) throw new Error("requireUser outside the signed-in workspace");
  return user;
}

type Defer = (work: () => Promise<unknown>) => void;

/** Session required (else /login), then access (else /conta-suspensa). */
function allowed(user: CurrentUser | null, request: Request): CurrentUser {
  if (!user) throw redirectToLogin(request);
  if (user.access === "denied") throw redirect("/conta-suspensa");
  return user;
}

const KNOWN_MAX = 2000;
/**
 * The professional last read behind each session by this process (most recent last): only a
 * guess to build a page's reads with, checked against the session read in the same round trip.
 */
const known = new Map<string, CurrentUser>();

function remember(user: CurrentUser) {
  known.delete(user.sessionId);
  known.set(user.sessionId, user);
  if (known.size > KNOWN_MAX) known.delete(known.keys().next().value!);
}

/** Forgets what this process knew of a session (it may have just changed what it holds). */
function forgetSession(sessionId: string) {
  known.delete(sessionId);
}

/** The address of the page a request is for (a data request's `.data` and `_routes` taken off). */
function pageAddress(request: Request) {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  const path = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  return path + url.search;
}

export type WorkspaceSession = {
  user: CurrentUser;
  /** The database for the page: its first round trip carries the session's reads. */
  db: Db;
  /** Null once the session is confirmed; else the answer to give instead of the page. */
  confirm(): Promise<Response | null>;
};

/**
 * The workspace's session for a request. A GET from a session this process has seen takes the
 * professional it knew and reads the session beside the page's own first reads: the page's
 * answers are held until the session is confirmed, and if it ended (expired, signed out) every
 * read throws the redirect to /login and `confirm` gives it too; if the professional changed
 * (profile, plan, team), the page is asked again and read afresh. Anything else (first request,
 * a write) reads the session first, in a round trip of its own.
 */
export async function openWorkspaceSession(db: Db, request: Request, defer: Defer): Promise<WorkspaceSession> {
  const sessionId = await readSessionId(request);
  if (!sessionId) throw redirectToLogin(request);
  const guess = request.method === "GET" ? known.get(sessionId) : undefined;
  if (!guess) {
    forgetSession(sessionId);
    const user = allowed(await loadSessionAccess(db, sessionId, new Date(), defer), request);
    if (request.method === "GET") remember(user);
    return { user, db, confirm: async () => null };
  }
  const now = new Date();
  const check = (found: SessionAccess | null) => {
    if (found?.user && JSON.stringify(found.user) === JSON.stringify(guess)) {
      if (found.renewalDue) void renewLater(db, sessionId, now, defer);
      return remember(found.user);
    }
    forgetSession(sessionId);
    throw found?.user ? redirect(pageAddress(request)) : redirectToLogin(request);
  };
  const page = withLeadingReads(db, (reads) => readSessionAccess(reads, sessionId, now), check);
  return {
    user: guess,
    db: page.db,
    confirm: () =>
      page.checked().then(
        () => null,
        (failure: unknown) => {
          if (failure instanceof Response) return failure;
          throw failure;
        },
      ),
  };
}
