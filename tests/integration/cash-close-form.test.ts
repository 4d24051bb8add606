// Issue 32, finding 21: 'Fechar atendimento' without JavaScript (a line removed by a real
// submit, 'Recalcular' for the totals, what 'Produto ou outro item' adds, a service not started
// refused before anything is typed) and the Caixa (the period's closings listed; 'Por forma de
// pagamento' adding up to 'Recebido' with the tips apart).
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appointments, cashClosings } from "../../db/schema";
import CashClose, { action, loader } from "../../app/routes/cash-close";
import Cash, { loader as cashLoader } from "../../app/routes/cash";
import type { Db } from "../../app/utils/db.server";
import { formatMoney } from "../../app/domain/money";
import { createTestDb, userContextFor } from "../support/db";
import { createAppointment, createBookingRequest, createClient, createProfessional, createService } from "../support/factories";
import { answerStatus, callAction, callLoader, replyOf } from "../support/routes";
import { renderRoute, visibleText } from "../support/render";

// "Now" is Monday 10/03/2025 12:00 in São Paulo (15:00 UTC).
const NOW = new Date("2025-03-10T15:00:00Z");
const TODAY = "2025-03-10";

let db: Db;
let ctx: Awaited<ReturnType<typeof userContextFor>>;
let proId: string;
let barba: { id: string };
let apptId: string;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  db = createTestDb();
  const pro = await createProfessional(db, { name: "Ana Souza" });
  proId = pro.id;
  ctx = await userContextFor(db, pro);
  barba = await createService(db, pro.id, { name: "Barba", priceCents: 3500 });
  await createService(db, pro.id, { name: "Sobrancelha", priceCents: 2000 });
  const client = await createClient(db, pro.id, { name: "Rafael Costa" });
  apptId = (await createAppointment(db, pro.id, { clientId: client.id, serviceId: barba.id, serviceName: "Barba", date: TODAY, startMinute: 10 * 60, priceCents: 3500 })).id;
});

afterEach(() => vi.useRealTimers());

type Values = { itens: { nome?: string; preco?: string }[]; gorjeta?: string; pagamentos: { metodo?: string; valor?: string }[] };

/** The form as the page sends it: Barba, a product and a tip; payments as the test says. */
function fields(over: Record<string, string> = {}) {
  return {
    intent: "close",
    id: apptId,
    "itens[0].tipo": "service",
    "itens[0].servico": barba.id,
    "itens[0].nome": "Barba",
    "itens[0].preco": "35,00",
    "itens[0].quantidade": "1",
    "itens[1].tipo": "product",
    "itens[1].nome": "Óleo para barba",
    "itens[1].preco": "25,00",
    "itens[1].quantidade": "1",
    descontoTipo: "valor",
    desconto: "",
    gorjeta: "5,00",
    "pagamentos[0].metodo": "pix",
    "pagamentos[0].valor": "",
    ...over,
  };
}

const path = (id = apptId) => `/caixa/fechar?atendimento=${id}`;
const post = (form: Record<string, string>) => callAction(action, { context: ctx, path: path(form.id), form }).catch((error: unknown) => error);
const page = (id = apptId) => callLoader(loader, { context: ctx, path: path(id) });

/** The page as the server renders it (no JavaScript) after that post. */
async function screenAfter(res: unknown) {
  return renderRoute(CashClose, path(), await page(), replyOf(res).data);
}

describe("'Fechar atendimento' without JavaScript", () => {
  it("each line has 'Remover', a real submit: the form comes back without it, everything else kept, nothing stored", async () => {
    const three = fields({ "itens[2].tipo": "product", "itens[2].nome": "Pomada", "itens[2].preco": "20,00", "itens[2].quantidade": "2" });
    const html = await screenAfter(await post({ ...three, intent: "add-item" }));
    const removers = html.match(/<button[^>]*value="remove-item:\d+"[^>]*>/g) ?? [];
    expect(removers).toHaveLength(4); // the three lines and the one just added
    expect(removers[1]).toMatch(/type="submit"/);
    expect(removers[1]).toMatch(/name="intent"/);
    // Named 'Remover' and the line's name as typed ('Remover Óleo para barba').
    expect(removers[1]).toMatch(/id="remover-1"/);
    expect(removers[1]).toMatch(/aria-labelledby="remover-1 itens\[1\]\.nome"/);

    const res = await post({ ...three, intent: "remove-item:1" });
    expect(answerStatus(res)).toBe(200);
    const values = (replyOf(res).data as { values: Values }).values;
    expect(values.itens.map((i) => [i.nome, i.preco])).toEqual([["Barba", "35,00"], ["Pomada", "20,00"]]);
    expect(values.gorjeta).toBe("5,00");
    const text = visibleText(await screenAfter(res));
    expect(text).toContain(`Total a receber ${formatMoney(3500 + 4000 + 500)}`);
    expect(await db.select().from(cashClosings)).toHaveLength(0);

    // The last line left has nothing to remove.
    const one = await post({ ...fields(), intent: "remove-item:1" });
    expect(await screenAfter(one)).not.toContain('value="remove-item:');
  });

  it("a line left blank in the middle is dropped without leaving a hole in the form", async () => {
    const res = await post(fields({ "itens[1].nome": "", "itens[1].preco": "", "itens[2].tipo": "product", "itens[2].nome": "Pomada", "itens[2].preco": "20,00", "pagamentos[0].valor": "1,00" }));
    expect(answerStatus(res)).toBe(400);
    const values = (replyOf(res).data as { values: Values }).values;
    expect(values.itens.map((i) => i?.nome)).toEqual(["Barba", "Pomada"]);
    expect(await screenAfter(res)).toMatch(/name="itens\[1\]\.nome"[^>]*value="Pomada"|value="Pomada"[^>]*name="itens\[1\]\.nome"/);
  });

  it("'Recalcular' shows the total of what is typed (items and tip), and is what Enter does", async () => {
    const res = await post({ ...fields(), intent: "recalculate" });
    expect(answerStatus(res)).toBe(200);
    const html = await screenAfter(res);
    // R$ 35,00 + R$ 25,00 + R$ 5,00 tip: R$ 65,00 due, not the R$ 35,00 of the page first shown.
    expect(visibleText(html)).toContain(`Total a receber ${formatMoney(6500)}`);
    expect(visibleText(html)).toContain("Recalcular total");
    // The form's first submit button (what Enter in a field presses) recalculates: never 'Remover'.
    const form = html.slice(html.indexOf("<form"));
    expect(/<button[^>]*type="submit"[^>]*>/.exec(form)?.[0]).toContain('value="recalculate"');
    expect(await db.select().from(cashClosings)).toHaveLength(0);
  });

  it("'Produto ou outro item' adds a line to type its name and price; the services are grouped apart", async () => {
    const html = renderRoute(CashClose, path(), await page());
    expect(html).toMatch(/<option value="" selected="">Produto ou outro item \(digitar\)<\/option><optgroup label="Serviços">/);
    expect(html).toContain(`Sobrancelha (${formatMoney(2000)})`);
    const res = await post({ ...fields(), intent: "add-item", novoItem: "" });
    const values = (replyOf(res).data as { values: { itens: { tipo?: string; nome?: string }[] } }).values;
    expect(values.itens.at(-1)).toEqual({ tipo: "product", quantidade: "1" });
  });

  it("a service not started yet, or cancelled, is refused when the page opens, before anything is typed", async () => {
    const later = await createAppointment(db, proId, { serviceName: "Barba", date: TODAY, startMinute: 14 * 60, priceCents: 3500 });
    const text = visibleText(renderRoute(CashClose, path(later.id), await page(later.id)));
    expect(text).toContain("Este atendimento começa hoje às 14:00. Só é possível fechá-lo depois do início.");
    expect(text).not.toContain("Concluir e registrar pagamento");

    await db.update(appointments).set({ status: "cancelled" }).where(eq(appointments.id, apptId));
    const cancelled = visibleText(renderRoute(CashClose, path(), await page()));
    expect(cancelled).toContain("Este agendamento foi cancelado ou marcado como 'Não compareceu': não é possível fechá-lo.");
    expect(cancelled).not.toContain("Concluir e registrar pagamento");
  });
});

describe("the Caixa", () => {
  async function closeAt(hour: number, items: [string, string][], tip: string, method: string, intent = "close") {
    const id = (await createAppointment(db, proId, { serviceName: items[0]![0], date: TODAY, startMinute: hour * 60, priceCents: 3500 })).id;
    const form: Record<string, string> = { intent, id, descontoTipo: "valor", desconto: "", gorjeta: tip, "pagamentos[0].metodo": method };
    items.forEach(([nome, preco], i) => Object.assign(form, { [`itens[${i}].tipo`]: i ? "product" : "service", [`itens[${i}].nome`]: nome, [`itens[${i}].preco`]: preco }));
    expect(await post(form)).toHaveRedirect("/agenda");
    return id;
  }

  it("'Por forma de pagamento' adds up to 'Recebido': the total paid, less the tips", async () => {
    await closeAt(9, [["Corte", "50,00"], ["Pomada", "30,00"]], "10,00", "pix"); // R$ 90,00 by Pix
    await closeAt(10, [["Barba", "47,50"]], "5,00", "cash"); // R$ 52,50 in cash
    const data = await callLoader(cashLoader, { context: ctx, path: "/caixa" });
    expect(data.day).toMatchObject({ receivedCents: 12_750, tipsCents: 1500, totalPaidCents: 14_250 });
    // With a deposit received on the booking (R$ 15,00 of a R$ 40,00 service), the lines still add up.
    const request = await createBookingRequest(db, proId, { date: TODAY, startMinute: 11 * 60, status: "accepted", depositCents: 1500, depositReceivedAt: NOW, depositMethod: "pix" });
    const withDeposit = await createAppointment(db, proId, { serviceName: "Escova", date: TODAY, startMinute: 11 * 60, priceCents: 4000, bookingRequestId: request.id });
    const form = { intent: "close", id: withDeposit.id, "itens[0].nome": "Escova", "itens[0].preco": "40,00", descontoTipo: "valor", desconto: "", gorjeta: "", "pagamentos[0].metodo": "debit" };
    expect(await post(form)).toHaveRedirect("/agenda");
    const later = (await callLoader(cashLoader, { context: ctx, path: "/caixa" })).day!;
    expect(later).toMatchObject({ receivedCents: 16_750, totalPaidCents: 18_250, depositsCents: 1500, byMethod: { debit: 2500 } });
    const html = renderRoute(Cash, "/caixa", data);
    const section = visibleText(html.slice(html.indexOf('aria-labelledby="por-forma"'), html.indexOf("</section>", html.indexOf('aria-labelledby="por-forma"'))));
    expect(section).toContain(`Pix ${formatMoney(9000)}`);
    expect(section).toContain(`Dinheiro ${formatMoney(5250)}`);
    expect(section).toContain(`Total pago ${formatMoney(14_250)}`);
    expect(section).toContain(`− ${formatMoney(1500)}`);
    expect(section).toContain(`Recebido ${formatMoney(12_750)}`);
  });

  it("lists the period's closings, newest first, each with what it received, how, and a link to it", async () => {
    const first = await closeAt(9, [["Corte", "50,00"], ["Pomada", "30,00"]], "10,00", "pix");
    const second = await closeAt(11, [["Barba", "35,00"]], "", "", "close-pending");
    const data = await callLoader(cashLoader, { context: ctx, path: "/caixa" });
    const html = renderRoute(Cash, "/caixa", data);
    const list = html.slice(html.indexOf('aria-labelledby="fechados"'), html.indexOf("</section>", html.indexOf('aria-labelledby="fechados"')));
    const text = visibleText(list);
    expect(text).toContain("Atendimentos fechados");
    expect(text.indexOf("11:00")).toBeLessThan(text.indexOf("09:00"));
    expect(text).toContain(`09:00 · Cliente não encontrado Corte + 1 item · Pix ${formatMoney(8000)}`);
    expect(text).toContain(`11:00 · Cliente não encontrado Barba · Pagamento pendente ${formatMoney(0)}`);
    expect(list).toContain(`href="/caixa/fechar?atendimento=${first}&amp;volta=%2Fcaixa"`);
    expect(list).toContain(`href="/caixa/fechar?atendimento=${second}&amp;volta=%2Fcaixa"`);
  });
});
