import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { calendarBusy, externalCalendars, pushSubscriptions } from "../../db/schema";
import { workingDay } from "../support/factories";
import { startPushStandIn } from "../support/push-stand-in";
import { PUSH_STANDIN_PORT, WORKER_URL } from "./env";
import { bookablePro, expect, fileDb, httpDb, signIn, test } from "./fixtures";

const ics = (date: string, events: [string, string][]) => {
  const d = date.replaceAll("-", "");
  return ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Agenda//PT",
    ...events.flatMap(([start, end], i) => ["BEGIN:VEVENT", `UID:e${i}@agenda`, `DTSTART:${d}T${start}00Z`, `DTEND:${d}T${end}00Z`, "SUMMARY:Ocupada", "END:VEVENT"]),
    "END:VCALENDAR", ""].join("\r\n");
};

// 'Calendários externos' read by the Worker's fetch (a loopback feed, allowed in tests only) and
// refreshed by the Cron Trigger; then a Web Push (VAPID's ES256 and aes128gcm in WebCrypto) to the
// push service's stand-in, which decrypts it.
test("an external calendar read and refreshed by the Cron Trigger, and a Web Push delivered", async ({ page, request }) => {
  const date = workingDay(3);
  let feed = ics(date, [["1300", "1430"]]); // 10:00-11:30 in São Paulo
  const feeds = createServer((req, res) => res.writeHead(200, { "Content-Type": "text/calendar" }).end(feed));
  await new Promise<void>((resolve) => feeds.listen(0, "127.0.0.1", resolve));
  const push = await startPushStandIn({ port: PUSH_STANDIN_PORT });
  try {
    const { pro, service } = await bookablePro({ name: `Agenda Workers ${crypto.randomUUID().slice(0, 6)}` });
    await signIn(page, pro.id);
    await page.goto("/configuracoes/horarios");
    const card = page.locator("#calendarios");
    await card.getByLabel("Endereço secreto no formato iCal").fill(`http://127.0.0.1:${(feeds.address() as AddressInfo).port}/agenda.ics`);
    await card.getByLabel("Nome (opcional)").fill("Google Agenda");
    await card.getByRole("button", { name: "Adicionar calendário" }).click();
    await expect(page.getByText("Calendário adicionado")).toBeVisible();
    const busy = async () => (await fileDb().select().from(calendarBusy).where(eq(calendarBusy.userId, pro.id))).map((b) => [b.date, b.startMinute, b.endMinute]);
    expect(await busy()).toEqual([[date, 600, 690]]);

    // The feed changes; once due (15 minutes on), the Cron Trigger's run reads it again.
    feed = ics(date, [["1300", "1430"], ["1800", "1900"]]);
    await httpDb().update(externalCalendars).set({ attemptedAt: new Date(Date.now() - 3_600_000) }).where(eq(externalCalendars.userId, pro.id));
    expect((await request.get(`${WORKER_URL}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/5 * * * *")}`)).status()).toBe(200);
    await expect.poll(busy, { timeout: 20_000 }).toEqual([[date, 600, 690], [date, 900, 960]]);
    await page.goto(`/agendamento/${pro.bookingSlug}?servico=${service.id}&data=${date}`);
    await expect(page.getByText("09:30", { exact: true })).toBeVisible();
    for (const taken of ["10:00", "11:00", "15:00"]) await expect(page.getByText(taken, { exact: true })).toHaveCount(0);

    // A device turned on before (a phone): 'Enviar notificação de teste' reaches its push service.
    const device = push.newSubscription();
    await httpDb().insert(pushSubscriptions).values({ professionalId: pro.id, ...device, label: "Chrome no Android" });
    await page.goto("/configuracoes/notificacoes");
    await page.getByRole("button", { name: "Enviar notificação de teste" }).click();
    await expect(page.getByText("Notificação de teste enviada")).toBeVisible();
    await expect.poll(() => push.received.map((r) => [r.endpoint, r.payload.title])).toEqual([[device.endpoint, "Notificações ligadas"]]);
    expect(push.refused).toEqual([]);
  } finally {
    feeds.closeAllConnections();
    await new Promise((resolve) => feeds.close(resolve));
    await push.close();
  }
});
