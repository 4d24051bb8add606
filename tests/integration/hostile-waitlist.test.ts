// Issue 32, finding 5: the waiting list as a way to message a stranger. Someone books a time,
// joins the day's list with a victim's e-mail and phone, then cancels and books the time again,
// over and over: every cancel opens the time and the job offers it to the victim. Every message
// a stranger can cause, by e-mail and by the WhatsApp Cloud API alike, counts against the same
// bounds (docs/decisions/0700, 1020); the professional hears of a booking cancelled moments after
// it was made once, not twice (docs/decisions/1021). Through the real actions and the real job.
import { and, eq, like } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emailOutbox, profiles, whatsappOutbox } from "../../db/schema";
import { action as bookAction } from "../../app/routes/booking";
import { action as statusAction } from "../../app/routes/booking-status";
import { action as joinAction } from "../../app/routes/waitlist-join";
import { runJob } from "../../app/jobs/job.server";
import { queueDueReminders } from "../../app/jobs/reminders.server";
import { strangerEmail, strangerWhatsapp } from "../../app/domain/notifications/unrequested-email.server";
import { addDays, dayOfWeek, nowInZone } from "../../app/domain/dates";
import type { Db } from "../../app/utils/db.server";
import type { EmailTransport } from "../../app/utils/email.server";
import { LIMITS } from "../../app/utils/rate-limit.server";
import { createTestDb } from "../support/db";
import { createAppointment, createClient, createProfessional, createService, createWorkingHours } from "../support/factories";
import { callAction, locationOf } from "../support/routes";
import { WHATSAPP_TEST_PHONE_ID, WHATSAPP_TEST_TOKEN } from "../support/whatsapp-stand-in";

beforeEach(() => {
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

function workingDay(ahead: number) {
  let date = addDays(nowInZone("America/Sao_Paulo").date, ahead);
  while (dayOfWeek(date) === 0) date = addDays(date, 1);
  return date;
}

const STRANGER = "203.0.113.66";
const VICTIM = { email: "vitima-espera@example.org", phone: "(21) 99876-5432", number: "5521998765432" };
const whatsapp = { apiUrl: "http://127.0.0.1:9", token: WHATSAPP_TEST_TOKEN, phoneNumberId: WHATSAPP_TEST_PHONE_ID, template: "lembrete_agendamento", language: "pt_BR" };
const accepted: typeof fetch = async () => Response.json({ messages: [{ id: "wamid.teste" }] });
const quiet: EmailTransport = { name: "test", send: async () => {} };

/** A day taken from 09:00 to 18:00 except 10:00-10:30, which the stranger books and frees in turns. */
async function salon(db: Db) {
  const pro = await createProfessional(db, { name: "Salão Alvo" });
  await createWorkingHours(db, pro.id);
  const service = await createService(db, pro.id, { name: "Corte", durationMinutes: 30 });
  const date = workingDay(3);
  await createAppointment(db, pro.id, { date, startMinute: 9 * 60, durationMinutes: 60 });
  await createAppointment(db, pro.id, { date, startMinute: 10 * 60 + 30, durationMinutes: 90 });
  await createAppointment(db, pro.id, { date, startMinute: 13 * 60, durationMinutes: 300 });
  return { pro, service, date };
}

describe("the waiting-list cycle (book, join with a victim's contacts, cancel and book again)", () => {
  it("sends the victim at most the bound a day on each channel, and the professional one notice per quick booking", async () => {
    const db = createTestDb();
    const { pro, service, date } = await salon(db);
    const slug = pro.bookingSlug;
    let phone = 0;
    const book = async () => {
      phone += 1;
      const answer = await callAction(bookAction, {
        db,
        clientAddress: STRANGER,
        path: `/agendamento/${slug}?servico=${service.id}&data=${date}&horario=10:00`,
        params: { slug },
        form: { servico: service.id, data: date, horario: "10:00", name: "Fulano", phone: `11 9700${String(phone).padStart(5, "0")}`, email: "", notes: "" },
      }).catch((thrown: unknown) => thrown);
      return locationOf(answer).split("/")[3]!.split("?")[0]!;
    };
    const cancel = (token: string) =>
      callAction(statusAction, { db, clientAddress: STRANGER, path: `/agendamento/reserva/${token}`, params: { token }, form: { intent: "cancel" } }).catch((t: unknown) => t);
    const job = () => runJob({ db, transport: quiet, whatsapp, fetcher: accepted, now: () => new Date() });

    let token = await book();
    const joined = await callAction(joinAction, {
      db,
      clientAddress: STRANGER,
      path: `/agendamento/${slug}/lista-de-espera?servico=${service.id}&data=${date}`,
      params: { slug },
      form: { servico: service.id, data: date, name: "Vítima", phone: VICTIM.phone, email: VICTIM.email, periodo: "manha" },
    }).catch((thrown: unknown) => thrown);
    expect(locationOf(joined)).toMatch(/^\/agendamento\/espera\//);
    for (let cycle = 0; cycle < 5; cycle++) {
      await cancel(token);
      await job();
      token = await book();
      await job();
    }

    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, VICTIM.email));
    expect(mails.map((m) => m.kind)).toContain("waitlist-offer");
    expect(mails.length).toBeLessThanOrEqual(LIMITS.unrequestedEmailsPerRecipient.max);
    const texts = await db.select().from(whatsappOutbox).where(eq(whatsappOutbox.to, VICTIM.number));
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.length).toBeLessThanOrEqual(LIMITS.unrequestedEmailsPerRecipient.max);

    // The professional: one e-mail per booking; a booking cancelled minutes after it was made is
    // not a second one (the request's notice on her phone is replaced by the cancel's).
    const toPro = await db.select().from(emailOutbox).where(eq(emailOutbox.to, pro.email));
    expect(toPro.filter((m) => m.subject.startsWith("Nova solicitação"))).toHaveLength(6);
    expect(toPro.filter((m) => m.subject.startsWith("Cancelado pelo cliente"))).toHaveLength(0);
    // Nothing else of hers was held back: the requests all stand in the outbox's record.
    expect(await db.select().from(emailOutbox).where(and(eq(emailOutbox.to, pro.email), like(emailOutbox.subject, "%")))).toHaveLength(6);
  });
});

describe("one bound per recipient, e-mail and WhatsApp alike", () => {
  it("one client address reaches at most the bound's new recipients an hour, addresses and numbers together", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const now = new Date();
    const opts = { professionalId: pro.id, clientAddress: "198.51.100.77", now };
    const mail = (to: string, n: number) =>
      strangerEmail(db, { to, subject: "Oi", text: "Olá!" }, { ...opts, kind: "waitlist-joined", dedupeKey: `t:${to}:${n}` });
    const text = (phone: string, n: number) =>
      strangerWhatsapp(db, { professionalId: pro.id, kind: "waitlist-offer", template: "vaga_lista_espera", language: "pt_BR", params: "[]", dedupeKey: `t:${phone}:${n}` }, { ...opts, phone });
    await db.batch([mail("um@example.org", 1), mail("dois@example.org", 1), text("21999990001", 1), text("21999990002", 1), mail("um@example.org", 2)]);
    expect((await db.select().from(emailOutbox)).map((m) => m.to).sort()).toEqual(["dois@example.org", "um@example.org", "um@example.org"]);
    // The fourth new recipient of the hour is withheld; writing again to one already reached is not new.
    expect((await db.select().from(whatsappOutbox)).map((m) => m.to)).toEqual(["5521999990001"]);
  });

  it("a WhatsApp reminder of a booking made on the page counts too, unless the professional knows the number", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    await db.update(profiles).set({ reminderHoursBefore: 48, reminderEmail: false }).where(eq(profiles.userId, pro.id));
    const tomorrow = addDays(nowInZone("America/Sao_Paulo").date, 1);
    const stranger = await createClient(db, pro.id, { phone: "21988887777" });
    const regular = await createClient(db, pro.id, { phone: "21988886666" });
    await createAppointment(db, pro.id, { clientId: regular.id, date: addDays(tomorrow, -8), status: "completed" });
    for (const client of [stranger, regular]) {
      await createAppointment(db, pro.id, { clientId: client.id, date: tomorrow, startMinute: 12 * 60, createdVia: "booking_page" });
    }
    // Each number already got the day's bound of messages someone else caused.
    const earlier = ["5521988887777", "5521988886666"].flatMap((to) =>
      [1, 2, 3].map((n) => ({ professionalId: pro.id, to, template: "t", language: "pt_BR", params: "[]", dedupeKey: `antes:${to}:${n}`, requestedBy: "192.0.2.1" })),
    );
    await db.insert(whatsappOutbox).values(earlier);
    await queueDueReminders(db, new Date(), { transport: quiet, whatsapp });
    const reminders = await db.select().from(whatsappOutbox).where(eq(whatsappOutbox.kind, "reminder"));
    expect(reminders.filter((r) => r.appointmentId !== null).map((r) => r.to)).toEqual(["5521988886666"]);
  });
});
