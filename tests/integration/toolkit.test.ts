// The test toolkit itself (tests/support): the matchers fail where they should, the route calls
// get what React Router would give them.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { appointments, profiles, sessions, workingHours } from "../../db/schema";
import { dayOfWeek } from "../../app/domain/dates";
import { loader as bookLoader } from "../../app/routes/booking";
import { loader as dashboardLoader } from "../../app/routes/dashboard";
import { action as pageAction } from "../../app/routes/settings.page";
import { middleware as workspaceMiddleware } from "../../app/routes/workspace";
import { userContext } from "../../app/routes/workspace.server";
import type { Db } from "../../app/utils/db.server";
import { createTestDb, ORIGIN } from "../support/db";
import {
  createAppointment,
  createBookablePro,
  createBookingRequest,
  createCategory,
  createProfessional,
  createService,
  createWorkingHours,
  workingDay,
} from "../support/factories";
import { callAction, callLoader, replyOf, routeArgs, runMiddleware, signIn, thrownBy } from "../support/routes";

let db: Db;
let pro: Awaited<ReturnType<typeof createProfessional>>;

beforeEach(async () => {
  db = createTestDb();
  pro = await createProfessional(db, { name: "Ana Souza" });
});

const PAGE = "/configuracoes/pagina";
const savePage = (fields: Record<string, string>) => callAction(pageAction, { db, as: pro, path: PAGE, form: fields });

describe("matchers", () => {
  it("toHaveRedirect checks the status and the whole Location", async () => {
    const res = await savePage({ pageTitle: "Agende", primaryColor: "#3B82F6", secondaryColor: "#8B5CF6" });
    expect(res).toHaveRedirect(PAGE);
    expect(res).not.toHaveRedirect("/configuracoes");
    expect(res).not.toHaveRedirect(PAGE, 303);
    expect(() => expect(res).toHaveRedirect(`${PAGE}?x=1`)).toThrow(/redirect 302/);
    expect(() => expect({ data: 1 }).toHaveRedirect(PAGE)).toThrow(/expected a redirect Response/);
  });

  it("toSendToast compares each key given, and undefined means absent", async () => {
    const res = await savePage({ pageTitle: "Agende", primaryColor: "#3B82F6", secondaryColor: "#8B5CF6" });
    await expect(res).toSendToast();
    await expect(res).toSendToast({ type: "success", title: "Configurações salvas" });
    await expect(res).not.toSendToast({ type: "error" });
    await expect(res).not.toSendToast({ description: undefined });
    await expect(expect(res).toSendToast({ title: "Outra coisa" })).rejects.toThrow(/toast/);
    await expect(new Response(null, { status: 302 })).not.toSendToast();
  });

  it("toHaveFieldError needs status 400 and exactly those messages beside the field", async () => {
    const res = await savePage({ pageTitle: "Agende", primaryColor: "vermelho", secondaryColor: "#8B5CF6" });
    expect(res).toHaveFieldError("primaryColor", "Cor inválida. Use o formato #RRGGBB.");
    expect(res).toHaveFieldError("primaryColor", ["Cor inválida. Use o formato #RRGGBB."]);
    expect(res).not.toHaveFieldError("primaryColor", "Outra mensagem");
    expect(res).not.toHaveFieldError("secondaryColor", "Cor inválida. Use o formato #RRGGBB.");
    expect(() => expect(res).toHaveFieldError("pageTitle", "x")).toThrow(/beside .*pageTitle/);
    // The same errors with another status are not a 400 field error.
    const reply = replyOf(res);
    const as500 = { ...reply, init: { status: 500 } };
    expect(as500).not.toHaveFieldError("primaryColor", "Cor inválida. Use o formato #RRGGBB.");
    expect(new Response(null, { status: 302 })).not.toHaveFieldError("primaryColor", "x");
  });
});

describe("route calls", () => {
  it("pass url, pattern and params, and sign the user in as the workspace middleware does", async () => {
    const args = await routeArgs({ db, as: pro, request: new Request(`${ORIGIN}/agendamento/ana?x=1`), params: { slug: "ana" } });
    expect(args.url.href).toBe(`${ORIGIN}/agendamento/ana?x=1`);
    expect(args.pattern).toBe("/agendamento/ana");
    expect(args.params).toEqual({ slug: "ana" });
    expect(args.context.get(userContext)).toMatchObject({ id: pro.id, email: pro.email, access: "subscription" });
  });

  it("run the route behind its middleware with a real session cookie, and stop where the middleware throws", async () => {
    const { cookie, sessionId } = await signIn(db, pro);
    expect(await db.select().from(sessions).where(eq(sessions.id, sessionId))).toHaveLength(1);
    const data = await callLoader(dashboardLoader, { db, path: "/dashboard", cookie, middleware: workspaceMiddleware });
    expect(data.kpis).toHaveLength(4);

    const signedOut = await thrownBy(callLoader(dashboardLoader, { db, path: "/dashboard", middleware: workspaceMiddleware }));
    expect(signedOut).toHaveRedirect("/login?redirectTo=%2Fdashboard");
  });

  it("runMiddleware calls next for a middleware that does not, once", async () => {
    const order: string[] = [];
    const res = await runMiddleware(
      [
        async (_: null, next: () => Promise<Response>) => {
          order.push("a");
          const r = await next();
          order.push("a after");
          return r;
        },
        async () => void order.push("b"),
      ],
      null,
      async () => {
        order.push("handler");
        return new Response("ok");
      },
    );
    expect(await res.text()).toBe("ok");
    expect(order).toEqual(["a", "b", "handler", "a after"]);
  });
});

describe("factories", () => {
  it("insert rows with the documented defaults and return them", async () => {
    const cabelo = await createCategory(db, pro.id, { name: "Cabelo & Cílios" });
    expect(cabelo).toMatchObject({ userId: pro.id, name: "Cabelo & Cílios", slug: "cabelo-cilios" });
    const service = await createService(db, pro.id, { categoryId: cabelo.id });
    expect(service).toMatchObject({ userId: pro.id, categoryId: cabelo.id, priceCents: 5000, durationMinutes: 30, isActive: true });
    const appt = await createAppointment(db, pro.id, { serviceId: service.id });
    expect(appt).toMatchObject({ userId: pro.id, serviceId: service.id, clientId: null, startMinute: 600, durationMinutes: 60, status: "scheduled" });
    expect(appt.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await db.select().from(appointments).where(eq(appointments.id, appt.id))).toEqual([appt]);
    const first = await createBookingRequest(db, pro.id);
    const second = await createBookingRequest(db, pro.id, { startMinute: 14 * 60 });
    expect(first).toMatchObject({ professionalId: pro.id, status: "pending", customerName: "Maria Silva", durationMinutes: 60 });
    expect(second.customerPhone).not.toBe(first.customerPhone);
    const week = await createWorkingHours(db, pro.id);
    expect(week.map((d) => [d.dayOfWeek, d.isActive, d.startTime, d.endTime, d.breakStartTime])).toEqual([
      [0, false, "09:00", "18:00", "12:00"],
      ...[1, 2, 3, 4, 5, 6].map((d) => [d, true, "09:00", "18:00", "12:00"]),
    ]);
  });

  it("make a professional ready to be booked: the demo week and 'Corte' offered on the booking page", async () => {
    const { pro: salon, service, services } = await createBookablePro(db);
    expect(services).toEqual([service]);
    expect(service).toMatchObject({ userId: salon.id, name: "Corte", priceCents: 5000, durationMinutes: 30, categoryId: null });
    const date = workingDay(2);
    const page = await callLoader(bookLoader, { db, path: `/agendamento/${salon.bookingSlug}?servico=${service.id}&data=${date}`, params: { slug: salon.bookingSlug } });
    expect(page.data.slots.slice(0, 3)).toEqual(["09:00", "09:30", "10:00"]);
    expect(page.data.slots).not.toContain("12:00");
  });

  it("make a bookable professional with hours every day, a profile and services under one category", async () => {
    const { pro: salon, services } = await createBookablePro(db, {
      name: "Rita Alves",
      hours: { start: "08:00", end: "20:00" },
      profile: { autoConfirm: true },
      category: "Unhas",
      services: [{ name: "Manicure", priceCents: 3500, durationMinutes: 45 }, { name: "Pedicure", priceCents: 4000, durationMinutes: 45 }],
    });
    expect(salon.name).toBe("Rita Alves");
    expect(new Set(services.map((s) => s.categoryId)).size).toBe(1);
    expect(services[0]!.categoryId).not.toBeNull();
    const rows = await db.select().from(workingHours).where(eq(workingHours.userId, salon.id));
    expect(rows.map((d) => [d.dayOfWeek, d.isActive, d.startTime, d.endTime]).sort()).toEqual([0, 1, 2, 3, 4, 5, 6].map((d) => [d, true, "08:00", "20:00"]));
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, salon.id));
    expect(profile!.autoConfirm).toBe(true);
    expect(dayOfWeek(workingDay(0, { skip: 1 }))).not.toBe(0);
  });
});
