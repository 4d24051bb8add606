// The booking page near the customer (docs/decisions/0620): its reads in one round trip, the
// professional's data cached per page version, the slots always live, and the version bumped by
// the database on every change the page shows.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appointments, bookingRequests, emailOutbox, profiles, services } from "../../db/schema";
import { action as bookAction, loader as bookLoader } from "../../app/routes/booking";
import { loader as statusLoader } from "../../app/routes/booking-status";
import { addDays, nowInZone } from "../../app/domain/dates";
import { POPULAR_FRESH_MS, VERSION_TRUSTED_MS } from "../../app/domain/booking-page/public-page.server";
import { cacheContext, memoryCache } from "../../app/utils/cache.server";
import { answerWithKeptFirstStep } from "../../app/routes/booking.cache.server";
import { callAction, callLoader, locationOf } from "../support/routes";
import { contextFor, countingTrips, createTestDb } from "../support/db";
import { createBookablePro, createClient, createService } from "../support/factories";

afterEach(() => {
  vi.useRealTimers();
});

/** A professional whose page is served by one server: one cache for every request. */
async function salon() {
  const base = createTestDb();
  const { pro, service } = await createBookablePro(base);
  const { db, trips } = countingTrips(base);
  const cache = memoryCache();
  const context = () => {
    const c = contextFor(db);
    c.set(cacheContext, cache);
    return c;
  };
  // A weekday two days ahead (the demo week opens Monday to Saturday).
  let date = addDays(nowInZone("America/Sao_Paulo").date, 2);
  while (new Date(`${date}T12:00:00Z`).getUTCDay() === 0) date = addDays(date, 1);
  const slug = pro.bookingSlug;
  const step = async (path: string, cookie?: string) => {
    trips.count = 0;
    const page = await callLoader(bookLoader, { context: context(), path, params: { slug }, cookie });
    return { page: page.data, trips: trips.count };
  };
  return { base, db, trips, pro, service, date, slug, context, step };
}

describe("booking page reads", () => {
  it("step 1 costs one round trip, then none while the version was checked moments ago", async () => {
    const s = await salon();
    expect((await s.step(`/agendamento/${s.slug}`)).trips).toBe(1);
    const again = await s.step(`/agendamento/${s.slug}`);
    expect(again.trips).toBe(0);
    expect(again.page.services.map((x) => x.name)).toEqual(["Corte"]);
  });

  it("steps 2 and 3 read the day live in the one round trip that checks the version", async () => {
    const s = await salon();
    await s.step(`/agendamento/${s.slug}`);
    const grid = await s.step(`/agendamento/${s.slug}?servico=${s.service.id}&data=${s.date}`);
    expect(grid.trips).toBe(1);
    expect(grid.page.slots).toContain("10:00");
    // Someone takes 10:00: the very next grid no longer offers it, cache or not.
    await s.base.insert(appointments).values({ userId: s.pro.id, date: s.date, startMinute: 600, durationMinutes: 30, status: "confirmed" });
    const after = await s.step(`/agendamento/${s.slug}?servico=${s.service.id}&data=${s.date}&horario=10:00`);
    expect(after.trips).toBe(1);
    expect(after.page.slots).not.toContain("10:00");
    expect(after.page.step).toBe(2);
    expect(after.page.timeGone).toBe(true);
  });

  it("a change the page shows reaches the next step at once, and step 1 once the version is checked again", async () => {
    const s = await salon();
    await s.step(`/agendamento/${s.slug}`);
    await s.base.update(services).set({ priceCents: 6500 }).where(eq(services.id, s.service.id));
    // The professional previewing (signed in) sees it at once.
    const preview = await s.step(`/agendamento/${s.slug}`, "__session=qualquer");
    expect(preview.page.services[0]?.priceCents).toBe(6500);
    expect(preview.trips).toBe(2);
    // Every later step checks the version: never the old price.
    const grid = await s.step(`/agendamento/${s.slug}?servico=${s.service.id}&data=${s.date}`);
    expect(grid.page.service?.priceCents).toBe(6500);
    expect(grid.trips).toBe(1);
  });

  it("an anonymous first step trusts a checked version for a few seconds only", async () => {
    const s = await salon();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date());
    await s.step(`/agendamento/${s.slug}`);
    await s.base.update(services).set({ priceCents: 7000 }).where(eq(services.id, s.service.id));
    vi.setSystemTime(new Date(Date.now() + VERSION_TRUSTED_MS + 1));
    const later = await s.step(`/agendamento/${s.slug}`);
    expect(later.page.services[0]?.priceCents).toBe(7000);
  });

  it("'Popular' follows the bookings: a kept copy is read again after a day, without a new version", async () => {
    const s = await salon();
    const escova = await createService(s.base, s.pro.id, { name: "Escova" });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date());
    expect((await s.step(`/agendamento/${s.slug}`)).page.popularServiceId).toBeNull();
    for (const name of ["Ana", "Bia", "Caio"]) {
      const client = await createClient(s.base, s.pro.id, { name });
      await s.base.insert(appointments).values({ userId: s.pro.id, clientId: client.id, serviceId: escova.id, date: s.date, startMinute: 600, durationMinutes: 30 });
    }
    // Visited every 50 minutes, the copy stays kept (the version is the same) for a day.
    const start = Date.now();
    const seen: (string | null)[] = [];
    while (Date.now() - start <= POPULAR_FRESH_MS) {
      vi.setSystemTime(new Date(Date.now() + 50 * 60_000));
      seen.push((await s.step(`/agendamento/${s.slug}`)).page.popularServiceId);
    }
    expect(seen.slice(0, -1).every((id) => id === null)).toBe(true);
    expect(seen.at(-1)).toBe(escova.id);
  });

  it("the database bumps the page version for what the page shows, not for appointments", async () => {
    const s = await salon();
    const version = async () => (await s.base.select({ v: profiles.pageVersion }).from(profiles).where(eq(profiles.userId, s.pro.id)))[0]!.v;
    const start = await version();
    await s.base.update(profiles).set({ pageTitle: "Novo título" }).where(eq(profiles.userId, s.pro.id));
    expect(await version()).toBe(start + 1);
    await s.base.update(services).set({ isActive: false }).where(eq(services.id, s.service.id));
    expect(await version()).toBe(start + 2);
    await s.base.insert(appointments).values({ userId: s.pro.id, date: s.date, startMinute: 600, durationMinutes: 30 });
    await s.base.update(profiles).set({ updatedAt: new Date() }).where(eq(profiles.userId, s.pro.id));
    expect(await version()).toBe(start + 2);
  });
});

describe("booking POST", () => {
  it("costs two round trips before the answer and one after it (the e-mail's outcome)", async () => {
    const s = await salon();
    await s.step(`/agendamento/${s.slug}`);
    s.trips.count = 0;
    const result = await callAction(bookAction, {
      context: s.context(),
      path: `/agendamento/${s.slug}`,
      params: { slug: s.slug },
      form: { servico: s.service.id, data: s.date, horario: "10:00", name: "Maria Clara", phone: "(11) 98888-7777", notes: "" },
    });
    expect(result).toHaveRedirect(/^\/agendamento\/reserva\/[\w-]+\?novo=1$/);
    expect(s.trips.count).toBe(3);
    const [request] = await s.base.select().from(bookingRequests);
    expect(request).toMatchObject({ status: "pending", customerName: "Maria Clara", priceCents: 5000 });
    const [mail] = await s.base.select().from(emailOutbox);
    expect(mail).toMatchObject({ to: s.pro.email, status: "sent" });
    expect(mail?.subject).toContain("Nova solicitação de agendamento: Maria Clara");
  });

  it("a refused submission writes nothing: no request, no token, no e-mail", async () => {
    const s = await salon();
    await s.base.insert(appointments).values({ userId: s.pro.id, date: s.date, startMinute: 600, durationMinutes: 30, status: "confirmed" });
    const result = await callAction(bookAction, {
      context: s.context(),
      path: `/agendamento/${s.slug}`,
      params: { slug: s.slug },
      form: { servico: s.service.id, data: s.date, horario: "10:00", name: "Maria Clara", phone: "(11) 98888-7777", notes: "" },
    });
    expect(result).toMatchObject({ init: { status: 409 } });
    expect(await s.base.select().from(bookingRequests)).toEqual([]);
    expect(await s.base.select().from(emailOutbox)).toEqual([]);
  });
});

describe("customer status page", () => {
  it("is one round trip", async () => {
    const s = await salon();
    const result = await callAction(bookAction, {
      context: s.context(),
      path: `/agendamento/${s.slug}`,
      params: { slug: s.slug },
      form: { servico: s.service.id, data: s.date, horario: "11:00", name: "Ana Souza", phone: "(11) 97777-6666", notes: "" },
    });
    const token = locationOf(result).split("/").at(-1)!.replace(/\?.*/, "");
    s.trips.count = 0;
    const page = await callLoader(statusLoader, { context: s.context(), path: `/agendamento/reserva/${token}`, params: { token } });
    expect(page.data.customerName).toBe("Ana Souza");
    expect(s.trips.count).toBe(1);
  });
});

describe("the booking link's first step, kept whole", () => {
  it("is rendered once, then answered as kept while its version is trusted, for anonymous visitors only", async () => {
    const s = await salon();
    const cache = memoryCache();
    let rendered = 0;
    const handle = async (request: Request, context: ReturnType<typeof contextFor>) => {
      rendered++;
      context.set(cacheContext, cache);
      const page = await callLoader(bookLoader, { context, request, params: { slug: s.slug } });
      return new Response(`<p>${page.data.services.map((x) => `${x.name} ${x.priceCents}`).join()}</p>`, {
        headers: { "Content-Type": "text/html", "Content-Security-Policy": "script-src 'sha256-x'" },
      });
    };
    const answer = async (path: string, cookie?: string) => {
      const request = new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });
      const response = await answerWithKeptFirstStep(request, contextFor(s.db), handle, cache);
      return response.text();
    };
    const first = await answer(`/agendamento/${s.slug}`);
    expect(first).toBe("<p>Corte 5000</p>");
    expect(await answer(`/agendamento/${s.slug}`)).toBe(first);
    expect(rendered).toBe(1);
    // Someone's own answer is never kept nor served from what was kept.
    await answer(`/agendamento/${s.slug}`, "__toast=abc");
    await answer(`/agendamento/${s.slug}`, "__session=abc");
    await answer(`/agendamento/${s.slug}?servico=${s.service.id}`);
    expect(rendered).toBe(4);
    expect(await answer(`/agendamento/${s.slug}`)).toBe(first);
    expect(rendered).toBe(4);
  });

  it("a change shows once the version is checked again", async () => {
    const s = await salon();
    const cache = memoryCache();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date());
    const handle = async (request: Request, context: ReturnType<typeof contextFor>) => {
      context.set(cacheContext, cache);
      const page = await callLoader(bookLoader, { context, request, params: { slug: s.slug } });
      return new Response(String(page.data.services[0]?.priceCents));
    };
    const answer = async () =>
      (await answerWithKeptFirstStep(new Request(`http://localhost/agendamento/${s.slug}`), contextFor(s.db), handle, cache)).text();
    expect(await answer()).toBe("5000");
    await s.base.update(services).set({ priceCents: 8000 }).where(eq(services.id, s.service.id));
    vi.setSystemTime(new Date(Date.now() + VERSION_TRUSTED_MS + 1));
    expect(await answer()).toBe("8000");
  });
});
