// Issue 34 part 5 (docs/decisions/1230): the money of the dashboard, Relatórios and the Caixa is
// read from the figures kept per day and professional (money_days), recounted by the database at
// every write. These tests hold the kept rows to the definition they stand for, the closings
// joined to the appointments (cash/revenue.server.ts `moneyColumns`, the Caixa's payments by
// method), after every kind of write: a closing made, edited, reopened and deleted, a payment
// given back, an appointment moved, a service closed after midnight in the professional's zone,
// a member's service closed by the salon's owner; and the migration's backfill of existing data.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appointments, cashClosings, cashPayments, linkedAccounts, moneyDays, users } from "../../db/schema";
import { action as closeAction } from "../../app/routes/cash-close";
import { ownClosing, moneyColumns, revenueOf } from "../../app/domain/cash/revenue.server";
import { cashDay } from "../../app/domain/cash/day.server";
import { loadDashboardData } from "../../app/domain/metrics/dashboard.server";
import { requireUser } from "../../app/routes/workspace.server";
import { openDb, type Db } from "../../app/utils/db.server";
import { createTestDb, userContextFor } from "../support/db";
import { createAppointment, createProfessional, createService } from "../support/factories";
import { callAction } from "../support/routes";
import { TEST_DIR } from "../support/global-setup";

// "Now" is Monday 10/03/2025 12:00 in São Paulo (15:00 UTC).
const NOW = new Date("2025-03-10T15:00:00Z");
const TODAY = "2025-03-10";
const YESTERDAY = "2025-03-09";
const ZONE = "America/Sao_Paulo";

beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: NOW }));
afterEach(() => vi.useRealTimers());

type Ctx = Awaited<ReturnType<typeof userContextFor>>;

async function close(ctx: Ctx, id: string, form: Record<string, string>) {
  return callAction(closeAction, {
    context: ctx,
    path: `/caixa/fechar?atendimento=${id}`,
    form: { intent: "close", id, "itens[0].tipo": "service", "itens[0].nome": "Corte", "itens[0].preco": "60,00", "itens[0].quantidade": "1", descontoTipo: "valor", desconto: "", gorjeta: "", ...form },
  });
}

/** Every professional's money per day by the definition: the closings joined to the completed appointments. */
async function computed(db: Db) {
  const money = await db
    .select({ userId: appointments.userId, date: appointments.date, ...moneyColumns() })
    .from(appointments)
    .leftJoin(cashClosings, ownClosing)
    .where(eq(appointments.status, "completed"))
    .groupBy(appointments.userId, appointments.date);
  const methods = await db
    .select({ userId: appointments.userId, date: appointments.date, method: cashPayments.method, cents: sql<number>`sum(${cashPayments.amountCents})`.mapWith(Number) })
    .from(cashPayments)
    .innerJoin(cashClosings, eq(cashClosings.id, cashPayments.closingId))
    .innerJoin(appointments, ownClosing)
    .where(and(eq(appointments.status, "completed"), eq(cashClosings.status, "paid")))
    .groupBy(appointments.userId, appointments.date, cashPayments.method);
  const by = (userId: string, date: string, method: string) => methods.find((m) => m.userId === userId && m.date === date && m.method === method)?.cents ?? 0;
  return money
    .map((m) => ({ ...m, pix: by(m.userId, m.date, "pix"), cash: by(m.userId, m.date, "cash"), debit: by(m.userId, m.date, "debit"), credit: by(m.userId, m.date, "credit") }))
    .sort((a, b) => `${a.userId}${a.date}`.localeCompare(`${b.userId}${b.date}`));
}

async function kept(db: Db) {
  const rows = await db.select().from(moneyDays);
  return rows
    .map((k) => ({
      userId: k.userId,
      date: k.date,
      paid: k.paidCents,
      tips: k.tipCents,
      paidDeposits: k.paidDepositCents,
      pendingDeposits: k.pendingDepositCents,
      unclosed: k.unclosedCents,
      unclosedCount: k.unclosedCount,
      pix: k.pixCents,
      cash: k.cashCents,
      debit: k.debitCents,
      credit: k.creditCents,
    }))
    .sort((a, b) => `${a.userId}${a.date}`.localeCompare(`${b.userId}${b.date}`));
}

/** The kept rows are the definition's, day by day, and returns one professional's 'Faturamento' of a day. */
async function heldToDefinition(db: Db, userId: string, date: string) {
  const expected = await computed(db);
  expect(await kept(db)).toEqual(expected);
  return revenueOf(expected.find((r) => r.userId === userId && r.date === date)).revenueCents;
}

describe("the figures kept per day", () => {
  it("follow a closing made, edited, reopened and deleted, a payment given back and an appointment moved", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db, { name: "Ana Souza" });
    const ctx = await userContextFor(db, pro);
    const corte = await createService(db, pro.id, { name: "Corte", priceCents: 6000 });
    const a = await createAppointment(db, pro.id, { serviceId: corte.id, serviceName: "Corte", date: TODAY, startMinute: 9 * 60, priceCents: 6000, status: "completed" });
    const b = await createAppointment(db, pro.id, { serviceId: corte.id, serviceName: "Corte", date: TODAY, startMinute: 10 * 60, priceCents: 6000 });
    // Completed without a closing: 'sem fechamento' at its list price.
    expect(await heldToDefinition(db, pro.id, TODAY)).toBe(6000);

    // Closed: R$ 60,00 + R$ 5,00 tip, split Pix and Dinheiro.
    await close(ctx, a.id, { gorjeta: "5,00", "pagamentos[0].metodo": "pix", "pagamentos[0].valor": "40,00", "pagamentos[1].metodo": "cash", "pagamentos[1].valor": "25,00" });
    expect(await heldToDefinition(db, pro.id, TODAY)).toBe(6000);
    expect((await db.select().from(moneyDays).where(eq(moneyDays.userId, pro.id)))[0]).toMatchObject({ pixCents: 4000, cashCents: 2500, tipCents: 500 });

    // Edited: R$ 10,00 off, all by card.
    await close(ctx, a.id, { desconto: "10,00", "pagamentos[0].metodo": "debit", "pagamentos[0].valor": "50,00" });
    expect(await heldToDefinition(db, pro.id, TODAY)).toBe(5000);

    // B completed and left pending ('Concluir sem registrar pagamento'): nothing received yet.
    await close(ctx, b.id, { intent: "close-pending" });
    expect(await heldToDefinition(db, pro.id, TODAY)).toBe(5000);

    // Part of a payment given back at the chair: the payment line lowered, then one removed.
    const [payment] = await db.select().from(cashPayments).where(eq(cashPayments.userId, pro.id));
    await db.update(cashPayments).set({ amountCents: 3000 }).where(eq(cashPayments.id, payment!.id));
    expect(await heldToDefinition(db, pro.id, TODAY)).toBe(3000);
    await db.delete(cashPayments).where(eq(cashPayments.id, payment!.id));
    expect(await heldToDefinition(db, pro.id, TODAY)).toBe(0);

    // Reopened ('Desfazer': the appointment no longer completed), then completed again.
    await db.update(appointments).set({ status: "confirmed" }).where(eq(appointments.id, a.id));
    expect(await heldToDefinition(db, pro.id, TODAY)).toBe(0);
    await db.update(appointments).set({ status: "completed" }).where(eq(appointments.id, a.id));

    // Moved to yesterday: its money leaves today and counts on yesterday.
    await db.update(appointments).set({ date: YESTERDAY }).where(eq(appointments.id, a.id));
    await heldToDefinition(db, pro.id, YESTERDAY);
    // The closing deleted: completed without one again, at its list price.
    await db.delete(cashClosings).where(eq(cashClosings.appointmentId, a.id));
    expect(await heldToDefinition(db, pro.id, YESTERDAY)).toBe(6000);
    // The appointment deleted: its day is gone from the kept rows.
    await db.delete(appointments).where(eq(appointments.id, a.id));
    await heldToDefinition(db, pro.id, YESTERDAY);
    expect(await db.select().from(moneyDays).where(and(eq(moneyDays.userId, pro.id), eq(moneyDays.date, YESTERDAY)))).toEqual([]);

    // The account deleted: its appointments, closings and kept days go with it.
    await db.delete(users).where(eq(users.id, pro.id));
    expect(await db.select().from(moneyDays)).toEqual([]);
  });

  it("count a service closed after midnight on the appointment's own day, in the professional's zone", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db, { name: "Ana Souza" });
    const ctx = await userContextFor(db, pro);
    // Yesterday at 23:30 in São Paulo, closed today at 00:20 there (03:20 UTC).
    const late = await createAppointment(db, pro.id, { date: YESTERDAY, startMinute: 23 * 60 + 30, priceCents: 6000, status: "completed" });
    vi.setSystemTime(new Date("2025-03-10T03:20:00Z"));
    await close(ctx, late.id, { "pagamentos[0].metodo": "pix", "pagamentos[0].valor": "60,00" });
    vi.setSystemTime(NOW);
    expect(await heldToDefinition(db, pro.id, YESTERDAY)).toBe(6000);
    const yesterday = await cashDay(db, pro.id, { from: YESTERDAY, to: YESTERDAY }, TODAY, ZONE);
    const today = await cashDay(db, pro.id, { from: TODAY, to: TODAY }, TODAY, ZONE);
    expect([yesterday.receivedCents, yesterday.byMethod.pix]).toEqual([6000, 6000]);
    expect([today.receivedCents, today.byMethod.pix ?? 0]).toEqual([0, 0]);
    // The dashboard's 'Ontem' is the same day.
    const user = requireUser(ctx);
    expect((await loadDashboardData(db, user, NOW)).totals.yesterday.revenueCents).toBe(6000);
  });

  it("keep a member's service closed by the salon's owner as the member's, in the salon's Caixa", async () => {
    const db = createTestDb();
    const owner = await createProfessional(db, { name: "Dona Salão" });
    const bia = await createProfessional(db, { name: "Bia Lima" });
    await db.insert(linkedAccounts).values({ ownerId: owner.id, linkedUserEmail: bia.email, linkedUserId: bia.id, status: "active" });
    const ownerCtx = await userContextFor(db, owner);
    const own = await createAppointment(db, owner.id, { date: TODAY, priceCents: 6000, status: "completed" });
    const hers = await createAppointment(db, bia.id, { date: TODAY, priceCents: 4000, status: "completed" });
    await close(ownerCtx, own.id, { "pagamentos[0].metodo": "pix", "pagamentos[0].valor": "60,00" });
    await close(ownerCtx, hers.id, { "itens[0].preco": "40,00", "pagamentos[0].metodo": "credit", "pagamentos[0].valor": "40,00" });
    expect(await db.select({ userId: cashClosings.userId, closedBy: cashClosings.closedBy }).from(cashClosings).where(eq(cashClosings.appointmentId, hers.id))).toEqual([
      { userId: bia.id, closedBy: owner.id },
    ]);
    expect(await heldToDefinition(db, bia.id, TODAY)).toBe(4000);
    expect(await heldToDefinition(db, owner.id, TODAY)).toBe(6000);
    const salon = await cashDay(db, { userId: owner.id, salon: true }, { from: TODAY, to: TODAY }, TODAY, ZONE);
    expect([salon.receivedCents, salon.byMethod.pix, salon.byMethod.credit]).toEqual([10_000, 6000, 4000]);
    const mine = await cashDay(db, owner.id, { from: TODAY, to: TODAY }, TODAY, ZONE);
    expect([mine.receivedCents, mine.byMethod.credit ?? 0]).toEqual([6000, 0]);
  });
});

describe("the migration's backfill", () => {
  it("keeps the days of the data already there", async () => {
    // A database migrated up to the migration before the triggers, with closed services in it.
    const folder = `${TEST_DIR}/migrations-before-money-days-${crypto.randomUUID()}`;
    mkdirSync(`${folder}/meta`, { recursive: true });
    const journal = JSON.parse(readFileSync("migrations/meta/_journal.json", "utf8")) as { entries: { tag: string }[] };
    const mine = journal.entries.findIndex((e) => e.tag.endsWith("_money_days_triggers"));
    expect(mine).toBeGreaterThan(0);
    writeFileSync(`${folder}/meta/_journal.json`, JSON.stringify({ ...journal, entries: journal.entries.slice(0, mine) }));
    for (const file of readdirSync("migrations").filter((f) => f.endsWith(".sql"))) copyFileSync(`migrations/${file}`, `${folder}/${file}`);
    const db = openDb(`file:${TEST_DIR}/${crypto.randomUUID()}.db`);
    await migrate(db, { migrationsFolder: folder });
    const pro = await createProfessional(db, { name: "Ana Souza" });
    const ctx = await userContextFor(db, pro);
    const a = await createAppointment(db, pro.id, { date: YESTERDAY, priceCents: 6000, status: "completed" });
    await createAppointment(db, pro.id, { date: TODAY, priceCents: 5000, status: "completed" });
    await close(ctx, a.id, { gorjeta: "5,00", "pagamentos[0].metodo": "cash", "pagamentos[0].valor": "65,00" });
    expect(await db.select().from(moneyDays)).toEqual([]);

    // The whole journal: the triggers' migration backfills what was there.
    await migrate(db, { migrationsFolder: "migrations" });
    expect(await heldToDefinition(db, pro.id, YESTERDAY)).toBe(6000);
    expect(await heldToDefinition(db, pro.id, TODAY)).toBe(5000);
    db.$client.close();
  });
});
