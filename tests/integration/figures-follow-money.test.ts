// Issue 22, 'Figures follow the money': one professional's day closed with a discount, a tip, a
// product, a second service, a split payment, a deposit and a pending payment, plus a service
// completed without a closing. The dashboard, the agenda's summary, the Caixa and Relatórios
// show the same 'Faturamento' to the centavo (cash/revenue.server.ts), the tips apart.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appointments, bookingRequests } from "../../db/schema";
import { action as closeAction } from "../../app/routes/cash-close";
import { loader as cashLoader } from "../../app/routes/cash";
import { loader as dashboardLoader } from "../../app/routes/dashboard";
import { loader as reportsLoader } from "../../app/routes/reports";
import { loader as reportsExport } from "../../app/routes/reports.export";
import { loader as agendaLoader } from "../../app/routes/agenda";
import type { Db } from "../../app/utils/db.server";
import { loadDashboardData } from "../../app/domain/metrics/dashboard.server";
import { requireUser } from "../../app/routes/workspace.server";
import { createTestDb, userContextFor } from "../support/db";
import { createAppointment, createBookingRequest, createClient, createProfessional, createService } from "../support/factories";
import { callAction, callLoader } from "../support/routes";

// "Now" is Monday 10/03/2025 12:00 in São Paulo (15:00 UTC).
const NOW = new Date("2025-03-10T15:00:00Z");
const TODAY = "2025-03-10";

let db: Db;
let ctx: Awaited<ReturnType<typeof userContextFor>>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  db = createTestDb();
});
afterEach(() => vi.useRealTimers());

const nb = (s: string) => s.replaceAll("\u00a0", " ");

async function close(id: string, form: Record<string, string>) {
  try {
    return await callAction(closeAction, { context: ctx, path: `/caixa/fechar?atendimento=${id}`, form: { intent: "close", id, descontoTipo: "valor", desconto: "", gorjeta: "", ...form } });
  } catch (error) {
    return error;
  }
}

async function seedDay() {
  const pro = await createProfessional(db, { name: "Ana Souza" });
  ctx = await userContextFor(db, pro);
  const corte = await createService(db, pro.id, { name: "Corte", priceCents: 5000 });
  const barba = await createService(db, pro.id, { name: "Barba", priceCents: 3000 });
  const client = await createClient(db, pro.id, { name: "Carla Dias" });
  const at = (hour: number, status: "scheduled" | "completed" = "scheduled") =>
    createAppointment(db, pro.id, { clientId: client.id, serviceId: corte.id, serviceName: "Corte", date: TODAY, startMinute: hour * 60, priceCents: 5000, status });
  const [a, b, c] = [await at(9), await at(10), await at(11)];
  await at(8, "completed"); // completed the old way: no closing, 'sem fechamento' at R$ 50,00
  await at(15); // still to happen: 'Previsto' R$ 50,00
  // A: Corte + a second service (Barba) + a product, R$ 10,00 off, R$ 5,00 tip, Pix + cash.
  expect(
    await close(a.id, {
      "itens[0].tipo": "service", "itens[0].servico": corte.id, "itens[0].nome": "Corte", "itens[0].preco": "50,00", "itens[0].quantidade": "1",
      "itens[1].tipo": "service", "itens[1].servico": barba.id, "itens[1].nome": "Barba", "itens[1].preco": "30,00", "itens[1].quantidade": "1",
      "itens[2].tipo": "product", "itens[2].nome": "Pomada", "itens[2].preco": "20,00", "itens[2].quantidade": "1",
      desconto: "10,00", gorjeta: "5,00",
      "pagamentos[0].metodo": "pix", "pagamentos[0].valor": "60,00",
      "pagamentos[1].metodo": "cash", "pagamentos[1].valor": "35,00",
    }),
  ).toHaveRedirect("/agenda");
  // B: a R$ 15,00 deposit received by Pix before the day, the rest on the debit card.
  const request = await createBookingRequest(db, pro.id, { date: TODAY, startMinute: 10 * 60, status: "accepted", depositCents: 1500 });
  await db.update(bookingRequests).set({ depositReceivedAt: NOW, depositMethod: "pix" }).where(eq(bookingRequests.id, request.id));
  await db.update(appointments).set({ bookingRequestId: request.id }).where(eq(appointments.id, b.id));
  expect(
    await close(b.id, {
      "itens[0].tipo": "service", "itens[0].servico": corte.id, "itens[0].nome": "Corte", "itens[0].preco": "50,00", "itens[0].quantidade": "1",
      "pagamentos[0].metodo": "debit", "pagamentos[0].valor": "35,00",
    }),
  ).toHaveRedirect("/agenda");
  // C: 'Concluir sem registrar pagamento': owed, nothing received.
  expect(await close(c.id, { intent: "close-pending", "itens[0].tipo": "service", "itens[0].servico": corte.id, "itens[0].nome": "Corte", "itens[0].preco": "50,00", "itens[0].quantidade": "1" })).toHaveRedirect("/agenda");
  // Another professional's completed service never counts here.
  const other = await createProfessional(db, { name: "Bruno Lima" });
  await createAppointment(db, other.id, { date: TODAY, startMinute: 9 * 60, priceCents: 9900, status: "completed" });
}

describe("figures follow the money", () => {
  it("the dashboard, the agenda, the Caixa and Relatórios agree to the centavo, tips apart", async () => {
    await seedDay();
    // Received: A R$ 90,00 (R$ 95,00 paid less the R$ 5,00 tip) + B R$ 50,00 (R$ 35,00 + the R$ 15,00 deposit) + C R$ 0,00.
    // 'Faturamento' adds the R$ 50,00 completed without a closing: R$ 190,00.
    const cash = await callLoader(cashLoader, { context: ctx, path: "/caixa" });
    expect(cash.day).toMatchObject({
      receivedCents: 14_000,
      unclosed: { count: 1, cents: 5000 },
      revenueCents: 19_000,
      tipsCents: 500,
      byMethod: { pix: 6000, cash: 3500, debit: 3500 },
      expected: { count: 1, cents: 5000 },
    });

    const dashboard = await callLoader(dashboardLoader, { context: ctx, path: "/dashboard" });
    const today = dashboard.kpis.find((k) => k.key === "revenue-today")!;
    expect(nb(today.value)).toBe("R$ 190,00");
    expect(nb(today.detail)).toBe("Recebido nos concluídos; inclui R$ 50,00 sem fechamento; gorjetas à parte: R$ 5,00; previsto: R$ 50,00");
    expect(dashboard.summary).toMatchObject({ revenueCents: 19_000, unclosedCents: 5000, tipsCents: 500, expectedCents: 5000 });

    const agenda = await callLoader(agendaLoader, { context: ctx, path: "/agenda?vista=lista" });
    expect(agenda.mode === "list" && agenda.list.summary).toMatchObject({ todayRevenueCents: 19_000, todayUnclosedCents: 5000 });

    const reports = await callLoader(reportsLoader, { context: ctx, path: `/relatorios?periodo=customizado&de=${TODAY}&ate=${TODAY}` });
    expect(reports.report?.kpis.revenue.value).toBe(19_000);
    expect(reports.report?.kpis.money).toEqual({ unclosedCents: 5000, unclosedCount: 1, tipsCents: 500, expectedCents: 5000 });
    expect(reports.report?.weekdays.find((d) => d.revenueCents > 0)?.revenueCents).toBe(19_000);
    expect(reports.report?.chart.at(-1)?.revenueCents).toBe(19_000);

    // Its CSV: the 'Faturado' column adds up to the same R$ 190,00, the tip on its own column.
    const res = await callLoader(reportsExport, { context: ctx, path: `/relatorios/exportar?periodo=customizado&de=${TODAY}&ate=${TODAY}` });
    const rows = new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()).slice(3)).split("\r\n").slice(1, -1).map((r) => r.split(";"));
    expect(rows.map((r) => r.slice(1).join(";"))).toEqual([
      "08:00;Carla Dias;Corte;1h;50,00;Concluído;50,00;;Sem fechamento",
      "09:00;Carla Dias;Corte;1h;50,00;Concluído;90,00;5,00;Pago",
      "10:00;Carla Dias;Corte;1h;50,00;Concluído;50,00;0,00;Pago",
      "11:00;Carla Dias;Corte;1h;50,00;Concluído;0,00;;Pagamento pendente",
      "15:00;Carla Dias;Corte;1h;50,00;Agendado;;;",
    ]);
    expect(rows.reduce((sum, r) => sum + Math.round(Number((r[7] || "0").replace(",", ".")) * 100), 0)).toBe(19_000);
  });

  it("service rankings count what was charged: the closing's services, list prices without a closing", async () => {
    await seedDay();
    // Corte: A, B and C charged R$ 50,00 each, the 08:00 one without a closing R$ 50,00, the 15:00 one
    // still to happen counted at R$ 0,00; Barba: the second service done on the spot in A.
    const reports = await callLoader(reportsLoader, { context: ctx, path: `/relatorios?periodo=customizado&de=${TODAY}&ate=${TODAY}` });
    expect(reports.report?.topServices.map((s) => [s.name, s.count, s.revenueCents])).toEqual([
      ["Corte", 5, 20_000],
      ["Barba", 1, 3000],
    ]);
    // The dashboard's 'mais vendido' tip reads the month's completed ones only (the 15:00 one is still ahead).
    const month = await loadDashboardData(db, requireUser(ctx), NOW);
    expect(month.topService).toEqual({ name: "Corte", sales: 4, revenueCents: 20_000 });
  });
});
