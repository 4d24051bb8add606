import { readFile } from "node:fs/promises";
import { unzipSync } from "fflate";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { subscriptions } from "../../db/schema";
import { createAccount } from "../../app/domain/accounts/registration.server";
import { openDb, type Db } from "../../app/utils/db.server";
import { createSession } from "../../app/utils/session.server";
import { E2E_DB_URL, E2E_PORT } from "./env";

let db: Db | undefined;
/** The e2e server's own database file, to arrange data and check what it holds. */
export function e2eDb(): Db {
  db ??= openDb(E2E_DB_URL);
  return db;
}

export function uniqueEmail(prefix = "pro") {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

export async function createPro(overrides: Partial<{ name: string; email: string; password: string }> = {}) {
  const input = {
    name: overrides.name ?? "Paula Ribeiro",
    email: overrides.email ?? uniqueEmail(),
    phone: "11987654321",
    password: overrides.password ?? "senha123",
  };
  const account = await createAccount(e2eDb(), input);
  return { ...input, id: account.userId, bookingSlug: account.bookingSlug };
}

/** Signs a professional in by inserting a session and setting its cookie. */
export async function signIn(page: Page, userId: string) {
  const request = new Request(`http://localhost:${E2E_PORT}/`);
  const setCookie = await createSession(e2eDb(), request, userId, false);
  const value = setCookie.split(";")[0]!.slice("__session=".length);
  await page.context().addCookies([
    { name: "__session", value, domain: "localhost", path: "/", httpOnly: true, sameSite: "Lax" },
  ]);
}

export async function expireTrial(userId: string) {
  await e2eDb()
    .update(subscriptions)
    .set({ trialEndDate: new Date(Date.now() - 60_000) })
    .where(eq(subscriptions.userId, userId));
}

/** Every test fails on a console error or an uncaught page error. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        // A 4xx page (validation error, 404) is an expected answer, not a script error.
        if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource")) {
          errors.push(msg.text());
        }
      });
      page.on("pageerror", (error) => errors.push(String(error)));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * A confirmation dialog with JavaScript: an alert dialog that asks its question, focus starts
 * on 'Cancelar', and Escape closes it without doing anything.
 */
export async function expectEscapeCancels(page: Page, dialog: Locator, question: string) {
  const escaped = question.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await expect(dialog).toHaveAccessibleDescription(new RegExp(`^${escaped}`));
  await expect(dialog.getByRole("link", { name: "Cancelar" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
}

/** Clicks 'Baixar meus dados (.zip)' and returns the archive's files, after checking its name. */
export async function downloadDataArchive(page: Page) {
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Baixar meus dados (.zip)" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^agendo-meus-dados-\d{4}-\d{2}-\d{2}\.zip$/);
  return unzipSync(new Uint8Array(await readFile((await download.path())!)));
}
