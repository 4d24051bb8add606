import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appointments, bookingRequests, scheduleExceptions } from "../../db/schema";
import { action, loader, middleware } from "../../app/routes/agenda";
import { action as statusAction } from "../../app/routes/booking-status";
import { MOVED_BY_CUSTOMER, TIME_TAKEN } from "../../app/domain/booking-requests/answers";
import { statusPageUrl } from "../../app/domain/notifications/customer-links.server";
import type { Db } from "../../app/utils/db.server";
import { countingTrips, createTestDb, toastOf, userContextFor } from "../support/db";
import { createAppointment, createBookablePro, createBookingRequest, createClient } from "../support/factories";
import { callAction, callLoader, responseOf, routeArgs, runMiddleware, thrownStatus } from "../support/routes";

// "Now" is Monday 10/03/2025 08:00 in São Paulo (11:00 UTC). Only Date is faked.
const NOW = new Date("2025-03-10T11:00:00Z");
const MONDAY = "2025-03-10";
const TUESDAY = "2025-03-11"; // the demo week: 09:00-18:00, break 12:00-13:00
const THURSDAY = "2025-03-13";
const SUNDAY = "2025-03-16"; // closed

type Ctx = Awaited<ReturnType<typeof userContextFor>>;
type Pro = { id: string; email: string; ctx: Ctx; clientId: string; serviceId: string };

let db: Db;
let pro: Pro;
let other: Pro;

async function setUp(name: string): Promise<Pro> {
  const { pro: account, service } = await createBookablePro(db, {
    name,
    services: [{ name: "Corte Masculino", priceCents: 5000, durationMinutes: 45, color: "#2563EB", bufferMinutes: 15 }],
  });
  const client = await createClient(db, account.id, { name: `Cliente de ${name}` });
  return { id: account.id, email: account.email, ctx: await userContextFor(db, account), clientId: client.id, serviceId: service.id };
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  db = createTestDb();
  pro = await setUp("Ana Souza");
  other = await setUp("Bruno Lima");
});

afterEach(() => {
  vi.useRealTimers();
});

async function calendarOf(who: Pro, path: string, cookie?: string) {
  const result = await callLoader(loader, { context: who.ctx, path, cookie });
  if (result.mode !== "calendar") throw new Error(`expected the calendar, got ${result.mode}`);
  return result.calendar;
}

function book(who: Pro, over: Partial<typeof appointments.$inferInsert> = {}) {
  return createAppointment(db, who.id, {
    clientId: who.clientId,
    serviceId: who.serviceId,
    serviceName: "Corte Masculino",
    date: TUESDAY,
    startMinute: 10 * 60,
    durationMinutes: 45,
    bufferMinutes: 15,
    ...over,
  });
}

function request(who: Pro, over: Partial<typeof bookingRequests.$inferInsert> = {}) {
  return createBookingRequest(db, who.id, {
    serviceId: who.serviceId,
    serviceName: "Corte Masculino",
    customerName: "Lucas Martins",
    date: TUESDAY,
    startMinute: 15 * 60,
    durationMinutes: 45,
    expiresAt: new Date(NOW.getTime() + 20 * 3600_000),
    ...over,
  });
}

describe("the day view", () => {
  it("draws the working hours, each appointment by its time and duration in its service's colour", async () => {
    const a = await book(pro, { status: "confirmed" });
    await book(pro, { startMinute: 16 * 60, status: "cancelled" });
    const cal = await calendarOf(pro, `/agenda?vista=dia&data=${TUESDAY}`);

    expect(cal.view).toBe("dia");
    expect(cal.title).toBe("terça-feira, 11 de março");
    expect(cal.axis).toEqual({ start: 9 * 60, end: 18 * 60 });
    expect(cal.days).toHaveLength(1);
    const [day] = cal.days;
    expect(day!.appointments).toEqual([
      expect.objectContaining({
        id: a.id,
        time: "10:00",
        endTime: "10:45",
        durationMinutes: 45,
        bufferMinutes: 15,
        clientName: "Cliente de Ana Souza",
        serviceName: "Corte Masculino",
        status: "confirmed",
        color: "#2563EB",
        lane: 0,
        lanes: 1,
        rescheduledByCustomer: false,
      }),
    ]);
    // Cancelled ones are kept apart, not drawn over free time.
    expect(day!.cancelled.map((c) => c.time)).toEqual(["16:00"]);
    // The break is greyed with its label.
    expect(day!.blocks).toEqual([{ start: 12 * 60, end: 13 * 60, kind: "break", label: "Intervalo" }]);
    expect(day!.closed).toBeNull();
    expect(cal.summary.periodCount).toBe(1);
  });

  it("widens the hours to a walk-in after closing and puts overlapping appointments side by side", async () => {
    await book(pro, { startMinute: 20 * 60, durationMinutes: 30, bufferMinutes: 0 });
    await book(pro, { startMinute: 10 * 60 });
    await book(pro, { startMinute: 10 * 60 + 30, durationMinutes: 30, bufferMinutes: 0 });
    const cal = await calendarOf(pro, `/agenda?vista=dia&data=${TUESDAY}`);
    expect(cal.axis).toEqual({ start: 9 * 60, end: 21 * 60 });
    const lanes = cal.days[0]!.appointments.map((a) => [a.time, a.lane, a.lanes]);
    expect(lanes).toEqual([
      ["10:00", 0, 2],
      ["10:30", 1, 2],
      ["20:00", 0, 1],
    ]);
  });

  it("shows 'Remarcado pelo cliente' data on an appointment the customer moved", async () => {
    await book(pro, { rescheduledByCustomerAt: new Date(NOW.getTime() - 3600_000) });
    const cal = await calendarOf(pro, `/agenda?vista=dia&data=${TUESDAY}`);
    expect(cal.days[0]!.appointments[0]!.rescheduledByCustomer).toBe(true);
  });

  it("greys a blocked time and a closed day with the professional's reason", async () => {
    await db.insert(scheduleExceptions).values([
      { userId: pro.id, kind: "blocked", startDate: TUESDAY, endDate: TUESDAY, startMinute: 14 * 60, endMinute: 16 * 60, reason: "Dentista" },
      { userId: pro.id, kind: "closed", startDate: THURSDAY, endDate: THURSDAY, reason: "Curso" },
      // Another professional's block is not this agenda's.
      { userId: other.id, kind: "blocked", startDate: TUESDAY, endDate: TUESDAY, startMinute: 9 * 60, endMinute: 11 * 60, reason: "Alheio" },
    ]);
    const tuesday = (await calendarOf(pro, `/agenda?vista=dia&data=${TUESDAY}`)).days[0]!;
    expect(tuesday.blocks).toEqual([
      { start: 12 * 60, end: 13 * 60, kind: "break", label: "Intervalo" },
      { start: 14 * 60, end: 16 * 60, kind: "blocked", label: "Dentista" },
    ]);
    const thursday = (await calendarOf(pro, `/agenda?vista=dia&data=${THURSDAY}`)).days[0]!;
    expect(thursday.closed).toEqual({ label: "Curso" });
    expect(thursday.windows).toEqual([]);
  });

  it("includes pending requests still holding their time, not expired or answered ones", async () => {
    const held = await request(pro, { rescheduledByCustomerAt: new Date(NOW.getTime() - 60_000) });
    await request(pro, { customerName: "Prazo Vencido", startMinute: 16 * 60, expiresAt: new Date(NOW.getTime() - 60_000) });
    await request(pro, { customerName: "Já Expirada", startMinute: 17 * 60, status: "expired" });
    await request(pro, { customerName: "Já Recusada", startMinute: 11 * 60, status: "declined" });
    await request(other, { customerName: "De Outro" });
    const cal = await calendarOf(pro, `/agenda?vista=dia&data=${TUESDAY}`);
    expect(cal.pending.map((r) => r.customerName)).toEqual(["Lucas Martins"]);
    expect(cal.days[0]!.requests).toEqual([
      expect.objectContaining({ id: held.id, time: "15:00", endTime: "15:45", color: "#2563EB", expires: "11/03 às 04:00", rescheduledByCustomer: true }),
    ]);
  });

  it("shows only the signed-in professional's appointments, and 404s another's ?ver=", async () => {
    const own = await book(pro);
    const theirs = await book(other, { startMinute: 14 * 60 });
    const cal = await calendarOf(pro, `/agenda?vista=dia&data=${TUESDAY}&ver=${own.id}`);
    expect(cal.days[0]!.appointments.map((a) => a.id)).toEqual([own.id]);
    expect(cal.detail).toEqual(expect.objectContaining({ id: own.id, time: "10:00", endTime: "10:45", clientName: "Cliente de Ana Souza", status: "scheduled" }));
    expect(await thrownStatus(callLoader(loader, { context: pro.ctx, path: `/agenda?vista=dia&data=${TUESDAY}&ver=${theirs.id}` }))).toBe(404);
    expect(await thrownStatus(callLoader(loader, { context: pro.ctx, path: `/agenda?vista=dia&ver=nao-existe` }))).toBe(404);
  });

  it("reads a whole week in one database round trip", async () => {
    await book(pro);
    await request(pro);
    const { db: counted, trips } = countingTrips(db);
    const context = await userContextFor(counted, { id: pro.id, email: pro.email });
    trips.count = 0;
    const result = await callLoader(loader, { context, path: `/agenda?vista=semana&data=${TUESDAY}` });
    expect(result.mode).toBe("calendar");
    expect(trips.count).toBe(1);
  });
});

describe("the week view", () => {
  it("runs Monday to Sunday around the date, Sunday closed", async () => {
    await book(pro, { date: THURSDAY, startMinute: 9 * 60 });
    await request(pro, { date: SUNDAY, startMinute: 10 * 60 });
    const cal = await calendarOf(pro, `/agenda?vista=semana&data=${THURSDAY}`);
    expect(cal.range).toEqual({ from: MONDAY, to: SUNDAY });
    expect(cal.title).toBe("10 – 16 de março de 2025");
    expect(cal.days.map((d) => d.weekdayShort)).toEqual(["seg", "ter", "qua", "qui", "sex", "sáb", "dom"]);
    expect(cal.days[0]!.isToday).toBe(true);
    expect(cal.days[6]!.closed).toEqual({ label: "Fechado" });
    expect(cal.days[3]!.appointments.map((a) => a.time)).toEqual(["09:00"]);
    expect(cal.pending.map((r) => r.date)).toEqual([SUNDAY]);
    expect(cal.summary.periodCount).toBe(1);
    expect(cal.days[3]!.dayHref).toBe(`/agenda?vista=dia&data=${THURSDAY}`);
  });
});

describe("the view links", () => {
  it("moves by a day or a week, 'Hoje' is today's address", async () => {
    const day = await calendarOf(pro, `/agenda?vista=dia&data=${TUESDAY}`);
    expect(day.links).toEqual(
      expect.objectContaining({
        prev: "/agenda?vista=dia",
        next: "/agenda?vista=dia&data=2025-03-12",
        today: "/agenda?vista=dia",
        semana: `/agenda?vista=semana&data=${TUESDAY}`,
        lista: "/agenda?vista=lista",
        newAppointment: `/agenda?novo=1&date=${TUESDAY}`,
      }),
    );
    const week = await calendarOf(pro, `/agenda?vista=semana&data=${TUESDAY}`);
    expect(week.links.prev).toBe("/agenda?vista=semana&data=2025-03-04");
    expect(week.links.next).toBe("/agenda?vista=semana&data=2025-03-18");
    expect(week.links.dia).toBe(`/agenda?vista=dia&data=${TUESDAY}`);
  });

  it("opens on the day view, an unusable date as today, the list with the list's filter", async () => {
    expect((await calendarOf(pro, "/agenda")).view).toBe("dia");
    const bad = await calendarOf(pro, "/agenda?vista=dia&data=2025-02-30");
    expect(bad.date).toBe(MONDAY);
    const list = await callLoader(loader, { context: pro.ctx, path: "/agenda?periodo=esta-semana" });
    expect(list.mode).toBe("list");
    expect((await callLoader(loader, { context: pro.ctx, path: "/agenda?vista=lista" })).mode).toBe("list");
  });

  it("remembers the view chosen on this device in a cookie", async () => {
    const answer = async (path: string, cookie?: string) => {
      const request = new Request(`http://localhost:3000${path}`, { headers: cookie ? { Cookie: cookie } : {} });
      return runMiddleware(middleware, await routeArgs({ context: pro.ctx, request, pattern: "/agenda" }), async () => new Response("ok"));
    };
    const chosen = await answer("/agenda?vista=semana");
    const setCookie = chosen.headers.get("Set-Cookie");
    expect(setCookie).toMatch(/^agenda_vista=/);
    const cookie = setCookie!.split(";")[0]!;
    // The same view again sets nothing; the remembered view opens /agenda.
    expect((await answer("/agenda?vista=semana", cookie)).headers.get("Set-Cookie")).toBeNull();
    expect((await calendarOf(pro, "/agenda", cookie)).view).toBe("semana");
    const listCookie = (await answer("/agenda?vista=lista", cookie)).headers.get("Set-Cookie")!.split(";")[0]!;
    expect((await callLoader(loader, { context: pro.ctx, path: "/agenda", cookie: listCookie })).mode).toBe("list");
  });
});

describe("the list view", () => {
  it("shows the period's pending requests as Dia and Semana do, and counts the ones on other dates", async () => {
    const held = await request(pro, { rescheduledByCustomerAt: new Date(NOW.getTime() - 60_000) });
    await request(pro, { customerName: "Prazo Vencido", startMinute: 16 * 60, expiresAt: new Date(NOW.getTime() - 60_000) });
    await request(pro, { customerName: "Já Recusada", startMinute: 11 * 60, status: "declined" });
    await request(pro, { customerName: "Semana Que Vem", date: "2025-03-18" });
    await request(other, { customerName: "De Outro" });
    const result = await callLoader(loader, { context: pro.ctx, path: "/agenda?vista=lista&periodo=esta-semana" });
    if (result.mode !== "list") throw new Error(`expected the list, got ${result.mode}`);
    expect(result.list.requests).toEqual([
      expect.objectContaining({ id: held.id, date: TUESDAY, time: "15:00", endTime: "15:45", customerName: "Lucas Martins", rescheduledByCustomer: true }),
    ]);
    expect(result.list.otherPendingCount).toBe(1);
    // Answered from the list, back to the list.
    const res = responseOf(
      await callAction(action, { context: pro.ctx, path: "/agenda?vista=lista&periodo=esta-semana", form: { intent: "accept-request", id: held.id, date: TUESDAY, time: "15:00" } }),
    );
    expect(res).toHaveRedirect("/agenda?periodo=esta-semana&vista=lista");
    expect(await toastOf(res)).toEqual(expect.objectContaining({ title: "Solicitação aceita" }));
  });
});

describe("answering a request from the agenda", () => {
  const path = `/agenda?vista=dia&data=${TUESDAY}`;

  it("accepts it: an appointment in its place, back to the same day", async () => {
    const r = await request(pro);
    const res = responseOf(await callAction(action, { context: pro.ctx, path, form: { intent: "accept-request", id: r.id } }));
    expect(res).toHaveRedirect(path);
    expect(await toastOf(res)).toEqual(expect.objectContaining({ type: "success", title: "Solicitação aceita" }));
    const [row] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, r.id));
    expect(row!.status).toBe("accepted");
    const made = await db.select().from(appointments).where(eq(appointments.userId, pro.id));
    expect(made.map((a) => [a.date, a.startMinute, a.status])).toEqual([[TUESDAY, 15 * 60, "confirmed"]]);
    const cal = await calendarOf(pro, path);
    expect(cal.pending).toEqual([]);
    expect(cal.days[0]!.appointments.map((a) => a.time)).toEqual(["15:00"]);
  });

  it("declines it, freeing the time", async () => {
    const r = await request(pro);
    const res = responseOf(await callAction(action, { context: pro.ctx, path, form: { intent: "decline-request", id: r.id } }));
    expect(await toastOf(res)).toEqual(expect.objectContaining({ title: "Solicitação recusada" }));
    const [row] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, r.id));
    expect(row!.status).toBe("declined");
    expect((await calendarOf(pro, path)).pending).toEqual([]);
  });

  it("says the time is taken when an appointment now sits there, and leaves it pending", async () => {
    const r = await request(pro);
    await book(pro, { startMinute: 15 * 60 + 15, durationMinutes: 30, bufferMinutes: 0 });
    const res = responseOf(await callAction(action, { context: pro.ctx, path, form: { intent: "accept-request", id: r.id } }));
    expect(res).toHaveRedirect(path);
    expect(await toastOf(res)).toEqual(expect.objectContaining({ type: "error", ...TIME_TAKEN }));
    const [row] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, r.id));
    expect(row!.status).toBe("pending");
  });

  it("a request the customer moved meanwhile is neither accepted nor declined at a time the professional did not see", async () => {
    const r = await request(pro);
    // The customer moves it from 15:00 to 16:00 with their status link.
    const token = (await statusPageUrl(r.id)).split("/").pop()!;
    const moved = responseOf(
      await callAction(statusAction, { db, path: `/agendamento/reserva/${token}`, params: { token }, form: { intent: "reschedule", data: TUESDAY, horario: "16:00" } }),
    );
    expect(moved.status).toBe(302);
    // The professional's page still shows 15:00: both answers say so, and it stays pending at 16:00.
    for (const intent of ["accept-request", "decline-request"]) {
      const res = responseOf(await callAction(action, { context: pro.ctx, path, form: { intent, id: r.id, date: TUESDAY, time: "15:00" } }));
      expect(res).toHaveRedirect(path);
      expect(await toastOf(res)).toEqual({ type: "info", ...MOVED_BY_CUSTOMER });
    }
    const [row] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, r.id));
    expect(row).toMatchObject({ status: "pending", date: TUESDAY, startMinute: 16 * 60 });
    expect(await db.select().from(appointments).where(eq(appointments.userId, pro.id))).toEqual([]);
    // The page shows it at its new time, marked; answering what is shown now works.
    const [shown] = (await calendarOf(pro, path)).pending;
    expect(shown).toMatchObject({ id: r.id, time: "16:00", rescheduledByCustomer: true });
    const res = responseOf(await callAction(action, { context: pro.ctx, path, form: { intent: "accept-request", id: r.id, date: TUESDAY, time: "16:00" } }));
    expect(await toastOf(res)).toEqual(expect.objectContaining({ title: "Solicitação aceita" }));
  });

  it("tells an expired request apart, and 404s another professional's", async () => {
    const late = await request(pro, { expiresAt: new Date(NOW.getTime() - 60_000) });
    const res = responseOf(await callAction(action, { context: pro.ctx, path, form: { intent: "accept-request", id: late.id } }));
    expect(await toastOf(res)).toEqual(expect.objectContaining({ title: "Solicitação expirada" }));
    expect(await db.select().from(appointments).where(eq(appointments.userId, pro.id))).toEqual([]);

    const theirs = await request(other);
    expect(await thrownStatus(callAction(action, { context: pro.ctx, path, form: { intent: "accept-request", id: theirs.id } }))).toBe(404);
    expect(await thrownStatus(callAction(action, { context: pro.ctx, path, form: { intent: "decline-request", id: theirs.id } }))).toBe(404);
    const [row] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, theirs.id));
    expect(row!.status).toBe("pending");
  });
});
