// The waiting list (issue 24) against a real database: the sign-up on step 2 (its limits and its
// one e-mail), every way a time opens, the batches of three every 15 minutes, the race of two
// waiting customers for one time, the minimum notice, and the professional's side.
import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import {
  appointments,
  bookingRequests,
  calendarBusy,
  emailOutbox,
  externalCalendars,
  profiles,
  scheduleExceptions,
  waitlistEntries,
  waitlistOffers,
  whatsappOutbox,
  workingHours,
} from "../../db/schema";
import { action as bookAction, loader as bookLoader } from "../../app/routes/booking";
import { action as joinAction } from "../../app/routes/waitlist-join";
import { action as statusAction, loader as statusLoader } from "../../app/routes/waitlist-status";
import Waitlist, { action as listAction, loader as listLoader } from "../../app/routes/waitlist";
import { WorkspaceShell } from "../../app/components/workspace-shell";
import { action as remindersAction, loader as remindersLoader } from "../../app/routes/reminders";
import { WHATSAPP_TEST_PHONE_ID, WHATSAPP_TEST_TOKEN } from "../support/whatsapp-stand-in";
import { runJob } from "../../app/jobs/job.server";
import { addDays, dayOfWeek } from "../../app/domain/dates";
import { formatPhone } from "../../app/domain/phone";
import type { EmailMessage, EmailTransport } from "../../app/utils/email.server";
import type { Db } from "../../app/utils/db.server";
import { PERIOD_NOT_OFFERED, PERIOD_REQUIRED } from "../../app/validation/waitlist";
import { RATE_LIMIT_MESSAGE, TAKEN } from "../../app/validation/booking";
import { createTestDb } from "../support/db";
import { createAppointment, createBookablePro, createBookingRequest, createProfessional, workingDay } from "../support/factories";
import { renderRoute, visibleText } from "../support/render";
import { answerStatus, callAction, callLoader, locationOf, replyOf } from "../support/routes";

/** A professional whose `date` is fully booked (the demo week: 09:00-18:00, lunch 12:00-13:00). */
async function fullDay(db: Db, date = workingDay(3), morning: "busy" | "none" = "busy") {
  const { pro, service } = await createBookablePro(db);
  const morningAppointment = morning === "busy" ? await createAppointment(db, pro.id, { date, startMinute: 9 * 60, durationMinutes: 180 }) : null;
  await createAppointment(db, pro.id, { date, startMinute: 13 * 60, durationMinutes: 300 });
  return { pro, service, date, morningAppointment };
}

type Setup = Awaited<ReturnType<typeof fullDay>>;

let phones = 0;
const nextPhone = () => `(11) 9${String(7000_0000 + ++phones)}`;

function join(db: Db, s: Setup, fields: Record<string, string> = {}, ip?: string) {
  const slug = s.pro.bookingSlug;
  return callAction(joinAction, {
    db,
    clientAddress: ip ?? `198.51.100.${phones % 250}`,
    path: `/agendamento/${slug}/lista-de-espera?servico=${s.service.id}&data=${s.date}`,
    params: { slug },
    form: { servico: s.service.id, data: s.date, name: "Carla Dias", phone: nextPhone(), periodo: "manha", ...fields },
  }).catch((thrown: unknown) => thrown);
}

function recorder() {
  const sent: EmailMessage[] = [];
  const transport: EmailTransport = { name: "test", send: async (m) => void sent.push(m) };
  return { sent, transport };
}

const job = (db: Db, transport: EmailTransport, at = new Date()) => runJob({ db, transport, whatsapp: null, now: () => at });
const offersTo = (sent: EmailMessage[], to: string) => sent.filter((m) => m.to === to && m.subject.startsWith("Abriu um horário"));
const minutes = (n: number) => new Date(Date.now() + n * 60_000);

describe("joining a day's waiting list", () => {
  it("offers the list on step 2, takes a place with one e-mail, and lets the customer leave through their link", async () => {
    const db = createTestDb();
    const s = await fullDay(db);
    const page = await callLoader(bookLoader, { db, path: `/agendamento/${s.pro.bookingSlug}?servico=${s.service.id}&data=${s.date}`, params: { slug: s.pro.bookingSlug } });
    expect(replyOf(page).data).toMatchObject({ step: 2, slots: [], waitlist: true });
    // Not on a day the professional never works (Sunday in the demo week).
    let sunday = addDays(s.date, 1);
    while (dayOfWeek(sunday) !== 0) sunday = addDays(sunday, 1);
    const closed = await callLoader(bookLoader, { db, path: `/agendamento/${s.pro.bookingSlug}?servico=${s.service.id}&data=${sunday}`, params: { slug: s.pro.bookingSlug } });
    expect(replyOf(closed).data).toMatchObject({ step: 2, slots: [], waitlist: false });

    const answer = await join(db, s, { email: "carla@example.com" });
    const token = locationOf(answer).match(/^\/agendamento\/espera\/([^?]+)\?novo=1$/)![1]!;
    const [entry] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.professionalId, s.pro.id));
    expect(entry).toMatchObject({ status: "waiting", period: "manha", customerName: "Carla Dias", customerEmail: "carla@example.com", serviceName: "Corte" });
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, "carla@example.com"));
    expect(mails.map((m) => m.kind)).toEqual(["waitlist-joined"]);
    expect(mails[0]!.text).toContain(`/agendamento/espera/${token}`);

    const view = await callLoader(statusLoader, { db, path: `/agendamento/espera/${token}`, params: { token } });
    expect(replyOf(view).data).toMatchObject({ state: "waiting", service: "Corte", period: "Manhã" });
    await callAction(statusAction, { db, path: `/agendamento/espera/${token}`, params: { token }, form: { intent: "leave" } });
    expect((await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry!.id)))[0]!.status).toBe("left");
    // A link that was not signed by us opens nothing.
    await expect(callLoader(statusLoader, { db, path: "/agendamento/espera/x.y", params: { token: "x.y" } })).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("refuses bad fields beside them, a phone over its limit, and a list turned off", async () => {
    const db = createTestDb();
    const s = await fullDay(db);
    expect(replyOf(await join(db, s, { phone: "123" })).data).toMatchObject({ field: "phone" });
    expect(answerStatus(await join(db, s, { periodo: "" }))).toBe(400);
    expect(replyOf(await join(db, s, { periodo: "" })).data).toMatchObject({ field: "period", message: PERIOD_REQUIRED });
    await join(db, s, { phone: "(11) 98888-1111" });
    // A phone already on the day's list is answered as a new place: the answer tells whoever
    // typed the number nothing about who waits (issue 32, finding 10).
    expect(locationOf(await join(db, s, { phone: "(11) 98888-1111", name: "Outra Pessoa" }))).toMatch(/^\/agendamento\/espera\/[^?]+\?novo=1$/);
    for (const date of [workingDay(6), workingDay(9)]) await createAppointment(db, s.pro.id, { date, startMinute: 9 * 60, durationMinutes: 9 * 60 });
    await join(db, { ...s, date: workingDay(6) }, { phone: "(11) 98888-1111" });
    const over = await join(db, { ...s, date: workingDay(9) }, { phone: "(11) 98888-1111" });
    expect(answerStatus(over)).toBe(429);
    expect(replyOf(over).data).toMatchObject({ message: RATE_LIMIT_MESSAGE });
    // Nothing is sent at sign-up without an e-mail: not to the phone, not anywhere.
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.professionalId, s.pro.id))).toEqual([]);

    await db.update(profiles).set({ waitlistEnabled: false }).where(eq(profiles.userId, s.pro.id));
    expect(answerStatus(await join(db, s))).toBe(400);
  });
});

describe("what the list offers on a day", () => {
  const step2 = (db: Db, s: Setup) =>
    callLoader(bookLoader, { db, path: `/agendamento/${s.pro.bookingSlug}?servico=${s.service.id}&data=${s.date}`, params: { slug: s.pro.bookingSlug } });

  it("only the periods in which a time could open: no 'Noite' when the professional closes at 18:00", async () => {
    const db = createTestDb();
    const s = await fullDay(db);
    expect(replyOf(await step2(db, s)).data).toMatchObject({ waitlist: true, waitlistPeriods: ["manha", "tarde", "qualquer"] });
    const refused = await join(db, s, { periodo: "noite" });
    expect(answerStatus(refused)).toBe(400);
    expect(replyOf(refused).data).toMatchObject({ field: "period", message: PERIOD_NOT_OFFERED });
    // Open until 20:00 that weekday: the evening is there to wait for.
    await db.update(workingHours).set({ endTime: "20:00" }).where(and(eq(workingHours.userId, s.pro.id), eq(workingHours.dayOfWeek, dayOfWeek(s.date))));
    await createAppointment(db, s.pro.id, { date: s.date, startMinute: 18 * 60, durationMinutes: 120 });
    expect(replyOf(await step2(db, s)).data).toMatchObject({ waitlistPeriods: ["manha", "tarde", "noite", "qualquer"] });
  });

  it("nothing on a day another calendar blocks all day: no time there can open", async () => {
    const db = createTestDb();
    const s = await fullDay(db, undefined, "none");
    const [calendar] = await db.insert(externalCalendars).values({ userId: s.pro.id, name: "Google Agenda", url: "https://calendar.example.com/a.ics" }).returning();
    await db.insert(calendarBusy).values({ calendarId: calendar!.id, userId: s.pro.id, date: s.date, startMinute: 0, endMinute: 24 * 60 });
    expect(replyOf(await step2(db, s)).data).toMatchObject({ step: 2, slots: [], waitlist: false });
    expect(answerStatus(await join(db, s))).toBe(400);
  });
});

/**
 * Each way a morning opens on a full day: what frees 09:00-12:00 after the customer joined (for
 * any time: a morning blocked or outside the hours is no period to wait for, docs/decisions/1024).
 */
const openings: [string, (db: Db) => Promise<Setup>, (db: Db, s: Setup) => Promise<void>][] = [
  ["a cancellation", (db) => fullDay(db), async (db, s) => void (await db.update(appointments).set({ status: "cancelled" }).where(eq(appointments.id, s.morningAppointment!.id)))],
  [
    "a declined request",
    async (db) => {
      const s = await fullDay(db, undefined, "none");
      await createBookingRequest(db, s.pro.id, { date: s.date, startMinute: 9 * 60, durationMinutes: 180, expiresAt: minutes(600), customerPhone: "11955554444" });
      return s;
    },
    async (db, s) => void (await db.update(bookingRequests).set({ status: "declined" }).where(eq(bookingRequests.professionalId, s.pro.id))),
  ],
  [
    "an expired request",
    async (db) => {
      const s = await fullDay(db, undefined, "none");
      await createBookingRequest(db, s.pro.id, { date: s.date, startMinute: 9 * 60, durationMinutes: 180, expiresAt: minutes(600), customerPhone: "11955554443" });
      return s;
    },
    async (db, s) => void (await db.update(bookingRequests).set({ expiresAt: minutes(-1) }).where(eq(bookingRequests.professionalId, s.pro.id))),
  ],
  ["a move", (db) => fullDay(db), async (db, s) => void (await db.update(appointments).set({ date: addDays(s.date, 1) }).where(eq(appointments.id, s.morningAppointment!.id)))],
  [
    "a block removed",
    async (db) => {
      const s = await fullDay(db, undefined, "none");
      await db.insert(scheduleExceptions).values({ userId: s.pro.id, kind: "blocked", startDate: s.date, endDate: s.date, startMinute: 9 * 60, endMinute: 12 * 60 });
      return s;
    },
    async (db, s) => void (await db.delete(scheduleExceptions).where(eq(scheduleExceptions.userId, s.pro.id))),
  ],
  [
    "hours extended",
    async (db) => {
      const s = await fullDay(db, undefined, "none");
      await db.update(workingHours).set({ startTime: "12:00" }).where(and(eq(workingHours.userId, s.pro.id), eq(workingHours.dayOfWeek, dayOfWeek(s.date))));
      return s;
    },
    async (db, s) => void (await db.update(workingHours).set({ startTime: "09:00" }).where(and(eq(workingHours.userId, s.pro.id), eq(workingHours.dayOfWeek, dayOfWeek(s.date))))),
  ],
];

describe("a time opening on a day someone waits on", () => {
  it.each(openings)("is offered after %s, by e-mail with a link straight to step 3", async (_, arrange, open) => {
    const db = createTestDb();
    const s = await arrange(db);
    expect(locationOf(await join(db, s, { email: "espera@example.com", periodo: "qualquer" }))).toMatch(/^\/agendamento\/espera\//);
    const { sent, transport } = recorder();
    await job(db, transport);
    expect(offersTo(sent, "espera@example.com")).toEqual([]);
    await open(db, s);
    await job(db, transport, minutes(1));
    const [offer, ...more] = offersTo(sent, "espera@example.com");
    expect(more).toEqual([]);
    expect(offer!.text).toContain("09:00");
    expect(offer!.text).toContain(`/agendamento/${s.pro.bookingSlug}?servico=${s.service.id}&data=${s.date}&horario=09%3A00`);
  });

  it("links to step 3 with the customer's name, phone and e-mail already filled in, for that link only", async () => {
    const db = createTestDb();
    const s = await oneOpening(db, 1);
    const { sent, transport } = recorder();
    await job(db, transport);
    const [offer] = offersTo(sent, "pessoa1@example.com");
    const link = new URL(/Quem confirmar primeiro fica com ele: (\S+)/.exec(offer!.text)![1]!);
    const slug = s.pro.bookingSlug;
    const step3 = (search: string) => callLoader(bookLoader, { db, path: `${link.pathname}${search}`, params: { slug } });
    const page = await step3(link.search);
    expect(replyOf(page).data).toMatchObject({ step: 3, time: "10:00", prefill: { name: "Carla Dias", phone: formatPhone(s.people[0]!.phone), email: "pessoa1@example.com" } });
    // Someone's name and phone on the page: kept by no cache, sent to no other site.
    expect(replyOf(page).init?.headers).toMatchObject({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
    // The same page without the link's token, or with one not made by us, fills in nothing.
    const plain = new URLSearchParams(link.search);
    const token = plain.get("espera")!;
    plain.delete("espera");
    expect(replyOf(await step3(`?${plain}`)).data.prefill).toBeNull();
    const forged = `${token.split(".")[0]}.${"A".repeat(22)}`;
    expect(replyOf(await step3(`?${plain}&espera=${forged}`)).data.prefill).toBeNull();
    // Another professional's page does not read this professional's place.
    const other = await fullDay(db);
    const elsewhere = await callLoader(bookLoader, {
      db,
      path: `/agendamento/${other.pro.bookingSlug}?servico=${other.service.id}&data=${other.date}&espera=${token}`,
      params: { slug: other.pro.bookingSlug },
    });
    expect(replyOf(elsewhere).data.prefill).toBeNull();
  });

  it("is not offered less than the minimum notice ahead, nor outside the period asked for", async () => {
    const db = createTestDb();
    const s = await fullDay(db, workingDay(1));
    await join(db, s, { email: "cedo@example.com" });
    await join(db, s, { email: "tarde@example.com", periodo: "tarde" });
    await db.update(profiles).set({ minNoticeMinutes: 4 * 24 * 60 }).where(eq(profiles.userId, s.pro.id));
    await db.update(appointments).set({ status: "cancelled" }).where(eq(appointments.id, s.morningAppointment!.id));
    const { sent, transport } = recorder();
    await job(db, transport);
    expect(offersTo(sent, "cedo@example.com")).toEqual([]);
    await db.update(profiles).set({ minNoticeMinutes: 60 }).where(eq(profiles.userId, s.pro.id));
    await job(db, transport, minutes(1));
    expect(offersTo(sent, "cedo@example.com")).toHaveLength(1);
    expect(offersTo(sent, "tarde@example.com")).toEqual([]);
  });
});

/** A full day with one half hour (10:00) that a cancellation frees, and `n` people waiting. */
async function oneOpening(db: Db, n: number, phoneOf: (i: number) => string = nextPhone) {
  const s = await fullDay(db, undefined, "none");
  await createAppointment(db, s.pro.id, { date: s.date, startMinute: 9 * 60, durationMinutes: 60 });
  const freed = await createAppointment(db, s.pro.id, { date: s.date, startMinute: 10 * 60, durationMinutes: 30 });
  await createAppointment(db, s.pro.id, { date: s.date, startMinute: 10 * 60 + 30, durationMinutes: 90 });
  const people = [];
  for (let i = 1; i <= n; i++) {
    const phone = phoneOf(i);
    await join(db, s, { email: `pessoa${i}@example.com`, phone, periodo: "qualquer" });
    people.push({ email: `pessoa${i}@example.com`, phone });
  }
  await db.update(appointments).set({ status: "cancelled" }).where(eq(appointments.id, freed.id));
  return { ...s, people };
}

const offered = (sent: EmailMessage[]) => sent.filter((m) => m.subject.startsWith("Abriu um horário")).map((m) => m.to);

describe("the batches of an opening", () => {
  it("go to the first three in order of arrival, then to the next after 15 minutes while nobody booked", async () => {
    const db = createTestDb();
    const s = await oneOpening(db, 5);
    const { sent, transport } = recorder();
    await job(db, transport);
    expect(offered(sent)).toEqual(["pessoa1@example.com", "pessoa2@example.com", "pessoa3@example.com"]);
    await job(db, transport, minutes(5));
    expect(offered(sent)).toHaveLength(3);
    await job(db, transport, minutes(16));
    expect(offered(sent).slice(3)).toEqual(["pessoa4@example.com", "pessoa5@example.com"]);
    await job(db, transport, minutes(32));
    expect(offered(sent)).toHaveLength(5);
    expect(s.people).toHaveLength(5);
  });

  it("go to a phone once, however many places it holds", async () => {
    const db = createTestDb();
    const twice = nextPhone();
    const s = await oneOpening(db, 3, (i) => (i <= 2 ? twice : nextPhone()));
    const { sent, transport } = recorder();
    await job(db, transport);
    // The phone's two places are one person in line: the next batch reaches the next phone.
    expect(offered(sent)).toEqual(["pessoa1@example.com", "pessoa3@example.com"]);
    const offers = await db.select().from(waitlistOffers).where(eq(waitlistOffers.professionalId, s.pro.id));
    expect(offers).toHaveLength(2);
  });

  it("stop once the time is booked; two runs at once send each offer once", async () => {
    const db = createTestDb();
    const s = await oneOpening(db, 4);
    const { sent, transport } = recorder();
    await Promise.all([job(db, transport), job(db, transport)]);
    expect(offered(sent)).toEqual(["pessoa1@example.com", "pessoa2@example.com", "pessoa3@example.com"]);
    await createAppointment(db, s.pro.id, { date: s.date, startMinute: 10 * 60, durationMinutes: 30 });
    await job(db, transport, minutes(16));
    expect(offered(sent)).toHaveLength(3);
  });

  it("race: of two waiting customers confirming the same time, one gets it and the other sees it taken and stays on the list", async () => {
    const db = createTestDb();
    const s = await oneOpening(db, 2);
    const { transport } = recorder();
    await job(db, transport);
    const slug = s.pro.bookingSlug;
    const confirm = (person: { phone: string }, ip: string) =>
      callAction(bookAction, {
        db,
        clientAddress: ip,
        path: `/agendamento/${slug}?servico=${s.service.id}&data=${s.date}&horario=10:00`,
        params: { slug },
        form: { servico: s.service.id, data: s.date, horario: "10:00", name: "Cliente Espera", phone: person.phone, email: "", notes: "" },
      }).catch((thrown: unknown) => thrown);
    const answers = await Promise.all([confirm(s.people[0]!, "192.0.2.10"), confirm(s.people[1]!, "192.0.2.11")]);
    expect(answers.map(answerStatus).sort()).toEqual([302, 409]);
    const lost = answers.find((a) => answerStatus(a) === 409);
    expect(replyOf(lost).data).toMatchObject({ field: "time", message: TAKEN });
    await job(db, transport, minutes(1));
    const entries = await db.select().from(waitlistEntries).where(eq(waitlistEntries.professionalId, s.pro.id));
    expect(entries.map((e) => e.status).sort()).toEqual(["booked", "waiting"]);
  });
});

describe("the channels of an offer", () => {
  it("without the Cloud API it waits in 'Lembretes' as one tap; with it, the approved template is queued", async () => {
    const db = createTestDb();
    const s = await oneOpening(db, 1);
    const { transport } = recorder();
    await job(db, transport);
    const page = await callLoader(remindersLoader, { db, as: s.pro, path: "/lembretes" });
    const [tap] = page.groups.waitlist;
    expect(tap).toMatchObject({ client: "Carla Dias", date: s.date, time: "10:00", sentAt: null });
    const wa = new URL(locationOf(await callAction(remindersAction, { db, as: s.pro, path: "/lembretes", form: { intent: "waitlist-sent", id: tap!.id } })));
    expect(wa.searchParams.get("text")).toContain(`Oi, Carla! Abriu um horário de Corte`);
    expect(wa.searchParams.get("text")).toContain(`horario=10%3A00`);
    expect((await db.select().from(waitlistOffers).where(eq(waitlistOffers.id, tap!.id)))[0]!.sentAt).not.toBeNull();

    const other = await oneOpening(db, 1);
    const whatsapp = { apiUrl: "http://127.0.0.1:9", token: WHATSAPP_TEST_TOKEN, phoneNumberId: WHATSAPP_TEST_PHONE_ID, template: "lembrete_agendamento", language: "pt_BR" };
    const accepted: typeof fetch = async () => Response.json({ messages: [{ id: "wamid.teste" }] });
    await runJob({ db, transport, whatsapp, fetcher: accepted, now: () => new Date() });
    const [queued] = await db.select().from(whatsappOutbox).where(eq(whatsappOutbox.professionalId, other.pro.id));
    expect(queued).toMatchObject({ kind: "waitlist-offer", template: "vaga_lista_espera", status: "sent" });
    expect(JSON.parse(queued!.params)[3]).toContain("horario=10%3A00");
    expect((await callLoader(remindersLoader, { db, as: other.pro, path: "/lembretes" })).groups.waitlist).toEqual([]);
  });
});

describe("the professional's list of a day", () => {
  it("is in the menu and opens on the first day someone waits on, with the other days that have a list", async () => {
    const db = createTestDb();
    const s = await fullDay(db, workingDay(3));
    const later = workingDay(8);
    await createAppointment(db, s.pro.id, { date: later, startMinute: 9 * 60, durationMinutes: 9 * 60 });
    await join(db, { ...s, date: later });
    await join(db, s);
    await join(db, s);
    const list = await callLoader(listLoader, { db, as: s.pro, path: "/lista-de-espera" });
    expect(list).toMatchObject({ date: s.date, otherDays: [{ date: later, n: 1 }] });
    expect(list.rows).toHaveLength(2);
    const text = visibleText(renderRoute(Waitlist, "/lista-de-espera", list));
    expect(text).toContain("2 pessoas esperando");
    expect(text).toContain("Outros dias com lista de espera");
    // oxlint-disable-next-line react/no-children-prop -- createElement in a .ts file: the shell's props type asks for children
    const menu = renderRoute(() => createElement(WorkspaceShell, { businessName: "Salão", email: s.pro.email, children: null }), "/dashboard", {});
    expect(menu).toMatch(/<a[^>]*href="\/lista-de-espera"[^>]*>(?:(?!<\/a>).)*Lista de espera/);
  });

  it("lists who waits in order of arrival and removes one after asking; another professional's is a 404", async () => {
    const db = createTestDb();
    const s = await oneOpening(db, 2);
    const path = `/lista-de-espera?data=${s.date}`;
    const list = await callLoader(listLoader, { db, as: s.pro, path });
    expect(list.rows.map((r) => r.email)).toEqual(["pessoa1@example.com", "pessoa2@example.com"]);
    const first = list.rows[0]!;
    const asking = await callLoader(listLoader, { db, as: s.pro, path: `${path}&remover=${first.id}` });
    expect(asking.removing).toMatchObject({ id: first.id });
    const other = await createProfessional(db);
    await expect(callAction(listAction, { db, as: other, path, form: { intent: "remove", id: first.id } })).rejects.toMatchObject({ init: { status: 404 } });
    await callAction(listAction, { db, as: s.pro, path, form: { intent: "remove", id: first.id } });
    expect((await callLoader(listLoader, { db, as: s.pro, path })).rows.map((r) => r.email)).toEqual(["pessoa2@example.com"]);
  });
});
