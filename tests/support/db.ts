import { copyFileSync } from "node:fs";
import { RouterContextProvider } from "react-router";
import { openDb, dbContext, type Db } from "../../app/utils/db.server";
import { userContext } from "../../app/routes/workspace.server";
import { clientAddressContext } from "../../app/utils/request-context.server";
import { readToast } from "../../app/utils/toast.server";
import { loadAccess } from "../../app/domain/accounts/access.server";
import { BASE_DB, TEST_DIR } from "./global-setup";

/** A fresh database file copied from the migrated base: real libSQL, real schema. */
export function createTestDb(): Db {
  const path = `${TEST_DIR}/${crypto.randomUUID()}.db`;
  copyFileSync(BASE_DB, path);
  return openDb(`file:${path}`);
}

/** The client address tests' requests come from (TEST-NET-3), as the root middleware would resolve it. */
export const TEST_CLIENT_ADDRESS = "203.0.113.1";

/** Router context as the root middleware would build it for this database. */
export function contextFor(db: Db, clientAddress = TEST_CLIENT_ADDRESS) {
  const context = new RouterContextProvider();
  context.set(dbContext, db);
  context.set(clientAddressContext, clientAddress);
  return context;
}

/**
 * Router context of a signed-in professional, as the workspace middleware builds it (whatever
 * their access: the guard itself is not run). The session id is a stand-in unless given.
 */
export async function userContextFor(db: Db, user: { id: string; email: string; sessionId?: string }, clientAddress?: string) {
  const context = contextFor(db, clientAddress);
  const current = await loadAccess(db, { id: user.id, email: user.email, sessionId: user.sessionId ?? "test" });
  if (!current) throw new Error("no profile for user");
  context.set(userContext, current);
  return context;
}

export const ORIGIN = "http://localhost:3000";

/** A form's fields: urlencoded as given, or multipart (a file input) as FormData. */
export type FormBody = Record<string, string> | URLSearchParams | FormData;

/** A same-origin form POST, as a browser sends it (the browser sets a multipart body's type). */
export function formRequest(path: string, fields: FormBody, init: { cookie?: string; headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has("Origin")) headers.set("Origin", ORIGIN);
  if (!(fields instanceof FormData) && !headers.has("Content-Type")) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  }
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers,
    body: fields instanceof FormData || fields instanceof URLSearchParams ? fields : new URLSearchParams(fields),
  });
}

/** Cookie header value ("name=value; ...") from a response's Set-Cookie headers. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

/** The flash toast a response sets, as the next page would show it. */
export async function toastOf(res: Response) {
  return (await readToast(new Request(`${ORIGIN}/`, { headers: { Cookie: cookiesFrom(res) } }))).toast;
}

/** The status a loader or action answers with, whether it returns it or throws it. */
export async function statusOf(promise: Promise<unknown>) {
  try {
    const value = await promise;
    return value instanceof Response ? value.status : 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    const init = (error as { init?: ResponseInit }).init;
    if (init?.status) return init.status;
    throw error;
  }
}
