import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AxeResults, RunOptions } from "axe-core";
import { unzipSync } from "fflate";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { subscriptions } from "../../db/schema";
import { createAccount } from "../../app/domain/accounts/registration.server";
import { openDb, type Db } from "../../app/utils/db.server";
import { createSession } from "../../app/utils/session.server";
import { createBookablePro, passwordFields, workingDay, type BookableOptions } from "../support/factories";
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
  const account = await createAccount(e2eDb(), { ...input, ...(await passwordFields(input.password)) });
  return { ...input, id: account.userId, bookingSlug: account.bookingSlug };
}

/** A professional ready to be booked in the e2e server's database: tests/support/factories.ts's createBookablePro. */
export function bookablePro(options: BookableOptions = {}) {
  return createBookablePro(e2eDb(), options);
}

/**
 * A working day (Monday to Saturday) at least `ahead` days after today in São Paulo, or the
 * `skip`-th working day after that one: the factories' workingDay.
 */
export function workingDate(ahead: number, skip = 0) {
  return workingDay(ahead, { skip });
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

/**
 * The address of the outside service an action sends the page to (Stripe's checkout or portal,
 * WhatsApp's one-tap link): read from the request, since this machine reaches none of them and the
 * headless shell (docs/decisions/1091) then shows chrome-error://, not the address the app sent.
 */
export async function sentTo(page: Page, address: RegExp, act: () => Promise<unknown>): Promise<URL> {
  const request = page.waitForRequest(address);
  await act();
  const sent = new URL((await request).url());
  // The browser's own page for an address it cannot reach: the navigation has ended there.
  await page.waitForURL((url) => address.test(url.href) || url.protocol === "chrome-error:");
  return sent;
}

/** Every test fails on a console error or an uncaught page error. */
export const test = base.extend<{ consoleErrors: string[] }>({
  // With JavaScript, a page opened by goto or reload is used once React has taken it over: a
  // click while it hydrates can be lost (no request at all), which made journeys flaky once the
  // suite ran faster (docs/decisions/1092).
  page: async ({ page }, provide, info) => {
    if (info.project.use.javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await waitForHydration(page);
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await waitForHydration(page);
        return response;
      };
    }
    await provide(page);
  },
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

/**
 * Waits until React has taken the page over (app/root.tsx marks it), so what the page shows is
 * what its scripts made of it. Pages that load no framework JavaScript (the customer's booking
 * pages) and pages without JavaScript are ready once loaded.
 */
export async function waitForHydration(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  await expect(page.locator('html[data-hydrated], html:not(:has(script[type="module"]))')).toHaveCount(1);
}

/** axe-core itself, given to each page that is audited. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
  resultTypes: ["violations"],
};
/** The page's global once axe is given to it. */
type AxeGlobal = { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } };

/**
 * What axe-core finds against WCAG 2.x A and AA and its best practices in the page as it stands
 * (docs/decisions/0581), one line a rule with the first nodes it found. Only violations are
 * worked out in detail: the passes are not needed, and skipping them saves most of axe's time.
 * axe is given to the page once and runs in it: the app has no frames, and @axe-core/playwright
 * sent its 640 KB to the page twice per audit (and, by default, opened a blank page to merge
 * frames' results): ~0.7 s an audit against ~0.3 s here (docs/decisions/1092).
 */
export async function axeViolations(page: Page) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (options) => (await (window as unknown as AxeGlobal).axe.run(document, options)).violations, AXE_OPTIONS);
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(" ")} ${n.any[0]?.message ?? ""}`).slice(0, 5).join(" | ")}`,
  );
}

/** Clicks 'Baixar meus dados (.zip)' and returns the archive's files, after checking its name. */
export async function downloadDataArchive(page: Page) {
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Baixar meus dados (.zip)" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^agendo-meus-dados-\d{4}-\d{2}-\d{2}\.zip$/);
  return unzipSync(new Uint8Array(await readFile((await download.path())!)));
}
