// Issue 23, deposits that confirm themselves: a professional with Mercado Pago connected; the
// booking page says the deposit and its rule, asks the e-mail, holds the time 'Aguardando
// pagamento' and creates one Pix charge (idempotent); the signed webhook (read back, never
// trusted) confirms the booking once, however often or concurrently it arrives; a payment after the
// hold when the time was taken is given back and both sides told; a lost webhook is caught by
// the job; a cancellation gives the deposit back; 30 customers racing for one time make one
// charge. Everything against the local stand-in of Mercado Pago's documented contract.
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { appointments, bookingRequests, emailOutbox } from "../../db/schema";
import { action as bookAction, loader as bookLoader } from "../../app/routes/booking";
import { action as statusAction, loader as statusLoader } from "../../app/routes/booking-status";
import { action as agendaAction } from "../../app/routes/agenda";
import { saveConnection, validAccessToken } from "../../app/domain/payments/accounts.server";
import { mercadoPago } from "../../app/domain/payments/mercadopago.server";
import { refundOwedDeposits, startCharge } from "../../app/domain/payments/deposit-charges.server";
import { settleEndedHolds } from "../../app/domain/payments/settlement.server";
import type { Db } from "../../app/utils/db.server";
import { countingTrips, createTestDb, ORIGIN } from "../support/db";
import { dispatch } from "../support/dispatch";
import { createBookablePro, createProfessional, workingDay } from "../support/factories";
import { callAction, callLoader, locationOf } from "../support/routes";
import { envOverrides } from "../support/env";
import { mercadoPagoTestEnv } from "../support/mercadopago";
import { startMercadoPagoStandIn, type MercadoPagoStandIn, type WebhookDelivery } from "../support/mercadopago-stand-in";

const env = envOverrides();
let standIn: MercadoPagoStandIn;
let db: Db;
type Pro = Awaited<ReturnType<typeof createProfessional>>;
let pro: Pro;
let serviceId: string;
let date: string;

beforeAll(async () => {
  standIn = await startMercadoPagoStandIn();
});
afterAll(async () => {
  await standIn.close();
  env.restore();
});
beforeEach(async () => {
  env.set(mercadoPagoTestEnv(standIn.url));
  db = createTestDb();
  const bookable = await createBookablePro(db, { name: "Paula Reis", services: [{ name: "Mechas", priceCents: 20000, durationMinutes: 60, requiresDeposit: true, depositCents: 1500 }] });
  pro = bookable.pro;
  serviceId = bookable.service.id;
  date = workingDay(2);
  // Connected: a token the stand-in knows, stored sealed as the OAuth return stores it.
  const seller = String(100_000 + Math.floor(Math.random() * 1e6));
  const token = `APP_USR-${crypto.randomUUID()}`;
  standIn.accessTokens.set(token, seller);
  await saveConnection(db, pro.id, "mercadopago", { accessToken: token, refreshToken: `TG-${crypto.randomUUID()}`, expiresAt: new Date(Date.now() + 180 * 86_400_000), providerUserId: seller, publicKey: null, liveMode: false });
  standIn.requests.length = 0;
});
afterEach(() => db.$client.close());

const page = `/agendamento/`;
let phoneSeq = 0;
async function book(fields: Partial<Record<string, string>> = {}, clientAddress = "203.0.113.7", on: Db = db) {
  phoneSeq += 1;
  const form = { servico: serviceId, data: date, horario: "10:00", name: "Maria Clara", phone: `(11) 9${String(80_000_000 + phoneSeq).slice(0, 8)}`, email: "maria@example.com", notes: "", ...fields };
  return callAction(bookAction, { db: on, path: `${page}${pro.bookingSlug}`, params: { slug: pro.bookingSlug }, form: form as Record<string, string>, clientAddress }).catch((thrown: unknown) => thrown);
}
const tokenOf = (res: unknown) => locationOf(res).split("/")[3]!.split("?")[0]!;
const requestRow = async () => (await db.select().from(bookingRequests).where(eq(bookingRequests.professionalId, pro.id)))[0]!;
const statusPage = async (token: string) => (await callLoader(statusLoader, { db, params: { token } })).data;
/** The stand-in's notification (it could not reach the app: no server here), delivered in-process. */
const deliver = (d: WebhookDelivery) => {
  const url = new URL(d.url);
  return dispatch(db, new Request(`${ORIGIN}${url.pathname}${url.search}`, { method: "POST", headers: d.headers, body: d.body }));
};
const outcome = async (d: WebhookDelivery) => ((await deliver(d)).value as Response).json() as Promise<{ booking?: string }>;

describe("a deposit charged online", () => {
  it("is said before anything is asked, needs the e-mail, holds the time with one charge, and confirms itself when paid, once", async () => {
    const step3 = await callLoader(bookLoader, { db, params: { slug: pro.bookingSlug }, path: `${page}${pro.bookingSlug}?servico=${serviceId}&data=${date}&horario=10:00` });
    expect(step3.data.deposit).toEqual({ online: true, rule: "Devolvido se você cancelar até 2 horas antes; depois disso, fica com o profissional." });
    expect(await book({ email: "" })).toMatchObject({ init: { status: 400 }, data: { field: "email", message: "Informe seu e-mail para pagar o sinal, como nome@exemplo.com." } });
    expect(await db.select().from(bookingRequests)).toEqual([]);

    // The POST: the page's read, the claim with the payment account read beside it, the charge
    // (one call to the provider) and its code stored — within its round trips.
    const counted = countingTrips(db);
    const atCharge: number[] = [];
    const original = mercadoPago.createPixCharge.bind(mercadoPago);
    const spy = vi.spyOn(mercadoPago, "createPixCharge").mockImplementation((...args) => {
      atCharge.push(counted.trips.count);
      return original(...args);
    });
    const token = tokenOf(await book({}, "203.0.113.7", counted.db));
    spy.mockRestore();
    // Before the provider's call: the page's batch, then the claim and the account read side by side.
    expect(atCharge).toEqual([3]);
    const held = await requestRow();
    expect(held).toMatchObject({ status: "pending", paymentProvider: "mercadopago", paymentId: expect.any(String), paymentQrCode: expect.stringMatching(/^000201/) });
    // Held as long as its Pix code lives: 'Tempo para pagar', at least Mercado Pago's 30 minutes (decision 1030).
    expect((held.depositDueAt!.getTime() - held.createdAt.getTime()) / 60_000).toBeGreaterThanOrEqual(30);
    expect((held.depositDueAt!.getTime() - held.createdAt.getTime()) / 60_000).toBeLessThanOrEqual(33);
    const charges = standIn.requests.filter((r) => r.path === "/v1/payments");
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ idempotencyKey: held.id, body: { transaction_amount: 15, payment_method_id: "pix", external_reference: held.id, payer: { email: "maria@example.com" } } });
    // Nobody else gets the time while it is held; the professional hears of it only once paid.
    expect(await book({ name: "Outra Pessoa" }, "198.51.100.9")).toMatchObject({ init: { status: 409 } });
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "deposit-paid"))).toEqual([]);
    const waiting = await statusPage(token);
    expect(waiting.deposit).toMatchObject({ state: "awaiting", label: "Aguardando pagamento", pix: { payload: held.paymentQrCode }, payBy: expect.stringMatching(/^\d\d:\d\d$/) });
    expect(waiting.promise).toBeNull();

    // A retry of the charge (the same key) never makes a second one.
    expect(await startCharge(db, held, { access: (await validAccessToken(db, pro.id))!, professional: "Paula", now: new Date() })).toBe(true);
    expect([...standIn.payments.values()].filter((p) => p.external_reference === held.id)).toHaveLength(1);

    // Paid: the signed notification, delivered twice at once and once more, confirms it once.
    const delivery = await standIn.pay(held.paymentId!);
    const answers = await Promise.all([outcome(delivery), outcome(delivery)]);
    expect(answers.map((a) => a.booking).sort()).toEqual(["already", "confirmed"]);
    expect((await outcome(delivery)).booking).toBe("already");
    const paid = await requestRow();
    expect(paid).toMatchObject({ status: "accepted", depositMethod: "pix", depositReceivedAt: expect.any(Date), depositRefundedAt: null });
    expect(await db.select({ status: appointments.status }).from(appointments).where(eq(appointments.bookingRequestId, held.id))).toEqual([{ status: "confirmed" }]);
    expect((await statusPage(token)).deposit).toMatchObject({ state: "received", label: "Sinal pago ✓ — R$\u00a015,00" });
    expect(await db.select({ to: emailOutbox.to }).from(emailOutbox).where(eq(emailOutbox.kind, "deposit-paid"))).toEqual([{ to: pro.email }]);

    // Cancelled by the customer (before the cut-off): given back at once, the page says so.
    const cancelled = await callAction(statusAction, { db, params: { token }, path: `/agendamento/reserva/${token}`, form: { intent: "cancel" } }).catch((t: unknown) => t);
    await expect(cancelled).toSendToast({ title: "Agendamento cancelado", description: "O horário foi liberado e o sinal de R$\u00a015,00 será devolvido pelo Pix." });
    expect(standIn.requests.filter((r) => r.path === `/v1/payments/${held.paymentId}/refunds`)).toHaveLength(1);
    expect((await statusPage(token)).deposit).toMatchObject({ state: "refunded" });
    expect((await refundOwedDeposits(db, new Date())).refunded).toBe(0);
  });

  it("paid after its hold ended and the time was taken: given back automatically, both sides told; a lost webhook is caught by the job", async () => {
    const first = tokenOf(await book());
    const late = await requestRow();
    // The hold ends unpaid; another customer takes the time.
    await db.update(bookingRequests).set({ depositDueAt: new Date(Date.now() - 60_000) }).where(eq(bookingRequests.id, late.id));
    expect((await statusPage(first)).deposit).toMatchObject({ label: "O prazo para pagar terminou", payTimeOver: true });
    expect(locationOf(await book({ name: "Joana Lima", email: "joana@example.com" }, "198.51.100.20"))).toMatch(/^\/agendamento\/reserva\//);

    // Paid now, and its notification lost (the stand-in cannot reach the app): the job asks once.
    await standIn.pay(late.paymentId!);
    expect(await settleEndedHolds(db, new Date())).toBe(1);
    const after = (await db.select().from(bookingRequests).where(eq(bookingRequests.id, late.id)))[0]!;
    expect(after).toMatchObject({ depositReceivedAt: expect.any(Date), depositRefundedAt: expect.any(Date), paymentRefundId: expect.any(String) });
    expect(after.status).not.toBe("accepted");
    expect(standIn.requests.filter((r) => r.path === `/v1/payments/${late.paymentId}/refunds`)).toHaveLength(1);
    const told = await db.select({ kind: emailOutbox.kind, to: emailOutbox.to }).from(emailOutbox).where(and(eq(emailOutbox.professionalId, pro.id)));
    expect(told).toEqual(expect.arrayContaining([{ kind: "deposit-refunded", to: "maria@example.com" }, { kind: "deposit-refunded-pro", to: pro.email }]));
    expect((await statusPage(first)).deposit).toMatchObject({ state: "refunded" });
    // The other customer's booking stands, untouched.
    expect(await db.select({ n: bookingRequests.customerName }).from(bookingRequests).where(and(eq(bookingRequests.professionalId, pro.id), eq(bookingRequests.status, "pending")))).toEqual([{ n: "Joana Lima" }]);
  });

  it("cancelled by the professional after it was paid: always given back, by the job's next run", async () => {
    const token = tokenOf(await book());
    const held = await requestRow();
    expect((await outcome(await standIn.pay(held.paymentId!))).booking).toBe("confirmed");
    const [appointment] = await db.select().from(appointments).where(eq(appointments.bookingRequestId, held.id));
    await callAction(agendaAction, { db, as: pro, path: "/agenda", form: { intent: "cancel", id: appointment!.id } }).catch((t: unknown) => t);
    expect((await db.select({ s: appointments.status }).from(appointments).where(eq(appointments.id, appointment!.id)))[0]!.s).toBe("cancelled");
    expect((await refundOwedDeposits(db, new Date())).refunded).toBe(1);
    expect((await statusPage(token)).deposit).toMatchObject({ state: "refunded", label: "Sinal devolvido — R$\u00a015,00" });
    expect((await refundOwedDeposits(db, new Date())).refunded).toBe(0);
  });

  it("a payment for another amount, or another professional's, changes nothing", async () => {
    await book();
    const held = await requestRow();
    const payment = standIn.payments.get(Number(held.paymentId))!;
    payment.transaction_amount = 1;
    expect((await outcome(await standIn.pay(held.paymentId!))).booking).toBe("ignored");
    expect(await requestRow()).toMatchObject({ status: "pending", depositReceivedAt: null });
  });

  it("30 customers racing for one time: one time held, one charge", async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => book({ name: `Cliente ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}` }, `203.0.113.${i + 10}`)));
    expect(answers.filter((a) => a instanceof Response && a.status === 302)).toHaveLength(1);
    expect(await db.select().from(bookingRequests)).toHaveLength(1);
    expect(standIn.requests.filter((r) => r.path === "/v1/payments")).toHaveLength(1);
  });

  it("without the server's configuration, the static Pix of today, unchanged", async () => {
    env.set({ MERCADOPAGO_CLIENT_ID: undefined });
    const token = tokenOf(await book({ email: "" }));
    expect(await requestRow()).toMatchObject({ paymentProvider: null, paymentId: null });
    expect((await statusPage(token)).deposit).toMatchObject({ state: "pending", label: "Sinal pendente — R$\u00a015,00" });
    expect(standIn.requests).toEqual([]);
  });
});
