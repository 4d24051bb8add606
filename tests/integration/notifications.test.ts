// The professional's side of 'Nobody forgets': the 'Notificações' settings, the private calendar
// feed (parsed by an independent parser, ical.js), the one-tap 'Lembretes' list, and the
// customer's 'Não quero receber lembretes' link.
import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { appointments, profiles, reminderOptOuts } from "../../db/schema";
import { action as settingsAction, loader as settingsLoader } from "../../app/routes/settings.notifications";
import { loader as feedLoader } from "../../app/routes/calendar-feed";
import { action as remindersAction, loader as remindersLoader } from "../../app/routes/reminders";
import { action as stopAction, loader as stopLoader } from "../../app/routes/stop-reminders";
import { loader as dashboardLoader } from "../../app/routes/dashboard";
import { contactKey, stopRemindersUrl } from "../../app/domain/notifications/customer-links.server";
import { addDays, nowInZone } from "../../app/domain/dates";
import type { Db } from "../../app/utils/db.server";
import { createTestDb, ORIGIN } from "../support/db";
import { envOverrides } from "../support/env";
import { createAppointment, createBookingRequest, createClient, createProfessional } from "../support/factories";
import { callAction, callLoader, replyOf, responseOf, thrownStatus } from "../support/routes";

type Pro = Awaited<ReturnType<typeof createProfessional>>;
let db: Db;
let pro: Pro;
let other: Pro;

beforeEach(async () => {
  db = createTestDb();
  pro = await createProfessional(db, { name: "Ana Souza" });
  other = await createProfessional(db, { name: "Bia Lima" });
});

const profileOf = async (id: string) => (await db.select().from(profiles).where(eq(profiles.userId, id)))[0]!;
const SETTINGS = "/configuracoes/notificacoes";
const saveSettings = (fields: Record<string, string>, who: Pro = pro) => callAction(settingsAction, { db, as: who, path: SETTINGS, form: { intent: "save", ...fields } });

describe("Notificações settings", () => {
  it("starts with the defaults: new requests and customer changes e-mailed, reminders 24 hours before by e-mail", async () => {
    const data = await callLoader(settingsLoader, { db, as: pro, path: SETTINGS });
    expect(data.prefs).toEqual({
      notifyNewRequest: true,
      notifyCustomerChanges: true,
      dailySummary: false,
      dailySummaryHour: 20,
      reminderHoursBefore: 24,
      reminderEmail: true,
      reminderWhatsapp: true,
      comebackAutoHour: null,
    });
    expect(data.whatsappConfigured).toBe(false);
    expect(data.feed).toBeNull();
  });

  it("saves the choices (an unticked switch is off) and leaves the WhatsApp switch alone while the API is off", async () => {
    const reply = responseOf(await saveSettings({ dailySummary: "on", dailySummaryHour: "7", reminderHoursBefore: "3", reminderEmail: "on" }));
    expect(reply.status).toBe(302);
    expect(await profileOf(pro.id)).toMatchObject({
      notifyNewRequest: false,
      notifyCustomerChanges: false,
      dailySummary: true,
      dailySummaryHour: 7,
      reminderHoursBefore: 3,
      reminderEmail: true,
      reminderWhatsapp: true,
    });
    expect((await profileOf(other.id)).dailySummary).toBe(false);
  });

  it("with the API configured, the WhatsApp switch is saved too", async () => {
    const env = envOverrides();
    env.set({ WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "1" });
    try {
      expect((await callLoader(settingsLoader, { db, as: pro, path: SETTINGS })).whatsappConfigured).toBe(true);
      await saveSettings({ dailySummaryHour: "20", reminderHoursBefore: "24" });
      expect((await profileOf(pro.id)).reminderWhatsapp).toBe(false);
    } finally {
      env.restore();
    }
  });

  it("refuses a time off the list with a message beside the field, and keeps what was saved", async () => {
    await saveSettings({ dailySummary: "on", dailySummaryHour: "8", reminderHoursBefore: "24" });
    const reply = replyOf(await saveSettings({ dailySummaryHour: "25", reminderHoursBefore: "1000" }));
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result!.error).toEqual({
      dailySummaryHour: ["Escolha um horário da lista."],
      reminderHoursBefore: ["Escolha uma antecedência da lista."],
    });
    expect(await profileOf(pro.id)).toMatchObject({ dailySummary: true, dailySummaryHour: 8 });
  });
});

describe("the private calendar feed", () => {
  const feedPath = (url: string) => new URL(url.replace("webcal://", "http://")).pathname;
  const fetchFeed = async (path: string) => {
    const file = path.split("/").pop()!;
    return responseOf(await callLoader(feedLoader, { db, path, params: { file } }));
  };
  const createFeed = async (who: Pro = pro) => {
    await callAction(settingsAction, { db, as: who, path: SETTINGS, form: { intent: "feed-renew" } });
    const { feed } = await callLoader(settingsLoader, { db, as: who, path: SETTINGS });
    return feed!;
  };

  it("lists the appointments from 30 days back to 6 months ahead, in the professional's zone, and parses cleanly", async () => {
    await db.update(profiles).set({ timeZone: "America/Manaus", businessAddress: "Rua A, 1" }).where(eq(profiles.userId, pro.id));
    const today = nowInZone("America/Manaus").date;
    const client = await createClient(db, pro.id, { name: "Carla Dias", phone: "11987650001" });
    const soon = await createAppointment(db, pro.id, { date: addDays(today, 2), startMinute: 14 * 60, durationMinutes: 45, clientId: client.id, serviceName: "Corte, escova; hidratação", notes: "Alérgica a amônia" });
    const cancelled = await createAppointment(db, pro.id, { date: addDays(today, 3), status: "cancelled", serviceName: "Barba" });
    await createAppointment(db, pro.id, { date: addDays(today, -31), serviceName: "Antigo demais" });
    await createAppointment(db, pro.id, { date: addDays(today, 200), serviceName: "Longe demais" });
    await createAppointment(db, other.id, { date: addDays(today, 2), serviceName: "De outra pessoa" });

    const feed = await createFeed();
    expect(feed.webcal).toMatch(/^webcal:\/\/[^/]+\/calendario\/[\w-]{40,}\.ics$/);
    const res = await fetchFeed(feedPath(feed.webcal));
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const text = await res.text();
    expect(text).toMatch(/\r\n$/);

    const calendar = new ICAL.Component(ICAL.parse(text));
    const zone = calendar.getFirstSubcomponent("vtimezone");
    expect(zone?.getFirstPropertyValue("tzid")).toBe("America/Manaus");
    if (zone) ICAL.TimezoneService.register(zone);
    const events = calendar.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c));
    // By default: the service and the customer's first name, nothing else of the customer.
    expect(events.map((e) => e.summary)).toEqual(["Carla — Corte, escova; hidratação", "Barba"]);
    expect(text).not.toContain("Dias");
    expect(text).not.toContain("11987650001");
    expect(text).not.toContain("amônia");
    const [first, second] = events;
    expect(first!.uid).toBe(`${soon.id}@agendo`);
    expect(first!.startDate.toJSDate().toISOString()).toBe(`${addDays(today, 2)}T18:00:00.000Z`); // 14:00 in Manaus
    expect(first!.endDate.toJSDate().getTime() - first!.startDate.toJSDate().getTime()).toBe(45 * 60_000);
    expect(first!.startDate.zone?.tzid).toBe("America/Manaus");
    expect(first!.location).toBe("Rua A, 1");
    expect(first!.description).toBe("Situação: Agendado");
    expect(first!.component.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(second!.uid).toBe(`${cancelled.id}@agendo`);
    expect(second!.component.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(first!.sequence).toBe(0);

    // A change is in the next read, same UID, higher SEQUENCE.
    await db.update(appointments).set({ startMinute: 15 * 60 }).where(eq(appointments.id, soon.id));
    const again = new ICAL.Component(ICAL.parse(await (await fetchFeed(feedPath(feed.webcal))).text()));
    const moved = again.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c)).find((e) => e.uid === `${soon.id}@agendo`)!;
    expect(moved.sequence).toBe(1);
    expect(moved.startDate.toJSDate().toISOString()).toBe(`${addDays(today, 2)}T19:00:00.000Z`);
  });

  it("'Incluir telefone e observações' (off by default) adds the full name, the phone and the notes; off again removes them", async () => {
    const client = await createClient(db, pro.id, { name: "Carla Dias", phone: "11987650001" });
    const soon = await createAppointment(db, pro.id, { clientId: client.id, serviceName: "Escova", notes: "Alérgica a amônia" });
    const feed = await createFeed();
    expect((await callLoader(settingsLoader, { db, as: pro, path: SETTINGS })).feedDetails).toBe(false);
    const eventOf = async () => {
      const calendar = new ICAL.Component(ICAL.parse(await (await fetchFeed(feedPath(feed.webcal))).text()));
      return calendar.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c)).find((e) => e.uid === `${soon.id}@agendo`)!;
    };
    const turn = (fields: Record<string, string>) => callAction(settingsAction, { db, as: pro, path: SETTINGS, form: { intent: "feed-details", ...fields } });

    await expect(responseOf(await turn({ feedDetails: "on" }))).toSendToast({ type: "success", title: "Telefone e observações incluídos" });
    expect((await profileOf(other.id)).calendarFeedDetails).toBe(false);
    const detailed = await eventOf();
    expect(detailed.summary).toBe("Carla Dias — Escova");
    expect(detailed.description).toBe("Situação: Agendado\nTelefone: (11) 98765-0001\nObservações: Alérgica a amônia");

    // An unticked box turns it off; a value that is not a checkbox's is refused beside it, nothing changed.
    await turn({});
    expect((await eventOf()).summary).toBe("Carla — Escova");
    expect((await eventOf()).description).toBe("Situação: Agendado");
    const refused = replyOf(await turn({ feedDetails: "talvez" }));
    expect(refused.init?.status).toBe(400);
    expect(refused.data.feedResult!.error).toEqual({ feedDetails: ["Marque ou desmarque a opção."] });
    expect((await profileOf(pro.id)).calendarFeedDetails).toBe(false);
  });

  it("'Gerar novo link' retires the old address at once; unknown addresses are 404", async () => {
    const first = await createFeed();
    const second = await createFeed();
    expect(second.webcal).not.toBe(first.webcal);
    expect((await fetchFeed(feedPath(second.webcal))).status).toBe(200);
    expect(await thrownStatus(fetchFeed(feedPath(first.webcal)))).toBe(404);
    expect(await thrownStatus(fetchFeed("/calendario/nao-existe.ics"))).toBe(404);
    expect(await thrownStatus(fetchFeed(feedPath(second.webcal).replace(".ics", ".txt")))).toBe(404);
  });

  it("each professional's feed holds only their own appointments", async () => {
    await createAppointment(db, pro.id, { serviceName: "Meu" });
    await createAppointment(db, other.id, { serviceName: "Dela" });
    const mine = await (await fetchFeed(feedPath((await createFeed(pro)).webcal))).text();
    const hers = await (await fetchFeed(feedPath((await createFeed(other)).webcal))).text();
    expect(mine).toContain("SUMMARY:Meu");
    expect(mine).not.toContain("Dela");
    expect(hers).toContain("SUMMARY:Dela");
    expect(hers).not.toContain("Meu");
  });
});

describe("'Lembretes': tomorrow's one-tap WhatsApp reminders", () => {
  const tomorrow = () => addDays(nowInZone("America/Sao_Paulo").date, 1);

  it("lists tomorrow's appointments with a prefilled wa.me message; tapping marks it sent and opens WhatsApp", async () => {
    await db.update(profiles).set({ businessName: "Studio Ana", businessAddress: "Rua das Flores, 10" }).where(eq(profiles.userId, pro.id));
    const client = await createClient(db, pro.id, { name: "Joana Lima", phone: "11987654321" });
    const appt = await createAppointment(db, pro.id, { date: tomorrow(), startMinute: 9 * 60 + 30, clientId: client.id, serviceName: "Escova" });
    const request = await createBookingRequest(db, pro.id, { status: "accepted", customerName: "Rita Melo", customerPhone: "21998887777", date: tomorrow(), startMinute: 11 * 60 });
    await createAppointment(db, pro.id, { date: tomorrow(), startMinute: 11 * 60, bookingRequestId: request.id, serviceName: "Manicure" });
    await createAppointment(db, pro.id, { date: tomorrow(), startMinute: 15 * 60, status: "cancelled" });
    await createAppointment(db, other.id, { date: tomorrow(), serviceName: "De outra pessoa" });

    const data = await callLoader(remindersLoader, { db, as: pro, path: "/lembretes" });
    expect(data.rows.map((r) => [r.time, r.client, r.service, r.remindedAt])).toEqual([
      ["09:30", "Joana Lima", "Escova", null],
      ["11:00", "Rita Melo", "Manicure", null],
    ]);
    const link = new URL(data.rows[0]!.link!);
    expect(link.origin + link.pathname).toBe("https://wa.me/5511987654321");
    const text = link.searchParams.get("text")!;
    expect(text).toContain("Olá, Joana! Passando para lembrar do seu horário com Studio Ana: Escova, amanhã,");
    expect(text).toContain("às 09:30");
    expect(text).toContain("Endereço: Rua das Flores, 10.");
    expect(text).toMatch(/escolha outro horário: http:\/\/\S+\/agendamento\//);
    expect(new URL(data.rows[1]!.link!).searchParams.get("text")).toMatch(/Confirme ou remarque por aqui: http:\/\/\S+\/agendamento\/reserva\/[\w.-]+$/);

    const reply = responseOf(await callAction(remindersAction, { db, as: pro, path: "/lembretes", form: { intent: "sent", id: appt.id } }));
    expect(reply).toHaveRedirect(data.rows[0]!.link!);
    const after = await callLoader(remindersLoader, { db, as: pro, path: "/lembretes" });
    expect(after.rows[0]!.remindedAt).not.toBeNull();
    expect(after.rows[1]!.remindedAt).toBeNull();

    await callAction(remindersAction, { db, as: pro, path: "/lembretes", form: { intent: "unsent", id: appt.id } });
    expect((await callLoader(remindersLoader, { db, as: pro, path: "/lembretes" })).rows[0]!.remindedAt).toBeNull();
  });

  it("lists the day the professional picks (tomorrow by default), with the count in plain pt-BR", async () => {
    const today = nowInZone("America/Sao_Paulo").date;
    const inTwoDays = addDays(today, 2);
    const a = await createAppointment(db, pro.id, { date: today, startMinute: 20 * 60, serviceName: "Hoje 1" });
    await createAppointment(db, pro.id, { date: today, startMinute: 21 * 60, serviceName: "Hoje 2" });
    await createAppointment(db, pro.id, { date: tomorrow(), serviceName: "Amanhã" });
    await createAppointment(db, pro.id, { date: inTwoDays, serviceName: "Depois" });
    const list = (query = "") => callLoader(remindersLoader, { db, as: pro, path: `/lembretes${query}` });

    const byDefault = await list();
    expect(byDefault).toMatchObject({ date: tomorrow(), error: null, summary: "Lembrete ainda não enviado pelo WhatsApp." });
    expect(byDefault.rows.map((r) => r.service)).toEqual(["Amanhã"]);
    expect(byDefault.days.slice(0, 3).map((d) => [d.label, d.date])).toEqual([["Hoje", today], ["Amanhã", tomorrow()], [expect.any(String), inTwoDays]]);

    const todays = await list(`?dia=${today}`);
    expect(todays.rows.map((r) => r.service)).toEqual(["Hoje 1", "Hoje 2"]);
    expect(todays.summary).toBe("Nenhum dos 2 lembretes foi enviado pelo WhatsApp.");
    expect((await list(`?dia=${inTwoDays}`)).rows.map((r) => r.service)).toEqual(["Depois"]);

    // Marking one of today's sends back to today's list.
    await callAction(remindersAction, { db, as: pro, path: "/lembretes", form: { intent: "sent", id: a.id } });
    expect((await list(`?dia=${today}`)).summary).toBe("1 de 2 lembretes enviados pelo WhatsApp.");
    const back = responseOf(await callAction(remindersAction, { db, as: pro, path: "/lembretes", form: { intent: "unsent", id: a.id } }));
    expect(back).toHaveRedirect(`/lembretes?dia=${today}`);

    // A day in the past, too far ahead or not a date: tomorrow, with a message for the field.
    for (const bad of [addDays(today, -1), addDays(today, 31), "ontem"]) {
      const shown = await list(`?dia=${bad}`);
      expect(shown.date).toBe(tomorrow());
      expect(shown.error).toMatch(/^Escolha uma data de hoje até \d\d\/\d\d\/\d{4}\.$/);
    }
  });

  it("the dashboard's card counts tomorrow's appointments and those still to remind", async () => {
    const none = await callLoader(dashboardLoader, { db, as: pro, path: "/dashboard" });
    expect(none.reminders).toBeNull();
    const a = await createAppointment(db, pro.id, { date: tomorrow(), startMinute: 9 * 60 });
    await createAppointment(db, pro.id, { date: tomorrow(), startMinute: 10 * 60 });
    await createAppointment(db, pro.id, { date: tomorrow(), startMinute: 11 * 60, status: "cancelled" });
    await createAppointment(db, other.id, { date: tomorrow() });
    await callAction(remindersAction, { db, as: pro, path: "/lembretes", form: { intent: "sent", id: a.id } });
    expect((await callLoader(dashboardLoader, { db, as: pro, path: "/dashboard" })).reminders).toEqual({ total: 2, toRemind: 1 });
  });

  it("another professional's appointment is a 404 and stays unmarked", async () => {
    const theirs = await createAppointment(db, other.id, { date: tomorrow() });
    expect(await thrownStatus(callAction(remindersAction, { db, as: pro, path: "/lembretes", form: { intent: "sent", id: theirs.id } }))).toBe(404);
    expect((await db.select().from(appointments).where(eq(appointments.id, theirs.id)))[0]!.whatsappRemindedAt).toBeNull();
  });

  it("a customer who asked to stop is shown so, without a link", async () => {
    const client = await createClient(db, pro.id, { name: "Parou Silva", phone: "11987650009" });
    await createAppointment(db, pro.id, { date: tomorrow(), clientId: client.id });
    await db.insert(reminderOptOuts).values({ professionalId: pro.id, contact: "11987650009" });
    const [row] = (await callLoader(remindersLoader, { db, as: pro, path: "/lembretes" })).rows;
    expect(row).toMatchObject({ client: "Parou Silva", stopped: true, link: null });
  });
});

describe("'Não quero receber lembretes'", () => {
  const tokenOf = (url: string) => url.split("/").pop()!;

  it("asks first (opening the link changes nothing), then stops that contact for that professional only", async () => {
    const token = tokenOf(await stopRemindersUrl(pro.id, "joana@example.com"));
    const shown = replyOf(await callLoader(stopLoader, { db, path: `/lembretes/parar/${token}`, params: { token } }));
    expect(shown.data).toEqual({ professional: "Ana Souza", contact: "jo***@example.com", stopped: false, resumed: false });
    expect(await db.select().from(reminderOptOuts)).toHaveLength(0);

    const done = replyOf(await callAction(stopAction, { db, path: `/lembretes/parar/${token}`, params: { token }, form: {} }));
    expect(done.data.stopped).toBe(true);
    await callAction(stopAction, { db, path: `/lembretes/parar/${token}`, params: { token }, form: {} }); // twice is harmless
    expect(await db.select({ professionalId: reminderOptOuts.professionalId, contact: reminderOptOuts.contact }).from(reminderOptOuts)).toEqual([
      { professionalId: pro.id, contact: "joana@example.com" },
    ]);
    expect(replyOf(await callLoader(stopLoader, { db, path: `/lembretes/parar/${token}`, params: { token } })).data.stopped).toBe(true);
  });

  it("shows a phone masked as it is written: a Brazilian one with its DDD, a foreign one with its country code", async () => {
    for (const [phone, shown] of [["11987654321", "(11) *****-4321"], ["+351912345678", "+351 *****-5678"]]) {
      const token = tokenOf(await stopRemindersUrl(pro.id, contactKey(phone!)));
      expect(replyOf(await callLoader(stopLoader, { db, path: `/lembretes/parar/${token}`, params: { token } })).data.contact).toBe(shown);
    }
  });

  it("'Voltar a receber lembretes' undoes it from the same link; an unknown choice is a 400", async () => {
    const token = tokenOf(await stopRemindersUrl(pro.id, "joana@example.com"));
    const post = (form: Record<string, string>) => callAction(stopAction, { db, path: `/lembretes/parar/${token}`, params: { token }, form });
    await post({});
    await db.insert(reminderOptOuts).values({ professionalId: other.id, contact: "joana@example.com" });

    const resumed = replyOf(await post({ intent: "resume" }));
    expect(resumed.data).toMatchObject({ stopped: false, resumed: true });
    // Only this professional's stop is undone.
    expect(await db.select({ professionalId: reminderOptOuts.professionalId }).from(reminderOptOuts)).toEqual([{ professionalId: other.id }]);
    expect(replyOf(await callLoader(stopLoader, { db, path: `/lembretes/parar/${token}`, params: { token } })).data.stopped).toBe(false);

    expect(replyOf(await post({ intent: "stop" })).data.stopped).toBe(true);
    expect(await thrownStatus(post({ intent: "apagar-tudo" }))).toBe(400);
    expect(await db.select().from(reminderOptOuts)).toHaveLength(2);
  });

  it("a body that is not a readable form is a 400 and stops nothing (never read as 'no intent')", async () => {
    const token = tokenOf(await stopRemindersUrl(pro.id, "joana@example.com"));
    const request = new Request(`${ORIGIN}/lembretes/parar/${token}`, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", Origin: ORIGIN },
      body: "not a multipart body",
    });
    expect(await thrownStatus(callAction(stopAction, { db, request, params: { token } }))).toBe(400);
    expect(await db.select().from(reminderOptOuts)).toHaveLength(0);
  });

  it("a link not signed by us is a 404", async () => {
    const token = tokenOf(await stopRemindersUrl(pro.id, "joana@example.com"));
    const forged = token.replace(/^[^.]+/, btoa(`${other.id}:joana@example.com`).replace(/=+$/, ""));
    expect(await thrownStatus(callLoader(stopLoader, { db, path: "/lembretes/parar/x", params: { token: forged } }))).toBe(404);
    expect(await thrownStatus(callAction(stopAction, { db, path: "/lembretes/parar/x", params: { token: "abc.def" }, form: {} }))).toBe(404);
    expect(await db.select().from(reminderOptOuts)).toHaveLength(0);
  });
});
