import { and, eq } from "drizzle-orm";
import { appointments, emailOutbox, waitlistEntries } from "../../db/schema";
import { addDays, nowInZone } from "../../app/domain/dates";
import { WORKER_URL } from "./env";
import { bookablePro, expect, fileDb, httpDb, test } from "./fixtures";

// 'Lista de espera' offered by the Cron Trigger: a customer waits for a full day, a time is
// cancelled, the Worker's `scheduled` handler offers it by e-mail, and its link opens that time.
test("the Cron Trigger offers a waiting list's opening by e-mail, and its link opens the time @extended", async ({ page, request }) => {
  const { pro } = await bookablePro({
    name: `Espera Workers ${crypto.randomUUID().slice(0, 6)}`,
    hours: { start: "08:00", end: "20:00" },
    services: [{ name: "Escova", priceCents: 6000, durationMinutes: 30 }],
  });
  const email = `espera-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const date = addDays(nowInZone("America/Sao_Paulo").date, 4);
  const [, freed] = await httpDb()
    .insert(appointments)
    .values([
      { userId: pro.id, date, startMinute: 8 * 60, durationMinutes: 120, serviceName: "Escova" },
      { userId: pro.id, date, startMinute: 10 * 60, durationMinutes: 30, serviceName: "Escova" },
      { userId: pro.id, date, startMinute: 10 * 60 + 30, durationMinutes: 570, serviceName: "Escova" },
    ])
    .returning();

  await page.goto(`/agendamento/${pro.bookingSlug}`);
  await page.getByText("Escova", { exact: true }).click();
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByLabel("Data").fill(date);
  await page.getByRole("button", { name: "Ver horários" }).click();
  await expect(page.getByText("Nenhum horário disponível para esta data")).toBeVisible();
  await page.getByText("Manhã", { exact: true }).click();
  await page.getByLabel("Nome *").fill("Bia Torres");
  await page.getByLabel("Telefone / WhatsApp *").fill("11988770001");
  await page.getByLabel("E-mail (opcional) — para receber o aviso por e-mail").fill(email);
  await page.getByRole("button", { name: "Entrar na lista de espera" }).click();
  await expect(page.getByRole("heading", { name: "Pronto! Você está na lista de espera" })).toBeVisible();
  expect((await fileDb().select().from(waitlistEntries).where(eq(waitlistEntries.professionalId, pro.id)))[0]?.status).toBe("waiting");

  // 10:00 is cancelled; the Cron Trigger runs the job, which offers it.
  await httpDb().update(appointments).set({ status: "cancelled" }).where(eq(appointments.id, freed!.id));
  const res = await request.get(`${WORKER_URL}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/5 * * * *")}`);
  expect(res.status()).toBe(200);
  let text = "";
  await expect
    .poll(async () => {
      const [mail] = await fileDb().select().from(emailOutbox).where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "waitlist-offer")));
      text = mail?.status === "sent" ? mail.text : "";
      return text;
    }, { timeout: 20_000 })
    .not.toBe("");
  const link = /Quem confirmar primeiro fica com ele: (\S+)/.exec(text)?.[1];
  expect(link, "the offer's link").toBeTruthy();
  const url = new URL(link!);
  await page.goto(url.pathname + url.search);
  await expect(page.getByTestId("booking-summary")).toContainText("10:00");
  await expect(page.getByLabel("Nome *")).toHaveValue("Bia Torres");
});
