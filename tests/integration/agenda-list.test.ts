// The agenda's list: a period's rows in order with the summary cards, a pending request alone,
// a bad custom range explained, pages, and only the signed-in professional's rows.
import { and, count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appointments } from "../../db/schema";
import Agenda, { loader } from "../../app/routes/agenda";
import type { Db } from "../../app/utils/db.server";
import { PERIOD_ERRORS } from "../../app/domain/periods";
import { createTestDb, userContextFor } from "../support/db";
import { createAppointment, createAppointments, createBookablePro, createBookingRequest, createClient } from "../support/factories";
import { callLoader } from "../support/routes";
import { renderRoute, visibleText } from "../support/render";

// "Now" is Monday 10/03/2025 08:00 in São Paulo (11:00 UTC). Only Date is faked: the
// database driver keeps its real timers.
const NOW = new Date("2025-03-10T11:00:00Z");
const TODAY = "2025-03-10";
const TUESDAY = "2025-03-11"; // 09:00-18:00, break 12:00-13:00
const SUNDAY = "2025-03-16"; // closed

type Ctx = Awaited<ReturnType<typeof userContextFor>>;
type Pro = { id: string; email: string; ctx: Ctx; clientId: string; serviceId: string; inactiveServiceId: string };

let db: Db;
let pro: Pro;
let other: Pro;

async function setUpProfessional(name: string): Promise<Pro> {
  const {
    pro: account,
    services: [service, inactive],
  } = await createBookablePro(db, {
    name,
    services: [
      { name: "Corte Masculino", priceCents: 5000, durationMinutes: 45 },
      { name: "Escova antiga", priceCents: 3000, durationMinutes: 30, isActive: false },
    ],
  });
  const client = await createClient(db, account.id, { name: `Cliente de ${name}` });
  return {
    id: account.id,
    email: account.email,
    ctx: await userContextFor(db, account),
    clientId: client.id,
    serviceId: service!.id,
    inactiveServiceId: inactive!.id,
  };
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  db = createTestDb();
  pro = await setUpProfessional("Ana Souza");
  other = await setUpProfessional("Bruno Lima");
});

afterEach(() => {
  vi.useRealTimers();
});

// ------------------------------------------------------------------ helpers

async function run<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    return error as T;
  }
}

function load(who: Pro, path: string) {
  return run(() => callLoader(loader, { context: who.ctx, path }));
}

function insertAppointment(who: Pro, over: Partial<typeof appointments.$inferInsert> = {}) {
  return createAppointment(db, who.id, {
    clientId: who.clientId,
    serviceId: who.serviceId,
    serviceName: "Corte Masculino",
    date: TUESDAY,
    startMinute: 14 * 60,
    durationMinutes: 45,
    priceCents: 5000,
    ...over,
  });
}

async function listOf(who: Pro, path = "/agenda?vista=lista") {
  const result = (await load(who, path)) as Awaited<ReturnType<typeof loader>>;
  if (result.mode !== "list") throw new Error("expected the list");
  return result.list;
}

// ------------------------------------------------------------------ list

describe("the list", () => {
  it("with only a pending request in the period, it shows the request and does not say nothing was ever booked", async () => {
    await createBookingRequest(db, pro.id, { date: TODAY, startMinute: 15 * 60, customerName: "Rosa Lima", expiresAt: new Date(NOW.getTime() + 86_400_000) });
    const data = await load(pro, "/agenda?vista=lista");
    const text = visibleText(renderRoute(Agenda, "/agenda?vista=lista", data));
    expect(text).toContain("Rosa Lima");
    expect(text).not.toContain("Nenhum agendamento cadastrado");
    expect(text).toContain("Nenhum agendamento no período selecionado");
  });

  it("shows the period's rows in order with the summary cards", async () => {
    const empty = await listOf(pro);
    expect(empty).toMatchObject({
      hasAny: false,
      rows: [],
      summary: { todayCount: 0, periodCount: 0, todayRevenueCents: 0, next: null },
    });

    await insertAppointment(pro, { date: TODAY, startMinute: 7 * 60, status: "completed", priceCents: 5000 });
    await insertAppointment(pro, { date: TODAY, startMinute: 9 * 60, status: "completed", priceCents: 3500 });
    await insertAppointment(pro, { date: TODAY, startMinute: 11 * 60, status: "cancelled" });
    await insertAppointment(pro, { date: TODAY, startMinute: 15 * 60, status: "scheduled", priceCents: 8500 });
    await insertAppointment(pro, { date: TUESDAY, startMinute: 9 * 60, clientId: null, serviceName: "" });
    await insertAppointment(other, { date: TODAY, startMinute: 8 * 60 + 30 });

    const today = await listOf(pro);
    expect(today.filter).toMatchObject({ period: "hoje", range: { from: TODAY, to: TODAY } });
    expect(today.rows.map((r) => [r.time, r.status])).toEqual([
      ["07:00", "completed"],
      ["09:00", "completed"],
      ["11:00", "cancelled"],
      ["15:00", "scheduled"],
    ]);
    expect(today.summary).toEqual({
      todayCount: 3, // cancelled ones are not counted
      periodCount: 3,
      todayRevenueCents: 8500, // completed only
      todayUnclosedCents: 8500, // none of them closed: at list prices, 'sem fechamento' (decision 0920)
      next: { date: TODAY, time: "15:00", clientName: "Cliente de Ana Souza" },
    });

    const week = await listOf(pro, "/agenda?periodo=esta-semana");
    expect(week.filter.range).toEqual({ from: TODAY, to: SUNDAY });
    expect(week.rows).toHaveLength(5);
    expect(week.summary.periodCount).toBe(4);
    expect(week.rows.at(-1)).toMatchObject({ date: TUESDAY, clientName: null, serviceName: "" });

    const lastMonth = await listOf(pro, "/agenda?periodo=ultimo-mes");
    expect(lastMonth).toMatchObject({ rows: [], hasAny: true });
  });

  it("explains a bad custom range instead of failing", async () => {
    await insertAppointment(pro);
    for (const [query, error] of [
      ["de=2025-03-20&ate=2025-03-01", PERIOD_ERRORS.reversed],
      ["de=ontem&ate=2025-03-01", PERIOD_ERRORS.invalid],
      ["de=2025-03-01", PERIOD_ERRORS.missing],
    ] as const) {
      const list = await listOf(pro, `/agenda?periodo=customizado&${query}`);
      expect(list.filter.error).toBe(error);
      expect(list.rows).toEqual([]);
    }
    const ok = await listOf(pro, `/agenda?periodo=customizado&de=${TUESDAY}&ate=${TUESDAY}&pagina=abc`);
    expect(ok.rows).toHaveLength(1);
    expect(ok.page).toBe(1);
  });

  it("pages through a long period", async () => {
    await createAppointments(
      db,
      pro.id,
      Array.from({ length: 55 }, (_, i) => ({
        date: TUESDAY,
        startMinute: 9 * 60 + i,
        durationMinutes: 1,
        serviceName: "Rápido",
      })),
    );
    const first = await listOf(pro, "/agenda?periodo=esta-semana");
    expect(first).toMatchObject({ total: 55, pageCount: 2, page: 1 });
    expect(first.rows).toHaveLength(50);
    const second = await listOf(pro, "/agenda?periodo=esta-semana&pagina=2");
    expect(second.rows.map((r) => r.time)).toEqual(["09:50", "09:51", "09:52", "09:53", "09:54"]);
  });

  it("is scoped to the signed-in professional's clients", async () => {
    // A row pointing at another professional's client never shows that client's name.
    await insertAppointment(pro, { date: TODAY, startMinute: 15 * 60, clientId: other.clientId });
    const list = await listOf(pro);
    expect(list.rows[0]!.clientName).toBeNull();
    const [row] = await db
      .select({ n: count() })
      .from(appointments)
      .where(and(eq(appointments.userId, pro.id), eq(appointments.clientId, other.clientId)));
    expect(row!.n).toBe(1);
  });
});
