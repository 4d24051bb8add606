// Calendars written to hurt the server (issue 32, findings 2 and 3), added from Configurações >
// Horários as a stranger with a trial account would, from feeds served here on loopback: rules
// that repeat every second since 1970 or never happen, a time zone redefined for everyone,
// thousands of zones; and the refresh job's budget across feeds. While a feed is read, no stretch
// of work holds the event loop (a visitor's request) longer than VISITOR_WAIT_MS.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { eq, isNull } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarBusy, externalCalendars } from "../../db/schema";
import { action as hoursAction } from "../../app/routes/settings.hours";
import { loader as bookLoader } from "../../app/routes/booking";
import { busyFromFeed, MAX_BUSY_ROWS } from "../../app/domain/calendars/busy";
import { refreshDueCalendars } from "../../app/domain/calendars/calendars.server";
import { addDays, dayOfWeek, nowInZone } from "../../app/domain/dates";
import { logTransport } from "../../app/utils/email.server";
import { CALENDAR_TOO_COMPLEX } from "../../app/validation/external-calendars";
import { createTestDb } from "../support/db";
import { envOverrides } from "../support/env";
import { createProfessional, createService, createWorkingHours } from "../support/factories";
import { callAction, callLoader } from "../support/routes";

const SP = "America/Sao_Paulo";
/** The longest a visitor may wait while any feed is read. */
const VISITOR_WAIT_MS = 300;
const env = envOverrides();
const feeds = new Map<string, { text: string; delayMs?: number }>();
let server: Server;
let origin: string;

/** A weekday (Tuesday to Friday) at least three days ahead. */
function bookingDate() {
  let date = addDays(nowInZone(SP).date, 3);
  while (![2, 3, 4, 5].includes(dayOfWeek(date))) date = addDays(date, 1);
  return date;
}
const DATE = bookingDate();
const compact = (date: string) => date.replaceAll("-", "");

const calendar = (...blocks: string[][]) => ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Ataque//PT", ...blocks.flat(), "END:VCALENDAR", ""].join("\r\n");
const event = (uid: string, ...lines: string[]) => ["BEGIN:VEVENT", `UID:${uid}`, ...lines, "SUMMARY:Ocupado", "END:VEVENT"];
/** 10:00-11:30 in São Paulo on DATE (13:00-14:30 UTC). */
const REAL_EVENT = event("dentista@x", `DTSTART:${compact(DATE)}T130000Z`, `DTEND:${compact(DATE)}T143000Z`);
const zone = (tzid: string, offset: string) => ["BEGIN:VTIMEZONE", `TZID:${tzid}`, "BEGIN:STANDARD", "DTSTART:19700101T000000", `TZOFFSETFROM:${offset}`, `TZOFFSETTO:${offset}`, "END:STANDARD", "END:VTIMEZONE"];

function serve(path: string, text: string, delayMs?: number) {
  feeds.set(path, { text, delayMs });
  return `${origin}${path}`;
}

beforeAll(async () => {
  env.set({ CALENDAR_FETCH_ALLOW_LOOPBACK: "1" });
  server = createServer((req, res) => {
    const feed = feeds.get(req.url ?? "");
    if (!feed) return res.writeHead(404).end();
    setTimeout(() => res.writeHead(200, { "Content-Type": "text/calendar" }).end(feed.text), feed.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  env.restore();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The CPU time of this thread (the event loop's), in ms: what a busy machine's other processes take is not in it. */
function threadCpuMs() {
  const { user, system } = process.threadCpuUsage?.() ?? process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Runs `work` while a timer due every 5 ms notes the event loop's own time spent between two of
 * its firings: the longest stretch of work that held the loop, i.e. that a visitor's request
 * would have waited behind.
 */
async function watchingTheEventLoop<T>(work: () => Promise<T>) {
  let longestHoldMs = 0;
  let last = threadCpuMs();
  const note = () => {
    const now = threadCpuMs();
    longestHoldMs = Math.max(longestHoldMs, now - last);
    last = now;
  };
  const timer = setInterval(note, 5);
  try {
    const result = await work();
    note();
    return { result, longestHoldMs };
  } finally {
    clearInterval(timer);
  }
}

async function setup() {
  const db = createTestDb();
  const pro = await createProfessional(db);
  await createWorkingHours(db, pro.id);
  const service = await createService(db, pro.id, { name: "Corte", durationMinutes: 30 });
  const add = (url: string) => callAction(hoursAction, { db, as: pro, path: "/configuracoes/horarios", form: { intent: "add-calendar", url, name: "" } });
  const offered = async () => {
    const page = await callLoader(bookLoader, { db, path: `/agendamento/${pro.bookingSlug}?servico=${service.id}&data=${DATE}`, params: { slug: pro.bookingSlug } });
    return page.data.slots as string[];
  };
  const busy = async () => {
    const rows = await db.select().from(calendarBusy).where(eq(calendarBusy.userId, pro.id));
    return rows.map((r) => ({ date: r.date, startMinute: r.startMinute, endMinute: r.endMinute }));
  };
  return { db, pro, add, offered, busy };
}

describe("hostile calendars", () => {
  it("20 events repeating every second since 1970: refused with a clear message, no visitor kept waiting", async () => {
    const { db, pro, add } = await setup();
    const everySecond = calendar(...Array.from({ length: 20 }, (_, i) => event(`s${i}@x`, "DTSTART:19700101T000000Z", "DURATION:PT1H", "RRULE:FREQ=SECONDLY")));
    const { result, longestHoldMs } = await watchingTheEventLoop(() => add(serve("/cada-segundo.ics", everySecond)));
    expect(result).toHaveFieldError("url", CALENDAR_TOO_COMPLEX);
    expect(await db.select().from(externalCalendars).where(eq(externalCalendars.userId, pro.id))).toEqual([]);
    expect(longestHoldMs).toBeLessThan(VISITOR_WAIT_MS);
  }, 60_000);

  it("rules that never happen are left out and the calendar's real event kept, no visitor kept waiting", async () => {
    const { add, offered, busy } = await setup();
    const impossible = calendar(
      ...Array.from({ length: 5 }, (_, i) => event(`i${i}@x`, "DTSTART:19700101T000000Z", "DURATION:PT1H", "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=31;BYDAY=MO")),
      event("d0@x", "DTSTART:19700101T000000Z", "DURATION:PT1H", "RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30"),
      REAL_EVENT,
    );
    const { result, longestHoldMs } = await watchingTheEventLoop(() => add(serve("/impossivel.ics", impossible)));
    expect(result).toHaveRedirect("/configuracoes/horarios#calendarios");
    expect(await busy()).toEqual([{ date: DATE, startMinute: 600, endMinute: 690 }]);
    expect(await offered()).not.toContain("10:00");
    expect(longestHoldMs).toBeLessThan(VISITOR_WAIT_MS);
  });

  it("a calendar as full as one may be (20,000 separate busy times) is stored without holding the event loop", async () => {
    const { add, busy } = await setup();
    // Six series of one-minute events, each every 78 minutes, 13 minutes apart, from today on.
    const start = `${compact(nowInZone(SP).date)}T000000`;
    const full = calendar(
      ...Array.from({ length: 6 }, (_, i) => event(`m${i}@x`, `DTSTART;TZID=${SP}:${start.slice(0, -4)}${String(13 * i).padStart(2, "0")}00`, "DURATION:PT1M", "RRULE:FREQ=MINUTELY;INTERVAL=78")),
    );
    const { result, longestHoldMs } = await watchingTheEventLoop(() => add(serve("/cheio.ics", full)));
    expect(result).toHaveRedirect("/configuracoes/horarios#calendarios");
    expect(await busy()).toHaveLength(MAX_BUSY_ROWS);
    expect(longestHoldMs).toBeLessThan(VISITOR_WAIT_MS);
  }, 60_000);

  it("what would keep ical.js busy without end leaves its event out, the rest of the calendar read", async () => {
    const window = { from: DATE, to: addDays(DATE, 30), timeZone: SP, ownerEmails: [] };
    const at = (uid: string, zoneId: string, date: string) => event(uid, `DTSTART;TZID=${zoneId}:${compact(date)}T090000`, "DURATION:PT1H");
    const hostile = calendar(
      // A zone whose offset changes every second since 1970, and an event in it.
      ["BEGIN:VTIMEZONE", "TZID:Zona/Segundos", "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:-0300", "TZOFFSETTO:-0200", "RRULE:FREQ=SECONDLY", "END:STANDARD", "END:VTIMEZONE"],
      at("zona@x", "Zona/Segundos", DATE),
      // A zone of 300 KB of changes, expanded at once by ical.js: left out, so its name is one no
      // runtime knows and its event is read in the professional's zone.
      ["BEGIN:VTIMEZONE", "TZID:Zona/Enorme", "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:-0300", "TZOFFSETTO:-0300",
        ...Array.from({ length: 15_000 }, (_, i) => `RDATE:${1971 + (i % 50)}0101T0000${String(i % 60).padStart(2, "0")}`), "END:STANDARD", "END:VTIMEZONE"],
      at("enorme@x", "Zona/Enorme", addDays(DATE, 1)),
      // An event lasting 700 million days, whose end ical.js finds month by month.
      event("longo@x", `DTSTART:${compact(DATE)}T120000Z`, "DURATION:P99999999W", "RRULE:FREQ=DAILY"),
      // A rule listing 800 positions (more than a year has days).
      event("lista@x", `DTSTART:${compact(DATE)}T120000Z`, "DURATION:PT1H", `RRULE:FREQ=DAILY;BYSETPOS=${Array.from({ length: 800 }, (_, i) => i + 1).join(",")}`),
      // A line of 100 KB.
      event("linha@x", `DTSTART:${compact(DATE)}T120000Z`, "DURATION:PT1H", `EXDATE:${Array.from({ length: 6_000 }, (_, i) => `2001${String((i % 12) + 1).padStart(2, "0")}01T000000Z`).join(",")}`),
      REAL_EVENT,
    );
    const { result, longestHoldMs } = await watchingTheEventLoop(() => busyFromFeed(hostile, window));
    expect(result).toEqual([
      { date: DATE, startMinute: 600, endMinute: 690 },
      { date: addDays(DATE, 1), startMinute: 540, endMinute: 600 },
    ]);
    expect(longestHoldMs).toBeLessThan(VISITOR_WAIT_MS);
  });

  it("one professional's feed cannot redefine a time zone for another's", async () => {
    const attacker = await setup();
    const victim = await setup();
    // The attacker's feed defines São Paulo at +10:00; its own event is read in its own zone.
    const redefined = calendar(zone(SP, "+1000"), event("a@x", `DTSTART;TZID=${SP}:${compact(DATE)}T100000`, `DTEND;TZID=${SP}:${compact(DATE)}T110000`));
    expect(await attacker.add(serve("/sao-paulo-falso.ics", redefined))).toHaveRedirect("/configuracoes/horarios#calendarios");
    expect(await attacker.busy()).toEqual([{ date: addDays(DATE, -1), startMinute: 21 * 60, endMinute: 22 * 60 }]);
    // The victim's feed names the zone without defining it: São Paulo's real time, 10:00-12:00.
    const named = calendar(event("v@x", `DTSTART;TZID=${SP}:${compact(DATE)}T100000`, `DTEND;TZID=${SP}:${compact(DATE)}T120000`));
    expect(await victim.add(serve("/sao-paulo.ics", named))).toHaveRedirect("/configuracoes/horarios#calendarios");
    expect(await victim.busy()).toEqual([{ date: DATE, startMinute: 600, endMinute: 720 }]);
    expect((await victim.offered()).filter((t) => t >= "10:00" && t < "12:00")).toEqual([]);
  });

  it("four feeds of 30,000 zones each leave the zone registry and the memory as they were", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const { add, busy } = await setup();
    const zones = Array.from({ length: 30_000 }, (_, i) => zone(`Zona/${i}`, i % 2 ? "+1000" : "-0300"));
    const urls = [0, 2, 4, 6].map((n) =>
      serve(`/zonas-${n}.ics`, calendar(...zones, event(`z${n}@x`, `DTSTART;TZID=Zona/${n}:${compact(DATE)}T100000`, `DTEND;TZID=Zona/${n}:${compact(DATE)}T110000`))),
    );
    const registered = ICAL.TimezoneService.count;
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    let longest = 0;
    for (const url of urls) {
      const { result, longestHoldMs } = await watchingTheEventLoop(() => add(url));
      expect(result).toHaveRedirect("/configuracoes/horarios#calendarios");
      longest = Math.max(longest, longestHoldMs);
    }
    // Each feed's event in its own zone (-03:00, São Paulo's own offset): 10:00-11:00.
    expect(await busy()).toEqual(Array.from({ length: 4 }, () => ({ date: DATE, startMinute: 600, endMinute: 660 })));
    expect(ICAL.TimezoneService.count).toBe(registered);
    feeds.clear();
    gc();
    expect((process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024).toBeLessThan(24);
    expect(longest).toBeLessThan(VISITOR_WAIT_MS);
  }, 60_000);

  it("the refresh job starts no calendar once its run's budget is spent; the rest wait for the next run", async () => {
    const { db, pro } = await setup();
    const url = serve("/devagar.ics", calendar(REAL_EVENT), 300);
    const ids = Array.from({ length: 8 }, () => crypto.randomUUID());
    await db.insert(externalCalendars).values(ids.map((id, i) => ({ id, userId: pro.id, name: `Agenda ${i}`, url })));
    // Six are read at a time; the first six take 300 ms, longer than this run may spend.
    expect(await refreshDueCalendars(db, logTransport, new Date(), 100)).toEqual({ read: 6, failed: 0 });
    expect(await db.select({ id: externalCalendars.id }).from(externalCalendars).where(isNull(externalCalendars.attemptedAt))).toHaveLength(2);
    expect(await refreshDueCalendars(db, logTransport, new Date(), 100)).toEqual({ read: 2, failed: 0 });
  });
});
