// Issue 22, 'Fechar atendimento' and the Caixa: a service closed with its items, discount, tip
// and payments; every refusal a 400 beside its field with nothing stored; two phones closing at
// once store one closing; a pending payment settled later keeps its history; the demo's Caixa.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appointments, bookingRequests, cashClosingHistory, cashClosingItems, cashClosings, cashPayments, users } from "../../db/schema";
import CashClose, { action, loader } from "../../app/routes/cash-close";
import Cash, { loader as cashLoader } from "../../app/routes/cash";
import { loader as exportLoader } from "../../app/routes/cash.export";
import { loader as agendaLoader } from "../../app/routes/agenda";
import type { Db } from "../../app/utils/db.server";
import { CASH_MESSAGES } from "../../app/validation/cash";
import { formatMoney } from "../../app/domain/money";
import { addDays } from "../../app/domain/dates";
import { PAYMENT_METHODS } from "../../app/domain/cash/totals";
import { DEMO, seedDemoIfEmpty } from "../../app/domain/demo/demo-professional.server";
import { CLOSE_ERRORS } from "../../app/routes/cash-close.server";
import { createTestDb, userContextFor } from "../support/db";
import { createAppointment, createBookingRequest, createClient, createProfessional, createService } from "../support/factories";
import { answerStatus, callAction, callLoader, replyOf, thrownStatus } from "../support/routes";
import { renderRoute, visibleText } from "../support/render";

// "Now" is Monday 10/03/2025 12:00 in São Paulo (15:00 UTC).
const NOW = new Date("2025-03-10T15:00:00Z");
const TODAY = "2025-03-10";

let db: Db;
let ctx: Awaited<ReturnType<typeof userContextFor>>;
let proId: string;
let apptId: string;
let otherAppt: string;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  db = createTestDb();
  const pro = await createProfessional(db, { name: "Ana Souza" });
  proId = pro.id;
  ctx = await userContextFor(db, pro);
  const service = await createService(db, pro.id, { name: "Corte", priceCents: 5000 });
  const client = await createClient(db, pro.id, { name: "Carla Dias" });
  const appt = await createAppointment(db, pro.id, { clientId: client.id, serviceId: service.id, serviceName: "Corte", date: TODAY, startMinute: 10 * 60, priceCents: 5000 });
  apptId = appt.id;
  // Another professional's appointment: never reachable from here.
  const other = await createProfessional(db, { name: "Bruno Lima" });
  otherAppt = (await createAppointment(db, other.id, { date: TODAY, startMinute: 9 * 60, priceCents: 4000 })).id;
});

afterEach(() => vi.useRealTimers());

/** The form as the page sends it: the service, a product, and what the test adds. */
function fields(over: Record<string, string> = {}) {
  return {
    intent: "close",
    id: apptId,
    "itens[0].tipo": "service",
    "itens[0].nome": "Corte",
    "itens[0].preco": "50,00",
    "itens[0].quantidade": "1",
    "itens[1].tipo": "product",
    "itens[1].nome": "Pomada",
    "itens[1].preco": "20,00",
    "itens[1].quantidade": "1",
    descontoTipo: "valor",
    desconto: "",
    gorjeta: "5,00",
    "pagamentos[0].metodo": "pix",
    "pagamentos[0].valor": "50,00",
    "pagamentos[1].metodo": "cash",
    "pagamentos[1].valor": "25,00",
    ...over,
  };
}

async function post(form: Record<string, string>) {
  try {
    return await callAction(action, { context: ctx, path: `/caixa/fechar?atendimento=${form.id}`, form });
  } catch (error) {
    return error;
  }
}

async function stored() {
  const [closings, items, payments] = await Promise.all([db.select().from(cashClosings), db.select().from(cashClosingItems), db.select().from(cashPayments)]);
  return { closings, items, payments };
}

describe("'Fechar atendimento'", () => {
  it("closes with a product, a tip and a split payment, and the Caixa shows it", async () => {
    const res = await post(fields());
    expect(res).toHaveRedirect("/agenda");
    await expect(res).toSendToast({ title: "Atendimento concluído", description: `Total pago: ${formatMoney(7500)}` });
    const { closings, items, payments } = await stored();
    expect(closings).toMatchObject([{ status: "paid", subtotalCents: 7000, discountCents: 0, tipCents: 500, appointmentId: apptId, closedBy: proId }]);
    expect(items.map((i) => [i.name, i.unitPriceCents, i.kind])).toEqual([["Corte", 5000, "service"], ["Pomada", 2000, "product"]]);
    expect(payments.map((p) => [p.method, p.amountCents]).sort()).toEqual([["cash", 2500], ["pix", 5000]]);
    const [appt] = await db.select().from(appointments).where(eq(appointments.id, apptId));
    expect(appt!.status).toBe("completed");

    const page = await callLoader(cashLoader, { context: ctx, path: "/caixa" });
    expect(page.day).toMatchObject({ receivedCents: 7000, byMethod: { pix: 5000, cash: 2500 }, tipsCents: 500, services: 1, items: [{ name: "Pomada", quantity: 1, cents: 2000 }], pending: [] });
    const bytes = new Uint8Array(await (await callLoader(exportLoader, { context: ctx, path: "/caixa/exportar" })).arrayBuffer());
    const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(csv.startsWith("\uFEFFData;Horário;Cliente")).toBe(true);
    expect(csv).toContain("10/03/2025;10:00;Carla Dias;Corte;70,00;0,00;0,00;50,00;25,00;0,00;0,00;5,00;70,00;Pago");

    // A second service left pending with a discount and a tip (not received yet): the file ends
    // with a 'Total' line that is the screen's figures, and its columns add up to it.
    const second = await createAppointment(db, proId, { serviceName: "Barba", date: TODAY, startMinute: 11 * 60, priceCents: 3500 });
    const barba = { id: second.id, intent: "close-pending", "itens[0].nome": "Barba", "itens[0].preco": "35,00", "itens[1].nome": "Óleo para barba", desconto: "5,00", gorjeta: "3,00" };
    expect(await post(fields(barba))).toHaveRedirect("/agenda");
    const screen = (await callLoader(cashLoader, { context: ctx, path: "/caixa" })).day!;
    expect(screen).toMatchObject({ receivedCents: 7000, byMethod: { pix: 5000, cash: 2500 }, tipsCents: 500, depositsCents: 0, services: 2 });
    const file = new TextDecoder().decode(await (await callLoader(exportLoader, { context: ctx, path: "/caixa/exportar" })).arrayBuffer());
    expect(file.split("\r\n").slice(2)).toEqual([
      "10/03/2025;11:00;Cliente não encontrado;Barba;55,00;5,00;0,00;0,00;0,00;0,00;0,00;;0,00;Pagamento pendente",
      "Total;;;2 atendimentos;125,00;5,00;0,00;50,00;25,00;0,00;0,00;5,00;70,00;",
      "",
    ]);
  });

  it("a deposit received on the booking is shown and deducted; one still pending is not", async () => {
    const request = await createBookingRequest(db, proId, { date: TODAY, startMinute: 10 * 60, status: "accepted", depositCents: 1500 });
    await db.update(appointments).set({ bookingRequestId: request.id }).where(eq(appointments.id, apptId));
    const pending = await callLoader(loader, { context: ctx, path: `/caixa/fechar?atendimento=${apptId}` });
    expect(pending.depositCents).toBe(0);
    // Her own service: no 'Atendimento de …' (that is for a member's, closed by the owner).
    expect(pending.memberName).toBeNull();
    expect(visibleText(renderRoute(CashClose, `/caixa/fechar?atendimento=${apptId}`, pending))).not.toContain("Atendimento de");

    await db.update(bookingRequests).set({ depositReceivedAt: NOW, depositMethod: "pix" }).where(eq(bookingRequests.id, request.id));
    const received = await callLoader(loader, { context: ctx, path: `/caixa/fechar?atendimento=${apptId}` });
    expect(received.depositCents).toBe(1500);
    // R$ 70,00 charged + R$ 5,00 tip - R$ 15,00 already received = R$ 60,00 at the chair.
    const res = await post(fields({ "pagamentos[0].valor": "35,00", "pagamentos[1].valor": "25,00" }));
    expect(res).toHaveRedirect("/agenda");
    expect((await stored()).closings).toMatchObject([{ depositCents: 1500, tipCents: 500 }]);
    const page = await callLoader(cashLoader, { context: ctx, path: "/caixa" });
    expect(page.day).toMatchObject({ receivedCents: 7000, tipsCents: 500 });
  });

  it("the Caixa lists the deposits received and returned by the day they were marked in the professional's zone, apart from 'Recebido'", async () => {
    // 09/03 22:30 in São Paulo is already 10/03 in UTC: it belongs to 09/03.
    await createBookingRequest(db, proId, { status: "accepted", depositCents: 1500, depositMethod: "pix", depositReceivedAt: new Date("2025-03-10T01:30:00Z") });
    await createBookingRequest(db, proId, { status: "accepted", depositCents: 2000, depositMethod: "cash", depositReceivedAt: new Date("2025-03-10T13:00:00Z") });
    await createBookingRequest(db, proId, { status: "accepted", depositCents: 3000, depositMethod: "pix", depositReceivedAt: new Date("2025-03-09T15:00:00Z"), depositRefundedAt: new Date("2025-03-10T14:00:00Z") });
    const other = await createProfessional(db, { name: "Caio Reis" });
    await createBookingRequest(db, other.id, { status: "accepted", depositCents: 9900, depositMethod: "pix", depositReceivedAt: NOW });

    const today = await callLoader(cashLoader, { context: ctx, path: "/caixa" });
    expect(today.day).toMatchObject({ receivedCents: 0, depositsMarked: { received: { count: 1, cents: 2000 }, refunded: { count: 1, cents: 3000 } } });
    const yesterday = await callLoader(cashLoader, { context: ctx, path: "/caixa?periodo=customizado&de=2025-03-09&ate=2025-03-09" });
    expect(yesterday.day).toMatchObject({ receivedCents: 0, depositsMarked: { received: { count: 2, cents: 4500 }, refunded: { count: 0, cents: 0 } } });
  });

  it("a single method without an amount takes the whole amount; a percentage discount is applied", async () => {
    const res = await post(fields({ descontoTipo: "percentual", desconto: "10", "pagamentos[0].valor": "", "pagamentos[1].metodo": "", "pagamentos[1].valor": "" }));
    expect(res).toHaveRedirect("/agenda");
    const { closings, payments } = await stored();
    expect(closings[0]).toMatchObject({ discountCents: 700, discountBasisPoints: 1000 });
    expect(payments.map((p) => [p.method, p.amountCents])).toEqual([["pix", 6800]]);
  });

  it.each([
    ["a negative price", { "itens[1].preco": "-20" }, "itens[1].preco", CASH_MESSAGES.amount],
    ["an absurd amount", { gorjeta: "99999999" }, "gorjeta", CASH_MESSAGES.amountMax],
    ["a split that does not add up", { "pagamentos[1].valor": "20,00" }, "pagamentos", CASH_MESSAGES.split(7000, 7500)],
    ["a discount larger than the total", { desconto: "80,00" }, "desconto", CASH_MESSAGES.discountOverTotal],
    ["a method that does not exist", { "pagamentos[1].metodo": "boleto" }, "pagamentos[1].metodo", CASH_MESSAGES.method],
    ["no payment at all", { "pagamentos[0].metodo": "", "pagamentos[0].valor": "", "pagamentos[1].metodo": "", "pagamentos[1].valor": "" }, "pagamentos", CASH_MESSAGES.noPayment],
  ])("refuses %s beside the field, nothing stored", async (_name, over, field, message) => {
    const res = await post(fields(over));
    expect(res).toHaveFieldError(field, message);
    const reply = replyOf(res).data as { values: { itens: unknown[] } };
    expect(reply.values.itens).toHaveLength(2);
    expect((await stored()).closings).toHaveLength(0);
    const [appt] = await db.select().from(appointments).where(eq(appointments.id, apptId));
    expect(appt!.status).toBe("scheduled");
  });

  it("another professional's appointment is a 404, on the page and the post", async () => {
    expect(await thrownStatus(callLoader(loader, { context: ctx, path: `/caixa/fechar?atendimento=${otherAppt}` }))).toBe(404);
    expect(answerStatus(await post(fields({ id: otherAppt })))).toBe(404);
    expect((await stored()).closings).toHaveLength(0);
  });

  it("a cancelled appointment cannot be closed", async () => {
    await db.update(appointments).set({ status: "cancelled" }).where(eq(appointments.id, apptId));
    const res = await post(fields());
    expect(res).toHaveFieldError("", CLOSE_ERRORS.status);
    expect((await stored()).closings).toHaveLength(0);
  });

  it("two phones closing at once store exactly one closing", async () => {
    const answers = await Promise.all([post(fields()), post(fields({ "pagamentos[0].metodo": "credit" }))]);
    const statuses = answers.map((a) => answerStatus(a)).sort();
    expect(statuses).toEqual([302, 409]);
    const { closings, items, payments } = await stored();
    expect(closings).toHaveLength(1);
    expect(items).toHaveLength(2);
    expect(payments).toHaveLength(2);
  });

  it("two phones changing a closed service at the same instant: one change stands, whole, with its history", async () => {
    expect(await post(fields())).toHaveRedirect("/agenda");
    const answers = await Promise.all([
      post(fields({ gorjeta: "10,00", "pagamentos[1].valor": "30,00" })),
      post(fields({ gorjeta: "", "itens[1].quantidade": "2", "pagamentos[1].valor": "40,00" })),
    ]);
    expect(answers.map((a) => answerStatus(a)).sort()).toEqual([302, 409]);
    const { closings, items, payments } = await stored();
    const [closing] = closings;
    const paid = payments.reduce((sum, p) => sum + p.amountCents, 0);
    expect(paid).toBe(closing!.subtotalCents - closing!.discountCents + closing!.tipCents);
    expect(items).toHaveLength(2);
    expect(await db.select().from(cashClosingHistory)).toHaveLength(1);
  });

  it("'+ Adicionar item' without JavaScript shows the form again with one more line, nothing lost", async () => {
    const res = await post(fields({ intent: "add-item", gorjeta: "7,50" }));
    expect(answerStatus(res)).toBe(200);
    const { values } = replyOf(res).data as { values: { itens: { nome?: string }[]; gorjeta?: string } };
    expect(values.itens.map((i) => i.nome)).toEqual(["Corte", "Pomada", undefined]);
    expect(values.gorjeta).toBe("7,50");
    expect((await stored()).closings).toHaveLength(0);
  });

  it("'Concluir sem registrar pagamento' leaves it pending until settled, and the change is kept in the history", async () => {
    expect(await post(fields({ intent: "close-pending" }))).toHaveRedirect("/agenda");
    let page = await callLoader(cashLoader, { context: ctx, path: "/caixa" });
    expect(page.day).toMatchObject({ receivedCents: 0, services: 1, pending: [{ appointmentId: apptId, clientName: "Carla Dias", dueCents: 7500 }] });

    const agenda = await callLoader(agendaLoader, { context: ctx, path: `/agenda?vista=lista&periodo=customizado&de=${TODAY}&ate=${TODAY}` });
    expect(agenda.mode === "list" && agenda.list.rows.map((r) => [r.status, r.closing])).toEqual([["completed", "pending"]]);
    const calendar = await callLoader(agendaLoader, { context: ctx, path: `/agenda?vista=dia&data=${TODAY}&ver=${apptId}` });
    expect(calendar.mode === "calendar" && calendar.calendar.detail?.closing).toBe("pending");
    const form = await callLoader(loader, { context: ctx, path: `/caixa/fechar?atendimento=${apptId}` });
    expect(form.closing?.status).toBe("pending");
    expect(await post(fields())).toHaveRedirect("/agenda");
    page = await callLoader(cashLoader, { context: ctx, path: "/caixa" });
    expect(page.day).toMatchObject({ receivedCents: 7000, pending: [] });
    const history = await db.select().from(cashClosingHistory);
    expect(history).toHaveLength(1);
    expect(history[0]!.changedBy).toBe(proId);
    expect(JSON.parse(history[0]!.change).lines).toEqual(["Situação: Pagamento pendente → Pago", `Pagamento: nenhum → ${formatMoney(5000)} Pix + ${formatMoney(2500)} Dinheiro`]);
    const again = await callLoader(loader, { context: ctx, path: `/caixa/fechar?atendimento=${apptId}` });
    expect(again.closing?.history[0]).toMatchObject({ who: "Ana Souza" });
  });
});

describe("the demo's money", () => {
  it("the demo's past services are closed: its Caixa for a past day shows what was received by method, nothing 'sem fechamento'", async () => {
    const demoDb = createTestDb();
    await seedDemoIfEmpty(demoDb);
    const [demo] = await demoDb.select().from(users).where(eq(users.email, DEMO.email));
    const demoCtx = await userContextFor(demoDb, demo!);
    const caixa = (from: string, to: string) => callLoader(cashLoader, { context: demoCtx, path: `/caixa?periodo=customizado&de=${from}&ate=${to}` });

    // The twelve weeks: every completed service closed; mostly Pix, every method, tips, products, two pending.
    const weeks = (await caixa(addDays(TODAY, -84), addDays(TODAY, -1))).day!;
    expect(weeks.unclosed.count).toBe(0);
    const methods = PAYMENT_METHODS.map((m) => weeks.byMethod[m] ?? 0);
    expect(methods.every((cents) => cents > 0)).toBe(true);
    expect(weeks.byMethod.pix).toBe(Math.max(...methods));
    expect(weeks.tipsCents).toBeGreaterThan(0);
    expect(weeks.items.map((i) => i.name)).toContain("Pomada modeladora");
    expect(weeks.pending).toHaveLength(2);

    // The day of the split payment, as the database holds it and as the screen shows it.
    const paid = await demoDb
      .select({ date: appointments.date, closingId: cashPayments.closingId, method: cashPayments.method, cents: cashPayments.amountCents, tip: cashClosings.tipCents })
      .from(cashPayments)
      .innerJoin(cashClosings, eq(cashClosings.id, cashPayments.closingId))
      .innerJoin(appointments, eq(appointments.id, cashClosings.appointmentId));
    const split = paid.filter((p, _, all) => all.filter((q) => q.closingId === p.closingId).length === 2);
    expect(split.map((p) => p.method).sort()).toEqual(["cash", "pix"]);
    const date = split[0]!.date;
    const ofDay = paid.filter((p) => p.date === date);
    const byMethod: Record<string, number> = {};
    for (const p of ofDay) byMethod[p.method] = (byMethod[p.method] ?? 0) + p.cents;
    const tips = [...new Map(ofDay.map((p) => [p.closingId, p.tip])).values()].reduce((a, b) => a + b, 0);
    const day = await caixa(date, date);
    expect(day.day).toMatchObject({ byMethod, receivedCents: ofDay.reduce((sum, p) => sum + p.cents, 0) - tips, unclosed: { count: 0 } });
    const text = visibleText(renderRoute(Cash, `/caixa?periodo=customizado&de=${date}&ate=${date}`, day));
    expect(text).toContain(`Recebido ${formatMoney(day.day!.receivedCents)}`);
    expect(text).toContain(`Pix ${formatMoney(byMethod.pix!)}`);
    expect(text).toContain(`Dinheiro ${formatMoney(byMethod.cash!)}`);
  });
});
