import { copyFileSync } from "node:fs";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "../../db/schema";
import { RouterContextProvider } from "react-router";
import { openDb, dbContext, type Db } from "../../app/utils/db.server";
import { provideUser } from "../../app/routes/workspace.server";
import { clientAddressContext } from "../../app/utils/request-context.server";
import { readToast } from "../../app/utils/toast.server";
import { backgroundContext, type Background } from "../../app/utils/background.server";
import { cacheContext, memoryCache } from "../../app/utils/cache.server";
import { loadAccess } from "../../app/domain/accounts/access.server";
import { BASE_DB, TEST_DIR } from "./global-setup";
import { answerStatus, isDataReply } from "./replies";

/** A fresh database file copied from the migrated base: real libSQL, real schema. */
export function createTestDb(): Db {
  const path = `${TEST_DIR}/${crypto.randomUUID()}.db`;
  copyFileSync(BASE_DB, path);
  return openDb(`file:${path}`);
}

/** The client address tests' requests come from (TEST-NET-3), as the root middleware would resolve it. */
export const TEST_CLIENT_ADDRESS = "203.0.113.1";

/**
 * Work a route hands over to run after its answer (an e-mail's delivery, a cache write), kept so
 * a test can wait for it: what the database holds once the request is completely done.
 */
export function collectedBackground(): Background & { settle(): Promise<void> } {
  const pending: Promise<unknown>[] = [];
  return {
    waitUntil: (promise) => void pending.push(promise),
    async settle() {
      while (pending.length) await Promise.allSettled(pending.splice(0));
    },
  };
}

/**
 * Router context as the root middleware would build it for this database. Each context has a
 * cache of its own (so no test sees another's cached page; tests/integration/page-cache.test.ts
 * shares one on purpose).
 */
export function contextFor(db: Db, clientAddress = TEST_CLIENT_ADDRESS) {
  const context = new RouterContextProvider();
  context.set(dbContext, db);
  context.set(clientAddressContext, clientAddress);
  context.set(cacheContext, memoryCache());
  context.set(backgroundContext, collectedBackground());
  return context;
}

/** Waits for what the request left to run after its answer (see collectedBackground). */
export async function settleBackground(context: Readonly<RouterContextProvider>) {
  const background = context.get(backgroundContext) as Background & { settle?: () => Promise<void> };
  await background.settle?.();
}

/**
 * Router context of a signed-in professional, as the workspace middleware builds it (whatever
 * their access: the guard itself is not run). The session id is a stand-in unless given.
 */
export async function userContextFor(db: Db, user: { id: string; email: string; sessionId?: string }, clientAddress?: string) {
  const context = contextFor(db, clientAddress);
  const current = await loadAccess(db, { id: user.id, email: user.email, sessionId: user.sessionId ?? "test" });
  if (!current) throw new Error("no profile for user");
  provideUser(context, current);
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

/**
 * The status a loader or action answers with, whether it returns it or throws it (a Response or
 * a data() reply; anything else thrown propagates). Takes the call, or what it already answered.
 */
export async function statusOf(answer: unknown) {
  try {
    return answerStatus(await answer);
  } catch (error) {
    if (error instanceof Response || isDataReply(error)) return answerStatus(error);
    throw error;
  }
}

/**
 * The same database, counting the requests its client sends (an `execute` or a `batch` is one
 * round trip each, as over libSQL's HTTP protocol): `trips.count` after a call says how many it
 * cost. Statements of one `db.batch` count once.
 */
export function countingTrips(db: Db): { db: Db; trips: { count: number } } {
  const trips = { count: 0 };
  const client = db.$client;
  const counted = new Proxy(client, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== "function") return value;
      if (name === "execute" || name === "batch" || name === "executeMultiple" || name === "migrate") {
        return (...args: unknown[]) => {
          trips.count++;
          return value.apply(target, args);
        };
      }
      return value.bind(target);
    },
  });
  return { db: drizzle(counted, { schema }) as Db, trips };
}

/**
 * A Db that counts the round trips a request waits for one after another: statements sent while
 * another is still out ride the same trip (as on the edge, where they go out together).
 */
export function sequentialTrips(base: Db) {
  const trips = { sequential: 0 };
  let inFlight = 0;
  const client = new Proxy(base.$client, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== "function") return value;
      if (name !== "execute" && name !== "batch") return value.bind(target);
      return async (...args: unknown[]) => {
        if (inFlight === 0) trips.sequential++;
        inFlight++;
        try {
          return await value.apply(target, args);
        } finally {
          inFlight--;
        }
      };
    },
  });
  return { db: drizzle(client, { schema }) as Db, trips };
}
