import { eq } from "drizzle-orm";
import { categories, profiles, services, workingHours } from "../../db/schema";
import { addDays, dayOfWeek, nowInZone } from "../../app/domain/dates";
import { createPro, e2eDb, expect, signIn, test } from "./fixtures";

// 'Intervalo após', end to end with JavaScript on and off: the professional sets 10 minutes
// after a service on its form; once a customer books 09:00, the next time the booking page
// offers is 09:45 (09:30 would leave no time to clean the chair), not 09:30.

function workingDate(ahead: number) {
  let date = addDays(nowInZone("America/Sao_Paulo").date, ahead);
  while (dayOfWeek(date) === 0) date = addDays(date, 1);
  return date;
}

test("a 10-minute 'Intervalo após' pushes the next free time", async ({ page, browser }, info) => {
  const pro = await createPro({ name: `Barbearia Intervalo ${info.project.name} ${crypto.randomUUID().slice(0, 4)}` });
  const db = e2eDb();
  await db.update(profiles).set({ slotStepMinutes: 15, autoConfirm: true }).where(eq(profiles.userId, pro.id));
  await db.insert(workingHours).values([0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ userId: pro.id, dayOfWeek, startTime: "09:00", endTime: "18:00" })));
  const [cat] = await db.insert(categories).values({ userId: pro.id, name: "Barba", slug: `barba-${pro.id.slice(0, 6)}` }).returning();
  await db.insert(services).values({ userId: pro.id, categoryId: cat!.id, name: "Barba completa", priceCents: 4000, durationMinutes: 30 });

  // The professional sets the interval on the service's form.
  await signIn(page, pro.id);
  await page.goto("/servicos");
  await page.getByRole("link", { name: "Editar" }).click();
  await page.getByLabel("Intervalo após (min)").fill("10");
  await page.getByRole("button", { name: "Atualizar" }).click();
  await expect(page.getByText("Serviço atualizado com sucesso.")).toBeVisible();

  // A customer books 09:00.
  const date = workingDate(info.project.name === "js" ? 4 : 5);
  const customer = await browser.newContext({ javaScriptEnabled: info.project.name !== "no-js", locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  const booking = await customer.newPage();
  await booking.goto(`/agendamento/${pro.bookingSlug}`);
  await booking.getByText("Barba completa", { exact: true }).click();
  await booking.getByRole("button", { name: "Continuar" }).click();
  await booking.getByLabel("Data").fill(date);
  await booking.getByRole("button", { name: "Ver horários" }).click();
  await expect(booking.getByText("09:30", { exact: true })).toBeVisible();
  await booking.getByText("09:00", { exact: true }).click();
  await booking.getByRole("button", { name: "Continuar" }).click();
  await booking.getByLabel("Nome *").fill("Otávio Reis");
  await booking.getByLabel("Telefone / WhatsApp *").fill("11977776655");
  await booking.getByRole("button", { name: "Confirmar Agendamento" }).click();
  await expect(booking.getByRole("heading", { name: "Agendamento Confirmado!" })).toBeVisible();

  // The next customer: 09:15 and 09:30 are gone (the cut plus its ten minutes), 09:45 is the first.
  const [service] = await db.select({ id: services.id }).from(services).where(eq(services.userId, pro.id));
  await booking.goto(`/agendamento/${pro.bookingSlug}?servico=${service!.id}&data=${date}`);
  await expect(booking.getByText("09:45", { exact: true })).toBeVisible();
  for (const gone of ["09:00", "09:15", "09:30"]) await expect(booking.getByText(gone, { exact: true })).toHaveCount(0);
  await customer.close();
});
