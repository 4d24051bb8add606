// 'Calendários externos' against feeds served by a local server started here (plain http on
// loopback, which only CALENDAR_FETCH_ALLOW_LOOPBACK=1 allows): adding one from Configurações >
// Horários, its busy time off the booking page and overridable by 'Encaixe', the refresh
// (conditional, across daylight saving), failures kept and e-mailed once, and the address rules.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarBusy, emailOutbox, externalCalendars } from "../../db/schema";
import { action as hoursAction, loader as hoursLoader } from "../../app/routes/settings.hours";
import { loader as bookLoader } from "../../app/routes/booking";
import { insertAppointmentIfFree } from "../../app/domain/availability/slot-claims.server";
import { calendarStatus, refreshCalendar, refreshDueCalendars, type CalendarOwner } from "../../app/domain/calendars/calendars.server";
import { FeedError, fetchFeed } from "../../app/domain/calendars/fetch-feed.server";
import { feed, OTHER_EVENTS, WEEKLY_GYM } from "../../app/domain/calendars/feeds.test-data";
import { addDays, dayOfWeek, nowInZone } from "../../app/domain/dates";
import { logTransport } from "../../app/utils/email.server";
import type { Db } from "../../app/utils/db.server";
import { createTestDb } from "../support/db";
import { envOverrides } from "../support/env";
import { createBookablePro, createProfessional } from "../support/factories";
import { callAction, callLoader, replyOf } from "../support/routes";

const SP = "America/Sao_Paulo";
const env = envOverrides();
const served = { etagHits: 0, status: 200 };
let server: Server;
let origin: string;

/** A weekday (Tuesday to Friday) at least three days ahead. */
function bookingDate() {
  let date = addDays(nowInZone(SP).date, 3);
  while (![2, 3, 4, 5].includes(dayOfWeek(date))) date = addDays(date, 1);
  return date;
}
const DATE = bookingDate();
const utc = (date: string, time: string) => `${date.replaceAll("-", "")}T${time}00Z`;
/** 13:00-14:30 UTC on DATE: 10:00-11:30 in São Paulo. */
const FUTURE_FEED = feed([[["BEGIN:VEVENT", "UID:dentista@google.com", `DTSTART:${utc(DATE, "1300")}`, `DTEND:${utc(DATE, "1430")}`, "SUMMARY:Dentista", "END:VEVENT"]]]);

beforeAll(async () => {
  env.set({ CALENDAR_FETCH_ALLOW_LOOPBACK: "1" });
  server = createServer((req, res) => {
    const path = req.url ?? "/";
    if (path === "/agenda.ics") return res.writeHead(200, { "Content-Type": "text/calendar" }).end(FUTURE_FEED);
    if (path === "/academia.ics") {
      if (req.headers["if-none-match"] === '"v1"') {
        served.etagHits++;
        return res.writeHead(304).end();
      }
      return res.writeHead(served.status, { ETag: '"v1"' }).end(served.status === 200 ? feed([WEEKLY_GYM, OTHER_EVENTS]) : "erro");
    }
    if (path === "/grande.ics") {
      res.writeHead(200, { "Content-Type": "text/calendar" });
      const chunk = "X".repeat(64 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < 6 * 1024 * 1024 && res.write(chunk)) sent += chunk.length;
        if (sent < 6 * 1024 * 1024) res.once("drain", () => ((sent += chunk.length), pump()));
        else res.end();
      };
      return pump();
    }
    if (path === "/lento.ics") return; // never answers
    if (path === "/privado.ics") return res.writeHead(302, { Location: "http://10.0.0.7/agenda.ics" }).end();
    if (path === "/metadados.ics") return res.writeHead(307, { Location: "https://169.254.169.254/latest/meta-data/" }).end();
    if (path.startsWith("/volta")) return res.writeHead(302, { Location: `/volta${Number(path.slice(6) || 0) + 1}` }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  env.restore();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function setup() {
  const db = createTestDb();
  const { pro, service } = await createBookablePro(db, { name: "Paula Ribeiro", email: `paula-${crypto.randomUUID().slice(0, 6)}@example.com` });
  const owner: CalendarOwner = { userId: pro.id, email: pro.email, timeZone: SP, bookingWindow: "6m" };
  const add = (fields: Record<string, string>) => callAction(hoursAction, { db, as: pro, path: "/configuracoes/horarios", form: { intent: "add-calendar", ...fields } });
  const offered = async () => {
    const page = await callLoader(bookLoader, { db, path: `/agendamento/${pro.bookingSlug}?servico=${service.id}&data=${DATE}`, params: { slug: pro.bookingSlug } });
    return page.data.slots as string[];
  };
  const calendarRow = async () => (await db.select().from(externalCalendars).where(eq(externalCalendars.userId, pro.id)))[0]!;
  return { db, pro, service, owner, add, offered, calendarRow };
}

const busyOf = (db: Db, calendarId: string) =>
  db.select({ date: calendarBusy.date, startMinute: calendarBusy.startMinute, endMinute: calendarBusy.endMinute }).from(calendarBusy).where(eq(calendarBusy.calendarId, calendarId));

describe("external calendars", () => {
  it("takes the busy time off the booking page; the professional's 'Encaixe' may still book it", async () => {
    const { db, pro, service, add, offered, calendarRow } = await setup();
    const before = await offered();
    expect(before).toEqual(expect.arrayContaining(["09:30", "10:00", "10:30", "11:00", "11:30"]));

    await add({ url: `${origin}/agenda.ics`, name: "" });
    const calendar = await calendarRow();
    expect(calendar.name).toBe("127.0.0.1");
    expect(await busyOf(db, calendar.id)).toEqual([{ date: DATE, startMinute: 600, endMinute: 690 }]);
    const after = await offered();
    expect(before.filter((t) => !after.includes(t))).toEqual(["10:00", "10:30", "11:00"]);

    const values = { userId: pro.id, serviceId: service.id, serviceName: "Corte", date: DATE, startMinute: 600, durationMinutes: 30, priceCents: 5000 };
    expect(await insertAppointmentIfFree(db, values, { timeZone: SP, stepMinutes: 30 })).toBe(false);
    expect(await insertAppointmentIfFree(db, values, { timeZone: SP, stepMinutes: 30, walkIn: true })).toBe(true);

    // The settings list it; 'Remover' (someone else's id is a 404) gives the times back.
    const settings = await callLoader(hoursLoader, { db, as: pro, path: "/configuracoes/horarios" });
    expect(settings.calendars.calendars).toEqual([expect.objectContaining({ name: "127.0.0.1", address: `${origin}/…`, failing: false })]);
    const other = await createProfessional(db);
    await expect(callAction(hoursAction, { db, as: other, path: "/configuracoes/horarios", form: { intent: "remove-calendar", id: calendar.id } })).rejects.toMatchObject({ init: { status: 404 } });
    await callAction(hoursAction, { db, as: pro, path: "/configuracoes/horarios", form: { intent: "remove-calendar", id: calendar.id } });
    expect(await busyOf(db, calendar.id)).toEqual([]);
  });

  it("refuses addresses the server must not fetch, and feeds it cannot read, saving nothing", async () => {
    const { db, pro, add } = await setup();
    const error = async (url: string) => {
      const reply = replyOf(await add({ url }));
      return [reply.init?.status, reply.data.intent === "calendar" ? reply.data.result.error?.url : null];
    };
    expect(await error("https://10.0.0.7/agenda.ics")).toEqual([400, ["Este endereço não é de um calendário na internet."]]);
    expect(await error("http://calendar.google.com/x.ics")).toEqual([400, ["Use o endereço seguro (https://) do calendário."]]);
    const unreadable = ["Não foi possível ler este calendário. Confira se copiou o endereço secreto no formato iCal inteiro."];
    expect(await error(`${origin}/privado.ics`)).toEqual([400, unreadable]);
    expect(await error(`${origin}/nada.ics`)).toEqual([400, unreadable]);
    expect(await db.select().from(externalCalendars).where(eq(externalCalendars.userId, pro.id))).toEqual([]);
  });

  it("follows redirects only to allowed addresses, at most three, within the size and time limits", async () => {
    const read = (path: string, limits?: { timeoutMs: number; maxBytes: number }) => fetchFeed(`${origin}${path}`, { etag: null, lastModified: null }, limits);
    await expect(read("/privado.ics")).rejects.toThrow(/refused address/);
    await expect(read("/metadados.ics")).rejects.toThrow(/refused address/);
    await expect(read("/volta0")).rejects.toThrow("too many redirects");
    await expect(read("/grande.ics")).rejects.toThrow("too large");
    await expect(read("/lento.ics", { timeoutMs: 300, maxBytes: 1024 })).rejects.toThrow("timeout");
    await expect(fetchFeed("http://127.0.0.1:9/agenda.ics", { etag: null, lastModified: null })).rejects.toBeInstanceOf(FeedError);
    env.set({ CALENDAR_FETCH_ALLOW_LOOPBACK: undefined });
    await expect(read("/agenda.ics")).rejects.toThrow(/refused address/);
    env.set({ CALENDAR_FETCH_ALLOW_LOOPBACK: "1" });
  });

  it("refreshes across daylight saving, conditionally; a failure keeps the busy time and e-mails once", async () => {
    const { db, owner } = await setup();
    const id = crypto.randomUUID();
    await db.insert(externalCalendars).values({ id, userId: owner.userId, name: "Google Agenda", url: `${origin}/academia.ics` });
    const row = async () => (await db.select().from(externalCalendars).where(eq(externalCalendars.id, id)))[0]!;
    // São Paulo on 25/10/2018, ten days before its last daylight saving began.
    const t0 = new Date("2018-10-25T12:00:00Z");
    served.status = 200;
    expect(await refreshCalendar(db, await row(), owner, logTransport, t0)).toBe(true);
    const busy = await busyOf(db, id);
    expect(busy.filter((b) => b.date <= "2018-11-15")).toEqual([
      { date: "2018-10-25", startMinute: 600, endMinute: 660 },
      { date: "2018-11-08", startMinute: 900, endMinute: 960 },
      { date: "2018-11-12", startMinute: 0, endMinute: 1440 },
      { date: "2018-11-13", startMinute: 1380, endMinute: 1440 },
      { date: "2018-11-14", startMinute: 0, endMinute: 60 },
      { date: "2018-11-15", startMinute: 600, endMinute: 660 },
    ]);

    // Fifteen minutes later the job asks again with its ETag: 'not modified', nothing rewritten.
    const t1 = new Date(t0.getTime() + 15 * 60_000);
    expect(await refreshDueCalendars(db, logTransport, t1)).toEqual({ read: 1, failed: 0 });
    expect(served.etagHits).toBe(1);

    // The feed fails: the busy time stays, the state says since when, one e-mail after an hour.
    served.status = 500;
    const fail = async (minutes: number) => refreshCalendar(db, await row(), owner, logTransport, new Date(t0.getTime() + minutes * 60_000));
    const readAtBefore = (await row()).readAt;
    await db.update(externalCalendars).set({ readAt: new Date(0) }).where(eq(externalCalendars.id, id));
    expect(await fail(30)).toBe(false);
    expect(await busyOf(db, id)).toHaveLength(busy.length);
    expect(calendarStatus(await row(), SP, new Date(t0.getTime() + 30 * 60_000)).text).toBe("Não foi possível atualizar desde 09:15");
    await fail(60);
    await fail(95);
    await fail(120);
    const emails = await db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, "calendar-failing"), eq(emailOutbox.professionalId, owner.userId)));
    expect(emails.map((e) => [e.to, e.subject])).toEqual([[owner.email, 'Não foi possível atualizar o calendário "Google Agenda"']]);
    expect(readAtBefore).not.toBeNull();

    // Read again: healthy, and a later failure may e-mail again.
    served.status = 200;
    await refreshCalendar(db, await row(), owner, logTransport, new Date(t0.getTime() + 150 * 60_000));
    expect(await row()).toMatchObject({ failingSince: null, failureNotifiedAt: null });
  });
  it("a field checked as it is typed (conform asks the server) adds nothing; the button does", async () => {
    const { db, add } = await setup();
    const url = `${origin}/agenda.ics`;
    // With JavaScript, this form (no validation in the browser) asks for a field's errors on each edit.
    const checked = replyOf(await add({ url, name: "Trabalho", __intent__: JSON.stringify({ type: "validate", payload: { name: "url" } }) }));
    expect(checked.data.intent === "calendar" && checked.data.result.status).toBeUndefined();
    expect(await db.select().from(externalCalendars)).toEqual([]);
    await add({ url, name: "Trabalho" });
    expect(await db.select({ name: externalCalendars.name }).from(externalCalendars)).toEqual([{ name: "Trabalho" }]);
  });
});
