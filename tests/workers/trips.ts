// TEST ONLY. The requests whose database round trips the edge cares about, and how to measure
// one against the Worker behind the trip-counting proxy (tests/workers/trip-proxy.ts). Shared by
// the Workers suite (tests/workers/trips.spec.ts asserts the counts) and `npm run bench`'s edge
// mode (scripts/bench-edge.ts prints them with times).
import { eq } from "drizzle-orm";
import { appointments, clients, services, workingHours } from "../../db/schema";
import { createAccount } from "../../app/domain/accounts/registration.server";
import { addDays, nowInZone } from "../../app/domain/dates";
import type { Db } from "../../app/utils/db.server";
import { signInKeyReads, signInKeys } from "../../app/domain/accounts/access.server";
import { newSession } from "../../app/utils/session.server";
import type { TripReport } from "./trip-proxy";

export type EdgeSeed = {
  slug: string;
  serviceId: string;
  date: string;
  email: string;
  password: string;
  cookie: string;
  userId: string;
};

/**
 * A professional with a week of hours, three services, clients and a few appointments on the
 * booking date, and a signed-in session (cookie signed with SESSION_SECRET, as the Worker's).
 */
export async function seedEdgeProfessional(db: Db, origin: string): Promise<EdgeSeed> {
  const email = `edge-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = "senha123";
  const account = await createAccount(db, { name: "Marina Borda", email, phone: "11987654321", password });
  const userId = account.userId;
  await db.insert(workingHours).values(
    [0, 1, 2, 3, 4, 5, 6].map((day) => ({ userId, dayOfWeek: day, isActive: true, startTime: "08:00", endTime: "20:00" })),
  );
  const [service] = await db
    .insert(services)
    .values([
      { userId, name: "Corte", priceCents: 5000, durationMinutes: 30 },
      { userId, name: "Escova", priceCents: 6000, durationMinutes: 45 },
      { userId, name: "Manicure", priceCents: 3500, durationMinutes: 60 },
    ])
    .returning({ id: services.id });
  const date = addDays(nowInZone("America/Sao_Paulo").date, 3);
  const people = await db
    .insert(clients)
    .values(Array.from({ length: 20 }, (_, i) => ({ userId, name: `Cliente ${i + 1}`, phone: `119${String(80000000 + i)}` })))
    .returning({ id: clients.id });
  await db.insert(appointments).values(
    people.slice(0, 4).map((c, i) => ({
      userId,
      clientId: c.id,
      serviceId: service!.id,
      serviceName: "Corte",
      date,
      startMinute: 9 * 60 + i * 60,
      durationMinutes: 30,
      priceCents: 5000,
      status: "confirmed" as const,
    })),
  );
  const cookie = await signedInCookie(db, origin, { userId, email: account.email });
  const [owner] = await db.select({ id: workingHours.id }).from(workingHours).where(eq(workingHours.userId, userId)).limit(1);
  if (!owner) throw new Error("seed failed");
  return { slug: account.bookingSlug, serviceId: service!.id, date, email, password, cookie, userId };
}

/**
 * A new session's cookie exactly as signing in writes it (the session stored and the page keys
 * read in one batch, app/routes/login.server.ts), without the password's hashing or the sign-in's
 * rate limits: a session no Worker isolate has seen, as after signing in on a new isolate.
 */
export async function signedInCookie(db: Db, origin: string, user: { userId: string; email: string }) {
  const session = newSession(db, new Request(origin), user.userId, true);
  const [, ...rows] = await db.batch([session.insert, ...signInKeyReads(db, user.userId)]);
  const keys = signInKeys({ id: user.userId, email: user.email, sessionId: "" }, rows);
  return (await session.cookie(keys)).split(";")[0]!;
}

/** Professionals whose pages nobody has opened yet: each serves one cold first step. */
export async function seedColdPages(db: Db, count: number): Promise<string[]> {
  const slugs: string[] = [];
  for (let i = 0; i < count; i++) {
    const account = await createAccount(db, {
      name: `Studio Frio ${crypto.randomUUID().slice(0, 6)}`,
      email: `cold-${crypto.randomUUID().slice(0, 8)}@example.com`,
      phone: "11987654321",
      password: "senha123",
    });
    await db.insert(services).values({ userId: account.userId, name: "Corte", priceCents: 5000, durationMinutes: 30 });
    slugs.push(account.bookingSlug);
  }
  return slugs;
}

export type EdgeRequest = {
  label: string;
  /** Round trips at most, sequential (issue 13's targets). */
  targetTrips: number;
  targetTtfbMs?: number;
  /** Made before counting starts (a new session for a first page after signing in). */
  prepare?(): Promise<string>;
  run(origin: string, prepared?: string): Promise<Response>;
};

let phoneSeq = 0;

/**
 * The requests of issue 13's table, in its order (`coldSlugs`: pages for cold first steps). The
 * workspace's pages are each the first page of a session just signed in (`signIn` gives its
 * cookie): what a new isolate serves, and the dashboard right after signing in (issue 34).
 */
export function edgeRequests(seed: EdgeSeed, statusPath: () => string, coldSlugs: string[] = [], signIn?: () => Promise<string>): EdgeRequest[] {
  const booking = `/agendamento/${seed.slug}`;
  const step2 = `${booking}?servico=${seed.serviceId}&data=${seed.date}`;
  const signedIn = { Cookie: seed.cookie };
  const post = (origin: string, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(origin + path, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, ...headers },
      body: new URLSearchParams(fields),
    });
  const get = (origin: string, path: string, headers: Record<string, string> = {}) =>
    fetch(origin + path, { redirect: "manual", headers });
  const cold = [...coldSlugs];
  return [
    ...(cold.length
      ? [{ label: "booking step 1, cold", targetTrips: 1, targetTtfbMs: 80, run: (o: string) => get(o, `/agendamento/${cold.shift() ?? seed.slug}`) }]
      : []),
    { label: "booking step 1, cached", targetTrips: 0, targetTtfbMs: 25, run: (o) => get(o, booking) },
    { label: "booking step 2 (slot grid)", targetTrips: 2, targetTtfbMs: 130, run: (o) => get(o, step2) },
    { label: "booking step 3 (time chosen)", targetTrips: 2, targetTtfbMs: 130, run: (o) => get(o, `${step2}&horario=17:00`) },
    {
      label: "booking POST",
      targetTrips: 3,
      targetTtfbMs: 220,
      run: (o) => {
        phoneSeq++;
        const minute = 12 * 60 + (phoneSeq % 14) * 30;
        const time = `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
        return post(o, booking, {
          servico: seed.serviceId,
          data: addDays(seed.date, 1 + Math.floor(phoneSeq / 14)),
          horario: time,
          name: "Cliente Edge",
          phone: `11 9${String(70000000 + phoneSeq)}`,
          notes: "",
        }, { "X-Forwarded-For": `198.51.100.${phoneSeq % 250}` });
      },
    },
    { label: "customer status page", targetTrips: 1, targetTtfbMs: 80, run: (o) => get(o, statusPath()) },
    {
      label: "/login POST",
      targetTrips: 2,
      targetTtfbMs: 150,
      run: (o) => post(o, "/login", { email: seed.email, password: seed.password, intent: "login", redirectTo: "" }),
    },
    ...["/dashboard", "/agenda", "/clientes", "/relatorios", "/caixa"].map((path) => ({
      label: signIn ? `${path}, first after sign-in` : path,
      targetTrips: 1,
      targetTtfbMs: 80,
      prepare: signIn,
      run: (o: string, cookie?: string) => get(o, path, cookie ? { Cookie: cookie } : signedIn),
    })),
  ];
}

/** Trip counts of one request: reset the proxy, send it, read the whole answer, read the report. */
export async function tripsOf(proxyUrl: string, origin: string, request: EdgeRequest) {
  const prepared = await request.prepare?.();
  await fetch(`${proxyUrl}/__trips/reset`, { method: "POST" });
  const started = performance.now();
  const response = await request.run(origin, prepared);
  const ttfb = performance.now() - started;
  const body = await response.text();
  const report = (await (await fetch(`${proxyUrl}/__trips`)).json()) as TripReport;
  return { response, body, ttfb, report };
}

export async function setProxyDelay(proxyUrl: string, ms: number) {
  await fetch(`${proxyUrl}/__trips/delay?ms=${ms}`, { method: "POST" });
}
