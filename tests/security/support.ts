// Shared helpers of the security suites: actors (API clients with or without a session),
// arranged professionals with one row of everything, and snapshots of a professional's rows.
import { expect, type APIRequestContext, type APIResponse } from "@playwright/test";
import type { PlaywrightWorkerArgs } from "@playwright/test";
type Playwright = PlaywrightWorkerArgs["playwright"];
import { eq } from "drizzle-orm";
import {
  appointments,
  bookingRequests,
  bookingRequestTokens,
  categories,
  clients,
  linkedAccounts,
  profiles,
  services,
  storedImages,
  workingHours,
} from "../../db/schema";
import { sha256Hex } from "../../app/utils/password.server";
import { createSession } from "../../app/utils/session.server";
import { createPro, e2eDb, uniqueEmail } from "../e2e/fixtures";
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

/** Days after today, yyyy-MM-dd (far enough that the professional's zone does not matter). */
export function dayAfter(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

// A 1x1 PNG: stored as a profile photo so /imagens/:id has something to serve.
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

export type SeededPro = Awaited<ReturnType<typeof seedPro>>;

/** A professional with one row in every table a professional owns. */
export async function seedPro(label: string) {
  const db = e2eDb();
  const tag = crypto.randomUUID().slice(0, 6);
  const pro = await createPro({ name: `${label} ${tag}`, email: uniqueEmail(label.toLowerCase()) });
  const [category] = await db
    .insert(categories)
    .values({ userId: pro.id, name: `Categoria ${label} ${tag}`, slug: `cat-${tag}` })
    .returning();
  const [service] = await db
    .insert(services)
    .values({ userId: pro.id, categoryId: category!.id, name: `Servico ${label} ${tag}`, priceCents: 5000, durationMinutes: 30 })
    .returning();
  const [client] = await db
    .insert(clients)
    .values({ userId: pro.id, name: `Cliente ${label} ${tag}`, phone: `119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`, notes: "nota" })
    .returning();
  const date = dayAfter(10);
  const [appointment] = await db
    .insert(appointments)
    .values({
      userId: pro.id,
      clientId: client!.id,
      serviceId: service!.id,
      serviceName: service!.name,
      date,
      startMinute: 600,
      durationMinutes: 30,
      priceCents: 5000,
      status: "scheduled",
    })
    .returning();
  const [request] = await db
    .insert(bookingRequests)
    .values({
      professionalId: pro.id,
      serviceId: service!.id,
      serviceName: service!.name,
      customerName: `Pedido ${label} ${tag}`,
      customerPhone: "11912345678",
      date,
      startMinute: 720,
      durationMinutes: 30,
      priceCents: 5000,
      status: "pending",
    })
    .returning();
  const token = `tok-${crypto.randomUUID()}`;
  await db.insert(bookingRequestTokens).values({ bookingRequestId: request!.id, tokenHash: await sha256Hex(token) });
  const [image] = await db
    .insert(storedImages)
    .values({ userId: pro.id, contentType: "image/png", width: 1, height: 1, byteSize: TINY_PNG.byteLength, data: TINY_PNG })
    .returning({ id: storedImages.id });
  await db.update(profiles).set({ profileImageId: image!.id }).where(eq(profiles.userId, pro.id));
  await db
    .insert(workingHours)
    .values(Array.from({ length: 7 }, (_, dayOfWeek) => ({ userId: pro.id, dayOfWeek, startTime: "08:00", endTime: "20:00" })))
    .onConflictDoNothing();
  const [linked] = await db
    .insert(linkedAccounts)
    .values({ ownerId: pro.id, linkedUserEmail: uniqueEmail("vinculo") })
    .returning();
  return {
    ...pro,
    ids: {
      category: category!.id,
      service: service!.id,
      client: client!.id,
      appointment: appointment!.id,
      request: request!.id,
      token,
      image: image!.id,
      linked: linked!.id,
    },
    names: { client: client!.name, service: service!.name, category: category!.name, request: request!.customerName },
    date,
  };
}

const OWNER_COLUMNS = ["user_id", "owner_id", "professional_id", "linked_user_id"];

/**
 * Every row of the database that belongs to this professional, table by table (tables found
 * at run time, so tables added later are covered by their owner column), blobs as hex.
 */
export async function snapshot(pro: { id: string; email: string }) {
  const client = e2eDb().$client;
  const tables = await client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_\\_%' ESCAPE '\\' ORDER BY name",
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables.rows as unknown as { name: string }[]) {
    if (name === "rate_limits") continue; // counters, not a professional's data
    const columns = (await client.execute(`PRAGMA table_info("${name}")`)).rows.map((r) => String(r.name));
    const where: string[] = [];
    const args: string[] = [];
    for (const column of columns.filter((c) => OWNER_COLUMNS.includes(c))) {
      where.push(`"${column}" = ?`);
      args.push(pro.id);
    }
    if (name === "users") where.push("id = ?"), args.push(pro.id);
    if (columns.includes("booking_request_id") && name !== "appointments") {
      where.push("booking_request_id IN (SELECT id FROM booking_requests WHERE professional_id = ?)");
      args.push(pro.id);
    }
    if (name === "email_outbox") where.push('"to" = ?'), args.push(pro.email);
    if (!where.length) continue;
    const rows = await client.execute({ sql: `SELECT * FROM "${name}" WHERE ${where.join(" OR ")}`, args });
    out[name] = rows.rows
      .map((row) =>
        JSON.stringify(
          Object.fromEntries(
            columns.map((c) => {
              const v = (row as Record<string, unknown>)[c];
              return [c, v instanceof ArrayBuffer ? Buffer.from(v).toString("hex") : v];
            }),
          ),
        ),
      )
      .sort();
  }
  return out;
}

const ENGLISH_ERRORS = /Bad Request|Unexpected Server Error|Internal Server Error|\bNot Found\b|Method Not Allowed/;

/** Never a 500; a 4xx page answers in pt-BR (the app's error page or the form's message). */
export async function expectSafeAnswer(res: APIResponse, label: string) {
  expect(res.status(), `${label}: status`).toBeLessThan(500);
  const type = res.headers()["content-type"] ?? "";
  if (res.status() >= 400 && type.includes("text/html")) {
    const body = await res.text();
    // What a person sees: the markup without scripts (the hydration data may hold status texts).
    const visible = body.replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<[^>]+>/g, " ");
    expect(body.includes('lang="pt-BR"'), `${label}: pt-BR page (${res.status()})`).toBe(true);
    expect(visible.match(ENGLISH_ERRORS)?.[0] ?? null, `${label}: English error text (${res.status()})`).toBeNull();
  }
  // Stripe's webhook talks to Stripe, not to a person: its plain-text answers are exempt.
  if (res.status() >= 400 && type.includes("text/plain") && !new URL(res.url()).pathname.startsWith("/stripe/")) {
    expect((await res.text()).match(ENGLISH_ERRORS)?.[0] ?? null, `${label}: English error text (${res.status()})`).toBeNull();
  }
}
