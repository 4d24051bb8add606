// Screenshots of the agenda's calendar views (day and week, phone 360x740 and desktop 1280x800)
// with a realistic week, against a running server: `PORT=4373 ... tsx scripts/start.ts`, then
// `SHOTS_URL=http://localhost:4373 SHOTS_DB=file:... SESSION_SECRET=... tsx scripts/calendar-shots.ts`.
import { chromium } from "@playwright/test";
import { createAccount } from "../app/domain/accounts/registration.server";
import { nowInZone } from "../app/domain/dates";
import { openDb } from "../app/utils/db.server";
import { createSession } from "../app/utils/session.server";
import { mondayOf, seedCalendarWeek } from "../tests/e2e/calendar-seed";

const base = process.env.SHOTS_URL ?? "http://localhost:4373";
const out = process.env.SHOTS_DIR ?? "/tmp/calshots";
const db = openDb(process.env.SHOTS_DB!);
const account = await createAccount(db, {
  name: "Paula Ribeiro",
  email: `shots-${crypto.randomUUID().slice(0, 8)}@example.com`,
  phone: "11987654321",
  password: "senha123",
});
const today = nowInZone("America/Sao_Paulo").date;
const monday = mondayOf(today);
await seedCalendarWeek(db, account.userId, monday);
const cookie = (await createSession(db, new Request(`${base}/`), account.userId, false)).split(";")[0]!.slice("__session=".length);

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const pages = [
  ["day", `/agenda?vista=dia&data=${monday}`],
  ["day-wed", `/agenda?vista=dia&data=${addDaysIso(monday, 2)}`],
  ["week", `/agenda?vista=semana&data=${monday}`],
  ["today", `/agenda?vista=dia`],
  ["detail", null],
] as const;
for (const [w, h, tag] of [
  [360, 740, "phone"],
  [1280, 800, "desktop"],
] as const) {
  const context = await browser.newContext({ viewport: { width: w, height: h }, locale: "pt-BR", timezoneId: "America/Sao_Paulo", deviceScaleFactor: 1 });
  await context.addCookies([{ name: "__session", value: cookie, domain: "localhost", path: "/", httpOnly: true, sameSite: "Lax" }]);
  const page = await context.newPage();
  page.on("console", (m) => m.type() === "error" && console.log("console error:", m.text()));
  for (const [name, path] of pages) {
    if (path === null) {
      await page.goto(`${base}/agenda?vista=dia&data=${monday}`);
      await page.getByTestId("calendar-event").first().click();
      await page.getByTestId("calendar-detail").waitFor();
    } else {
      await page.goto(base + path);
    }
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    console.log(tag, name, "scrollWidth", scroll);
    await page.screenshot({ path: `${out}/${tag}-${name}.png`, fullPage: name !== "detail" });
  }
  await context.close();
}
await browser.close();

function addDaysIso(date: string, n: number) {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
