import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appointments, clients, linkedAccounts, profiles, users, type AppointmentStatus } from "../../db/schema";
import { loadAccess } from "../../app/domain/accounts/access.server";
import { loadDashboardData } from "../../app/domain/metrics/dashboard.server";
import { clientFigures } from "../../app/domain/metrics/dashboard-figures";
import { action, loader } from "../../app/routes/dashboard";
import type { Db } from "../../app/utils/db.server";
import { createTestDb, ORIGIN, statusOf, userContextFor } from "../support/db";
import { createAppointment, createBookablePro, createClient, createProfessional, createService } from "../support/factories";
import { callAction, callLoader, responseOf } from "../support/routes";

// Saturday 15/03/2025, 12:00 in São Paulo. The month-to-date is 01/03-15/03 and the previous
// period of equal length 01/02-15/02.
const NOW = new Date("2025-03-15T15:00:00Z");
const MINUTE = 60_000;

let db: Db;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  db = createTestDb();
});

afterEach(() => {
  vi.useRealTimers();
});

type Ctx = Awaited<ReturnType<typeof userContextFor>>;

/** The loader's data with the non-breaking space of 'R$ 50,00' made a plain one, for readable asserts. */
async function load(ctx: Ctx, path = "/dashboard"): ReturnType<typeof loader> {
  const value = await callLoader(loader, { context: ctx, path });
  return JSON.parse(JSON.stringify(value).replaceAll("\u00a0", " "));
}

function post(ctx: Ctx, fields: Record<string, string>) {
  return callAction(action, { context: ctx, path: "/dashboard", form: fields });
}

async function addClient(userId: string, name: string, createdAt: string) {
  return (await createClient(db, userId, { name, createdAt: new Date(createdAt) })).id;
}

async function addAppointment(
  userId: string,
  clientId: string | null,
  date: string,
  status: AppointmentStatus,
  priceCents: number,
  serviceName: string,
  createdAt = new Date(`${date}T12:00:00Z`),
  startMinute = 600,
) {
  await createAppointment(db, userId, { clientId, date, startMinute, status, priceCents, serviceName, createdAt });
}

/** A professional whose setup is done: hours and a service. */
async function readyPro() {
  const { pro } = await createBookablePro(db, { services: [{ name: "Corte Masculino", priceCents: 5000, durationMinutes: 45 }] });
  return pro;
}

/** A month of history; the expected figures are worked out by hand in the tests below. */
async function seedHistory(userId: string) {
  const ana = await addClient(userId, "Ana Lima", "2025-01-10T12:00:00Z");
  const bruno = await addClient(userId, "Bruno Reis", "2025-02-20T12:00:00Z");
  const carla = await addClient(userId, "Carla Dias", "2025-03-05T12:00:00Z");
  const davi = await addClient(userId, "Davi Melo", "2025-03-14T12:00:00Z");
  const eva = await addClient(userId, "Eva Rocha", "2025-01-05T12:00:00Z");
  const fabio = await addClient(userId, "Fábio Nunes", "2024-11-01T12:00:00Z");
  const ago = (minutes: number) => new Date(NOW.getTime() - minutes * MINUTE);
  // Today: 1 completed (R$ 50), 1 scheduled, 1 cancelled.
  await addAppointment(userId, ana, "2025-03-15", "completed", 5000, "Corte Masculino", ago(24 * 60));
  await addAppointment(userId, bruno, "2025-03-15", "scheduled", 8500, "Corte + Escova", ago(30), 840);
  await addAppointment(userId, carla, "2025-03-15", "cancelled", 3500, "Barba", ago(20), 960);
  // Yesterday (Friday): 2 completed, R$ 100.
  await addAppointment(userId, bruno, "2025-03-14", "completed", 4000, "Barba");
  await addAppointment(userId, davi, "2025-03-14", "completed", 6000, "Corte Masculino");
  // Monday 03/03, and two booked ahead (one tomorrow).
  await addAppointment(userId, ana, "2025-03-03", "completed", 5000, "Corte Masculino");
  await addAppointment(userId, carla, "2025-03-20", "scheduled", 4500, "Manicure", ago(5), 540);
  await addAppointment(userId, davi, "2025-03-16", "scheduled", 5000, "Corte Masculino", ago(10), 570);
  // February: inside the compared window (01-15) R$ 160 from 2 completed; after it, R$ 90.
  await addAppointment(userId, ana, "2025-02-10", "completed", 10000, "Corte + Escova");
  await addAppointment(userId, eva, "2025-02-05", "completed", 6000, "Manicure");
  await addAppointment(userId, bruno, "2025-02-12", "cancelled", 5000, "Barba");
  await addAppointment(userId, bruno, "2025-02-20", "completed", 9000, "Corte + Escova");
  // Long ago: a VIP who has not come back.
  await addAppointment(userId, fabio, "2024-12-01", "completed", 150000, "Pacote Noiva");
}

/** Another professional's busy day, which must not show anywhere. */
async function seedOther() {
  const other = await createProfessional(db, { name: "Outra Pessoa" });
  const zed = await addClient(other.id, "Zé Intruso", "2025-03-10T12:00:00Z");
  await addAppointment(other.id, zed, "2025-03-15", "completed", 99_900, "Serviço Alheio", new Date(NOW.getTime() - MINUTE));
  await addAppointment(other.id, zed, "2025-03-14", "completed", 250_000, "Serviço Alheio");
  return other;
}

describe("dashboard loader", () => {
  it("computes the cards, the summary and the recent list from the professional's own data", async () => {
    const pro = await createProfessional(db, { name: "Paula Ribeiro" });
    await seedHistory(pro.id);
    await seedOther();
    const d = await load(await userContextFor(db, pro));

    const kpi = Object.fromEntries(d.kpis.map((k) => [k.key, k]));
    expect(kpi["revenue-today"]).toMatchObject({ value: "R$ 50,00", variation: { pct: -50, label: "-50% vs ontem", trend: "down" } });
    expect(kpi["appointments-today"]).toMatchObject({ value: "2", variation: { pct: 0, label: "0% vs ontem", trend: "flat" } });
    expect(kpi.clients).toMatchObject({
      value: "6",
      variation: { pct: 50, label: "+50% vs início do mês" },
      detail: "2 novos clientes este mês",
    });
    expect(kpi["revenue-month"]).toMatchObject({
      value: "R$ 200,00",
      variation: { pct: 25, label: "+25% vs mesmo período do mês passado", trend: "up" },
    });

    // Month to date, as Relatórios' 'Este mês': 5 appointments, and 2 more booked later in March.
    // Of the 3 clients who visited (Ana, Bruno, Davi), Ana came twice and Bruno came back.
    expect(d.summary).toEqual({
      appointments: 5,
      bookedAhead: 2,
      revenueCents: 20_000,
      unclosedCents: 20_000, // completed without a closing: at list prices, told apart (decision 0920)
      tipsCents: 0,
      expectedCents: 18_000, // 'Previsto': still scheduled from today to the month's end
      dailyAverageCents: 1333,
      returningPct: 67,
      monthClients: 3,
    });
    expect(d.monthLabel).toBe("março");

    expect(d.recent).toEqual([
      expect.objectContaining({ dayLabel: "20/03", time: "09:00", clientName: "Carla Dias", serviceName: "Manicure", status: "scheduled" }),
      expect.objectContaining({ dayLabel: "Amanhã", time: "09:30", clientName: "Davi Melo", serviceName: "Corte Masculino" }),
      expect.objectContaining({ dayLabel: "Hoje", time: "16:00", clientName: "Carla Dias", status: "cancelled" }),
      expect.objectContaining({ dayLabel: "Hoje", time: "14:00", clientName: "Bruno Reis", serviceName: "Corte + Escova" }),
    ]);
  });

  it("shows the tips, computed from the data, once setup is done and flagged", async () => {
    const pro = await readyPro();
    await seedHistory(pro.id);
    await seedOther();
    const ctx = await userContextFor(db, pro);

    const before = await load(ctx);
    expect(before.insights).toBeNull(); // setup flag not set yet: the first-steps card
    expect(before.ready).toBe(true);

    await post(ctx, { intent: "setup-finish" });
    const d = await load(ctx);
    expect(d.insights).not.toBeNull();
    const byId = Object.fromEntries(d.insights!.map((i) => [i.id, i.text]));
    expect(Object.keys(byId)).toEqual(["ticket-down", "at-risk", "month-comparison", "vip", "top-service", "best-weekday"]);
    expect(byId["ticket-down"]).toContain("caiu 37%: R$ 50,00 este mês contra R$ 80,00");
    expect(byId["at-risk"]).toContain("2 clientes não voltam há mais de 30 dias: Fábio Nunes e Eva Rocha");
    expect(byId["month-comparison"]).toBe(
      "Em relação ao mesmo período do mês passado: faturamento +25%, agendamentos +150%, ticket médio -37%.",
    );
    expect(byId.vip).toContain("Fábio Nunes já gastou R$ 1.500,00");
    expect(byId["top-service"]).toContain("Corte Masculino é o seu serviço mais vendido este mês: 3 atendimentos concluídos, R$ 160,00");
    expect(byId["best-weekday"]).toContain("Sexta-feira trouxe 50% do faturamento do mês");
    expect(JSON.stringify(d)).not.toContain("Intruso");
  });

  it("with no data: zeros, no variation invented, the first-steps card and the guide", async () => {
    const pro = await createProfessional(db);
    await seedOther();
    const d = await load(await userContextFor(db, pro));
    expect(d.kpis.map((k) => [k.value, k.variation.label])).toEqual([
      ["R$ 0,00", "0% vs ontem"],
      ["0", "0% vs ontem"],
      ["0", "0% vs início do mês"],
      ["R$ 0,00", "0% vs mesmo período do mês passado"],
    ]);
    expect(d.summary).toEqual({ appointments: 0, bookedAhead: 0, revenueCents: 0, unclosedCents: 0, tipsCents: 0, expectedCents: 0, dailyAverageCents: 0, returningPct: null, monthClients: 0 });
    expect(d.recent).toEqual([]);
    expect(d.insights).toBeNull();
    expect(d.guide).toBe(true);
    expect(d.ready).toBe(false);
    expect(d.steps.map((s) => [s.key, s.done])).toEqual([
      ["profile", true],
      ["hours", false],
      ["services", false],
      ["page", false],
    ]);
    expect(d.linkedOwner).toBeNull();
    expect(d.wizardOpen).toBe(false);
    expect((await load(await userContextFor(db, pro), "/dashboard?assistente=1")).wizardOpen).toBe(true);
  });

  it("a first revenue after an empty yesterday says there is no data to compare", async () => {
    const pro = await createProfessional(db);
    const ana = await addClient(pro.id, "Ana Lima", "2025-03-01T12:00:00Z");
    await addAppointment(pro.id, ana, "2025-03-15", "completed", 7000, "Corte");
    const d = await load(await userContextFor(db, pro));
    const kpi = Object.fromEntries(d.kpis.map((k) => [k.key, k.variation]));
    expect(kpi["revenue-today"]).toEqual({ pct: null, label: "Sem dados do período anterior", trend: "none" });
    expect(kpi.clients).toEqual({ pct: null, label: "Sem dados do período anterior", trend: "none" });
  });

  it("top service: most completed this month, revenue breaks a tie; cancelled and last month do not count", async () => {
    const pro = await readyPro();
    const ana = await addClient(pro.id, "Ana Lima", "2025-01-01T12:00:00Z");
    await addAppointment(pro.id, ana, "2025-03-10", "completed", 3500, "Barba");
    await addAppointment(pro.id, ana, "2025-03-11", "completed", 5000, "Corte");
    await addAppointment(pro.id, ana, "2025-03-12", "cancelled", 5000, "Barba");
    await addAppointment(pro.id, ana, "2025-03-13", "cancelled", 5000, "Barba");
    await addAppointment(pro.id, ana, "2025-02-10", "completed", 3500, "Barba");
    const ctx = await userContextFor(db, pro);
    await post(ctx, { intent: "setup-finish" });
    const tip = (await load(ctx)).insights!.find((i) => i.id === "top-service");
    expect(tip?.text).toBe("Corte é o seu serviço mais vendido este mês: 1 atendimento concluído, R$ 50,00.");
  });

  it("the first-steps card goes by itself once every step is done, without 'Finalizar Configuração'", async () => {
    const pro = await readyPro();
    const ctx = await userContextFor(db, pro);
    const before = await load(ctx);
    expect(before.steps.filter((s) => !s.done).map((s) => s.key)).toEqual(["page"]);
    expect(before.insights).toBeNull(); // a step to do: the card stays
    expect(before.guide).toBe(true);

    await db.update(profiles).set({ welcomeMessage: "Bem-vinda ao Studio!" }).where(eq(profiles.userId, pro.id));
    const done = await load(await userContextFor(db, pro));
    expect(done.steps.every((s) => s.done)).toBe(true);
    expect(done.insights?.map((i) => i.id)).toEqual(["starter"]);
    expect(done.guide).toBe(false); // it points at the card's button: gone with the card
  });

  it("the starter tip when setup is done but nothing was booked yet", async () => {
    const pro = await readyPro();
    const ctx = await userContextFor(db, pro);
    await post(ctx, { intent: "setup-later" });
    const d = await load(ctx);
    expect(d.insights?.map((i) => i.id)).toEqual(["starter"]);
  });

  it("tells a linked account whose team it is in", async () => {
    const owner = await createProfessional(db, { name: "Dona Salão" });
    const member = await createProfessional(db, { name: "Membro Equipe" });
    const pending = await createProfessional(db, { name: "Convite Pendente" });
    await db.insert(linkedAccounts).values([
      { ownerId: owner.id, linkedUserEmail: member.email, linkedUserId: member.id, status: "active" },
      { ownerId: owner.id, linkedUserEmail: pending.email, status: "pending" },
    ]);
    expect((await load(await userContextFor(db, member))).linkedOwner).toBe("Dona Salão");
    expect((await load(await userContextFor(db, pending))).linkedOwner).toBeNull();
    expect((await load(await userContextFor(db, owner))).linkedOwner).toBeNull();
  });
});

describe("dashboard flags", () => {
  async function flags(userId: string) {
    const [row] = await db
      .select({ setup: users.setupCompletedAt, guide: users.guideSeenAt })
      .from(users)
      .where(eq(users.id, userId));
    return row!;
  }

  it("'Configurar Depois' sets the setup flag for this professional only, with a message", async () => {
    const pro = await createProfessional(db);
    const other = await createProfessional(db);
    const ctx = await userContextFor(db, pro);
    const res = await post(ctx, { intent: "setup-later" });
    expect(res).toHaveRedirect("/dashboard");
    await expect(res).toSendToast({ title: "Configuração adiada" });
    expect((await flags(pro.id)).setup).toEqual(NOW);
    expect((await flags(other.id)).setup).toBeNull();
    // Once set, the guide no longer shows.
    expect((await load(ctx)).guide).toBe(false);
  });

  it("a later post keeps the first date", async () => {
    const pro = await createProfessional(db);
    const ctx = await userContextFor(db, pro);
    await post(ctx, { intent: "setup-finish" });
    vi.setSystemTime(new Date(NOW.getTime() + 3_600_000));
    await post(ctx, { intent: "setup-later" });
    expect((await flags(pro.id)).setup).toEqual(NOW);
  });

  it("'Entendi!' hides the guide for good", async () => {
    const pro = await createProfessional(db);
    const ctx = await userContextFor(db, pro);
    expect((await load(ctx)).guide).toBe(true);
    expect(responseOf(await post(ctx, { intent: "guide-seen" })).status).toBe(302);
    expect((await flags(pro.id)).guide).toEqual(NOW);
    expect((await flags(pro.id)).setup).toBeNull();
    expect((await load(ctx)).guide).toBe(false);
  });

  it("an unknown intent or a broken body is a 400 and changes nothing", async () => {
    const pro = await createProfessional(db);
    const ctx = await userContextFor(db, pro);
    expect(await statusOf(post(ctx, { intent: "drop-tables" }))).toBe(400);
    expect(await statusOf(post(ctx, {}))).toBe(400);
    const broken = new Request(`${ORIGIN}/dashboard`, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", Origin: ORIGIN },
      body: "not multipart",
    });
    expect(await statusOf(callAction(action, { context: ctx, request: broken }))).toBe(400);
    expect(await flags(pro.id)).toEqual({ setup: null, guide: null });
  });
});

describe("the tips' client figures", () => {
  it("are what the rule (clientFigures) makes of every client, without a row per client", async () => {
    const pro = await createProfessional(db);
    const service = await createService(db, pro.id, { name: "Corte", priceCents: 60_000 });
    // Spends, visits and last dates that cross every line: VIP (above R$ 500,00), at risk
    // (last visit before 13/02, nothing booked), this month's visiting and recurring clients,
    // ties at the third at-risk name.
    const plan: [name: string, visits: [date: string, status: AppointmentStatus][]][] = [
      ["Ana", [["2025-01-10", "completed"], ["2025-01-20", "completed"]]], // R$ 1.200, at risk
      ["Bruno", [["2025-03-02", "completed"], ["2024-12-01", "completed"]]], // R$ 1.200, this month, came back
      ["Carla", [["2025-01-05", "completed"]]], // R$ 600, at risk
      ["Davi", [["2025-01-06", "completed"]]], // R$ 600, at risk (ties with Carla, Élio and Ivo)
      ["Élio", [["2025-01-07", "completed"]]], // R$ 600, at risk
      ["Fê", [["2025-03-10", "scheduled"]]], // booked this month, no visit
      ["Gui", [["2025-01-01", "cancelled"]]], // cancelled only: never at risk
      ["Hugo", [["2025-03-20", "confirmed"], ["2025-01-01", "no_show"]]], // never visited: not at risk
      ["Ivo", [["2025-01-08", "completed"], ["2025-03-05", "no_show"]]], // a no-show is no visit: at risk
      ["Juca", [["2025-01-09", "completed"], ["2025-03-20", "scheduled"]]], // booked ahead: not at risk
      ["Lia", [["2025-03-05", "completed"], ["2025-03-12", "completed"]]], // twice this month
      ["Mel", [["2025-03-11", "completed"], ["2025-03-25", "scheduled"]]], // a first visit this month
    ];
    for (const [name, visits] of plan) {
      const clientId = await addClient(pro.id, name, "2024-11-01T12:00:00Z");
      for (const [date, status] of visits) {
        await createAppointment(db, pro.id, { clientId, serviceId: service.id, date, status, priceCents: 60_000 });
      }
    }
    const user = await loadAccess(db, { id: pro.id, email: pro.email, sessionId: "x" });
    const { clientFigures: fromSql } = await loadDashboardData(db, user!, NOW);

    // The rule, applied to every client's stats read the plain way.
    const stats = await db
      .select({
        name: clients.name,
        spentCents: sql<number>`coalesce(sum(case when ${appointments.status} = 'completed' then ${appointments.priceCents} else 0 end), 0)`.mapWith(Number),
        lastVisitDate: sql<string | null>`max(case when ${appointments.status} = 'completed' then ${appointments.date} end)`,
        lastAppointmentDate: sql<string | null>`max(case when ${appointments.status} <> 'cancelled' then ${appointments.date} end)`,
        monthVisits: sql<number>`coalesce(sum(${appointments.status} = 'completed' and ${appointments.date} between '2025-03-01' and '2025-03-15'), 0)`.mapWith(Number),
        earlierVisits: sql<number>`coalesce(sum(${appointments.status} = 'completed' and ${appointments.date} < '2025-03-01'), 0)`.mapWith(Number),
      })
      .from(appointments)
      .innerJoin(clients, eq(clients.id, appointments.clientId))
      .where(eq(appointments.userId, pro.id))
      .groupBy(appointments.clientId);
    const expected = clientFigures(stats, "2025-03-15");
    expect(fromSql).toEqual(expected);
    expect(expected).toEqual({
      month: { clients: 3, returning: 2 }, // Bruno, Lia and Mel visited; Bruno and Lia are recurring
      vip: { count: 9, top: { name: "Ana", spentCents: 120_000 } }, // a tie with Bruno and Lia: by name
      atRisk: { count: 5, names: ["Ana", "Carla", "Davi"] },
    });
  });
});

describe("'Aniversariantes da semana'", () => {
  async function withBirthdays(birthDates: Record<string, string>, profile: { timeZone?: string } = {}) {
    const pro = await createProfessional(db, { name: "Paula Ribeiro" });
    if (profile.timeZone) {
      const { profiles } = await import("../../db/schema");
      await db.update(profiles).set({ timeZone: profile.timeZone }).where(eq(profiles.userId, pro.id));
    }
    let n = 0;
    for (const [name, birthDate] of Object.entries(birthDates)) {
      n += 1;
      await createClient(db, pro.id, { name, birthDate, phone: `1198765${String(n).padStart(4, "0")}` });
    }
    const ctx = await userContextFor(db, pro);
    return (await load(ctx)).birthdays;
  }

  it("lists today and the next six days in order, with the WhatsApp greeting; others and other pros' are left out", async () => {
    // Saturday 15/03/2025 in São Paulo: the week runs to Friday 21/03.
    const list = await withBirthdays({
      "Ana Souza": "1990-03-15",
      "Bia Lima": "1985-03-21",
      "Caio Reis": "2000-03-16",
      "Duda Alves": "1990-03-14",
      "Eva Nunes": "1990-03-22",
    });
    const other = await createProfessional(db);
    await createClient(db, other.id, { name: "De Outro", birthDate: "1990-03-15" });
    expect(list.map((b) => [b.name, b.when, b.turns])).toEqual([
      ["Ana Souza", "Hoje", 35],
      ["Caio Reis", "Amanhã", 25],
      ["Bia Lima", "21/03", 40],
    ]);
    const text = decodeURIComponent(list[0]!.whatsapp.split("?text=")[1]!);
    expect(list[0]!.whatsapp).toMatch(/^https:\/\/wa\.me\/5511987650001\?text=/);
    expect(text).toMatch(/^Feliz aniversário, Ana! /);
  });

  it("crosses the turn of the year, in the professional's time zone", async () => {
    // 15:00 UTC on 15/03 is already 16/03 in Tokyo, so 'today' there is Sunday 16/03.
    const tokyo = await withBirthdays({ "Ana": "1990-03-15", "Bia": "1990-03-16", "Caio": "1990-03-22" }, { timeZone: "Asia/Tokyo" });
    expect(tokyo.map((b) => [b.name, b.when])).toEqual([
      ["Bia", "Hoje"],
      ["Caio", "22/03"],
    ]);

    vi.setSystemTime(new Date("2025-12-29T15:00:00Z"));
    const newYear = await withBirthdays({ "Ano Novo": "1990-01-01", "Quatro": "1990-01-04", "Cinco": "1990-01-05", "Dezembro": "1990-12-31" });
    expect(newYear.map((b) => [b.name, b.when, b.turns])).toEqual([
      ["Dezembro", "31/12", 35],
      ["Ano Novo", "01/01", 36],
      ["Quatro", "04/01", 36],
    ]);
  });

  it("a 29 February birthday is greeted on 28 February in other years, and on the 29th in leap years", async () => {
    vi.setSystemTime(new Date("2025-02-26T15:00:00Z"));
    const common = await withBirthdays({ "Bissexto": "2000-02-29", "Março": "2000-03-01" });
    expect(common.map((b) => [b.name, b.when])).toEqual([
      ["Bissexto", "28/02"],
      ["Março", "01/03"],
    ]);
    vi.setSystemTime(new Date("2028-02-26T15:00:00Z"));
    const leap = await withBirthdays({ "Bissexto": "2000-02-29", "Vinte e oito": "2000-02-28" });
    expect(leap.map((b) => [b.name, b.when, b.turns])).toEqual([
      ["Vinte e oito", "28/02", 28],
      ["Bissexto", "29/02", 28],
    ]);
  });
});
