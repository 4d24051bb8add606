// Issue 32, finding 20: a client's 'Total gasto' is what was received from them (the Caixa's
// 'Recebido', app/domain/cash/received.ts), not the sum of list prices; the VIP badge follows it.
// The figure is kept on the client's row by the database (clients.spent_cents); these tests hold
// it to the Caixa's own SQL (cash/revenue.server.ts) after every kind of write, and check the
// migration's backfill of rows kept before it.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appointments, cashClosings, clients } from "../../db/schema";
import { action as closeAction } from "../../app/routes/cash-close";
import { loader as cashLoader } from "../../app/routes/cash";
import { loader as reportsLoader } from "../../app/routes/reports";
import Clients, { loader as clientsLoader } from "../../app/routes/clients";
import { closingOf, moneyColumns, revenueOf, visitRevenueCents } from "../../app/domain/cash/revenue.server";
import { formatMoney } from "../../app/domain/money";
import { openDb, type Db } from "../../app/utils/db.server";
import { createTestDb, userContextFor } from "../support/db";
import { createAppointment, createBookingRequest, createClient, createProfessional, createService } from "../support/factories";
import { callAction, callLoader, isDataReply } from "../support/routes";
import { renderRoute, visibleText } from "../support/render";
import { TEST_DIR } from "../support/global-setup";

// "Now" is Monday 10/03/2025 12:00 in São Paulo (15:00 UTC).
const NOW = new Date("2025-03-10T15:00:00Z");
const TODAY = "2025-03-10";

beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: NOW }));
afterEach(() => vi.useRealTimers());

type Ctx = Awaited<ReturnType<typeof userContextFor>>;

async function setup(db: Db = createTestDb()) {
  const pro = await createProfessional(db, { name: "Ana Souza" });
  const ctx = await userContextFor(db, pro);
  const corte = await createService(db, pro.id, { name: "Corte", priceCents: 6000 });
  const carla = await createClient(db, pro.id, { name: "Carla Dias" });
  return { db, pro, ctx, corte, carla };
}

async function close(ctx: Ctx, id: string, form: Record<string, string>) {
  return callAction(closeAction, {
    context: ctx,
    path: `/caixa/fechar?atendimento=${id}`,
    form: { intent: "close", id, "itens[0].tipo": "service", "itens[0].nome": "Corte", "itens[0].preco": "60,00", "itens[0].quantidade": "1", descontoTipo: "valor", desconto: "", gorjeta: "", ...form },
  });
}

async function card(ctx: Ctx, clientId: string) {
  const page = await callLoader(clientsLoader, { context: ctx, path: `/clientes?ver=${clientId}` });
  if (isDataReply(page) || page.mode !== "card") throw new Error("expected the card");
  return page;
}

async function listed(ctx: Ctx, name: string) {
  const page = await callLoader(clientsLoader, { context: ctx, path: "/clientes" });
  const list = isDataReply(page) ? (page.data as { mode: string; clients: { name: string; type: string; totalSpent: string }[] }) : null;
  return list!.clients.find((c) => c.name === name)!;
}

async function spentOf(db: Db, clientId: string) {
  const [row] = await db.select({ spent: clients.spentCents }).from(clients).where(eq(clients.id, clientId));
  return row!.spent;
}

/**
 * The client's share of 'Faturamento' by the Caixa's and the dashboard's own SQL, and the same by
 * the per-visit SQL Relatórios sums for a period: both must be what the client's row keeps.
 */
async function faturamentoOf(db: Db, userId: string, clientId: string) {
  const [row] = await db
    .select({ ...moneyColumns(), perVisit: sql<number>`coalesce(sum(${visitRevenueCents}), 0)`.mapWith(Number) })
    .from(appointments)
    .leftJoin(cashClosings, closingOf(userId))
    .where(and(eq(appointments.userId, userId), eq(appointments.clientId, clientId)));
  const revenue = revenueOf(row).revenueCents;
  expect(row!.perVisit).toBe(revenue);
  return revenue;
}

describe("'Total gasto' is what was received", () => {
  it("the client's card, the list and the Caixa show the same figure: a product, a discount and a tip", async () => {
    const { db, pro, ctx, corte, carla } = await setup();
    const appt = await createAppointment(db, pro.id, { clientId: carla.id, serviceId: corte.id, serviceName: "Corte", date: TODAY, startMinute: 10 * 60, priceCents: 6000 });
    // Corte R$ 60,00 + Pomada R$ 15,00, 10% off (R$ 7,50): R$ 67,50 charged, a R$ 5,00 tip, all by Pix.
    const res = await close(ctx, appt.id, {
      "itens[1].tipo": "product",
      "itens[1].nome": "Pomada",
      "itens[1].preco": "15,00",
      "itens[1].quantidade": "1",
      descontoTipo: "percentual",
      desconto: "10",
      gorjeta: "5,00",
      "pagamentos[0].metodo": "pix",
    });
    expect(res).toHaveRedirect("/agenda");

    const caixa = await callLoader(cashLoader, { context: ctx, path: "/caixa" });
    expect(caixa.day!.receivedCents).toBe(6750);
    const page = await card(ctx, carla.id);
    expect(page.card.totalSpent).toBe(formatMoney(caixa.day!.receivedCents));
    expect(visibleText(renderRoute(Clients, `/clientes?ver=${carla.id}`, page))).toContain(`Total gasto ${formatMoney(6750)}`);
    // The visit in the card's history says what it brought, so the history adds up to the figure.
    expect(page.card.history.map((h) => [h.service, h.price])).toEqual([["Corte", formatMoney(6750)]]);
    expect((await listed(ctx, "Carla Dias")).totalSpent).toBe(formatMoney(6750));
  });

  it("the VIP badge follows the money received, not the list prices", async () => {
    const { db, pro, ctx, corte } = await setup();
    const bia = await createClient(db, pro.id, { name: "Bia Lima" });
    const davi = await createClient(db, pro.id, { name: "Davi Rocha" });
    // Bia: a R$ 450,00 service and R$ 100,00 of products: R$ 550,00 received, VIP.
    const hers = await createAppointment(db, pro.id, { clientId: bia.id, serviceId: corte.id, serviceName: "Mechas", date: TODAY, startMinute: 9 * 60, priceCents: 45_000 });
    expect(
      await close(ctx, hers.id, { "itens[0].nome": "Mechas", "itens[0].preco": "450,00", "itens[1].tipo": "product", "itens[1].nome": "Kit tratamento", "itens[1].preco": "100,00", "pagamentos[0].metodo": "credit" }),
    ).toHaveRedirect("/agenda");
    // Davi: a R$ 600,00 list price closed at half price: R$ 300,00 received, not VIP.
    const his = await createAppointment(db, pro.id, { clientId: davi.id, serviceId: corte.id, serviceName: "Pacote", date: TODAY, startMinute: 10 * 60, priceCents: 60_000 });
    expect(await close(ctx, his.id, { "itens[0].nome": "Pacote", "itens[0].preco": "600,00", descontoTipo: "percentual", desconto: "50", "pagamentos[0].metodo": "pix" })).toHaveRedirect("/agenda");

    expect(await listed(ctx, "Bia Lima")).toMatchObject({ type: "VIP", totalSpent: formatMoney(55_000) });
    expect(await listed(ctx, "Davi Rocha")).toMatchObject({ totalSpent: formatMoney(30_000) });
    expect((await listed(ctx, "Davi Rocha")).type).not.toBe("VIP");
    // Relatórios' 'Clientes VIP' says what each spent in the period by the same rule.
    const reports = await callLoader(reportsLoader, { context: ctx, path: `/relatorios?periodo=customizado&de=${TODAY}&ate=${TODAY}` });
    expect(reports.report?.vip.map((c) => [c.name, c.spentCents])).toEqual([["Bia Lima", 55_000]]);
  });

  it("follows every write: unclosed, pending with a deposit, settled, changed, undone, moved to another client, deleted", async () => {
    const { db, pro, ctx, corte, carla } = await setup();
    const bia = await createClient(db, pro.id, { name: "Bia Lima" });
    const agree = async (expected: Record<string, number>) => {
      for (const [id, cents] of Object.entries(expected)) {
        expect(await spentOf(db, id)).toBe(cents);
        expect(await faturamentoOf(db, pro.id, id)).toBe(cents);
      }
    };
    const at = (hour: number) => createAppointment(db, pro.id, { clientId: carla.id, serviceId: corte.id, serviceName: "Corte", date: TODAY, startMinute: hour * 60, priceCents: 6000 });

    // Completed the old way, without a closing: its list price ('sem fechamento').
    const old = await createAppointment(db, pro.id, { clientId: carla.id, serviceName: "Corte", date: "2025-03-03", priceCents: 5000, status: "completed" });
    await agree({ [carla.id]: 5000 });

    // Left pending with a R$ 20,00 deposit received on the booking: only the deposit so far.
    const a = await at(9);
    const request = await createBookingRequest(db, pro.id, { date: TODAY, startMinute: 9 * 60, status: "accepted", depositCents: 2000, depositReceivedAt: NOW, depositMethod: "pix" });
    await db.update(appointments).set({ bookingRequestId: request.id }).where(eq(appointments.id, a.id));
    expect(await close(ctx, a.id, { intent: "close-pending", gorjeta: "4,00" })).toHaveRedirect("/agenda");
    await agree({ [carla.id]: 5000 + 2000 });

    // Settled: R$ 40,00 left + R$ 4,00 tip, Pix and cash; R$ 60,00 received in all.
    expect(await close(ctx, a.id, { gorjeta: "4,00", "pagamentos[0].metodo": "pix", "pagamentos[0].valor": "30,00", "pagamentos[1].metodo": "cash", "pagamentos[1].valor": "14,00" })).toHaveRedirect("/agenda");
    await agree({ [carla.id]: 5000 + 6000 });

    // Changed: R$ 5,00 off.
    expect(await close(ctx, a.id, { desconto: "5,00", gorjeta: "4,00", "pagamentos[0].metodo": "pix", "pagamentos[0].valor": "39,00" })).toHaveRedirect("/agenda");
    await agree({ [carla.id]: 5000 + 5500 });

    // Undone ('Desfazer'): out of every figure until closed again.
    await db.update(appointments).set({ status: "confirmed" }).where(eq(appointments.id, a.id));
    await agree({ [carla.id]: 5000 });
    await db.update(appointments).set({ status: "completed" }).where(eq(appointments.id, a.id));
    await agree({ [carla.id]: 5000 + 5500 });

    // Moved to another client, then deleted (its closing goes with it).
    await db.update(appointments).set({ clientId: bia.id }).where(eq(appointments.id, a.id));
    await agree({ [carla.id]: 5000, [bia.id]: 5500 });
    await db.delete(appointments).where(eq(appointments.id, a.id));
    await agree({ [carla.id]: 5000, [bia.id]: 0 });

    // The old service closed at last: what was charged replaces the list price.
    expect(await close(ctx, old.id, { "itens[0].preco": "45,00", "pagamentos[0].metodo": "cash" })).toHaveRedirect("/agenda");
    await agree({ [carla.id]: 4500 });
  });
});

describe("the migration's backfill", () => {
  it("recounts the figures kept before it: closed services count what was received", async () => {
    // A database migrated up to the migration before this one, with a closed service in it.
    const folder = `${TEST_DIR}/migrations-before-spent-${crypto.randomUUID()}`;
    mkdirSync(`${folder}/meta`, { recursive: true });
    const journal = JSON.parse(readFileSync("migrations/meta/_journal.json", "utf8")) as { entries: { tag: string }[] };
    const mine = journal.entries.findIndex((e) => e.tag.endsWith("_client_spent_received"));
    expect(mine).toBeGreaterThan(0);
    writeFileSync(`${folder}/meta/_journal.json`, JSON.stringify({ ...journal, entries: journal.entries.slice(0, mine) }));
    for (const file of readdirSync("migrations").filter((f) => f.endsWith(".sql"))) copyFileSync(`migrations/${file}`, `${folder}/${file}`);
    const db = openDb(`file:${TEST_DIR}/${crypto.randomUUID()}.db`);
    await migrate(db, { migrationsFolder: folder });

    const { pro, ctx, corte, carla } = await setup(db);
    const appt = await createAppointment(db, pro.id, { clientId: carla.id, serviceId: corte.id, serviceName: "Corte", date: TODAY, startMinute: 10 * 60, priceCents: 6000 });
    expect(await close(ctx, appt.id, { "itens[1].tipo": "product", "itens[1].nome": "Pomada", "itens[1].preco": "15,00", gorjeta: "5,00", "pagamentos[0].metodo": "pix" })).toHaveRedirect("/agenda");
    expect(await spentOf(db, carla.id)).toBe(6000); // the list price, as kept before

    await migrate(db, { migrationsFolder: "migrations" });
    expect(await spentOf(db, carla.id)).toBe(7500);
    expect((await card(ctx, carla.id)).card.totalSpent).toBe(formatMoney(7500));
  });
});
