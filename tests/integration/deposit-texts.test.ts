// What both sides read of a booking's deposit (issue 32, findings 12, 14, 17 and 19): the status
// page's ending says what really happened (no answer, a deposit unpaid in time, a late payment
// given back, a cancel or a decline and the deposit's fate); the customer's cancel question says
// what becomes of the deposit and opens where it was asked; the e-mails carry the deposit (the
// first one its Pix code and deadline, the confirmations the amount paid, the cancels its refund);
// Solicitações offers 'Devolver sinal' as an action, and for a payment by Mercado Pago the app
// gives it back itself. A professional with a static Pix key and one with Mercado Pago connected,
// against the local stand-in.
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { appointments, bookingRequests, emailOutbox, profiles } from "../../db/schema";
import { action as bookAction } from "../../app/routes/booking";
import BookingStatus, { action as statusAction, loader as statusLoader } from "../../app/routes/booking-status";
import BookingRequests, { action as requestsAction, loader as requestsLoader } from "../../app/routes/booking-requests";
import { action as agendaAction } from "../../app/routes/agenda";
import { saveConnection } from "../../app/domain/payments/accounts.server";
import { refundOwedDeposits } from "../../app/domain/payments/deposit-charges.server";
import { settleEndedHolds } from "../../app/domain/payments/settlement.server";
import { expireRequests } from "../../app/jobs/job.server";
import { formatDate, minutesToTime, nowInZone } from "../../app/domain/dates";
import { formatMoney } from "../../app/domain/money";
import type { EmailTransport } from "../../app/utils/email.server";
import type { Db } from "../../app/utils/db.server";
import { contextFor, createTestDb, ORIGIN, settleBackground, userContextFor } from "../support/db";
import { dispatch } from "../support/dispatch";
import { createBookablePro, createProfessional, createService, workingDay } from "../support/factories";
import { callAction, callLoader, locationOf, replyOf } from "../support/routes";
import { renderRoute, visibleText } from "../support/render";
import { envOverrides } from "../support/env";
import { mercadoPagoTestEnv } from "../support/mercadopago";
import { startMercadoPagoStandIn, type MercadoPagoStandIn, type WebhookDelivery } from "../support/mercadopago-stand-in";

const ZONE = "America/Sao_Paulo";
const R15 = formatMoney(1500);
/** R15 inside a RegExp ('$' is an anchor there). */
const R15_RE = R15.replace(/[$]/g, "\\$");
const env = envOverrides();
let standIn: MercadoPagoStandIn;
let db: Db;
type Pro = Awaited<ReturnType<typeof createProfessional>>;

beforeAll(async () => {
  standIn = await startMercadoPagoStandIn();
});
afterAll(async () => {
  await standIn.close();
  env.restore();
});
beforeEach(() => {
  env.set(mercadoPagoTestEnv(standIn.url));
  db = createTestDb();
});
afterEach(() => db.$client.close());

/** 'Paula Reis', whose 'Mechas' asks a R$ 15,00 deposit: by her Pix key, or charged through Mercado Pago. */
async function professional(how: "pix-key" | "mercadopago", rules: Partial<typeof profiles.$inferInsert> = {}) {
  const { pro, service } = await createBookablePro(db, {
    name: `Paula Reis ${crypto.randomUUID().slice(0, 4)}`,
    services: [{ name: "Mechas", priceCents: 20000, durationMinutes: 60, requiresDeposit: true, depositCents: 1500 }],
    profile: { pixKey: how === "pix-key" ? "paula@example.com" : "", ...rules },
  });
  if (how === "mercadopago") {
    const seller = String(100_000 + Math.floor(Math.random() * 1e6));
    const token = `APP_USR-${crypto.randomUUID()}`;
    standIn.accessTokens.set(token, seller);
    await saveConnection(db, pro.id, "mercadopago", { accessToken: token, refreshToken: `TG-${crypto.randomUUID()}`, expiresAt: new Date(Date.now() + 180 * 86_400_000), providerUserId: seller, publicKey: null, liveMode: false });
  }
  return { pro, service };
}

let phoneSeq = 0;
/** Books from the page (the e-mails delivered after the answer); the request and its status link's token. */
async function book(pro: Pro, serviceId: string, fields: Record<string, string> = {}) {
  phoneSeq += 1;
  const context = contextFor(db, `203.0.113.${(phoneSeq % 200) + 20}`);
  const form = { servico: serviceId, data: workingDay(), horario: "10:00", name: "Maria Clara", phone: `(11) 9${String(70_000_000 + phoneSeq).slice(0, 8)}`, email: "maria@example.com", notes: "", ...fields };
  const res = await callAction(bookAction, { context, path: `/agendamento/${pro.bookingSlug}`, params: { slug: pro.bookingSlug }, form }).catch((thrown: unknown) => thrown);
  await settleBackground(context);
  const token = locationOf(res).split("/")[3]!.split("?")[0]!;
  const [request] = await db.select().from(bookingRequests).where(and(eq(bookingRequests.professionalId, pro.id), eq(bookingRequests.customerName, form.name)));
  return { request: request!, token };
}

const row = async (id: string) => (await db.select().from(bookingRequests).where(eq(bookingRequests.id, id)))[0]!;
const mail = async (kind: string, to: string) => (await db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.to, to))))[0];
/** The customer's status page as the server renders it, and its visible text. */
async function statusPage(token: string, search = "") {
  const path = `/agendamento/reserva/${token}${search}`;
  const data = replyOf(await callLoader(statusLoader, { db, path, params: { token } })).data;
  const html = renderRoute(BookingStatus, path, data);
  return { data, html, text: visibleText(html) };
}
const deliver = (d: WebhookDelivery) => {
  const url = new URL(d.url);
  return dispatch(db, new Request(`${ORIGIN}${url.pathname}${url.search}`, { method: "POST", headers: d.headers, body: d.body }));
};
const quiet: EmailTransport = { name: "test", send: async () => {} };

describe("each ending of a booking says what really happened (finding 12)", () => {
  it("a deposit not paid in time: the deposit's fault, not the professional's, on the page as in the e-mail", async () => {
    const { pro, service } = await professional("pix-key", { depositReleaseMinutes: 30 });
    const { request, token } = await book(pro, service.id);
    await db.update(bookingRequests).set({ depositDueAt: new Date(Date.now() - 60_000) }).where(eq(bookingRequests.id, request.id));
    const page = await statusPage(token);
    expect(page.text).toContain("O sinal não foi pago a tempo e o horário foi liberado.");
    expect(page.text).not.toContain("não respondeu a tempo");
    await expireRequests(db, new Date(), quiet);
    expect((await mail("request-expired", "maria@example.com"))!.text).toContain("expirou porque o sinal não foi pago a tempo");
    // Solicitações says the same of it, and no deposit still 'pendente' on a booking that is over.
    const list = visibleText(renderRoute(BookingRequests, "/solicitacoes", await callLoader(requestsLoader, { db, as: pro, path: "/solicitacoes" })));
    expect(list).toContain("Expirada: sinal não pago");
    expect(list).not.toContain("Expirada sem resposta");
    expect(list).not.toContain("Sinal pendente");
  });

  it("a request nobody answered still says the professional did not answer", async () => {
    const { pro } = await professional("pix-key");
    const plain = await createService(db, pro.id, { name: "Corte", priceCents: 5000, durationMinutes: 30 });
    const { request, token } = await book(pro, plain.id);
    await db.update(bookingRequests).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(bookingRequests.id, request.id));
    const page = await statusPage(token);
    expect(page.text).toContain("Solicitação expirada");
    expect(page.text).toMatch(/Paula Reis \w+ não respondeu a tempo e o horário foi liberado/);
  });

  it("charged online: unpaid when the time ran out says so; paid late with the time taken says it was given back", async () => {
    const { pro, service } = await professional("mercadopago");
    const { request, token } = await book(pro, service.id);
    await db.update(bookingRequests).set({ depositDueAt: new Date(Date.now() - 60_000) }).where(eq(bookingRequests.id, request.id));
    const unpaid = await statusPage(token);
    expect(unpaid.text).toContain("O sinal não foi pago a tempo e o horário foi liberado.");
    expect(unpaid.text).not.toContain("não respondeu a tempo");

    // Someone else takes the time; the payment arrives and is given back automatically.
    await book(pro, service.id, { name: "Joana Lima", email: "joana@example.com" });
    await standIn.pay(request.paymentId!);
    expect(await settleEndedHolds(db, new Date())).toBe(1);
    const refunded = await statusPage(token);
    expect(refunded.text).toContain("Pagamento do sinal devolvido");
    expect(refunded.text).toContain(`Seu pagamento chegou depois do prazo para pagar, e o horário já não estava reservado para você. Devolvemos ${R15} pelo Pix`);
    expect(refunded.text).not.toContain("não respondeu a tempo");
    expect(refunded.text).not.toContain("não foi pago a tempo");
  });

  it("cancelled by the professional after the payment: the page says the deposit is given back, then that it was", async () => {
    const { pro, service } = await professional("mercadopago");
    const { request, token } = await book(pro, service.id);
    await deliver(await standIn.pay(request.paymentId!));
    const [appointment] = await db.select().from(appointments).where(eq(appointments.bookingRequestId, request.id));
    await callAction(agendaAction, { db, as: pro, path: "/agenda", form: { intent: "cancel", id: appointment!.id } }).catch((t: unknown) => t);
    expect((await statusPage(token)).text).toContain(`O sinal de ${R15} que você pagou será devolvido pelo Pix em alguns minutos.`);
    await refundOwedDeposits(db, new Date());
    expect((await statusPage(token)).text).toContain(`O sinal de ${R15} foi devolvido pelo Pix.`);
  });

  it("declined after a deposit paid to the professional's key: the customer is told to settle it with the professional", async () => {
    const { pro, service } = await professional("pix-key");
    const { request, token } = await book(pro, service.id);
    await callAction(requestsAction, { db, as: pro, path: "/solicitacoes", form: { intent: "deposit-received", id: request.id } }).catch((t: unknown) => t);
    await callAction(requestsAction, { db, as: pro, path: "/solicitacoes", form: { intent: "decline", id: request.id, date: request.date, time: "10:00" } }).catch((t: unknown) => t);
    const page = await statusPage(token);
    expect(page.text).toContain("Solicitação recusada");
    expect(page.text).toMatch(new RegExp(`O sinal de ${R15_RE} foi pago direto a Paula Reis \\w+: fale com Paula Reis \\w+ sobre a devolução\\.`));
  });
});

describe("the customer's cancel question (finding 14)", () => {
  it("opens where it was asked and says what becomes of the deposit", async () => {
    const { pro, service } = await professional("mercadopago");
    const { request, token } = await book(pro, service.id);
    await deliver(await standIn.pay(request.paymentId!));
    // 'Cancelar agendamento' lands on the question itself (a fragment: with JavaScript or without).
    const before = await statusPage(token);
    expect(before.html).toMatch(/href="[^"]*\?cancelar=1#cancelar"[^>]*>Cancelar agendamento</);
    const asked = await statusPage(token, "?cancelar=1");
    expect(asked.html).toMatch(/<form[^>]*id="cancelar"/);
    expect(asked.text).toContain(`O sinal de ${R15} que você pagou será devolvido pelo Pix.`);
    expect(asked.text).toContain("Sim, cancelar");
  });

  it("a deposit to the professional's key, not yet marked: whom to talk to if it was paid", async () => {
    const { pro, service } = await professional("pix-key");
    const { token } = await book(pro, service.id);
    const asked = await statusPage(token, "?cancelar=1");
    expect(asked.text).toMatch(new RegExp(`Se você já pagou o sinal de ${R15_RE}, fale com Paula Reis \\w+ sobre a devolução\\.`));
  });
});

describe("the e-mails carry the deposit (finding 17)", () => {
  it("the first e-mail of a Pix booking has its code and its deadline; the confirmations to both sides the amount paid", async () => {
    const { pro, service } = await professional("mercadopago");
    const { request } = await book(pro, service.id);
    const first = (await mail("request-received", "maria@example.com"))!;
    const due = nowInZone(ZONE, request.depositDueAt!);
    expect(first.text).toContain(request.paymentQrCode!);
    expect(first.text).toContain(`Pague o sinal de ${R15} pelo Pix até hoje às ${minutesToTime(due.minute)}`);
    expect(first.text).not.toContain("Avisaremos por e-mail quando for respondida");

    const delivery = await standIn.pay(request.paymentId!);
    await deliver(delivery);
    expect((await mail("request-accepted", "maria@example.com"))!.text).toContain(`Sinal pago: ${R15} via Pix.`);
    expect((await mail("deposit-paid", pro.email))!.text).toMatch(new RegExp(`Sinal pago — ${R15_RE} via Pix às \\d\\d:\\d\\d`));
  });

  it("with the professional's own key: the code and the time it must be paid by", async () => {
    const { pro, service } = await professional("pix-key", { depositReleaseMinutes: 120 });
    const { request, token } = await book(pro, service.id);
    const first = (await mail("request-received", "maria@example.com"))!;
    const code = (await statusPage(token)).data.deposit!.pix as { payload: string };
    expect(first.text).toContain(code.payload);
    const due = nowInZone(ZONE, request.depositDueAt!);
    expect(first.text).toMatch(new RegExp(`Pague o sinal de ${R15_RE} pelo Pix até (hoje|amanhã) às ${minutesToTime(due.minute)}`));
    expect((await db.select().from(emailOutbox).where(eq(emailOutbox.to, pro.email)))[0]!.text).toContain(`Sinal pendente — ${R15}`);

    // Received and accepted in one tap: the confirmation says it was paid.
    const context = await userContextFor(db, pro);
    await callAction(requestsAction, { context, path: "/solicitacoes", form: { intent: "deposit-received-accept", id: request.id, date: request.date, time: "10:00" } }).catch((t: unknown) => t);
    await settleBackground(context);
    expect((await mail("request-accepted", "maria@example.com"))!.text).toContain(`Sinal pago: ${R15} via Pix.`);
  });

  it("a cancel tells the refund: the professional's e-mail when the customer cancels, the customer's when the business does", async () => {
    const { pro, service } = await professional("mercadopago");
    const { request, token } = await book(pro, service.id);
    await deliver(await standIn.pay(request.paymentId!));
    await callAction(statusAction, { db, params: { token }, path: `/agendamento/reserva/${token}`, form: { intent: "cancel" } }).catch((t: unknown) => t);
    const told = (await db.select().from(emailOutbox).where(and(eq(emailOutbox.to, pro.email), eq(emailOutbox.subject, `Cancelado pelo cliente: Maria Clara, ${formatDate(request.date, true)} às 10:00`))))[0]!;
    expect(told.text).toContain(`Sinal pago — ${R15}: devolvido ao cliente automaticamente pelo Mercado Pago; não é preciso fazer nada.`);

    const second = await book(pro, service.id, { name: "Joana Lima", email: "joana@example.com", horario: "14:00" });
    await deliver(await standIn.pay(second.request.paymentId!));
    const [appointment] = await db.select().from(appointments).where(eq(appointments.bookingRequestId, second.request.id));
    await callAction(agendaAction, { db, as: pro, path: "/agenda", form: { intent: "cancel", id: appointment!.id, avisar: "1" } }).catch((t: unknown) => t);
    expect((await mail("change-cancel", "joana@example.com"))!.text).toContain(`O sinal de ${R15} que você pagou será devolvido pelo Pix em alguns minutos.`);
  });
});

describe("'Devolver sinal' in Solicitações (finding 19)", () => {
  it("is an action beside the state; for a Mercado Pago payment the app gives it back itself and the customer is told", async () => {
    const { pro, service } = await professional("mercadopago");
    const { request, token } = await book(pro, service.id);
    await deliver(await standIn.pay(request.paymentId!));
    const list = await callLoader(requestsLoader, { db, as: pro, path: "/solicitacoes" });
    const html = renderRoute(BookingRequests, "/solicitacoes", list);
    expect(html).toMatch(/<a[^>]*>Devolver sinal<\/a>/);
    expect(html).not.toMatch(/<a[^>]*>Sinal devolvido<\/a>/);

    const asked = await callLoader(requestsLoader, { db, as: pro, path: `/solicitacoes?devolver-sinal=${request.id}` });
    const dialog = visibleText(renderRoute(BookingRequests, `/solicitacoes?devolver-sinal=${request.id}`, asked));
    expect(dialog).toContain(`${R15} voltam para Maria Clara pelo Mercado Pago, para a conta que pagou.`);
    expect(dialog).not.toContain("Faça a devolução pelo seu banco");

    const context = await userContextFor(db, pro);
    const res = await callAction(requestsAction, { context, path: "/solicitacoes", form: { intent: "deposit-refunded", id: request.id } }).catch((t: unknown) => t);
    await settleBackground(context);
    await expect(res).toSendToast({ title: "Sinal devolvido", description: `${R15} voltam para Maria Clara pelo Mercado Pago.` });
    expect(standIn.requests.filter((r) => r.path === `/v1/payments/${request.paymentId}/refunds`)).toHaveLength(1);
    expect(await row(request.id)).toMatchObject({ status: "accepted", depositRefundedAt: expect.any(Date), paymentRefundId: expect.any(String) });
    const refundMail = (await mail("deposit-refunded", "maria@example.com"))!;
    expect(refundMail.text).toContain("Seu horário continua marcado.");
    expect(refundMail.text).not.toContain("Escolha um novo horário");
    expect((await statusPage(token)).data.deposit).toMatchObject({ state: "refunded" });
  });

  it("paid to the professional's own key: the dialog says to give it back by the bank, and only records it", async () => {
    const { pro, service } = await professional("pix-key");
    const { request } = await book(pro, service.id);
    await callAction(requestsAction, { db, as: pro, path: "/solicitacoes", form: { intent: "deposit-received", id: request.id } }).catch((t: unknown) => t);
    const asked = await callLoader(requestsLoader, { db, as: pro, path: `/solicitacoes?devolver-sinal=${request.id}` });
    const dialog = visibleText(renderRoute(BookingRequests, `/solicitacoes?devolver-sinal=${request.id}`, asked));
    expect(dialog).toContain("Devolva o valor a Maria Clara pelo seu banco; o Agendo só registra a devolução.");
    const requestsBefore = standIn.requests.length;
    const res = await callAction(requestsAction, { db, as: pro, path: "/solicitacoes", form: { intent: "deposit-refunded", id: request.id } }).catch((t: unknown) => t);
    await expect(res).toSendToast({ title: "Sinal devolvido", description: "A devolução do sinal ficou registrada." });
    expect(standIn.requests.length).toBe(requestsBefore);
    expect((await row(request.id)).depositRefundedAt).toEqual(expect.any(Date));
  });
});
