// Issue 32, how a deposit charged online settles (findings 6, 7, 11, 13, 22): 'Pague até' is the
// Pix code's own deadline and says both rules; a payment after it is given back, never a booking
// brought back to life; 'Aceitar' before the payment confirms the booking and keeps the deposit
// asked; a deposit marked by hand and then paid by Pix gives the Pix back and says so; a payment
// in another currency changes nothing; one Mercado Pago account connected by two professionals
// settles each one's charges. Against the local stand-in of Mercado Pago's documented contract.
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { appointments, bookingRequests, emailOutbox, profiles } from "../../db/schema";
import { action as bookAction } from "../../app/routes/booking";
import { action as statusAction, loader as statusLoader } from "../../app/routes/booking-status";
import { action as requestsAction } from "../../app/routes/booking-requests";
import { saveConnection } from "../../app/domain/payments/accounts.server";
import { refundOwedDeposits } from "../../app/domain/payments/deposit-charges.server";
import { settleEndedHolds } from "../../app/domain/payments/settlement.server";
import { minutesToTime, nowInZone } from "../../app/domain/dates";
import type { Db } from "../../app/utils/db.server";
import { createTestDb, ORIGIN } from "../support/db";
import { dispatch } from "../support/dispatch";
import { createBookablePro, createProfessional, workingDay } from "../support/factories";
import { callAction, callLoader, locationOf } from "../support/routes";
import { envOverrides } from "../support/env";
import { mercadoPagoTestEnv } from "../support/mercadopago";
import { startMercadoPagoStandIn, type MercadoPagoStandIn, type WebhookDelivery } from "../support/mercadopago-stand-in";

const ZONE = "America/Sao_Paulo";
const env = envOverrides();
let standIn: MercadoPagoStandIn;
let db: Db;
type Pro = Awaited<ReturnType<typeof createProfessional>>;
let date: string;

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
  date = workingDay(2);
});
afterEach(() => db.$client.close());

/** A professional whose 'Mechas' asks R$ 15,00, connected to the Mercado Pago account `seller`. */
async function connectedPro(seller = String(100_000 + Math.floor(Math.random() * 1e6)), name = `Paula ${crypto.randomUUID().slice(0, 4)}`) {
  const { pro, service } = await createBookablePro(db, { name, services: [{ name: "Mechas", priceCents: 20000, durationMinutes: 60, requiresDeposit: true, depositCents: 1500 }] });
  const token = `APP_USR-${crypto.randomUUID()}`;
  standIn.accessTokens.set(token, seller);
  await saveConnection(db, pro.id, "mercadopago", { accessToken: token, refreshToken: `TG-${crypto.randomUUID()}`, expiresAt: new Date(Date.now() + 180 * 86_400_000), providerUserId: seller, publicKey: null, liveMode: false });
  return { pro, serviceId: service.id, seller };
}

let phoneSeq = 0;
/** A booking of `pro`'s deposit service; its request row and the token of the customer's link. */
async function book(pro: Pro, serviceId: string, time = "10:00") {
  phoneSeq += 1;
  const form = { servico: serviceId, data: date, horario: time, name: "Maria Clara", phone: `(11) 9${String(70_000_000 + phoneSeq).slice(0, 8)}`, email: "maria@example.com", notes: "" };
  const res = await callAction(bookAction, { db, path: `/agendamento/${pro.bookingSlug}`, params: { slug: pro.bookingSlug }, form, clientAddress: `203.0.113.${phoneSeq % 200}` }).catch((t: unknown) => t);
  const token = locationOf(res).split("/")[3]!.split("?")[0]!;
  const [request] = await db.select().from(bookingRequests).where(and(eq(bookingRequests.professionalId, pro.id), eq(bookingRequests.startMinute, Number(time.slice(0, 2)) * 60)));
  return { request: request!, token };
}

const rowOf = async (id: string) => (await db.select().from(bookingRequests).where(eq(bookingRequests.id, id)))[0]!;
const statusPage = async (token: string) => (await callLoader(statusLoader, { db, params: { token } })).data;
const hhmm = (at: Date) => minutesToTime(nowInZone(ZONE, at).minute);
/** The stand-in's notification (it cannot reach the app: no server here), delivered in-process. */
async function deliver(d: WebhookDelivery) {
  const url = new URL(d.url);
  const res = (await dispatch(db, new Request(`${ORIGIN}${url.pathname}${url.search}`, { method: "POST", headers: d.headers, body: d.body }))).value as Response;
  return (await res.json()) as { outcome?: string; booking?: string };
}
const emailsOf = async (id: string) =>
  (await db.select({ kind: emailOutbox.kind, to: emailOutbox.to, text: emailOutbox.text, dedupeKey: emailOutbox.dedupeKey }).from(emailOutbox)).filter((e) => e.dedupeKey?.endsWith(id));
const refundsOf = (paymentId: string) => standIn.requests.filter((r) => r.path === `/v1/payments/${paymentId}/refunds`);
const answer = (pro: Pro, form: Record<string, string>) => callAction(requestsAction, { db, as: pro, path: "/solicitacoes", form }).catch((t: unknown) => t);

describe("'Pague até' is the Pix code's own deadline (finding 13)", () => {
  it("the charge expires when the time stops being held, at least Mercado Pago's 30 minutes, and the page says both rules before paying", async () => {
    const { pro, serviceId } = await connectedPro();
    // A 'Tempo para pagar' saved before Mercado Pago's minimum was respected.
    await db.update(profiles).set({ paymentHoldMinutes: 15 }).where(eq(profiles.userId, pro.id));
    const { request, token } = await book(pro, serviceId);
    const charge = standIn.requests.find((r) => r.path === "/v1/payments" && r.idempotencyKey === request.id)!;
    const expiry = new Date(String(charge.body.date_of_expiration));
    // One deadline: the hold ends when the code stops working, never before.
    expect(request.depositDueAt!.getTime()).toBe(expiry.getTime());
    expect(expiry.getTime() - request.createdAt.getTime()).toBeGreaterThanOrEqual(30 * 60_000);
    expect(expiry.getTime() - request.createdAt.getTime()).toBeLessThanOrEqual(33 * 60_000);
    const page = await statusPage(token);
    expect(page.deposit).toMatchObject({
      state: "awaiting",
      payBy: hhmm(expiry),
      payRule: "Depois desse horário o horário é liberado e um pagamento feito depois é devolvido.",
    });
  });

  it("paid after 'Pague até' with the time still free: given back, the booking is not brought back to life", async () => {
    const { pro, serviceId } = await connectedPro();
    const { request, token } = await book(pro, serviceId);
    // The deadline passes unpaid; the job frees the time and tells the customer it expired.
    await db.update(bookingRequests).set({ depositDueAt: new Date(Date.now() - 60_000) }).where(eq(bookingRequests.id, request.id));
    await db.update(bookingRequests).set({ status: "expired" }).where(eq(bookingRequests.id, request.id));
    // Then paid (the stand-in's code lives a little longer here), and the notification arrives.
    expect((await deliver(await standIn.pay(request.paymentId!))).booking).toBe("refunded");
    const after = await rowOf(request.id);
    expect(after).toMatchObject({ status: "expired", depositRefundedAt: expect.any(Date), paymentRefundId: expect.any(String) });
    expect(await db.select().from(appointments).where(eq(appointments.bookingRequestId, request.id))).toEqual([]);
    expect(refundsOf(request.paymentId!)).toHaveLength(1);
    expect((await emailsOf(request.id)).map((e) => e.kind).filter((k) => k?.startsWith("deposit")).sort()).toEqual(["deposit-refunded", "deposit-refunded-pro"]);
    expect((await statusPage(token)).status).toBe("expired");
  });
});

describe("'Aceitar' before the Pix is paid (finding 22)", () => {
  it("confirms the booking and keeps the deposit asked: one state while its code lasts, after it, and once paid (never given back)", async () => {
    const { pro, serviceId } = await connectedPro();
    const { request, token } = await book(pro, serviceId);
    await expect(await answer(pro, { intent: "accept", id: request.id })).toSendToast({
      title: "Solicitação aceita",
      description: `O agendamento foi confirmado. O sinal continua pendente: o cliente ainda pode pagá-lo pelo Pix até ${hhmm(request.depositDueAt!)}.`,
    });

    const confirmed = await statusPage(token);
    expect(confirmed.status).toBe("accepted");
    // Confirmed, with its deposit to pay: not 'Aguardando pagamento' nor the rule that frees the time.
    expect(confirmed.deposit).toMatchObject({
      label: "Sinal pendente",
      payBy: hhmm(request.depositDueAt!),
      payRule: "Seu horário já está confirmado. Pague o sinal pelo Pix até esse horário.",
      pix: { payload: request.paymentQrCode },
      payTimeOver: false,
    });

    // Paid while its code lasts: received, the booking stays confirmed, nothing given back.
    expect((await deliver(await standIn.pay(request.paymentId!))).booking).toBe("confirmed");
    expect(await rowOf(request.id)).toMatchObject({ status: "accepted", depositReceivedAt: expect.any(Date), depositRefundedAt: null, paymentRefundId: null });
    expect(refundsOf(request.paymentId!)).toEqual([]);
    expect((await statusPage(token)).deposit).toMatchObject({ state: "received", label: "Sinal pago ✓ — R$\u00a015,00" });
  });

  it("its code over unpaid: the deposit stays on the page, pending, paid as any deposit not charged online", async () => {
    const { pro, serviceId } = await connectedPro();
    await db.update(profiles).set({ pixKey: "paula@example.com" }).where(eq(profiles.userId, pro.id));
    const { request, token } = await book(pro, serviceId);
    await answer(pro, { intent: "accept", id: request.id });
    await db.update(bookingRequests).set({ depositDueAt: new Date(Date.now() - 60_000) }).where(eq(bookingRequests.id, request.id));
    const page = await statusPage(token);
    expect(page.status).toBe("accepted");
    expect(page.deposit).toMatchObject({ state: "pending", label: "Sinal pendente — R$\u00a015,00", payBy: null, pix: { payload: expect.stringMatching(/^000201/) } });
  });

  it("paid with its notification lost: the job's look after the code's end takes it as the deposit", async () => {
    const { pro, serviceId } = await connectedPro();
    const { request } = await book(pro, serviceId);
    await answer(pro, { intent: "accept", id: request.id });
    await standIn.pay(request.paymentId!);
    expect(await settleEndedHolds(db, new Date(request.depositDueAt!.getTime() + 60_000))).toBe(1);
    expect(await rowOf(request.id)).toMatchObject({ status: "accepted", depositReceivedAt: expect.any(Date), paymentRefundId: null });
  });

  it("a customer who cancels before paying sees no code to pay", async () => {
    const { pro, serviceId } = await connectedPro();
    const { token } = await book(pro, serviceId);
    await callAction(statusAction, { db, params: { token }, path: `/agendamento/reserva/${token}`, form: { intent: "cancel" } }).catch((t: unknown) => t);
    const page = await statusPage(token);
    expect(page.status).toBe("cancelled");
    expect(page.deposit).toBeNull();
  });
});

describe("a deposit marked by hand and a Pix (finding 7)", () => {
  it("marked 'Sinal recebido' and then paid by Pix: the Pix is given back, the customer told, and the booking confirmed", async () => {
    const { pro, serviceId } = await connectedPro();
    const { request, token } = await book(pro, serviceId);
    await expect(await answer(pro, { intent: "deposit-received", id: request.id, method: "cash" })).toSendToast({ title: "Sinal recebido" });
    expect((await deliver(await standIn.pay(request.paymentId!))).booking).toBe("refunded");
    const after = await rowOf(request.id);
    // The deposit is the one received by hand; the Pix went back.
    expect(after).toMatchObject({ status: "accepted", depositMethod: "cash", depositRefundedAt: null, paymentRefundId: expect.any(String) });
    expect(refundsOf(request.paymentId!)).toHaveLength(1);
    const told = (await emailsOf(request.id)).find((e) => e.kind === "deposit-refunded")!;
    expect(told.to).toBe("maria@example.com");
    expect(told.text).toContain("já tinha sido recebido");
    expect((await statusPage(token)).status).toBe("accepted");
    // Once: the notification again changes nothing, and a cancellation owes nothing more online.
    expect((await deliver(await standIn.pay(request.paymentId!))).booking).toBe("already");
    expect(refundsOf(request.paymentId!)).toHaveLength(1);
  });

  it("marked by hand after the Pix was paid (its notification not yet in): recorded as the Pix, nothing given back", async () => {
    const { pro, serviceId } = await connectedPro();
    const { request } = await book(pro, serviceId);
    const payment = standIn.payments.get(Number(request.paymentId))!;
    Object.assign(payment, { status: "approved", status_detail: "accredited", date_approved: new Date().toISOString() });
    await expect(await answer(pro, { intent: "deposit-received", id: request.id, method: "pix" })).toSendToast({ title: "Sinal já pago pelo Pix" });
    expect(await rowOf(request.id)).toMatchObject({ status: "accepted", depositMethod: "pix", depositRefundedAt: null, paymentRefundId: null });
    expect(refundsOf(request.paymentId!)).toEqual([]);
  });

  it("received in cash and the booking cancelled: nothing to give back through Mercado Pago (no refund tried)", async () => {
    const { pro, serviceId } = await connectedPro();
    const { request } = await book(pro, serviceId);
    await answer(pro, { intent: "deposit-received-accept", id: request.id, method: "cash" });
    const [appointment] = await db.select().from(appointments).where(eq(appointments.bookingRequestId, request.id));
    await db.update(appointments).set({ status: "cancelled" }).where(eq(appointments.id, appointment!.id));
    expect(await refundOwedDeposits(db, new Date())).toEqual({ refunded: 0, emails: [] });
    expect(refundsOf(request.paymentId!)).toEqual([]);
  });
});

describe("what a notification is matched by", () => {
  it("a payment in another currency, of the same amount, confirms nothing (finding 11)", async () => {
    const { pro, serviceId } = await connectedPro();
    const { request } = await book(pro, serviceId);
    standIn.payments.get(Number(request.paymentId))!.currency_id = "ARS";
    expect((await deliver(await standIn.pay(request.paymentId!))).booking).toBe("ignored");
    expect(await rowOf(request.id)).toMatchObject({ status: "pending", depositReceivedAt: null });
    expect(await settleEndedHolds(db, new Date(Date.now() + 60 * 60_000))).toBe(0);
  });

  it("one Mercado Pago account connected by two professionals: each one's paid booking is confirmed (finding 6)", async () => {
    const owner = await connectedPro(undefined, "Ana Lima");
    const member = await connectedPro(owner.seller, "Bia Souza");
    const first = await book(owner.pro, owner.serviceId, "10:00");
    const second = await book(member.pro, member.serviceId, "11:00");
    expect((await deliver(await standIn.pay(second.request.paymentId!))).booking).toBe("confirmed");
    expect((await deliver(await standIn.pay(first.request.paymentId!))).booking).toBe("confirmed");
    for (const { request } of [first, second]) {
      expect(await rowOf(request.id)).toMatchObject({ status: "accepted", depositReceivedAt: expect.any(Date) });
    }
    expect(await db.select({ userId: appointments.userId }).from(appointments).where(eq(appointments.bookingRequestId, second.request.id))).toEqual([{ userId: member.pro.id }]);
  });
});
