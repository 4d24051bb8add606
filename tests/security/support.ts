// Shared helpers of the security suites: actors (API clients with or without a session),
// arranged professionals with one row of everything and snapshots of a professional's rows (in
// the e2e server's database; tests/support/seed.ts), and what every answer must be.
import { expect, type APIRequestContext, type APIResponse } from "@playwright/test";
import type { PlaywrightWorkerArgs } from "@playwright/test";
type Playwright = PlaywrightWorkerArgs["playwright"];
import { createSession } from "../../app/utils/session.server";
import { e2eDb } from "../e2e/fixtures";
import { ENGLISH_ERROR_TEXT } from "../support/replies";
import { seedProfessional, snapshotOf } from "../support/seed";
import { E2E_PORT } from "../e2e/env";

export const BASE = `http://localhost:${E2E_PORT}`;
export const EVIL = "https://evil.example";

/** A `__session` cookie value for a fresh database session of this user. */
export async function sessionValue(userId: string, remember = false) {
  const setCookie = await createSession(e2eDb(), new Request(`${BASE}/`), userId, remember);
  return setCookie.split(";")[0]!.slice("__session=".length);
}

/**
 * An API client (no browser) that sends a same-origin Origin, as a browser form does, and
 * keeps its own cookie jar. With `session`, it starts signed in with that cookie value.
 */
export async function actor(playwright: Playwright, session?: string, ip?: string): Promise<APIRequestContext> {
  return playwright.request.newContext({
    baseURL: BASE,
    extraHTTPHeaders: {
      Origin: BASE,
      // Rate limits count per IP: each actor gets its own so suites never throttle each other.
      "X-Forwarded-For": ip ?? `10.${rnd()}.${rnd()}.${rnd()}`,
    },
    storageState: {
      cookies: session
        ? [
            {
              name: "__session",
              value: session,
              domain: "localhost",
              path: "/",
              expires: -1,
              httpOnly: true,
              secure: false,
              sameSite: "Lax",
            },
          ]
        : [],
      origins: [],
    },
  });
}

function rnd() {
  return Math.floor(Math.random() * 250) + 1;
}

export async function signedInActor(playwright: Playwright, userId: string) {
  return actor(playwright, await sessionValue(userId));
}

export { dayAfter, type SeededPro } from "../support/seed";

/** A professional with one row in every table a professional owns, in the e2e server's database. */
export function seedPro(label: string) {
  return seedProfessional(e2eDb(), label);
}

/** Every row of the e2e server's database that belongs to this professional (see snapshotOf). */
export function snapshot(pro: { id: string; email: string }) {
  return snapshotOf(e2eDb(), pro);
}

/** Never a 500; a 4xx page answers in pt-BR (the app's error page or the form's message). */
export async function expectSafeAnswer(res: APIResponse, label: string) {
  expect(res.status(), `${label}: status`).toBeLessThan(500);
  const type = res.headers()["content-type"] ?? "";
  if (res.status() >= 400 && type.includes("text/html")) {
    const body = await res.text();
    // What a person sees: the markup without scripts (the hydration data may hold status texts).
    const visible = body.replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<[^>]+>/g, " ");
    expect(body.includes('lang="pt-BR"'), `${label}: pt-BR page (${res.status()})`).toBe(true);
    expect(visible.match(ENGLISH_ERROR_TEXT)?.[0] ?? null, `${label}: English error text (${res.status()})`).toBeNull();
  }
  // Stripe's webhook talks to Stripe, not to a person: its plain-text answers are exempt.
  if (res.status() >= 400 && type.includes("text/plain") && !new URL(res.url()).pathname.startsWith("/stripe/")) {
    expect((await res.text()).match(ENGLISH_ERROR_TEXT)?.[0] ?? null, `${label}: English error text (${res.status()})`).toBeNull();
  }
}
