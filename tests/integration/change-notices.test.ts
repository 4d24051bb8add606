// Every change the business makes to a customer's time reaches the customer (issue 20, items 6
// and 12): a cancel from the agenda with its reason (e-mail held two minutes, the one-tap WhatsApp
// link), what their status page and .ics then say, 'Desfazer' withdrawing a notice still held or
// following one already sent with 'Horário mantido', a move from the agenda's form, and the
// WhatsApp Cloud API's template through its stand-in.
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appointments, emailOutbox, reminderOptOuts, whatsappOutbox } from "../../db/schema";
import { action as agendaAction } from "../../app/routes/agenda";
import BookingRequests, { loader as requestsLoader } from "../../app/routes/booking-requests";
import { action as statusAction, loader as statusLoader } from "../../app/routes/booking-status";
import { STATUS_ERRORS } from "../../app/domain/appointments/statuses";
import { loader as icsLoader } from "../../app/routes/booking-status.ics";
import { answerBookingRequest } from "../../app/domain/booking-requests/answer.server";
import { statusPageUrl } from "../../app/domain/notifications/customer-links.server";
import { runJob } from "../../app/jobs/job.server";
import { formatDate } from "../../app/domain/dates";
import type { EmailMessage, EmailTransport } from "../../app/utils/email.server";
import { whatsappConfig } from "../../app/utils/whatsapp.server";
import type { Db } from "../../app/utils/db.server";
import { createTestDb, toastOf, userContextFor } from "../support/db";
import { envOverrides } from "../support/env";
import { createAppointment, createBookablePro, createBookingRequest, createClient, workingDay } from "../support/factories";
import { callAction, callLoader, replyOf, responseOf } from "../support/routes";
import { renderRoute, visibleText } from "../support/render";
import { startWhatsappStandIn, whatsappEnv, WHATSAPP_TEST_CHANGE_TEMPLATE, type WhatsappStandIn } from "../support/whatsapp-stand-in";

function recorder() {
  const sent: EmailMessage[] = [];
  const transport: EmailTransport = { name: "test", send: async (m) => void sent.push(m) };
  return { sent, transport };
}

const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000);

/** A booking made on the page by Joana (e-mail and phone), accepted: its appointment, token and agenda context. */
async function accepted(db: Db, opts: { email?: string; phone?: string } = {}) {
  const name = `Bela Nunes ${crypto.randomUUID().slice(0, 4)}`;
  const { pro, service } = await createBookablePro(db, { name, profile: { businessName: "Salão Flor" } });
  const date = workingDay(3);
  const request = await createBookingRequest(db, pro.id, {
    serviceId: service.id,
    serviceName: "Corte",
    customerName: "Joana Lima",
    customerEmail: opts.email ?? "joana@example.com",
    ...(opts.phone ? { customerPhone: opts.phone } : {}),
    date,
    startMinute: 10 * 60,
    durationMinutes: 30,
  });
  expect((await answerBookingRequest(db, pro.id, request.id, "accept")).outcome).toBe("accepted");
  const [appointment] = await db.select().from(appointments).where(eq(appointments.bookingRequestId, request.id));
  const token = (await statusPageUrl(request.id)).split("/").pop()!;
  // The person who attends, then the business (a salon member's business name is the salon's).
  const label = `${name} (Salão Flor)`;
  return { pro, label, service, date, request, appointment: appointment!, token, context: await userContextFor(db, pro) };
}

type Booking = Awaited<ReturnType<typeof accepted>>;

const post = (b: Booking, form: Record<string, string>, path = "/agenda?vista=lista") => callAction(agendaAction, { context: b.context, path, form });
const statusPage = async (db: Db, token: string) => replyOf(await callLoader(statusLoader, { db, path: `/agendamento/reserva/${token}`, params: { token } })).data;
async function ics(db: Db, token: string) {
  const text = await responseOf(await callLoader(icsLoader, { db, path: `/agendamento/reserva/${token}/ics`, params: { token } })).text();
  return { text: text.replace(/\r\n /g, ""), sequence: Number(/SEQUENCE:(\d+)/.exec(text)![1]) };
}
/** The change notices e-mailed to that address (not the booking's own e-mails). */
const notices = (db: Db, to: string) => db.select().from(emailOutbox).where(and(eq(emailOutbox.to, to), like(emailOutbox.kind, "change-%")));

describe("the professional cancels a confirmed booking from the agenda", () => {
  it("tells the customer, with the reason, after a grace period; the status page and the .ics say who cancelled and why", async () => {
    const db = createTestDb();
    const b = await accepted(db, { phone: "11987650001" });
    // The customer had moved it earlier: once cancelled, that mark is gone.
    await db.update(appointments).set({ rescheduledByCustomerAt: new Date(Date.now() - 3_600_000) }).where(eq(appointments.id, b.appointment.id));
    const before = await ics(db, b.token);

    const res = (await post(b, { intent: "cancel", id: b.appointment.id, motivo: "  Imprevisto   na família ", avisar: "1" })) as Response;
    expect(res.status).toBe(302);
    const toast = await toastOf(res);
    expect(toast).toMatchObject({ title: "Agendamento cancelado" });
    expect(toast!.description).toContain("O aviso ao cliente sai por e-mail em alguns minutos");
    const [undo, whatsapp] = toast!.actions!;
    expect(undo).toEqual({ kind: "post", label: "Desfazer", action: "/agenda?vista=lista", fields: { intent: "undo", id: b.appointment.id, scope: "this" } });
    // No automatic WhatsApp here: the professional's one tap, the text written.
    expect(whatsapp).toMatchObject({ kind: "link", label: "Avisar no WhatsApp" });
    expect(decodeURIComponent((whatsapp as { href: string }).href)).toMatch(/^https:\/\/wa\.me\/5511987650001\?text=Olá, Joana! Preciso cancelar seu horário de Corte .* Motivo: Imprevisto na família\./);

    const [row] = await db.select().from(appointments).where(eq(appointments.id, b.appointment.id));
    expect(row).toMatchObject({ status: "cancelled", cancelledBy: "professional", cancelReason: "Imprevisto na família" });
    const [mail] = await notices(db, "joana@example.com");
    expect(mail).toMatchObject({ kind: "change-cancel", status: "queued", attempts: 0 });
    expect(mail!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect(mail!.subject).toBe(`Horário cancelado: Corte em ${formatDate(b.date)} às 10:00 com ${b.label}`);
    expect(mail!.text).toMatch(/^Olá!\n\n.*cancelou seu horário de Corte .* às 10:00\.\nMotivo: Imprevisto na família\n\nAgendar outro horário: http:\/\/\S+\/agendamento\/\S+\nDetalhes: http:\/\/\S+\/agendamento\/reserva\//);

    expect(await statusPage(db, b.token)).toMatchObject({
      status: "cancelled",
      cancelledBy: "professional",
      cancelReason: "Imprevisto na família",
      movedBy: null,
      // The person who attends, not only the business (a salon member's is the salon's).
      professional: b.label,
    });
    const after = await ics(db, b.token);
    expect(after.text).toContain("STATUS:CANCELLED");
    expect(after.text).toContain("Cancelado pelo profissional. Motivo: Imprevisto na família");
    expect(after.sequence).toBeGreaterThan(before.sequence);

    // 'Desfazer' within the grace period: the notice is withdrawn and never leaves.
    const undone = (await post(b, { intent: "undo", id: b.appointment.id, scope: "this" })) as Response;
    expect((await toastOf(undone))?.description).toBe(
      "O agendamento voltou para Confirmado. O aviso ao cliente foi retirado antes de sair. Se já avisou o cliente pelo WhatsApp, avise que o horário continua.",
    );
    const { sent, transport } = recorder();
    await runJob({ db, now: () => minutesFromNow(3), transport, whatsapp: null });
    expect(sent.filter((m) => m.to === "joana@example.com" && m.subject.startsWith("Horário"))).toHaveLength(0);
    expect((await notices(db, "joana@example.com"))[0]).toMatchObject({ status: "failed", error: expect.stringContaining("Retirado") });
    const restored = await ics(db, b.token);
    expect(restored.text).toContain("STATUS:CONFIRMED");
    expect(restored.sequence).toBeGreaterThan(after.sequence);
    expect(await statusPage(db, b.token)).toMatchObject({ status: "accepted", cancelledBy: null });
  });

  it("undone after the notice left: the customer hears the time stands ('Horário mantido')", async () => {
    const db = createTestDb();
    const b = await accepted(db, { email: "mantido@example.com" });
    await post(b, { intent: "cancel", id: b.appointment.id, avisar: "1" });
    const { sent, transport } = recorder();
    await runJob({ db, now: () => minutesFromNow(3), transport, whatsapp: null });
    expect(sent.filter((m) => m.to === "mantido@example.com").map((m) => m.subject)).toContainEqual(expect.stringMatching(/^Horário cancelado: Corte/));

    const undone = (await post(b, { intent: "undo", id: b.appointment.id })) as Response;
    expect((await toastOf(undone))?.description).toContain("O cliente será avisado de que o horário continua marcado.");
    const kept = (await notices(db, "mantido@example.com")).find((m) => m.kind === "change-restore");
    expect(kept).toMatchObject({ status: "sent", subject: expect.stringMatching(/^Horário mantido: Corte/) });
    expect(kept!.text).toMatch(/desfez o cancelamento: seu horário de Corte .* às 10:00 continua marcado\./);
  });

  it("Solicitações' 'Respondidas recentemente' says an accepted request was then cancelled, and by whom", async () => {
    const db = createTestDb();
    const b = await accepted(db, { email: "historico@example.com" });
    const answers = async () => {
      const data = await callLoader(requestsLoader, { context: b.context, path: "/solicitacoes" });
      const html = renderRoute(BookingRequests, "/solicitacoes", data);
      return html.split('data-testid="request-answer"').slice(1).map((part) => visibleText(part.slice(part.indexOf(">") + 1, part.indexOf("</span>"))).trim());
    };
    expect(await answers()).toEqual(["Aceita"]);
    await post(b, { intent: "cancel", id: b.appointment.id });
    expect(await answers()).toEqual(["Aceita, depois cancelada por você"]);

    const c = await accepted(db, { email: "desistiu2@example.com" });
    await callAction(statusAction, { db, path: `/agendamento/reserva/${c.token}`, params: { token: c.token }, form: { intent: "cancel" } });
    const data = await callLoader(requestsLoader, { context: c.context, path: "/solicitacoes" });
    expect(visibleText(renderRoute(BookingRequests, "/solicitacoes", data))).toContain("Cancelada pelo cliente");
  });

  it("without 'Avisar cliente' nothing is queued; a customer's own cancel says 'Cancelado por você' and is not the agenda's to undo", async () => {
    const db = createTestDb();
    const b = await accepted(db, { email: "quieta@example.com" });
    const long = await post(b, { intent: "cancel", id: b.appointment.id, motivo: "x".repeat(201) });
    expect(long).toMatchObject({ data: { statusError: "O motivo pode ter até 200 caracteres.", field: "motivo" }, init: { status: 400 } });
    expect((await statusPage(db, b.token)).status).toBe("accepted");
    await post(b, { intent: "cancel", id: b.appointment.id });
    expect(await notices(db, "quieta@example.com")).toHaveLength(0);
    expect(await statusPage(db, b.token)).toMatchObject({ cancelledBy: "professional", cancelReason: "" });

    const c = await accepted(db, { email: "desistiu@example.com" });
    await callAction(statusAction, { db, path: `/agendamento/reserva/${c.token}`, params: { token: c.token }, form: { intent: "cancel" } });
    expect(await statusPage(db, c.token)).toMatchObject({ status: "cancelled", cancelledBy: "customer" });
    const refused = await post(c, { intent: "undo", id: c.appointment.id });
    expect(refused).toMatchObject({ data: { statusError: STATUS_ERRORS.undoCustomer }, init: { status: 400 } });
  });
});

describe("the professional moves the time from the agenda's form", () => {
  const update = (b: Booking, date: string, time: string, extra: Record<string, string> = {}) =>
    post(b, { intent: "update", id: b.appointment.id, clientId: b.appointment.clientId!, serviceId: b.service.id, date, time, notes: "", ...extra }, "/agenda");

  it("tells the customer the new time; a second move within the grace period replaces the first notice", async () => {
    const db = createTestDb();
    const b = await accepted(db, { email: "movida@example.com" });
    const res = (await update(b, b.date, "15:00", { avisar: "1" })) as Response;
    expect((await toastOf(res))?.description).toBe(
      `Agendamento movido para ${formatDate(b.date)} às 15:00. O aviso ao cliente sai por e-mail em alguns minutos. Avise também pelo WhatsApp.`,
    );
    const [first] = await notices(db, "movida@example.com");
    expect(first).toMatchObject({ kind: "change-move", status: "queued", subject: expect.stringMatching(/^Horário alterado: Corte agora em \d\d\/\d\d às 15:00 com /) });
    expect(first!.text).toMatch(/Novo horário: .* às 15:00\nAntes: .* às 10:00\n/);
    expect(await statusPage(db, b.token)).toMatchObject({ status: "accepted", time: "15:00", movedBy: "professional" });

    await update(b, b.date, "16:00", { avisar: "1" });
    const mails = await notices(db, "movida@example.com");
    expect(mails.find((m) => m.id === first!.id)).toMatchObject({ status: "failed" });
    const second = mails.find((m) => m.id !== first!.id)!;
    expect(second).toMatchObject({ status: "queued", kind: "change-move" });
    expect(second.text).toContain("às 16:00");
    // The 15:00 never reached the customer: the new notice does not claim it was their time.
    expect(second.text).not.toContain("Antes:");
  });

  it("a manual appointment whose client has an e-mail gets it too (no status link); an edit keeping the time tells nobody", async () => {
    const db = createTestDb();
    const { pro, service } = await createBookablePro(db, { name: "Rita Alves", services: [{ name: "Escova", priceCents: 5000, durationMinutes: 30 }] });
    const client = await createClient(db, pro.id, { name: "Lia Souza", email: "lia@example.com" });
    const date = workingDay(4);
    const appointment = await createAppointment(db, pro.id, { clientId: client.id, serviceId: service.id, serviceName: "Escova", durationMinutes: 30, date, startMinute: 9 * 60 });
    const context = await userContextFor(db, pro);
    const form = (time: string) => ({ intent: "update", id: appointment.id, clientId: client.id, serviceId: service.id, date, time, notes: "", avisar: "1" });
    await callAction(agendaAction, { context, path: "/agenda", form: { ...form("09:00"), notes: "Trazer referência" } });
    expect(await notices(db, "lia@example.com")).toHaveLength(0);
    await callAction(agendaAction, { context, path: "/agenda", form: form("11:00") });
    const [mail] = await notices(db, "lia@example.com");
    expect(mail!.subject).toMatch(/^Horário alterado: Escova agora em .* às 11:00 com Rita Alves$/);
    expect(mail!.text).not.toContain("/agendamento/reserva/");
    expect(mail!.text).toContain("Se o novo horário não servir, fale com Rita Alves.");
  });
});

describe("through the WhatsApp Cloud API", () => {
  let standIn: WhatsappStandIn;
  const env = envOverrides();
  beforeAll(async () => {
    standIn = await startWhatsappStandIn();
    env.set(whatsappEnv(standIn.url));
  });
  afterAll(async () => {
    env.restore();
    await standIn.close();
  });

  it("sends the approved change template with its four parameters, even to a contact that stopped reminders", async () => {
    const db = createTestDb();
    const b = await accepted(db, { email: "zap@example.com", phone: "11987657777" });
    await db.insert(reminderOptOuts).values({ professionalId: b.pro.id, contact: "11987657777" });
    const res = (await post(b, { intent: "cancel", id: b.appointment.id, motivo: "Luz cortada no salão", avisar: "1" })) as Response;
    const toast = await toastOf(res);
    expect(toast!.description).toContain("O aviso ao cliente sai por e-mail e WhatsApp em alguns minutos");
    expect(toast!.actions!.map((a) => a.label)).toEqual(["Desfazer"]);
    const [queued] = await db.select().from(whatsappOutbox).where(eq(whatsappOutbox.appointmentId, b.appointment.id));
    expect(queued).toMatchObject({ kind: "change-cancel", template: WHATSAPP_TEST_CHANGE_TEMPLATE, status: "queued", to: "5511987657777" });

    // Held: a run now sends nothing; the first run after the grace period sends it once.
    const config = whatsappConfig();
    await runJob({ db, now: () => new Date(), transport: recorder().transport, whatsapp: config });
    expect(standIn.requests.filter((r) => r.to === "5511987657777")).toHaveLength(0);
    await runJob({ db, now: () => minutesFromNow(3), transport: recorder().transport, whatsapp: config });
    await runJob({ db, now: () => minutesFromNow(4), transport: recorder().transport, whatsapp: config });
    const calls = standIn.requests.filter((r) => r.to === "5511987657777");
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ template: WHATSAPP_TEST_CHANGE_TEMPLATE, language: "pt_BR" });
    expect(calls[0]!.params).toEqual([
      b.label,
      "Corte",
      expect.stringMatching(/^foi cancelado o de .* às 10:00\. Motivo: Luz cortada no salão$/),
      expect.stringMatching(/\/agendamento\/reserva\//),
    ]);
    expect((await db.select().from(whatsappOutbox).where(eq(whatsappOutbox.id, queued!.id)))[0]).toMatchObject({ status: "sent" });
  });
});
