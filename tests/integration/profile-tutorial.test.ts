import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { profiles, subscriptions, users, type AppointmentStatus } from "../../db/schema";
import { loader as profileLoader } from "../../app/routes/profile";
import { action as tutorialAction, loader as tutorialLoader } from "../../app/routes/tutorial";
import type { Db } from "../../app/utils/db.server";
import { createTestDb, statusOf, userContextFor } from "../support/db";
import { createAppointment, createClient, createProfessional, createService } from "../support/factories";
import { callAction, callLoader } from "../support/routes";

// Saturday 15/03/2025, 12:00 in São Paulo.
const NOW = new Date("2025-03-15T15:00:00Z");

let db: Db;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  db = createTestDb();
});

afterEach(() => {
  vi.useRealTimers();
});

type Ctx = Awaited<ReturnType<typeof userContextFor>>;

function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replaceAll("\u00a0", " "));
}

async function loadProfile(ctx: Ctx) {
  return plain(await callLoader(profileLoader, { context: ctx, path: "/perfil" }));
}

async function addClient(userId: string, name: string, createdAt: string) {
  return (await createClient(db, userId, { name, createdAt: new Date(createdAt) })).id;
}

async function addAppointment(
  userId: string,
  clientId: string,
  date: string,
  status: AppointmentStatus,
  priceCents: number,
  durationMinutes: number,
) {
  await createAppointment(db, userId, { clientId, date, startMinute: 600, status, priceCents, durationMinutes, serviceName: "Corte" });
}

describe("/perfil", () => {
  it("shows the professional's real figures, not another's", async () => {
    const pro = await createProfessional(db, { name: "Paula Ribeiro Lima" });
    await db
      .update(profiles)
      .set({ specialty: "Cabeleireira", address: "Rua Augusta, 1500", city: "São Paulo", businessName: "Studio Paula" })
      .where(eq(profiles.userId, pro.id));
    const ana = await addClient(pro.id, "Ana", "2025-01-10T12:00:00Z");
    const bia = await addClient(pro.id, "Bia", "2025-03-02T12:00:00Z");
    const caio = await addClient(pro.id, "Caio", "2025-03-10T12:00:00Z");
    const duda = await addClient(pro.id, "Duda", "2025-02-03T12:00:00Z");
    await addAppointment(pro.id, ana, "2025-03-10", "completed", 5000, 30);
    await addAppointment(pro.id, ana, "2025-02-10", "completed", 8000, 60);
    await addAppointment(pro.id, bia, "2025-03-12", "completed", 4000, 45);
    await addAppointment(pro.id, caio, "2025-03-14", "cancelled", 9000, 90);
    await addAppointment(pro.id, caio, "2025-03-20", "scheduled", 9000, 90);
    await addAppointment(pro.id, duda, "2025-02-20", "no_show", 3000, 30);
    const other = await createProfessional(db);
    const zed = await addClient(other.id, "Zé", "2025-03-01T12:00:00Z");
    await addAppointment(other.id, zed, "2025-03-10", "completed", 500_000, 240);

    const p = await loadProfile(await userContextFor(db, pro));
    expect(p).toMatchObject({
      name: "Paula Ribeiro Lima",
      businessName: "Studio Paula",
      specialty: "Cabeleireira",
      phone: "(11) 98765-4321",
      location: "Rua Augusta, 1500 · São Paulo",
      memberSince: "março de 2025",
      plan: { label: "PERÍODO GRÁTIS" },
      imageUrl: null,
    });
    expect(p.cards.map((c) => [c.label, c.value])).toEqual([
      ["Clientes Atendidos", "2"],
      ["Agendamentos Realizados", "3"],
      ["Faturamento Total", "R$ 170,00"],
      ["Tempo Médio", "45min"],
    ]);
    // 01/03-15/03 vs 01/02-15/02: revenue 90 vs 80, non-cancelled 2 vs 1, new clients 2 vs 1.
    expect(p.monthly.map((m) => [m.label, m.value, m.variation.label])).toEqual([
      ["Faturamento", "R$ 90,00", "+13% vs mesmo período do mês passado"],
      ["Agendamentos", "2", "+100% vs mesmo período do mês passado"],
      ["Novos clientes", "2", "+100% vs mesmo período do mês passado"],
    ]);
    expect(p.achievements.map((a) => [a.key, a.earned, a.progressPct, a.progressLabel])).toEqual([
      ["clients-100", false, 2, "2 de 100"],
      ["appointments-500", false, 0, "3 de 500"],
      ["revenue-30k", false, 0, "R$ 170,00 de R$ 30.000,00"],
    ]);
    expect(JSON.stringify(p)).not.toMatch(/4[.,]8|avalia/i);
  });

  it("no history: zeros, '—' for the mean time, and the plan badge follows the subscription", async () => {
    const pro = await createProfessional(db, { name: "Rita" });
    const ctx = await userContextFor(db, pro);
    const p = await loadProfile(ctx);
    expect(p.cards.map((c) => c.value)).toEqual(["0", "0", "R$ 0,00", "—"]);
    expect(p.monthly.map((m) => m.variation.label)).toEqual([
      "0% vs mesmo período do mês passado",
      "0% vs mesmo período do mês passado",
      "0% vs mesmo período do mês passado",
    ]);
    await db
      .update(subscriptions)
      .set({ status: "active", subscriptionEndDate: new Date(NOW.getTime() + 30 * 86_400_000) })
      .where(eq(subscriptions.userId, pro.id));
    expect((await loadProfile(await userContextFor(db, pro))).plan?.label).toBe("PLANO PREMIUM");
  });
});

describe("/tutorial", () => {
  async function loadTutorial(ctx: Ctx) {
    return callLoader(tutorialLoader, { context: ctx, path: "/tutorial" });
  }
  function tick(ctx: Ctx, fields: Record<string, string>) {
    return callAction(tutorialAction, { context: ctx, path: "/tutorial", form: fields });
  }
  async function stored(userId: string) {
    const [row] = await db.select({ steps: users.tutorialSteps }).from(users).where(eq(users.id, userId));
    return JSON.parse(row!.steps);
  }

  it("lists the four steps, 14 minutes in all, done from the data", async () => {
    const pro = await createProfessional(db);
    await createService(db, pro.id, { name: "Corte", priceCents: 5000, durationMinutes: 30 });
    const t = await loadTutorial(await userContextFor(db, pro));
    expect(t.totalMinutes).toBe(14);
    expect(t.steps.map((s) => [s.key, s.title, s.minutes, s.href, s.ticked, s.dataDone])).toEqual([
      ["profile", "Informações pessoais", 2, "/configuracoes/perfil", false, true],
      ["hours", "Horários de trabalho", 3, "/configuracoes/horarios", false, false],
      ["services", "Serviços", 4, "/servicos", false, true],
      ["page", "Página de agendamento", 5, "/configuracoes/pagina", false, false],
    ]);
  });

  it("ticks and unticks a step on the server, for this professional only", async () => {
    const pro = await createProfessional(db);
    const other = await createProfessional(db);
    const ctx = await userContextFor(db, pro);
    expect(await tick(ctx, { intent: "tick", step: "hours", done: "1" })).toHaveRedirect("/tutorial#passo-hours");
    await tick(ctx, { intent: "tick", step: "page", done: "1" });
    await tick(ctx, { intent: "tick", step: "page", done: "1" }); // twice: still once
    expect(await stored(pro.id)).toEqual(["hours", "page"]);
    expect(await stored(other.id)).toEqual([]);
    const t = await loadTutorial(ctx);
    expect(t.steps.filter((s) => s.ticked).map((s) => s.key)).toEqual(["hours", "page"]);

    await tick(ctx, { intent: "tick", step: "hours", done: "0" });
    expect(await stored(pro.id)).toEqual(["page"]);
  });

  it("a broken stored value counts as nothing ticked and is repaired by the next tick", async () => {
    const pro = await createProfessional(db);
    await db.update(users).set({ tutorialSteps: "{oops" }).where(eq(users.id, pro.id));
    const ctx = await userContextFor(db, pro);
    expect((await loadTutorial(ctx)).steps.some((s) => s.ticked)).toBe(false);
    await tick(ctx, { intent: "tick", step: "services", done: "1" });
    expect(await stored(pro.id)).toEqual(["services"]);
  });

  it("bad input is a 400 and changes nothing", async () => {
    const pro = await createProfessional(db);
    const ctx = await userContextFor(db, pro);
    expect(await statusOf(tick(ctx, { intent: "tick", step: "nope", done: "1" }))).toBe(400);
    expect(await statusOf(tick(ctx, { intent: "tick", step: "hours", done: "yes" }))).toBe(400);
    expect(await statusOf(tick(ctx, { step: "hours", done: "1" }))).toBe(400);
    expect(await stored(pro.id)).toEqual([]);
  });
});
