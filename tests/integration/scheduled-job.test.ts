// The scheduled job ('what is due now?'), driven with a fake clock against a real database:
// due rules, exactly once under two runs at once, retries with backoff, opt-outs, expiries,
// summaries, the WhatsApp Cloud API through its stand-in, and old bodies purged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { appointments, bookingRequests, emailOutbox, profiles, reminderOptOuts, whatsappOutbox } from "../../db/schema";
import { runJob } from "../../app/jobs/job.server";
import { KEEP_BODIES_MS, PURGED_BODY } from "../../app/domain/notifications/outbox.server";
import { contactKey, stopRemindersTarget } from "../../app/domain/notifications/customer-links.server";
import type { EmailMessage, EmailTransport } from "../../app/utils/email.server";
import type { WhatsappConfig } from "../../app/utils/whatsapp.server";
import type { Db } from "../../app/utils/db.server";
import { createTestDb } from "../support/db";
import { createAppointment, createBookingRequest, createClient, createProfessional } from "../support/factories";
import { startWhatsappStandIn, WHATSAPP_TEST_PHONE_ID, WHATSAPP_TEST_TEMPLATE, WHATSAPP_TEST_TOKEN, type WhatsappStandIn } from "../support/whatsapp-stand-in";

/**
 * A transport that records what it sends, optionally failing for some messages; `yields` lets the
 * event loop turn before each send, so two runs at once interleave without a wall-clock sleep.
 */
function recorder(opts: { fail?: (m: EmailMessage) => boolean; yields?: boolean } = {}) {
  const sent: EmailMessage[] = [];
  const transport: EmailTransport = {
    name: "test",
    async send(message) {
      if (opts.yields) await new Promise((r) => setImmediate(r));
      if (opts.fail?.(message)) throw new Error("SMTP 451 tente mais tarde");
      sent.push(message);
    },
  };
  return { sent, transport };
}

/** 2026-12-02 14:00 in São Paulo (UTC-3), and instants around it. */
const DAY = "2026-12-02";
const START = new Date("2026-12-02T17:00:00Z");
const hoursBefore = (h: number, minutes = 0) => new Date(START.getTime() - h * 3_600_000 - minutes * 60_000);

/**
 * An appointment booked on the page by a customer who left an e-mail (and a phone): the request
 * made at `createdAt`, accepted then or at `acceptedAt` (when its appointment is created).
 */
async function booked(
  db: Db,
  proId: string,
  fields: { email?: string; phone?: string; date?: string; startMinute?: number; createdAt?: Date; acceptedAt?: Date } = {},
) {
  const createdAt = fields.createdAt ?? hoursBefore(72);
  const request = await createBookingRequest(db, proId, {
    status: "accepted",
    customerName: "Joana Lima",
    customerEmail: fields.email ?? `joana-${crypto.randomUUID().slice(0, 6)}@example.com`,
    ...(fields.phone ? { customerPhone: fields.phone } : {}),
    serviceName: "Corte feminino",
    date: fields.date ?? DAY,
    startMinute: fields.startMinute ?? 14 * 60,
    createdAt,
  });
  const appointment = await createAppointment(db, proId, {
    date: request.date,
    startMinute: request.startMinute,
    serviceName: "Corte feminino",
    bookingRequestId: request.id,
    createdAt: fields.acceptedAt ?? createdAt,
  });
  return { request, appointment };
}

const run = (db: Db, now: Date, transport: EmailTransport, whatsapp: WhatsappConfig | null = null, fetcher?: typeof fetch) =>
  runJob({ db, now: () => now, transport, whatsapp, ...(fetcher ? { fetcher } : {}) });

const remindersTo = (sent: EmailMessage[], to: string) => sent.filter((m) => m.to === to && m.subject.startsWith("Lembrete"));

describe("customer reminders by e-mail", () => {
  let db: Db;
  beforeAll(() => {
    db = createTestDb();
  });

  it("sends one reminder at the chosen time, naming the professional, with confirm, reschedule and stop links", async () => {
    const pro = await createProfessional(db, { name: "Bruna Souza" });
    const { appointment, request } = await booked(db, pro.id, { email: "Joana@Example.com" });
    const { sent, transport } = recorder();

    await run(db, hoursBefore(24, 5), transport);
    expect(remindersTo(sent, "Joana@Example.com")).toHaveLength(0);

    const report = await run(db, hoursBefore(23, 58), transport);
    expect(report.remindersQueued).toBe(1);
    const [mail] = remindersTo(sent, "Joana@Example.com");
    expect(mail?.subject).toBe("Lembrete: Corte feminino amanhã às 14:00 com Bruna Souza");
    expect(mail?.text).toContain("amanhã, quarta-feira 02/12 às 14:00");
    expect(mail?.text).toMatch(/Confirmo presença: http:\/\/[^\s]+\/agendamento\/reserva\/[\w.-]+\?confirmar=1/);
    expect(mail?.text).toMatch(/Preciso remarcar: http:\/\/[^\s]+\?remarcar=1/);
    const stop = /Não quero receber lembretes de Bruna Souza: \S+\/lembretes\/parar\/([\w.-]+)/.exec(mail!.text);
    expect(await stopRemindersTarget(stop![1]!)).toEqual({ professionalId: pro.id, contact: "joana@example.com" });

    // Later runs find it done.
    await run(db, hoursBefore(20), transport);
    await run(db, hoursBefore(2), transport);
    expect(remindersTo(sent, "Joana@Example.com")).toHaveLength(1);
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `reminder:email:${appointment.id}:${DAY}T840`));
    expect(row).toMatchObject({ status: "sent", kind: "reminder", professionalId: pro.id, attempts: 1 });
    expect(request.customerEmail).toBe("Joana@Example.com");
  });

  it("follows the professional's timing and time zone, and reminds a moved appointment again for its new time", async () => {
    const pro = await createProfessional(db);
    await db.update(profiles).set({ reminderHoursBefore: 2, timeZone: "America/Manaus" }).where(eq(profiles.userId, pro.id));
    // 14:00 in Manaus (UTC-4) is 18:00Z.
    const { appointment } = await booked(db, pro.id, { email: "manaus@example.com" });
    const { sent, transport } = recorder();
    await run(db, new Date("2026-12-02T15:59:00Z"), transport);
    expect(remindersTo(sent, "manaus@example.com")).toHaveLength(0);
    await run(db, new Date("2026-12-02T16:00:00Z"), transport);
    expect(remindersTo(sent, "manaus@example.com")).toHaveLength(1);
    expect(sent.at(-1)?.subject).toContain("hoje às 14:00");

    // Moved at 14:00 (18:00Z) to 17:00: reminded again 2 hours before its new time.
    await db.update(appointments).set({ startMinute: 17 * 60, updatedAt: new Date("2026-12-02T18:00:00Z") }).where(eq(appointments.id, appointment.id));
    await run(db, new Date("2026-12-02T18:30:00Z"), transport);
    expect(remindersTo(sent, "manaus@example.com")).toHaveLength(1);
    await run(db, new Date("2026-12-02T19:00:00Z"), transport);
    expect(remindersTo(sent, "manaus@example.com").map((m) => m.subject)).toEqual([
      expect.stringContaining("hoje às 14:00"),
      expect.stringContaining("hoje às 17:00"),
    ]);
  });

  it("reminds a booking made inside the lead time at the job's next run, unless it starts within two hours", async () => {
    const fresh = createTestDb();
    const pro = await createProfessional(fresh, { name: "Bruna Souza" });
    // 20:10 in São Paulo (23:10Z) for 10:00 the next day, inside the 24-hour lead time.
    await booked(fresh, pro.id, { email: "noite@example.com", startMinute: 10 * 60, createdAt: new Date("2026-12-01T23:10:00Z") });
    // 09:00 for 10:30 the same morning: the customer has just booked.
    await booked(fresh, pro.id, { email: "manha@example.com", startMinute: 10 * 60 + 30, createdAt: new Date("2026-12-02T12:00:00Z") });
    // Asked three days before, accepted 10 hours before (its appointment is made then); and
    // asked the evening before, accepted an hour and a half before the time.
    await booked(fresh, pro.id, { email: "aceita@example.com", startMinute: 16 * 60, acceptedAt: new Date("2026-12-02T09:00:00Z") });
    await booked(fresh, pro.id, {
      email: "em-cima@example.com",
      startMinute: 15 * 60,
      createdAt: new Date("2026-12-01T23:00:00Z"),
      acceptedAt: new Date("2026-12-02T16:30:00Z"),
    });
    const { sent, transport } = recorder();

    const report = await run(fresh, new Date("2026-12-01T23:15:00Z"), transport);
    expect(report.remindersQueued).toBe(1);
    expect(remindersTo(sent, "noite@example.com").map((m) => m.subject)).toEqual(["Lembrete: Corte feminino amanhã às 10:00 com Bruna Souza"]);
    await run(fresh, new Date("2026-12-02T09:05:00Z"), transport);
    expect(remindersTo(sent, "aceita@example.com").map((m) => m.subject)).toEqual(["Lembrete: Corte feminino hoje às 16:00 com Bruna Souza"]);
    for (const at of ["2026-12-02T12:05:00Z", "2026-12-02T13:00:00Z", "2026-12-02T16:35:00Z", "2026-12-02T17:30:00Z"]) await run(fresh, new Date(at), transport);
    expect(remindersTo(sent, "manha@example.com")).toHaveLength(0);
    expect(remindersTo(sent, "em-cima@example.com")).toHaveLength(0);
    expect(sent.map((m) => m.to).sort()).toEqual(["aceita@example.com", "noite@example.com"]);
  });

  it("a time moved close to its start is not reminded again; moved further ahead, it is", async () => {
    const fresh = createTestDb();
    const pro = await createProfessional(fresh);
    const { appointment } = await booked(fresh, pro.id, { email: "mudou@example.com", startMinute: 16 * 60 });
    const { sent, transport } = recorder();
    await run(fresh, new Date("2026-12-01T19:00:00Z"), transport); // the 24-hour reminder for 16:00
    expect(remindersTo(sent, "mudou@example.com")).toHaveLength(1);
    // At 10:00 (13:00Z) the professional moves it to 11:00: the customer was just told.
    const move = (startMinute: number, at: string) =>
      fresh.update(appointments).set({ startMinute, updatedAt: new Date(at) }).where(eq(appointments.id, appointment.id));
    await move(11 * 60, "2026-12-02T13:00:00Z");
    await run(fresh, new Date("2026-12-02T13:05:00Z"), transport);
    expect(remindersTo(sent, "mudou@example.com")).toHaveLength(1);
    // Then back to 17:00, seven hours ahead: reminded for it at the next run.
    await move(17 * 60, "2026-12-02T13:10:00Z");
    await run(fresh, new Date("2026-12-02T13:15:00Z"), transport);
    expect(remindersTo(sent, "mudou@example.com").map((m) => m.subject)).toEqual([
      expect.stringContaining("amanhã às 16:00"),
      expect.stringContaining("hoje às 17:00"),
    ]);
  });

  it("is not sent for a cancelled appointment, nor when the professional turned e-mail reminders off", async () => {
    const pro = await createProfessional(db);
    const { appointment } = await booked(db, pro.id, { email: "cancelou@example.com" });
    await db.update(appointments).set({ status: "cancelled" }).where(eq(appointments.id, appointment.id));
    const other = await createProfessional(db);
    await db.update(profiles).set({ reminderEmail: false }).where(eq(profiles.userId, other.id));
    await booked(db, other.id, { email: "desligado@example.com" });
    const { sent, transport } = recorder();
    await run(db, hoursBefore(12), transport);
    expect(remindersTo(sent, "cancelou@example.com")).toHaveLength(0);
    expect(remindersTo(sent, "desligado@example.com")).toHaveLength(0);
  });

  it("two runs at once send each reminder exactly once", async () => {
    const fresh = createTestDb();
    const pro = await createProfessional(fresh);
    const emails = Array.from({ length: 8 }, (_, i) => `par${i}@example.com`);
    for (const [i, email] of emails.entries()) await booked(fresh, pro.id, { email, startMinute: 9 * 60 + i * 30 });
    const { sent, transport } = recorder({ yields: true });
    const now = hoursBefore(20);
    const [a, b] = await Promise.all([run(fresh, now, transport), run(fresh, now, transport)]);
    expect(a.remindersQueued + b.remindersQueued).toBe(8);
    expect(a.emails.sent + b.emails.sent).toBe(8);
    expect(sent.map((m) => m.to).sort()).toEqual([...emails].sort());
    // A third and fourth run, also together, find nothing left to do.
    await Promise.all([run(fresh, now, transport), run(fresh, now, transport)]);
    expect(sent).toHaveLength(8);
    const rows = await fresh.select().from(emailOutbox).where(eq(emailOutbox.kind, "reminder"));
    expect(rows.map((r) => r.status)).toEqual(Array(8).fill("sent"));
  });

  it("a failing message is retried after 5, 15 and 45 minutes, then given up, and never stops the others", async () => {
    const fresh = createTestDb();
    const pro = await createProfessional(fresh);
    await booked(fresh, pro.id, { email: "caixa-cheia@example.com", startMinute: 10 * 60 });
    await booked(fresh, pro.id, { email: "ok@example.com", startMinute: 11 * 60 });
    const { sent, transport } = recorder({ fail: (m) => m.to === "caixa-cheia@example.com" });
    const t0 = hoursBefore(20);
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    const failing = async () => (await fresh.select().from(emailOutbox).where(eq(emailOutbox.to, "caixa-cheia@example.com")))[0]!;

    const first = await run(fresh, t0, transport);
    expect(first.emails).toEqual({ sent: 1, failed: 1 });
    expect(sent.map((m) => m.to)).toEqual(["ok@example.com"]);
    expect(await failing()).toMatchObject({ status: "queued", attempts: 1, nextAttemptAt: at(5), error: expect.stringContaining("451") });

    await run(fresh, at(4), transport);
    expect((await failing()).attempts).toBe(1); // not yet due
    await run(fresh, at(5), transport);
    expect(await failing()).toMatchObject({ status: "queued", attempts: 2, nextAttemptAt: at(20) });
    await run(fresh, at(20), transport);
    expect(await failing()).toMatchObject({ status: "queued", attempts: 3, nextAttemptAt: at(65) });
    await run(fresh, at(65), transport);
    expect(await failing()).toMatchObject({ status: "failed", attempts: 4, nextAttemptAt: null });
    await run(fresh, at(300), transport);
    expect((await failing()).attempts).toBe(4);
    expect(sent.map((m) => m.to)).toEqual(["ok@example.com"]);
  });

  it("a send that crashed mid-way (its claim never released) is taken over once the claim lapses", async () => {
    const fresh = createTestDb();
    const pro = await createProfessional(fresh);
    await booked(fresh, pro.id, { email: "queda@example.com" });
    const t0 = hoursBefore(20);
    const crashing: EmailTransport = { name: "test", send: () => new Promise(() => {}) }; // hangs: the process "dies"
    void run(fresh, t0, crashing);
    await expect.poll(async () => (await fresh.select().from(emailOutbox).where(eq(emailOutbox.to, "queda@example.com")))[0]?.attempts).toBe(1);
    const { sent, transport } = recorder();
    await run(fresh, new Date(t0.getTime() + 60_000), transport);
    expect(sent).toHaveLength(0); // still held by the first run
    await run(fresh, new Date(t0.getTime() + 3 * 60_000), transport);
    expect(sent.map((m) => m.to)).toEqual(["queda@example.com"]);
  });

  it("honours 'Não quero receber lembretes' at once, even for a reminder already queued", async () => {
    const pro = await createProfessional(db);
    await booked(db, pro.id, { email: "parou@example.com", startMinute: 9 * 60 });
    await booked(db, pro.id, { email: "Fila@Example.com", startMinute: 16 * 60 });
    const { transport } = recorder({ fail: () => true });
    await db.insert(reminderOptOuts).values({ professionalId: pro.id, contact: contactKey("parou@example.com") });
    await run(db, hoursBefore(20), transport); // the second is queued, its send fails: it waits for a retry
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, "parou@example.com"))).toHaveLength(0);
    await db.insert(reminderOptOuts).values({ professionalId: pro.id, contact: contactKey("Fila@Example.com") });
    const ok = recorder();
    await run(db, hoursBefore(19), ok.transport);
    expect(ok.sent).toHaveLength(0);
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, "Fila@Example.com"));
    expect(row).toMatchObject({ status: "failed", error: "O cliente pediu para não receber lembretes." });
    // Another professional's reminders to the same person still go.
    const other = await createProfessional(db);
    await booked(db, other.id, { email: "parou@example.com" });
    await run(db, hoursBefore(18), ok.transport);
    expect(ok.sent.map((m) => m.to)).toEqual(["parou@example.com"]);
  });
});

describe("requests not answered in time", () => {
  it("expire, freeing the time, and the customer who left an e-mail is told once", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db, { name: "Carla Dias" });
    const now = new Date("2026-12-01T12:00:00Z");
    const late = await createBookingRequest(db, pro.id, { customerEmail: "espera@example.com", date: DAY, expiresAt: new Date(now.getTime() - 60_000), serviceName: "Manicure" });
    const waiting = await createBookingRequest(db, pro.id, { customerEmail: "ainda@example.com", date: DAY, startMinute: 15 * 60, expiresAt: new Date(now.getTime() + 3_600_000) });
    const { sent, transport } = recorder();
    const [a, b] = await Promise.all([run(db, now, transport), run(db, now, transport)]);
    expect(a.expired + b.expired).toBe(1);
    await run(db, new Date(now.getTime() + 60_000), transport);
    const statuses = await db.select({ id: bookingRequests.id, status: bookingRequests.status }).from(bookingRequests).where(eq(bookingRequests.professionalId, pro.id));
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({ [late.id]: "expired", [waiting.id]: "pending" });
    expect(sent).toEqual([expect.objectContaining({ to: "espera@example.com", subject: "Sua solicitação para Carla Dias expirou" })]);
    expect(sent[0]?.text).toContain("Não quero receber lembretes de Carla Dias");
  });
});

describe("the professional's daily summary", () => {
  it("goes once a day at the chosen local hour with tomorrow's agenda and the requests waiting", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db, { name: "Davi Rocha" });
    await db.update(profiles).set({ dailySummary: true, dailySummaryHour: 20 }).where(eq(profiles.userId, pro.id));
    const client = await createClient(db, pro.id, { name: "Ana Paula" });
    await createAppointment(db, pro.id, { date: DAY, startMinute: 9 * 60 + 30, clientId: client.id, serviceName: "Barba" });
    await createAppointment(db, pro.id, { date: DAY, startMinute: 8 * 60, status: "cancelled", serviceName: "Corte" });
    await createBookingRequest(db, pro.id, { date: DAY, startMinute: 16 * 60, expiresAt: new Date("2026-12-02T12:00:00Z") });
    const { sent, transport } = recorder();
    await run(db, new Date("2026-12-01T22:55:00Z"), transport); // 19:55 in São Paulo
    expect(sent).toHaveLength(0);
    await Promise.all([run(db, new Date("2026-12-01T23:00:00Z"), transport), run(db, new Date("2026-12-01T23:00:00Z"), transport)]);
    await run(db, new Date("2026-12-01T23:30:00Z"), transport);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: pro.email, subject: "Sua agenda de amanhã (02/12/2026): 1 agendamento" });
    expect(sent[0]?.text).toContain("09:30 — Ana Paula · Barba");
    expect(sent[0]?.text).not.toContain("Corte");
    expect(sent[0]?.text).toContain("1 solicitação(ões) aguardando sua resposta");
    // The next day's summary is its own.
    await run(db, new Date("2026-12-02T23:00:00Z"), transport);
    expect(sent).toHaveLength(2);
  });
});

describe("reminders through the WhatsApp Cloud API", () => {
  let standIn: WhatsappStandIn;
  let config: WhatsappConfig;
  beforeAll(async () => {
    standIn = await startWhatsappStandIn();
    config = { apiUrl: standIn.url, token: WHATSAPP_TEST_TOKEN, phoneNumberId: WHATSAPP_TEST_PHONE_ID, template: WHATSAPP_TEST_TEMPLATE, language: "pt_BR" };
  });
  afterAll(() => standIn.close());
  const to = (n: string) => standIn.requests.filter((r) => r.to === n);

  it("sends the approved template once, with its seven parameters, and records the message id", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db, { name: "Elis Barbosa" });
    await db.update(profiles).set({ businessAddress: "Rua das Flores, 10" }).where(eq(profiles.userId, pro.id));
    const { appointment } = await booked(db, pro.id, { phone: "11987651111" });
    const { transport } = recorder();
    await Promise.all([run(db, hoursBefore(20), transport, config), run(db, hoursBefore(20), transport, config)]);
    await run(db, hoursBefore(10), transport, config);
    const calls = to("5511987651111");
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ template: WHATSAPP_TEST_TEMPLATE, language: "pt_BR", authorization: `Bearer ${WHATSAPP_TEST_TOKEN}` });
    expect(calls[0]?.params.slice(0, 5)).toEqual(["Joana Lima", "Elis Barbosa", "amanhã, quarta-feira 02/12 às 14:00", "Corte feminino", "Rua das Flores, 10"]);
    expect(calls[0]?.params[5]).toMatch(/\/agendamento\/reserva\//);
    expect(calls[0]?.params[6]).toMatch(/\/lembretes\/parar\//);
    const [row] = await db.select().from(whatsappOutbox).where(eq(whatsappOutbox.appointmentId, appointment.id));
    expect(row).toMatchObject({ status: "sent", providerMessageId: (calls[0]!.answer as { id: string }).id, attempts: 1 });
  });

  it("an undeliverable number fails at once; a rate limit waits for a later run; the API's own trouble is retried", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    await booked(db, pro.id, { phone: "11987650000", startMinute: 9 * 60 });
    await booked(db, pro.id, { phone: "11987654290", startMinute: 10 * 60 });
    await booked(db, pro.id, { phone: "11987655000", startMinute: 11 * 60 });
    const { transport } = recorder();
    const t0 = hoursBefore(20);
    const later = (m: number) => new Date(t0.getTime() + m * 60_000);
    const rows = async () =>
      Object.fromEntries((await db.select().from(whatsappOutbox)).map((r) => [r.to, { status: r.status, attempts: r.attempts, error: r.error }]));

    const first = await run(db, t0, transport, config);
    expect(first.whatsapp).toMatchObject({ sent: 0, failed: 1, deferred: 1 });
    expect(await rows()).toMatchObject({
      "5511987650000": { status: "failed", attempts: 1, error: expect.stringContaining("131026") },
      "5511987654290": { status: "queued", attempts: 0, error: expect.stringContaining("130429") },
      "5511987655000": { status: "queued", attempts: 0 }, // not tried: the run stopped at the rate limit
    });
    await run(db, later(1), transport, config);
    expect(await rows()).toMatchObject({
      "5511987654290": { status: "sent" },
      "5511987655000": { status: "queued", attempts: 1, error: expect.stringContaining("131000") },
    });
    await run(db, later(6), transport, config);
    await run(db, later(21), transport, config);
    expect(await rows()).toMatchObject({ "5511987655000": { status: "sent", attempts: 3 }, "5511987650000": { status: "failed", attempts: 1 } });
    expect(to("5511987650000")).toHaveLength(1);
  });

  it("a template Meta does not know fails the message without retrying it", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    await booked(db, pro.id, { phone: "11987652222" });
    await run(db, hoursBefore(20), recorder().transport, { ...config, template: "lembrete_nao_aprovado" });
    await run(db, hoursBefore(10), recorder().transport, { ...config, template: "lembrete_nao_aprovado" });
    const [row] = await db.select().from(whatsappOutbox).where(eq(whatsappOutbox.to, "5511987652222"));
    expect(row).toMatchObject({ status: "failed", attempts: 1, error: expect.stringContaining("132001") });
  });

  it("a customer who opted out gets nothing, even when it was already queued", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    await booked(db, pro.id, { phone: "11987653333" });
    const failingFetch = (() => Promise.reject(new Error("offline"))) as typeof fetch;
    await run(db, hoursBefore(20), recorder().transport, config, failingFetch);
    expect((await db.select().from(whatsappOutbox).where(eq(whatsappOutbox.to, "5511987653333")))[0]?.status).toBe("queued");
    await db.insert(reminderOptOuts).values({ professionalId: pro.id, contact: "11987653333" });
    await run(db, hoursBefore(19), recorder().transport, config);
    expect(to("5511987653333")).toHaveLength(0);
    expect((await db.select().from(whatsappOutbox).where(eq(whatsappOutbox.to, "5511987653333")))[0]?.status).toBe("failed");
  });
});

describe("purging old bodies", () => {
  it("clears what was sent more than 30 days ago and keeps the rest", async () => {
    const db = createTestDb();
    const now = new Date("2026-12-01T12:00:00Z");
    const old = new Date(now.getTime() - KEEP_BODIES_MS - 60_000);
    await db.insert(emailOutbox).values([
      { to: "velho@example.com", subject: "Antigo", text: "corpo antigo", transport: "log", status: "sent", createdAt: old },
      { to: "novo@example.com", subject: "Recente", text: "corpo recente", transport: "log", status: "sent", createdAt: now },
      // The client address behind an unrequested e-mail is kept a day (docs/decisions/0700).
      { to: "ontem@example.com", subject: "Ontem", text: "x", transport: "log", status: "sent", requestedBy: "203.0.113.9", createdAt: new Date(now.getTime() - 25 * 3_600_000) },
      { to: "hoje@example.com", subject: "Hoje", text: "x", transport: "log", status: "sent", requestedBy: "203.0.113.9", createdAt: new Date(now.getTime() - 3_600_000) },
    ]);
    const report = await run(db, now, recorder().transport);
    expect(report.purged).toBe(1);
    const rows = await db.select({ to: emailOutbox.to, text: emailOutbox.text, subject: emailOutbox.subject, requestedBy: emailOutbox.requestedBy }).from(emailOutbox);
    expect(rows).toEqual(
      expect.arrayContaining([
        { to: "velho@example.com", subject: "Antigo", text: PURGED_BODY, requestedBy: null },
        { to: "novo@example.com", subject: "Recente", text: "corpo recente", requestedBy: null },
        { to: "ontem@example.com", subject: "Ontem", text: "x", requestedBy: null },
        { to: "hoje@example.com", subject: "Hoje", text: "x", requestedBy: "203.0.113.9" },
      ]),
    );
  });
});
