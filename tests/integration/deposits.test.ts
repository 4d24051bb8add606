// Deposits marked ('Sinal'): the state a booking's deposit shows in Solicitações and on the
// customer's status page, 'Sinal recebido e aceitar' in one tap, 'Sinal devolvido', another
// professional's request, two marks at once, and 'Sinal não pago em … libera o horário' through
// the booking page and the scheduled job (fake clock).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appointments, bookingRequests, emailOutbox, profiles } from "../../db/schema";
import { action as bookAction } from "../../app/routes/booking";
import { loader as statusLoader } from "../../app/routes/booking-status";
import { action as requestsAction, loader as requestsLoader } from "../../app/routes/booking-requests";
import { loader as agendaLoader } from "../../app/routes/agenda";
import { loader as clientsLoader } from "../../app/routes/clients";
import { runJob } from "../../app/jobs/job.server";
import { formatMoney } from "../../app/domain/money";
import { minutesToTime, nowInZone } from "../../app/domain/dates";
import type { EmailMessage } from "../../app/utils/email.server";
import type { Db } from "../../app/utils/db.server";
import { createTestDb, statusOf } from "../support/db";
import { createBookablePro, createBookingRequest, createProfessional, workingDay } from "../support/factories";
import { callAction, callLoader, locationOf } from "../support/routes";

const ZONE = "America/Sao_Paulo";
const R15 = formatMoney(1500);
type Pro = Awaited<ReturnType<typeof createProfessional>>;


const MECHAS = [{ name: "Mechas", priceCents: 20000, durationMinutes: 60, requiresDeposit: true, depositCents: 1500 }];

/** A professional whose 'Mechas' asks a R$ 15,00 deposit, with `rules` on the profile. */
function setup(db: Db, rules: Partial<typeof profiles.$inferInsert> = {}) {
  return createBookablePro(db, { services: MECHAS, profile: { pixKey: "paula@example.com", ...rules } });
}

/** A booking from the page; its request and the token of the customer's link. */
async function book(db: Db, pro: Pro, serviceId: string, date: string, time = "10:00") {
  const res = await callAction(bookAction, {
    db,
    path: `/agendamento/${pro.bookingSlug}`,
    params: { slug: pro.bookingSlug },
    form: { servico: serviceId, data: date, horario: time, name: "Maria Clara", phone: "(11) 98888-7777", notes: "" },
  }).catch((thrown: unknown) => thrown);
  const token = locationOf(res).split("/")[3]!.split("?")[0]!;
  const [request] = await db.select().from(bookingRequests).where(eq(bookingRequests.professionalId, pro.id));
  return { request: request!, token };
}

const post = (db: Db, as: Pro, form: Record<string, string>) =>
  callAction(requestsAction, { db, as, path: "/solicitacoes", form }).catch((thrown: unknown) => thrown);
const requestsPage = (db: Db, as: Pro, path = "/solicitacoes") => callLoader(requestsLoader, { db, as, path });
const statusPage = async (db: Db, token: string) => (await callLoader(statusLoader, { db, params: { token } })).data;
const row = async (db: Db, id: string) => (await db.select().from(bookingRequests).where(eq(bookingRequests.id, id)))[0]!;
const hhmm = (at: Date) => minutesToTime(nowInZone(ZONE, at).minute);

describe("a booking's deposit", () => {
  it("is pending, then received and accepted in one tap, then given back; every screen says so", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const date = workingDay();
    const { request, token } = await book(db, pro, service.id, date);
    expect(request).toMatchObject({ depositCents: 1500, depositDueAt: null, depositReceivedAt: null });
    expect((await requestsPage(db, pro)).pending[0]?.deposit?.label).toBe(`Sinal pendente — ${R15}`);
    expect((await statusPage(db, token)).deposit).toMatchObject({ state: "pending", label: `Sinal pendente — ${R15}`, dueBy: null });

    // One tap: Pix is the method when none is chosen; the request becomes the appointment.
    const tapped = await post(db, pro, { intent: "deposit-received-accept", id: request.id, date, time: "10:00" });
    await expect(tapped).toSendToast({ title: "Sinal recebido e solicitação aceita" });
    const received = await row(db, request.id);
    expect(received).toMatchObject({ status: "accepted", depositMethod: "pix" });
    const label = `Sinal recebido — ${R15} via Pix às ${hhmm(received.depositReceivedAt!)}`;
    const [appointment] = await db.select().from(appointments).where(eq(appointments.bookingRequestId, request.id));
    expect(appointment?.status).toBe("confirmed");
    expect((await requestsPage(db, pro)).recent[0]?.deposit?.label).toBe(label);
    // The appointment reads its request's deposit: the agenda's detail and the client card.
    const agenda = await callLoader(agendaLoader, { db, as: pro, path: `/agenda?vista=dia&data=${date}&ver=${appointment!.id}` });
    expect(agenda.mode === "calendar" && agenda.calendar.detail?.deposit).toMatchObject({ requestId: request.id, view: { state: "received", label } });
    // ...its block in the day and its row in the Lista.
    expect(agenda.mode === "calendar" && agenda.calendar.days[0]!.appointments[0]!.deposit).toMatchObject({ state: "received", label });
    const list = await callLoader(agendaLoader, { db, as: pro, path: `/agenda?vista=lista&periodo=customizado&de=${date}&ate=${date}` });
    expect(list.mode === "list" && list.list.rows[0]!.deposit).toMatchObject({ state: "received", label });
    const card = await callLoader(clientsLoader, { db, as: pro, path: `/clientes?ver=${appointment!.clientId}` });
    expect("card" in card && card.card?.next?.deposit?.label).toBe(label);
    const status = await statusPage(db, token);
    expect(status.status).toBe("accepted");
    expect(status.deposit).toMatchObject({ state: "received", label, pix: null });

    // 'Sinal devolvido' asks first (?devolver-sinal=), then is stored once.
    expect((await requestsPage(db, pro, `/solicitacoes?devolver-sinal=${request.id}`)).refund).toEqual({ id: request.id, customerName: "Maria Clara", amount: R15, way: "bank" });
    await expect(await post(db, pro, { intent: "deposit-refunded", id: request.id })).toSendToast({ title: "Sinal devolvido" });
    await expect(await post(db, pro, { intent: "deposit-refunded", id: request.id })).toSendToast({ title: "Sinal já registrado" });
    expect((await statusPage(db, token)).deposit).toMatchObject({ state: "refunded", label: `Sinal devolvido — ${R15}` });
    // Given back, it is not received again.
    await expect(await post(db, pro, { intent: "deposit-received", id: request.id })).toSendToast({ title: "Sinal já registrado" });
    expect((await row(db, request.id)).depositRefundedAt).not.toBeNull();
  });

  it("takes another method; a refund of a deposit not received, or a made-up method, changes nothing", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const { request } = await book(db, pro, service.id, workingDay());
    await expect(await post(db, pro, { intent: "deposit-refunded", id: request.id })).toSendToast({ title: "Sinal não recebido" });
    expect(await statusOf(post(db, pro, { intent: "deposit-received", id: request.id, method: "boleto" }))).toBe(400);
    await expect(requestsPage(db, pro, `/solicitacoes?devolver-sinal=${request.id}`)).rejects.toMatchObject({ init: { status: 404 } });
    expect(await statusOf(post(db, pro, { intent: "deposit-received", id: request.id, method: "cash" }))).toBe(302);
    const marked = await row(db, request.id);
    expect(marked).toMatchObject({ status: "pending", depositMethod: "cash", depositRefundedAt: null });
    expect((await requestsPage(db, pro)).pending[0]?.deposit?.label).toBe(`Sinal recebido — ${R15} via Dinheiro às ${hhmm(marked.depositReceivedAt!)}`);
  });

  it("another professional's request is a 404, for every mark and the refund's confirmation", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const { request } = await book(db, pro, service.id, workingDay());
    const intruder = await createProfessional(db);
    for (const intent of ["deposit-received", "deposit-received-accept", "deposit-refunded"]) {
      expect(await statusOf(post(db, intruder, { intent, id: request.id }))).toBe(404);
    }
    await expect(requestsPage(db, intruder, `/solicitacoes?devolver-sinal=${request.id}`)).rejects.toMatchObject({ init: { status: 404 } });
    expect(await row(db, request.id)).toMatchObject({ status: "pending", depositReceivedAt: null, depositMethod: null });
  });

  it("marked twice at once (two phones) stores one mark", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const { request } = await book(db, pro, service.id, workingDay());
    const answers = await Promise.all(["pix", "cash", "debit"].map((method) => statusOf(post(db, pro, { intent: "deposit-received", id: request.id, method }))));
    expect(answers).toEqual([302, 302, 302]);
    const marked = await row(db, request.id);
    const first = marked.depositReceivedAt!.getTime();
    // A later tap would have overwritten both the time and the method: neither moves.
    await post(db, pro, { intent: "deposit-received", id: request.id, method: "credit" });
    expect(await row(db, request.id)).toMatchObject({ depositMethod: marked.depositMethod, depositReceivedAt: new Date(first) });
  });
});

describe("'Sinal não pago em … libera o horário'", () => {
  it("is off by default; on, an unpaid deposit's request frees its time when due and the job expires it, telling the customer", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db, { depositReleaseMinutes: 60 });
    const date = workingDay();
    const before = Date.now();
    const { request, token } = await book(db, pro, service.id, date);
    expect(request.depositDueAt!.getTime()).toBeGreaterThanOrEqual(before + 3_600_000);
    expect((await statusPage(db, token)).deposit?.dueBy).toMatch(/às \d\d:\d\d$/);

    // Three requests on a fake clock an hour and a minute later: unpaid (expires), paid (stays),
    // unpaid but not yet due (stays).
    const now = new Date(request.depositDueAt!.getTime() + 60_000);
    const paid = await createBookingRequest(db, pro.id, { date, startMinute: 14 * 60, depositCents: 1500, depositDueAt: request.depositDueAt, depositReceivedAt: new Date(before), depositMethod: "pix" });
    const later = await createBookingRequest(db, pro.id, { date, startMinute: 16 * 60, depositCents: 1500, depositDueAt: new Date(now.getTime() + 60_000) });
    await db.update(bookingRequests).set({ customerEmail: "maria@example.com" }).where(eq(bookingRequests.id, request.id));
    const sent: EmailMessage[] = [];
    const transport = { name: "test", send: async (m: EmailMessage) => void sent.push(m) };
    const [a, b] = await Promise.all([runJob({ db, now: () => now, transport, whatsapp: null }), runJob({ db, now: () => now, transport, whatsapp: null })]);
    expect(a.expired + b.expired).toBe(1);
    const states = Object.fromEntries((await db.select().from(bookingRequests).where(eq(bookingRequests.professionalId, pro.id))).map((r) => [r.id, r.status]));
    expect(states).toEqual({ [request.id]: "expired", [paid.id]: "pending", [later.id]: "pending" });
    const told = sent.filter((m) => m.to === "maria@example.com");
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ subject: expect.stringContaining("expirou"), text: expect.stringContaining("o sinal não foi pago a tempo") });
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, "maria@example.com"))).toHaveLength(1);
  });

  it("an unpaid deposit past due holds nothing even before the job runs: the time is booked again, and it cannot be marked or accepted", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db, { depositReleaseMinutes: 30 });
    const date = workingDay();
    const late = await createBookingRequest(db, pro.id, {
      serviceId: service.id,
      serviceName: service.name,
      date,
      startMinute: 10 * 60,
      depositCents: 1500,
      expiresAt: new Date(Date.now() + 86_400_000),
      depositDueAt: new Date(Date.now() - 60_000),
    });
    await expect(await post(db, pro, { intent: "deposit-received-accept", id: late.id })).toSendToast({ title: "Reserva encerrada" });
    expect(await row(db, late.id)).toMatchObject({ status: "pending", depositReceivedAt: null });
    expect((await requestsPage(db, pro)).pending.map((r) => r.id)).not.toContain(late.id);
    // The same time is free for the next customer.
    const res = await callAction(bookAction, {
      db,
      path: `/agendamento/${pro.bookingSlug}`,
      params: { slug: pro.bookingSlug },
      form: { servico: service.id, data: date, horario: "10:00", name: "Joana Lima", phone: "(11) 97777-6666", notes: "" },
    }).catch((thrown: unknown) => thrown);
    expect(locationOf(res)).toMatch(/^\/agendamento\/reserva\//);
  });

  it("leaves requests alone when off (the default)", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const [p] = await db.select({ minutes: profiles.depositReleaseMinutes }).from(profiles).where(eq(profiles.userId, pro.id));
    expect(p?.minutes).toBe(0);
  });
});
