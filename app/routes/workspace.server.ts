// The signed-in professional of every workspace page: the workspace layout's middleware checks
// the session and access once and places the user in the router context for its child routes.
import { createContext, redirect, type RouterContextProvider } from "react-router";
import { loadSessionAccess, type CurrentUser } from "../domain/accounts/access.server";
import type { Db } from "../utils/db.server";
import { readSessionId, redirectToLogin } from "../utils/session.server";

export const userContext = createContext<CurrentUser | null>(null);

/** The signed-in professional with access, as placed by the workspace middleware. */
export function requireUser(context: Readonly<RouterContextProvider>): CurrentUser {
  const user = context.get(userContext);
  if (!user) throw new Error("requireUser outside the signed-in workspace");
  return user;
}

/** Session required (else /login), then access (else /conta-suspensa). */
export async function requireWorkspaceUser(
  db: Db,
  request: Request,
  defer?: (work: () => Promise<unknown>) => void,
): Promise<CurrentUser> {
  const sessionId = await readSessionId(request);
  const user = sessionId ? await loadSessionAccess(db, sessionId, new Date(), defer) : null;
  if (!user) throw redirectToLogin(request);
  if (user.access === "denied") throw redirect("/conta-suspensa");
  return user;
}
