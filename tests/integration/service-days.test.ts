// Issue 34 part 5 (docs/decisions/1260): Relatórios' services ranking reads the completed
// appointments' services from the figures kept per day and professional (service_days), recounted
// by the database at every write. These tests hold the kept rows to the definition they stand for
// (cash/revenue.server.ts `serviceLinesSql`: the closing's service lines, the list price without a
// closing) after every kind of write, the ranking read from them to the ranking by the definition,
// the migration's backfill to the data already there, and the migration to its generator.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appointments, cashClosingItems, cashClosings, linkedAccounts, serviceDays, services, users } from "../../db/schema";
import { action as closeAction } from "../../app/routes/cash-close";
import { serviceLinesSql } from "../../app/domain/cash/revenue.server";
import { topServicesQuery } from "../../app/domain/metrics/report-queries.server";
import { openDb, type Db } from "../../app/utils/db.server";
import { createTestDb, userContextFor } from "../support/db";
import { createAppointment, createProfessional, createService } from "../support/factories";
import { callAction } from "../support/routes";
import { TEST_DIR } from "../support/global-setup";
import { serviceDaysMigrationSql } from "../../scripts/kept-days-sql";
import type { FigureScope } from "../../app/domain/salon";
import type { ReportFilter } from "../../app/domain/metrics/report-params";

const NOW = new Date("2025-03-10T15:00:00Z");
const TODAY = "2025-03-10";
const YESTERDAY = "2025-03-09";

beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: NOW }));
afterEach(() => vi.useRealTimers());

type Ctx = Awaited<ReturnType<typeof userContextFor>>;

/** 'Fechar atendimento' left pending (no payment to match) with the lines given (a service line of R$ 60,00 unless told). */
async function close(ctx: Ctx, id: string, form: Record<string, string> = {}) {
  return callAction(closeAction, {
    context: ctx,
    path: `/caixa/fechar?atendimento=${id}`,
    form: {
      intent: "close-pending",
      id,
      "itens[0].tipo": "service",
      "itens[0].nome": "Corte",
      "itens[0].preco": "60,00",
      "itens[0].quantidade": "1",
      descontoTipo: "valor",
      desconto: "",
      gorjeta: "",
      ...form,
    },
  });
}

const byKey = (a: { userId: string; date: string; serviceKey: string }, b: { userId: string; date: string; serviceKey: string }) =>
  `${a.userId}${a.date}${a.serviceKey}`.localeCompare(`${b.userId}${b.date}${b.serviceKey}`);

/** Every professional's services per day by the definition: `serviceLinesSql` over each day's completed appointments. */
async function computed(db: Db) {
  const days = await db.selectDistinct({ userId: appointments.userId, date: appointments.date }).from(appointments).where(eq(appointments.status, "completed"));
  const rows = [];
  for (const day of days) {
    const completedThatDay = and(eq(appointments.userId, day.userId), eq(appointments.date, day.date), eq(appointments.status, "completed"))!;
    const lines = await db.all<{ serviceKey: string; serviceId: string | null; name: string; count: number; cents: number }>(sql`
      with lines as (${serviceLinesSql(day.userId, completedThatDay)})
      select coalesce(service_id, name) as serviceKey, max(service_id) as serviceId, max(name) as name, sum(n) as count, sum(cents) as cents
      from lines group by coalesce(service_id, name)`);
    rows.push(...lines.map((l) => ({ userId: day.userId, date: day.date, ...l, count: Number(l.count), cents: Number(l.cents) })));
  }
  return rows.sort(byKey);
}

async function kept(db: Db) {
  return (await db.select().from(serviceDays)).sort(byKey);
}

/** The kept rows are the definition's, and the view's, day by day; returns one professional's rows of a day. */
async function heldToDefinition(db: Db, userId: string, date: string) {
  const expected = await computed(db);
  expect(await kept(db)).toEqual(expected);
  const view = await db.all<Record<string, unknown>>(sql`select user_id as userId, date, service_key as serviceKey, service_id as serviceId, name, count, cents from service_day_figures`);
  expect(view.map((r) => ({ ...r, count: Number(r.count), cents: Number(r.cents) })).sort((a, b) => byKey(a as never, b as never))).toEqual(expected);
  return expected.filter((r) => r.userId === userId && r.date === date).map((r) => `${r.name} ${r.count} ${r.cents}`);
}

/** The ranking as Relatórios read it before the kept days: the closings joined to the period's appointments. */
function rankingByDefinition(db: Db, scope: FigureScope, range: { from: string; to: string }, filter: ReportFilter) {
  const where = and(
    eq(appointments.userId, scope.userId),
    sql`${appointments.date} between ${range.from} and ${range.to}`,
    filter.status ? eq(appointments.status, filter.status) : sql`${appointments.status} <> 'cancelled'`,
  )!;
  return db.all(sql`
    with lines as (${serviceLinesSql(scope, where)})
    select max(service_id) as serviceId, max(name) as name, sum(n) as count, sum(cents) as revenueCents
    from lines group by coalesce(service_id, name)
    order by sum(cents) desc, sum(n) desc, max(name) asc limit 5`);
}

describe("the services kept per day", () => {
  it("follow a closing made, edited, reopened and deleted, its lines changed, an appointment renamed, moved and deleted", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db, { name: "Ana Souza" });
    const ctx = await userContextFor(db, pro);
    const corte = await createService(db, pro.id, { name: "Corte", priceCents: 6000 });
    const barba = await createService(db, pro.id, { name: "Barba", priceCents: 3500 });
    const a = await createAppointment(db, pro.id, { serviceId: corte.id, serviceName: "Corte", date: TODAY, startMinute: 9 * 60, priceCents: 6000, status: "completed" });
    await createAppointment(db, pro.id, { serviceId: barba.id, serviceName: "Barba", date: TODAY, startMinute: 10 * 60, priceCents: 3500 });
    // Completed without a closing: its own service at its list price; the confirmed one is not kept.
    expect(await heldToDefinition(db, pro.id, TODAY)).toEqual(["Corte 1 6000"]);

    // Closed with two services and a product: the service lines as charged.
    await close(ctx, a.id, {
      "itens[0].servico": corte.id,
      "itens[0].preco": "55,00",
      "itens[1].tipo": "service",
      "itens[1].servico": barba.id,
      "itens[1].nome": "Barba",
      "itens[1].preco": "30,00",
      "itens[1].quantidade": "1",
      "itens[2].tipo": "product",
      "itens[2].nome": "Pomada",
      "itens[2].preco": "40,00",
      "itens[2].quantidade": "1",
    });
    expect(await heldToDefinition(db, pro.id, TODAY)).toEqual(expect.arrayContaining(["Corte 1 5500", "Barba 1 3000"]));

    // Edited: the Barba line gone, two Cortes.
    await close(ctx, a.id, { "itens[0].servico": corte.id, "itens[0].quantidade": "2" });
    expect(await heldToDefinition(db, pro.id, TODAY)).toEqual(["Corte 2 12000"]);

    // A line changed and removed by hand: the day is counted again.
    const [line] = await db.select().from(cashClosingItems).where(eq(cashClosingItems.userId, pro.id));
    await db.update(cashClosingItems).set({ unitPriceCents: 5000 }).where(eq(cashClosingItems.id, line!.id));
    expect(await heldToDefinition(db, pro.id, TODAY)).toEqual(["Corte 2 10000"]);
    await db.update(cashClosingItems).set({ serviceId: null, name: "Corte antigo" }).where(eq(cashClosingItems.id, line!.id));
    expect(await heldToDefinition(db, pro.id, TODAY)).toEqual(["Corte antigo 2 10000"]);
    await db.delete(cashClosingItems).where(eq(cashClosingItems.id, line!.id));
    expect(await heldToDefinition(db, pro.id, TODAY)).toEqual([]);

    // Reopened ('Desfazer': no longer completed), then completed again.
    await db.update(appointments).set({ status: "confirmed" }).where(eq(appointments.id, a.id));
    expect(await heldToDefinition(db, pro.id, TODAY)).toEqual([]);
    await db.update(appointments).set({ status: "completed" }).where(eq(appointments.id, a.id));

    // The closing deleted: the appointment's own service at its list price, renamed, repriced.
    await db.delete(cashClosings).where(eq(cashClosings.appointmentId, a.id));
    expect(await heldToDefinition(db, pro.id, TODAY)).toEqual(["Corte 1 6000"]);
    await db.update(appointments).set({ serviceName: "Corte degradê", priceCents: 7000 }).where(eq(appointments.id, a.id));
    expect(await heldToDefinition(db, pro.id, TODAY)).toEqual(["Corte degradê 1 7000"]);
    // The service deleted: the appointment keeps its name, now without the id.
    await db.delete(services).where(eq(services.id, corte.id));
    expect(await heldToDefinition(db, pro.id, TODAY)).toEqual(["Corte degradê 1 7000"]);
    expect((await kept(db))[0]).toMatchObject({ serviceId: null, serviceKey: "Corte degradê" });

    // Moved to yesterday, then deleted.
    await db.update(appointments).set({ date: YESTERDAY }).where(eq(appointments.id, a.id));
    expect(await heldToDefinition(db, pro.id, TODAY)).toEqual([]);
    expect(await heldToDefinition(db, pro.id, YESTERDAY)).toEqual(["Corte degradê 1 7000"]);
    await db.delete(appointments).where(eq(appointments.id, a.id));
    expect(await heldToDefinition(db, pro.id, YESTERDAY)).toEqual([]);

    // The account deleted: its kept days go with it.
    const b = await createAppointment(db, pro.id, { serviceId: barba.id, serviceName: "Barba", date: TODAY, priceCents: 3500, status: "completed" });
    await close(ctx, b.id, { "itens[0].servico": barba.id, "itens[0].nome": "Barba", "itens[0].preco": "35,00" });
    expect(await heldToDefinition(db, pro.id, TODAY)).toEqual(["Barba 1 3500"]);
    await db.delete(users).where(eq(users.id, pro.id));
    expect(await db.select().from(serviceDays)).toEqual([]);
  });

  it("keep a member's service closed by the salon's owner as the member's", async () => {
    const db = createTestDb();
    const owner = await createProfessional(db, { name: "Dona Salão" });
    const bia = await createProfessional(db, { name: "Bia Lima" });
    await db.insert(linkedAccounts).values({ ownerId: owner.id, linkedUserEmail: bia.email, linkedUserId: bia.id, status: "active" });
    const ownerCtx = await userContextFor(db, owner);
    const hers = await createAppointment(db, bia.id, { serviceName: "Escova", date: TODAY, priceCents: 4000, status: "completed" });
    await close(ownerCtx, hers.id, { "itens[0].nome": "Escova", "itens[0].preco": "45,00" });
    expect(await heldToDefinition(db, bia.id, TODAY)).toEqual(["Escova 1 4500"]);
    expect(await heldToDefinition(db, owner.id, TODAY)).toEqual([]);
  });

  it("give Relatórios the ranking of the definition, for every status asked", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db, { name: "Ana Souza" });
    const ctx = await userContextFor(db, pro);
    const corte = await createService(db, pro.id, { name: "Corte", priceCents: 6000 });
    const barba = await createService(db, pro.id, { name: "Barba", priceCents: 3500 });
    const done = await createAppointment(db, pro.id, { serviceId: corte.id, serviceName: "Corte", date: YESTERDAY, priceCents: 6000, status: "completed" });
    await close(ctx, done.id, { "itens[0].servico": corte.id, "itens[0].quantidade": "2", "itens[1].tipo": "service", "itens[1].nome": "Hidratação", "itens[1].preco": "20,00", "itens[1].quantidade": "1" });
    await createAppointment(db, pro.id, { serviceId: barba.id, serviceName: "Barba", date: YESTERDAY, startMinute: 11 * 60, priceCents: 3500, status: "completed" });
    await createAppointment(db, pro.id, { serviceId: barba.id, serviceName: "Barba", date: TODAY, priceCents: 3500, status: "confirmed" });
    await createAppointment(db, pro.id, { serviceId: corte.id, serviceName: "Corte", date: TODAY, startMinute: 11 * 60, priceCents: 6000, status: "no_show" });
    await createAppointment(db, pro.id, { serviceId: corte.id, serviceName: "Corte", date: TODAY, startMinute: 12 * 60, priceCents: 6000, status: "cancelled" });
    const scope = { userId: pro.id, salon: false };
    const range = { from: "2025-03-01", to: "2025-03-31" };
    for (const status of [null, "completed", "confirmed", "no_show", "cancelled"] as const) {
      const filter = { serviceId: null, status };
      expect(await topServicesQuery(db, scope, range, filter)).toEqual(await rankingByDefinition(db, scope, range, filter));
    }
    expect((await topServicesQuery(db, scope, range, { serviceId: null, status: null })).map((s) => [s.name, s.count, s.revenueCents])).toEqual([
      ["Corte", 3, 12000],
      ["Barba", 2, 3500],
      ["Hidratação", 1, 2000],
    ]);
  });
});

describe("the migration", () => {
  it("is what scripts/kept-days-sql.ts writes", () => {
    const journal = JSON.parse(readFileSync("migrations/meta/_journal.json", "utf8")) as { entries: { tag: string }[] };
    const tag = journal.entries.find((e) => e.tag.endsWith("_service_days_triggers"))!.tag;
    expect(readFileSync(`migrations/${tag}.sql`, "utf8")).toBe(serviceDaysMigrationSql());
  });

  it("keeps the days of the data already there", async () => {
    const folder = `${TEST_DIR}/migrations-before-service-days-${crypto.randomUUID()}`;
    mkdirSync(`${folder}/meta`, { recursive: true });
    const journal = JSON.parse(readFileSync("migrations/meta/_journal.json", "utf8")) as { entries: { tag: string }[] };
    const mine = journal.entries.findIndex((e) => e.tag.endsWith("_service_days_triggers"));
    expect(mine).toBeGreaterThan(0);
    writeFileSync(`${folder}/meta/_journal.json`, JSON.stringify({ ...journal, entries: journal.entries.slice(0, mine) }));
    for (const file of readdirSync("migrations").filter((f) => f.endsWith(".sql"))) copyFileSync(`migrations/${file}`, `${folder}/${file}`);
    const db = openDb(`file:${TEST_DIR}/${crypto.randomUUID()}.db`);
    await migrate(db, { migrationsFolder: folder });
    const pro = await createProfessional(db, { name: "Ana Souza" });
    const ctx = await userContextFor(db, pro);
    const a = await createAppointment(db, pro.id, { serviceName: "Corte", date: YESTERDAY, priceCents: 6000, status: "completed" });
    await createAppointment(db, pro.id, { serviceName: "Barba", date: TODAY, priceCents: 3500, status: "completed" });
    await close(ctx, a.id, { "itens[0].preco": "65,00" });
    expect(await db.select().from(serviceDays)).toEqual([]);

    await migrate(db, { migrationsFolder: "migrations" });
    expect(await heldToDefinition(db, pro.id, YESTERDAY)).toEqual(["Corte 1 6500"]);
    expect(await heldToDefinition(db, pro.id, TODAY)).toEqual(["Barba 1 3500"]);
    db.$client.close();
  });
});
