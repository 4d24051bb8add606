import { eq } from "drizzle-orm";
import { bookingRequests, linkedAccounts, profiles, subscriptions } from "../../db/schema";
import { bookablePro, e2eDb, expect, signIn, test, workingDate } from "./fixtures";
import type { Page } from "@playwright/test";

// The salon's page ('Página da equipe', issue 16), JavaScript on and off (projects js / no-js:
// the professional step is one more booking step), and on a phone (@phone): a salon of three, a
// named booking, 'Qualquer profissional' landing on the free member, an opted-out member absent,
// and the switches in Configurações > Página.

async function salon() {
  const db = e2eDb();
  const tag = crypto.randomUUID().slice(0, 4);
  const member = (name: string, specialty: string, service: string) =>
    bookablePro({ name, profile: { specialty }, services: [{ name: service, durationMinutes: 30, priceCents: 5000 }] });
  const { pro: owner } = await member(`Dona Rosa ${tag}`, "Coloração", "Coloração");
  const { pro: ana } = await member(`Ana Lima ${tag}`, "Cortes", "Corte");
  const { pro: bia } = await member(`Bia Costa ${tag}`, "Unhas", "Corte");
  await db
    .update(subscriptions)
    .set({ status: "active", planId: "avancado", subscriptionEndDate: new Date(Date.now() + 30 * 86_400_000) })
    .where(eq(subscriptions.userId, owner.id));
  await db.update(profiles).set({ businessName: `Salão Flor ${tag}` }).where(eq(profiles.userId, owner.id));
  for (const member of [ana, bia]) {
    await db.insert(linkedAccounts).values({ ownerId: owner.id, linkedUserEmail: member.email, linkedUserId: member.id, status: "active" });
  }
  return { owner, ana, bia, tag };
}

async function fillAndConfirm(page: Page, phone: string) {
  await page.getByLabel("Nome *").fill("Carla Mendes");
  await page.getByLabel("Telefone / WhatsApp *").fill(phone);
  await page.getByRole("button", { name: "Confirmar Agendamento" }).click();
  await expect(page.getByRole("heading", { name: "Solicitação enviada!" })).toBeVisible();
}

async function chooseTime(page: Page, date: string, time: string) {
  await page.getByLabel("Data").fill(date);
  await page.getByRole("button", { name: "Ver horários" }).click();
  await page.getByText(time, { exact: true }).click();
  await page.getByRole("button", { name: "Continuar" }).click();
}

test("the owner turns on 'Página da equipe'; customers book a named professional and 'Qualquer profissional' @phone @nojs", async ({ page }, info) => {
  const { owner, ana, bia, tag } = await salon();
  const date = workingDate(info.project.name === "js" ? 5 : info.project.name === "no-js" ? 6 : 7);
  const db = e2eDb();

  // Configurações > Página: the owner turns the salon page on.
  await signIn(page, owner.id);
  await page.goto("/configuracoes/pagina");
  const team = page.locator("form").filter({ has: page.getByRole("heading", { name: "Página da equipe" }) });
  await expect(team.getByRole("switch", { name: /^Aparecer na página da equipe/ })).toBeChecked();
  await team.locator("label").filter({ hasText: "Seu link de agendamento mostra todos" }).click();
  await expect(team.getByRole("switch", { name: /^Página da equipe/ })).toBeChecked();
  await team.getByRole("button", { name: "Salvar equipe" }).click();
  await expect(page.getByText("A página da equipe foi atualizada.")).toBeVisible();
  expect((await db.select().from(profiles).where(eq(profiles.userId, owner.id)))[0]?.teamPage).toBe(true);
  await page.context().clearCookies();

  // Bia opts out from her own settings for a moment: she is not on the salon's page.
  await db.update(profiles).set({ onTeamPage: false }).where(eq(profiles.userId, bia.id));
  await page.goto(`/agendamento/${owner.bookingSlug}`);
  await expect(page.getByRole("heading", { name: `Salão Flor ${tag}` })).toBeVisible();
  await expect(page.getByText("Escolha o profissional")).toBeVisible();
  await expect(page.getByText(`Ana Lima ${tag}`)).toBeVisible();
  await expect(page.getByText(`Bia Costa ${tag}`)).toHaveCount(0);
  await db.update(profiles).set({ onTeamPage: true }).where(eq(profiles.userId, bia.id));

  // A named professional: Ana, 10:00.
  await page.goto(`/agendamento/${owner.bookingSlug}`);
  await expect(page.getByText(`Bia Costa ${tag}`)).toBeVisible();
  await expect(page.getByText("Cortes", { exact: true })).toBeVisible();
  await page.getByText(`Ana Lima ${tag}`).click();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByText(`Profissional: Ana Lima ${tag}`)).toBeVisible();
  await expect(page.getByText("Coloração", { exact: true })).toHaveCount(0);
  await page.getByText("Corte", { exact: true }).click();
  await page.getByRole("button", { name: "Continuar" }).click();
  await chooseTime(page, date, "10:00");
  await expect(page.getByRole("definition").filter({ hasText: `Ana Lima ${tag}` })).toBeVisible();
  await fillAndConfirm(page, "11955550001");
  const anaRequests = await db.select().from(bookingRequests).where(eq(bookingRequests.professionalId, ana.id));
  expect(anaRequests.map((r) => [r.date, r.startMinute])).toEqual([[date, 600]]);

  // 'Qualquer profissional' at 10:00: Ana is taken, so it lands on Bia.
  await page.goto(`/agendamento/${owner.bookingSlug}`);
  await page.getByText("Qualquer profissional").click();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByText("Coloração", { exact: true })).toBeVisible();
  await page.getByText("Corte", { exact: true }).click();
  await page.getByRole("button", { name: "Continuar" }).click();
  await chooseTime(page, date, "10:00");
  // Before 'Confirmar': who takes that time, and at what price.
  await expect(page.getByTestId("booking-summary")).toContainText(`Bia Costa ${tag}`);
  await expect(page.getByTestId("booking-summary")).toContainText("quem atende neste horário");
  await expect(page.getByTestId("booking-summary")).toContainText("R$ 50,00");
  await fillAndConfirm(page, "11955550002");
  const biaRequests = await db.select().from(bookingRequests).where(eq(bookingRequests.professionalId, bia.id));
  expect(biaRequests.map((r) => [r.date, r.startMinute, r.customerPhone])).toEqual([[date, 600, "11955550002"]]);
  expect(await db.select().from(bookingRequests).where(eq(bookingRequests.professionalId, ana.id))).toHaveLength(1);

  // Both taken at 10:00 now: 'Qualquer profissional' no longer offers it.
  await page.goto(`/agendamento/${owner.bookingSlug}`);
  await page.getByText("Qualquer profissional").click();
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByText("Corte", { exact: true }).click();
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByLabel("Data").fill(date);
  await page.getByRole("button", { name: "Ver horários" }).click();
  await expect(page.getByText("10:30", { exact: true })).toBeVisible();
  await expect(page.getByText("10:00", { exact: true })).toHaveCount(0);

  // Bia's own link still opens her own page.
  await page.goto(`/agendamento/${bia.bookingSlug}`);
  await expect(page.getByRole("heading", { name: `Bia Costa ${tag}` })).toBeVisible();
  await expect(page.getByText("Escolha o profissional")).toHaveCount(0);
  await expect(page.getByText("1. Escolha o serviço")).toBeVisible();
});
