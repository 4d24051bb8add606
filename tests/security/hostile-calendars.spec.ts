// Hostile external calendars over HTTP (issue 32, findings 2 and 3), against our Node server as
// `npm start` runs it, started here with CALENDAR_FETCH_ALLOW_LOOPBACK=1 so it may read the feeds
// this suite serves on loopback: 20 events repeating every second since 1970 (refused), five rules
// that never happen (read, nothing busy), while another visitor keeps opening a booking page; and
// a feed that redefines São Paulo's time zone, which must not move another professional's busy
// time. The exact bound on how long the event loop is held is proven in
// tests/integration/hostile-calendars.test.ts; here, the whole server keeps answering.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, ne } from "drizzle-orm";
import { test, expect, type APIRequestContext } from "@playwright/test";
import { calendarBusy, externalCalendars } from "../../db/schema";
import { e2eDb } from "../e2e/fixtures";
import { startNodeServer, type NodeServer } from "./node-process";
import { dayAfter, seedPro, sessionValue, type SeededPro } from "./support";

test.describe.configure({ mode: "serial" });
let server: NodeServer;
let feeds: Server;
let feedOrigin: string;
const served = new Map<string, string>();

test.beforeAll(async () => {
  feeds = createServer((req, res) => {
    const text = served.get(req.url ?? "");
    if (text === undefined) return res.writeHead(404).end();
    res.writeHead(200, { "Content-Type": "text/calendar" }).end(text);
  });
  await new Promise<void>((resolve) => feeds.listen(0, "127.0.0.1", resolve));
  feedOrigin = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
  server = await startNodeServer({ CALENDAR_FETCH_ALLOW_LOOPBACK: "1" });
});

test.afterAll(async () => {
  server?.stop();
  feeds?.closeAllConnections();
  await new Promise((resolve) => feeds?.close(resolve));
});

const calendar = (...blocks: string[][]) => ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Ataque//PT", ...blocks.flat(), "END:VCALENDAR", ""].join("\r\n");
const event = (uid: string, ...lines: string[]) => ["BEGIN:VEVENT", `UID:${uid}`, ...lines, "END:VEVENT"];
const compact = (date: string) => date.replaceAll("-", "");

function serve(path: string, text: string) {
  served.set(path, text);
  return `${feedOrigin}${path}`;
}

async function signedIn(playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } }, pro: SeededPro) {
  return playwright.request.newContext({
    baseURL: server.base,
    extraHTTPHeaders: { Origin: server.base, Cookie: `__session=${await sessionValue(pro.id)}` },
  });
}

const addCalendar = (api: APIRequestContext, url: string) =>
  api.post("/configuracoes/horarios", { form: { intent: "add-calendar", url, name: "" }, maxRedirects: 0 });

/** The busy time of the calendars this suite added (not the one every seeded professional has). */
async function addedBusy(pro: SeededPro) {
  const rows = await e2eDb()
    .select({ date: calendarBusy.date, startMinute: calendarBusy.startMinute, endMinute: calendarBusy.endMinute })
    .from(calendarBusy)
    .where(and(eq(calendarBusy.userId, pro.id), ne(calendarBusy.calendarId, pro.ids.calendar)));
  return rows;
}

test("calendars that repeat every second or never: answered in seconds while the booking page keeps answering", async ({ playwright }) => {
  test.setTimeout(120_000);
  const pro = await seedPro("Calendario");
  const visited = await seedPro("Visitado");
  const api = await signedIn(playwright, pro);
  const everySecond = serve("/cada-segundo.ics", calendar(...Array.from({ length: 20 }, (_, i) => event(`s${i}@x`, "DTSTART:19700101T000000Z", "DURATION:PT1H", "RRULE:FREQ=SECONDLY"))));
  const never = serve("/nunca.ics", calendar(...Array.from({ length: 5 }, (_, i) => event(`n${i}@x`, "DTSTART:19700101T000000Z", "DURATION:PT1H", "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=31;BYDAY=MO"))));
  const page = `${server.base}/agendamento/${visited.bookingSlug}?servico=${visited.ids.service}&data=${dayAfter(12)}`;
  for (let i = 0; i < 3; i++) await (await fetch(page)).text(); // warm

  let reading = true;
  const adds = (async () => {
    try {
      const refused = await addCalendar(api, everySecond);
      const read = await addCalendar(api, never);
      return { refused: [refused.status(), await refused.text()] as const, read: [read.status(), read.headers().location] as const };
    } finally {
      reading = false;
    }
  })();
  const waits: number[] = [];
  while (reading) {
    const started = performance.now();
    const res = await fetch(page);
    await res.text();
    expect(res.status).toBe(200);
    waits.push(performance.now() - started);
  }
  const { refused, read } = await adds;
  const sorted = [...waits].sort((a, b) => a - b);
  console.log(`[hostile-calendars] booking page x${waits.length} while reading: median ${Math.round(sorted[Math.floor(sorted.length / 2)]!)} ms, longest ${Math.round(sorted.at(-1)!)} ms`);

  expect(refused[0]).toBe(400);
  expect(refused[1]).toContain("Este calendário tem eventos ou repetições demais para ser lido.");
  expect(read).toEqual([302, "/configuracoes/horarios#calendarios"]);
  expect(await addedBusy(pro)).toEqual([]);
  // Before, one such add held every visitor for 6 to 12 s; now the page answered throughout.
  expect(waits.length).toBeGreaterThan(3);
  expect(sorted[Math.floor(sorted.length / 2)]!).toBeLessThan(300);
  expect(sorted.at(-1)!).toBeLessThan(1_500);
  await api.dispose();
});

test("a feed that redefines São Paulo's zone does not move another professional's busy time", async ({ playwright }) => {
  const attacker = await seedPro("Fuso");
  const victim = await seedPro("Vitima");
  const date = dayAfter(14);
  const SP = "America/Sao_Paulo";
  const redefined = ["BEGIN:VTIMEZONE", `TZID:${SP}`, "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+1000", "TZOFFSETTO:+1000", "END:STANDARD", "END:VTIMEZONE"];
  const attackerApi = await signedIn(playwright, attacker);
  const victimApi = await signedIn(playwright, victim);
  const fake = serve("/fuso-falso.ics", calendar(redefined, event("f@x", `DTSTART;TZID=${SP}:${compact(date)}T100000`, `DTEND;TZID=${SP}:${compact(date)}T110000`)));
  expect((await addCalendar(attackerApi, fake)).status()).toBe(302);
  const named = serve("/fuso.ics", calendar(event("v@x", `DTSTART;TZID=${SP}:${compact(date)}T100000`, `DTEND;TZID=${SP}:${compact(date)}T120000`)));
  expect((await addCalendar(victimApi, named)).status()).toBe(302);
  expect(await addedBusy(victim)).toEqual([{ date, startMinute: 600, endMinute: 720 }]);
  const [added] = await e2eDb().select().from(externalCalendars).where(and(eq(externalCalendars.userId, victim.id), ne(externalCalendars.id, victim.ids.calendar)));
  expect(added?.failingSince).toBeNull();
  await attackerApi.dispose();
  await victimApi.dispose();
});
