import { test as base, expect, type Page } from "@playwright/test";
import { createAccount } from "../../app/domain/accounts/registration.server";
import { openDb, type Db } from "../../app/utils/db.server";
import { createSession } from "../../app/utils/session.server";
import { createBookablePro, type BookableOptions } from "../support/factories";
import { DB_PATH, DB_TOKEN, HRANA_URL, SESSION_SECRET, WORKER_URL } from "./env";

// Sessions made here are signed as the Worker signs them.
process.env.SESSION_SECRET = SESSION_SECRET;

let http: Db | undefined;
let file: Db | undefined;

/** The database as the Worker reaches it: over HTTP through the Hrana endpoint, with the token. */
export function httpDb(): Db {
  http ??= openDb(HRANA_URL, DB_TOKEN);
  return http;
}

/** The endpoint's libSQL file itself, opened directly, to check what really got written. */
export function fileDb(): Db {
  file ??= openDb(`file:${DB_PATH}`);
  return file;
}

export async function createPro(name: string) {
  const input = {
    name,
    email: `pro-${crypto.randomUUID().slice(0, 8)}@example.com`,
    phone: "11987654321",
    password: "senha123",
  };
  const account = await createAccount(httpDb(), input);
  return { ...input, id: account.userId, bookingSlug: account.bookingSlug };
}

/** A professional ready to be booked (tests/support/factories.ts), written over HTTP as the Worker reads. */
export function bookablePro(options: BookableOptions = {}) {
  return createBookablePro(httpDb(), options);
}

/** Signs a professional in by inserting a session and setting its cookie, signed with the Worker's secret. */
export async function signIn(page: Page, userId: string) {
  const setCookie = await createSession(httpDb(), new Request(`${WORKER_URL}/`), userId, false);
  const value = setCookie.split(";")[0]!.slice("__session=".length);
  await page.context().addCookies([{ name: "__session", value, domain: "localhost", path: "/", httpOnly: true, sameSite: "Lax" }]);
}

/** Every test fails on a console error or an uncaught page error. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource")) errors.push(msg.text());
      });
      page.on("pageerror", (error) => errors.push(String(error)));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
