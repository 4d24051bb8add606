// The customer's optional e-mail on the booking page and what it brings: the request received,
// the answer (accepted with the calendar file, declined), the signed link of a message opening
// their page, 'Confirmo presença' marking the appointment, and the professional's choice not to
// get new requests by e-mail.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appointments, bookingRequests, clients, emailOutbox, profiles } from "../../db/schema";
import { action as bookAction } from "../../app/routes/booking";
import { action as statusAction, loader as statusLoader } from "../../app/routes/booking-status";
import { loader as icsLoader } from "../../app/routes/booking-status.ics";
import { action as requestsAction } from "../../app/routes/booking-requests";
import { loader as remindersLoader } from "../../app/routes/reminders";
import { action as agendaAction, loader as agendaLoader } from "../../app/routes/agenda";
import { EMAIL_INVALID } from "../../app/validation/booking";
import { statusPageUrl } from "../../app/domain/notifications/customer-links.server";
import { runJob } from "../../app/jobs/job.server";
import type { EmailMessage } from "../../app/utils/email.server";
import { addDays, localToUtc, nowInZone } from "../../app/domain/dates";
import type { Db } from "../../app/utils/db.server";
import { logTransport } from "../../app/utils/email.server";
import { expireRequests } from "../../app/jobs/job.server";
import { contextFor, createTestDb, settleBackground, userContextFor } from "../support/db";
import { createAppointment, createBookablePro, createClient, workingDay } from "../support/factories";
import { callAction, callLoader, replyOf, responseOf } from "../support/routes";

async function setup(db: Db, opts: { autoConfirm?: boolean; notifyNewRequest?: boolean } = {}) {
  return createBookablePro(db, {
    name: `Bela Nunes ${crypto.randomUUID().slice(0, 4)}`,
    profile: { autoConfirm: opts.autoConfirm ?? false, notifyNewRequest: opts.notifyNewRequest ?? true, businessAddress: "Rua do Sol, 5" },
  });
}

/** Books with the given fields; returns the answer once the work after it (e-mails) is done. */
async function book(db: Db, slug: string, fields: Record<string, string>, clientAddress?: string) {
  const context = contextFor(db, clientAddress);
  let result: unknown;
  try {
    result = await callAction(bookAction, { context, path: `/agendamento/${slug}`, params: { slug }, form: fields });
  } catch (thrown) {
    result = thrown;
  }
  await settleBackground(context);
  return result;
}

const fields = (serviceId: string, date: string, extra: Record<string, string> = {}) => ({
  servico: serviceId,
  data: date,
  horario: "10:00",
  name: "Joana Lima",
  phone: "(11) 98888-7777",
  notes: "",
  ...extra,
});

const mailsTo = (db: Db, to: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

describe("the customer's e-mail on the booking page", () => {
  it("is optional, kept with the request, and brings 'request received' naming the professional with the way to stop", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const res = responseOf(await book(db, pro.bookingSlug, fields(service.id, workingDay(), { email: "  joana@example.com " })));
    expect(res.status).toBe(302);
    const [request] = await db.select().from(bookingRequests).where(eq(bookingRequests.professionalId, pro.id));
    expect(request!.customerEmail).toBe("joana@example.com");
    const [mail] = await mailsTo(db, "joana@example.com");
    expect(mail).toMatchObject({ status: "sent", kind: "request-received", professionalId: pro.id, dedupeKey: `request-received:${request!.id}` });
    expect(mail!.subject).toMatch(/^Recebemos sua solicitação para Bela Nunes/);
    expect(mail!.text).toMatch(/Acompanhe, remarque ou cancele: http:\/\/\S+\/agendamento\/reserva\/[\w-]+\.[\w-]+/);
    expect(mail!.text).toMatch(/Não quero receber lembretes de Bela Nunes \S*: http:\/\/\S+\/lembretes\/parar\//);

    // Without an e-mail: no message to the customer, the request as before.
    await book(db, pro.bookingSlug, fields(service.id, workingDay(), { horario: "11:00", phone: "(11) 97777-1111" }));
    const kinds = (await db.select({ kind: emailOutbox.kind }).from(emailOutbox)).map((r) => r.kind);
    expect(kinds.filter((k) => k === "request-received")).toHaveLength(1);
  });

  it("refuses a malformed address beside the field, with 400, and saves nothing", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const reply = replyOf(await book(db, pro.bookingSlug, fields(service.id, workingDay(), { email: "joana@gmail" })));
    expect(reply.init?.status).toBe(400);
    expect(reply.data).toMatchObject({ field: "email", message: EMAIL_INVALID, fields: { name: "Joana Lima", email: "joana@gmail" } });
    expect(await db.select().from(bookingRequests)).toHaveLength(0);
  });

  it("confirmed at once (automatic confirmation): one e-mail saying so, with the calendar file", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db, { autoConfirm: true });
    await book(db, pro.bookingSlug, fields(service.id, workingDay(), { email: "auto@example.com" }));
    const mails = await mailsTo(db, "auto@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Agendamento confirmado com Bela Nunes/);
    expect(mails[0]!.text).toMatch(/Adicionar à agenda: http:\/\/\S+\/ics/);
  });

  it("the professional who turned new-request e-mails off gets none; the customer still gets theirs", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db, { notifyNewRequest: false });
    await book(db, pro.bookingSlug, fields(service.id, workingDay(), { email: "so-eu@example.com" }));
    expect(await mailsTo(db, pro.email)).toHaveLength(0);
    expect(await mailsTo(db, "so-eu@example.com")).toHaveLength(1);
  });
});

describe("the answer reaches the customer", () => {
  async function pending(db: Db, email: string) {
    const { pro, service } = await setup(db);
    await book(db, pro.bookingSlug, fields(service.id, workingDay(), { email }));
    const [request] = await db.select().from(bookingRequests).where(eq(bookingRequests.professionalId, pro.id));
    return { pro, request: request! };
  }
  /** Answers from Solicitações, or from the agenda; returns once the work after the answer is done. */
  async function answer(db: Db, pro: { id: string; email: string }, intent: "accept" | "decline", id: string, from: "/solicitacoes" | "/agenda" = "/solicitacoes") {
    const context = await userContextFor(db, pro);
    const res =
      from === "/agenda"
        ? await callAction(agendaAction, { context, path: "/agenda", form: { intent: `${intent}-request`, id } })
        : await callAction(requestsAction, { context, path: "/solicitacoes", form: { intent, id } });
    await settleBackground(context);
    return res;
  }

  it.each(["/solicitacoes", "/agenda"] as const)("accepted from %s: sent right after the answer, once, with the calendar file, even if the professional taps twice", async (from) => {
    const db = createTestDb();
    const { pro, request } = await pending(db, "aceita@example.com");
    await answer(db, pro, "accept", request.id, from);
    await answer(db, pro, "accept", request.id, from);
    const accepted = (await mailsTo(db, "aceita@example.com")).filter((m) => m.kind === "request-accepted");
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toMatchObject({ status: "sent", subject: expect.stringMatching(/^Agendamento confirmado com Bela Nunes/) });
    expect(accepted[0]!.text).toContain("Endereço: Rua do Sol, 5");
    const ics = /Adicionar à agenda: http:\/\/[^/]+(\/agendamento\/reserva\/([\w.-]+)\/ics)/.exec(accepted[0]!.text)!;
    const file = responseOf(await callLoader(icsLoader, { db, path: ics[1], params: { token: ics[2]! } }));
    expect(await file.text()).toContain("STATUS:CONFIRMED");
  });

  it("declined: the customer is told and pointed to the booking page", async () => {
    const db = createTestDb();
    const { pro, request } = await pending(db, "recusada@example.com");
    await answer(db, pro, "decline", request.id);
    const [declined] = (await mailsTo(db, "recusada@example.com")).filter((m) => m.kind === "request-declined");
    expect(declined).toMatchObject({ status: "sent", subject: expect.stringContaining("não pôde atender no horário pedido") });
    expect(declined!.text).toMatch(/Escolha outro horário: http:\/\/\S+\/agendamento\//);
  });
});

describe("the customer's e-mail stays with the client", () => {
  async function accepted(db: Db, email: string, existing?: { email: string }) {
    const { pro, service } = await setup(db);
    if (existing) await createClient(db, pro.id, { name: "Joana", phone: "11988887777", email: existing.email });
    await book(db, pro.bookingSlug, fields(service.id, workingDay(), { email }));
    const [request] = await db.select().from(bookingRequests).where(eq(bookingRequests.professionalId, pro.id));
    const context = await userContextFor(db, pro);
    await callAction(requestsAction, { context, path: "/solicitacoes", form: { intent: "accept", id: request!.id } });
    await settleBackground(context);
    const [client] = await db.select().from(clients).where(eq(clients.userId, pro.id));
    return { pro, request: request!, client: client! };
  }

  it("accepting fills the client's e-mail, and never replaces one the professional typed", async () => {
    const db = createTestDb();
    expect((await accepted(db, "nova@example.com")).client).toMatchObject({ phone: "11988887777", email: "nova@example.com" });
    expect((await accepted(db, "preenche@example.com", { email: "" })).client.email).toBe("preenche@example.com");
    expect((await accepted(db, "outro@example.com", { email: "anotado@example.com" })).client.email).toBe("anotado@example.com");
  });

  it("brings reminders of the client's other appointments, those made in the agenda too", async () => {
    const db = createTestDb();
    const { pro, request, client } = await accepted(db, "sempre@example.com");
    const date = addDays(request.date, 7);
    await createAppointment(db, pro.id, { clientId: client.id, date, startMinute: 15 * 60, serviceName: "Corte" });
    const sent: EmailMessage[] = [];
    const transport = { name: "test", send: async (m: EmailMessage) => void sent.push(m) };
    const now = new Date(localToUtc(date, 15 * 60, "America/Sao_Paulo").getTime() - 20 * 3_600_000);
    await runJob({ db, now: () => now, transport, whatsapp: null });
    const reminders = sent.filter((m) => m.subject.startsWith("Lembrete"));
    expect(reminders.map((m) => [m.to, m.subject])).toEqual([["sempre@example.com", expect.stringMatching(/^Lembrete: Corte amanhã às 15:00 com Bela Nunes/)]]);
    expect(reminders[0]!.text).toMatch(/Não quero receber lembretes de Bela Nunes \S*: http:\/\/\S+\/lembretes\/parar\//);
    // No status page for a time made in the agenda: the professional's WhatsApp to move it.
    expect(reminders[0]!.text).not.toContain("/agendamento/reserva/");
    expect(reminders[0]!.text).toMatch(/Precisa remarcar\? Fale pelo WhatsApp: https:\/\/wa\.me\/5511987654321\?text=/);
  });
});

describe("the professional hears of a customer's cancellation, as they chose", () => {
  it("e-mails the professional when a customer cancels from their link; nothing when turned off", async () => {
    const db = createTestDb();
    for (const notify of [true, false]) {
      const { pro, service } = await setup(db);
      await db.update(profiles).set({ notifyCustomerChanges: notify }).where(eq(profiles.userId, pro.id));
      await book(db, pro.bookingSlug, fields(service.id, workingDay(), { phone: notify ? "(11) 96666-1111" : "(11) 96666-2222" }));
      // Made a while ago: a booking cancelled minutes after it was made is one notice (hostile-waitlist.test.ts).
      await db.update(bookingRequests).set({ createdAt: new Date(Date.now() - 20 * 60_000) }).where(eq(bookingRequests.professionalId, pro.id));
      const [request] = await db.select().from(bookingRequests).where(eq(bookingRequests.professionalId, pro.id));
      const token = (await statusPageUrl(request!.id)).split("/").pop()!;
      const context = contextFor(db);
      const res = responseOf(await callAction(statusAction, { context, path: `/agendamento/reserva/${token}`, params: { token }, form: { intent: "cancel" } }));
      await settleBackground(context);
      expect(res.status).toBe(302);
      expect((await db.select().from(bookingRequests).where(eq(bookingRequests.id, request!.id)))[0]!.status).toBe("cancelled");
      const mails = (await mailsTo(db, pro.email)).filter((m) => m.subject.startsWith("Cancelado pelo cliente"));
      expect(mails).toHaveLength(notify ? 1 : 0);
      if (notify) expect(mails[0]!.text).toContain("Joana Lima cancelou a solicitação de agendamento");
    }
  });
});

describe("'Confirmo presença' from the reminder", () => {
  it("the signed link opens the customer's page; confirming marks the appointment and the professional sees it", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db, { autoConfirm: true });
    const date = workingDay();
    await book(db, pro.bookingSlug, fields(service.id, date, { email: "vem@example.com" }));
    const [request] = await db.select().from(bookingRequests).where(eq(bookingRequests.professionalId, pro.id));
    const token = (await statusPageUrl(request!.id)).split("/").pop()!;

    const page = replyOf(await callLoader(statusLoader, { db, path: `/agendamento/reserva/${token}?confirmar=1`, params: { token } }));
    expect(page.data).toMatchObject({ status: "accepted", attendance: "open", customerName: "Joana Lima" });

    // Opening the link changed nothing: the button does.
    const [before] = await db.select().from(appointments).where(eq(appointments.bookingRequestId, request!.id));
    expect(before!.customerConfirmedAt).toBeNull();
    const res = responseOf(await callAction(statusAction, { db, path: `/agendamento/reserva/${token}`, params: { token }, form: { intent: "confirm" } }));
    expect(res.status).toBe(302);
    const [after] = await db.select().from(appointments).where(and(eq(appointments.bookingRequestId, request!.id), eq(appointments.userId, pro.id)));
    expect(after).toMatchObject({ status: "confirmed" });
    expect(after!.customerConfirmedAt).toBeInstanceOf(Date);
    expect(replyOf(await callLoader(statusLoader, { db, path: `/agendamento/reserva/${token}`, params: { token } })).data.attendance).toBe("confirmed");

    // The agenda shows the professional the customer's answer.
    const agenda = await callLoader(agendaLoader, { db, as: pro, path: `/agenda?periodo=customizado&de=${date}&ate=${date}` });
    if (agenda.mode !== "list") throw new Error("expected the list");
    expect(agenda.list.rows).toMatchObject([{ customerConfirmed: true, status: "confirmed" }]);
    const day = await callLoader(agendaLoader, { db, as: pro, path: `/agenda?vista=dia&data=${date}&ver=${after!.id}` });
    expect(JSON.stringify(day)).toContain('"customerConfirmed":true');

    // Tomorrow's list shows it (when the appointment is tomorrow).
    if (date === addDays(nowInZone("America/Sao_Paulo").date, 1)) {
      const list = await callLoader(remindersLoader, { db, as: pro, path: "/lembretes" });
      expect(list.rows[0]!.confirmed).toBe(true);
    }
  });

  it("a forged or altered signed link is a 404", async () => {
    const db = createTestDb();
    const token = (await statusPageUrl(crypto.randomUUID())).split("/").pop()!;
    await expect(callLoader(statusLoader, { db, path: "/x", params: { token } })).rejects.toMatchObject({ init: { status: 404 } });
    await expect(callLoader(statusLoader, { db, path: "/x", params: { token: `${token.split(".")[0]}.AAAAAAAAAAAAAAAAAAAAAA` } })).rejects.toMatchObject({
      init: { status: 404 },
    });
  });
});

describe("e-mails a stranger makes the app send are bounded (issue 20)", () => {
  const received = async (db: Db, to: string) => (await mailsTo(db, to)).filter((m) => m.kind === "request-received");
  const time = (i: number) => ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "13:00", "13:30", "14:00", "14:30"][i]!;
  const phone = (i: number) => `(11) 9${String(70000000 + i)}`;

  it("an unknown address gets at most 3 a day, whoever asks and on whatever page; the bookings still go through", async () => {
    const db = createTestDb();
    const date = workingDay();
    for (let i = 0; i < 5; i++) {
      // Five pages, five client addresses: only the recipient is the same.
      const { pro, service } = await setup(db);
      const res = responseOf(await book(db, pro.bookingSlug, fields(service.id, date, { email: "alvo@example.org", phone: phone(i) }), `198.51.100.${i + 1}`));
      expect(res.status).toBe(302);
    }
    expect(await received(db, "alvo@example.org")).toHaveLength(3);
    const requests = await db.select().from(bookingRequests);
    expect(requests).toHaveLength(5);
    expect(requests.filter((r) => r.customerEmailWithheld)).toHaveLength(2);
    // The same address typed in capitals is the same address.
    const { pro, service } = await setup(db);
    await book(db, pro.bookingSlug, fields(service.id, date, { email: "ALVO@Example.org", phone: phone(9) }), "198.51.100.9");
    expect(await received(db, "alvo@example.org")).toHaveLength(3);
  });

  it("one client address makes the app write to at most 3 new addresses an hour (again to one of them is not new)", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const date = workingDay();
    for (let i = 0; i < 5; i++) {
      const res = responseOf(await book(db, pro.bookingSlug, fields(service.id, date, { email: `novo${i}@example.org`, phone: phone(i), horario: time(i) })));
      expect(res.status).toBe(302);
    }
    const outbox = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "request-received"));
    expect(outbox.map((m) => m.to).sort()).toEqual(["novo0@example.org", "novo1@example.org", "novo2@example.org"]);
    // The status page promises an e-mail only where one will come: a withheld address's decline
    // or expiry is not e-mailed, so its page promises the page.
    const promiseTo = async (email: string) => {
      const [request] = await db.select().from(bookingRequests).where(eq(bookingRequests.customerEmail, email));
      const token = (await statusPageUrl(request!.id)).split("/").pop()!;
      return replyOf(await callLoader(statusLoader, { db, path: `/agendamento/reserva/${token}`, params: { token } })).data.promise;
    };
    expect(await promiseTo("novo0@example.org")).toMatch(/A resposta chega por e-mail e aparece nesta página\.$/);
    expect(await promiseTo("novo3@example.org")).toMatch(/ confirma\. A resposta aparece nesta página: por segurança, não enviamos e-mail para o endereço informado desta vez\.$/);
    await book(db, pro.bookingSlug, fields(service.id, date, { email: "novo1@example.org", phone: phone(7), horario: time(7) }));
    expect(await received(db, "novo1@example.org")).toHaveLength(2);
    // Another client address is not held back by this one.
    await book(db, pro.bookingSlug, fields(service.id, date, { email: "outro@example.org", phone: phone(8), horario: time(8) }), "198.51.100.200");
    expect(await received(db, "outro@example.org")).toHaveLength(1);
  });

  it("an address the professional knows is not limited: their client, or one they accepted by hand", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const date = workingDay();
    const client = await createClient(db, pro.id, { email: "cliente@example.org" });
    await createAppointment(db, pro.id, { clientId: client.id, date: addDays(date, -30), status: "completed" });
    for (let i = 0; i < 5; i++) {
      await book(db, pro.bookingSlug, fields(service.id, date, { email: "cliente@example.org", phone: phone(i), horario: time(i) }));
    }
    expect(await received(db, "cliente@example.org")).toHaveLength(5);
    // To another professional it is an unknown address like any other (the 5 above did not count).
    const other = await setup(db);
    await book(db, other.pro.bookingSlug, fields(other.service.id, date, { email: "cliente@example.org", phone: phone(20) }), "198.51.100.77");
    expect(await received(db, "cliente@example.org")).toHaveLength(6);
  });

  it("confirmed at once, a withheld address never reaches the client record (nor its reminders)", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db, { autoConfirm: true });
    const date = workingDay();
    for (let i = 0; i < 4; i++) {
      await book(db, pro.bookingSlug, fields(service.id, date, { email: `auto${i}@example.org`, phone: phone(i), horario: time(i) }));
    }
    const kept = await db.select({ phone: clients.phone, email: clients.email }).from(clients).where(eq(clients.userId, pro.id));
    expect(kept.map((c) => c.email).sort()).toEqual(["", "auto0@example.org", "auto1@example.org", "auto2@example.org"]);
  });

  it("a withheld e-mail has no follow-ups (decline, expiry) unless the professional accepts by hand; no e-mail opens with the name", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const date = workingDay();
    for (let i = 0; i < 6; i++) {
      await book(db, pro.bookingSlug, fields(service.id, date, { email: `seguinte${i}@example.org`, phone: phone(i), horario: time(i) }));
    }
    const rows = await db.select().from(bookingRequests).where(eq(bookingRequests.professionalId, pro.id));
    const byEmail = (e: string) => rows.find((r) => r.customerEmail === e)!;
    const context = await userContextFor(db, pro);
    const answer = async (intent: string, id: string) => {
      await callAction(requestsAction, { context, path: "/solicitacoes", form: { intent, id } });
      await settleBackground(context);
    };
    await answer("decline", byEmail("seguinte0@example.org").id);
    await answer("decline", byEmail("seguinte4@example.org").id);
    await answer("accept", byEmail("seguinte5@example.org").id);
    const kinds = async (to: string) => (await mailsTo(db, to)).map((m) => m.kind).sort();
    expect(await kinds("seguinte0@example.org")).toEqual(["request-declined", "request-received"]);
    expect(await kinds("seguinte4@example.org")).toEqual([]);
    expect(await kinds("seguinte5@example.org")).toEqual(["request-accepted"]);
    await expireRequests(db, new Date(Date.now() + 7 * 86_400_000), logTransport);
    expect(await kinds("seguinte1@example.org")).toEqual(["request-expired", "request-received"]);
    expect(await kinds("seguinte3@example.org")).toEqual([]);
    const [mail] = await mailsTo(db, "seguinte0@example.org");
    expect(mail!.text.startsWith("Olá!\n")).toBe(true);
    expect(mail!.text).not.toContain("Joana Lima");
  });
});
