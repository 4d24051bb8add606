import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { profiles, workingHours } from "../../db/schema";
import { createPro, e2eDb, expect, signIn, test } from "./fixtures";

// Project "js" runs every test; "no-js" (plain HTML forms) the forms, tagged @nojs.

const INVALID = "Horários inválidos. Verifique se o horário de fim é posterior ao de início e se o intervalo está dentro do horário de trabalho.";

const day = (page: Page, name: string) => page.getByRole("group", { name, exact: true });

async function rowsOf(userId: string) {
  return e2eDb().select().from(workingHours).where(eq(workingHours.userId, userId)).orderBy(workingHours.dayOfWeek);
}

test("set the week's working hours, save, and find them again @nojs", async ({ page, javaScriptEnabled }) => {
  const pro = await createPro({ name: "Helena Duarte" });
  await signIn(page, pro.id);
  await page.goto("/configuracoes");
  await expect(page.getByRole("heading", { name: "Configurações" })).toBeVisible();
  await page.getByRole("link", { name: "Horários" }).click();
  await expect(page).toHaveURL(/\/configuracoes\/horarios$/);
  await expect(page.getByRole("link", { name: "Horários" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Horários ainda não salvos")).toBeVisible();

  // Monday first, Sunday last; a day never saved suggests 09:00-18:00 without a break,
  // Monday to Saturday, and Sunday closed.
  const week = page.getByRole("region", { name: "Horários de funcionamento" });
  const names = await week.locator("fieldset legend").allTextContents();
  expect(names).toEqual(["Segunda-feira", "Terça-feira", "Quarta-feira", "Quinta-feira", "Sexta-feira", "Sábado", "Domingo"]);
  const sunday = day(page, "Domingo");
  await expect(sunday.getByRole("checkbox", { name: "Aberto" })).not.toBeChecked();
  await expect(sunday.getByLabel("Início", { exact: true })).toBeHidden();
  await expect(day(page, "Sábado").getByRole("checkbox", { name: "Aberto" })).toBeChecked();
  await sunday.getByRole("checkbox", { name: "Aberto" }).check();
  await expect(sunday.getByLabel("Início", { exact: true })).toHaveValue("09:00");
  await expect(sunday.getByLabel("Intervalo de almoço")).not.toBeChecked();
  await expect(sunday.getByLabel("Início do intervalo")).toBeHidden();

  await sunday.getByLabel("Início", { exact: true }).selectOption("10:00");
  await sunday.getByLabel("Fim", { exact: true }).selectOption("14:00");
  if (javaScriptEnabled) await expect(page.getByText("Há alterações não salvas")).toBeVisible();
  const monday = day(page, "Segunda-feira");
  await monday.getByLabel("Intervalo de almoço").check();
  await expect(monday.getByLabel("Início do intervalo")).toHaveValue("12:00");
  await expect(monday.getByLabel("Fim do intervalo")).toHaveValue("13:00");
  await monday.getByLabel("Fim do intervalo").selectOption("13:30");
  const saturday = day(page, "Sábado");
  await saturday.getByRole("checkbox", { name: "Aberto" }).uncheck();
  await expect(saturday.getByLabel("Início", { exact: true })).toBeHidden();

  await page.getByRole("button", { name: "Salvar horários" }).click();
  await expect(page.getByText("Horários de trabalho salvos com sucesso.")).toBeVisible();
  await expect(page.getByText("Há alterações não salvas")).toBeHidden();
  await expect(page.getByText("Horários ainda não salvos")).toBeHidden();

  const rows = await rowsOf(pro.id);
  expect(rows.map((r) => [r.dayOfWeek, r.isActive, r.startTime, r.endTime, r.breakStartTime, r.breakEndTime])).toEqual([
    [0, true, "10:00", "14:00", null, null],
    [1, true, "09:00", "18:00", "12:00", "13:30"],
    [2, true, "09:00", "18:00", null, null],
    [3, true, "09:00", "18:00", null, null],
    [4, true, "09:00", "18:00", null, null],
    [5, true, "09:00", "18:00", null, null],
    [6, false, "09:00", "18:00", null, null],
  ]);

  await page.reload();
  await expect(day(page, "Domingo").getByLabel("Início", { exact: true })).toHaveValue("10:00");
  await expect(day(page, "Domingo").getByLabel("Fim", { exact: true })).toHaveValue("14:00");
  await expect(day(page, "Segunda-feira").getByLabel("Intervalo de almoço")).toBeChecked();
  await expect(day(page, "Segunda-feira").getByLabel("Fim do intervalo")).toHaveValue("13:30");
  await expect(day(page, "Sábado").getByRole("checkbox", { name: "Aberto" })).not.toBeChecked();
  await expect(page.getByText("Há alterações não salvas")).toBeHidden();

  // Undoing an edit by hand clears the warning again.
  if (javaScriptEnabled) {
    const start = day(page, "Terça-feira").getByLabel("Início", { exact: true });
    await start.selectOption("08:00");
    await expect(page.getByText("Há alterações não salvas")).toBeVisible();
    await start.selectOption("09:00");
    await expect(page.getByText("Há alterações não salvas")).toBeHidden();
  }
});

test("an impossible day shows 'Horários inválidos' beside it and saves nothing @nojs", async ({ page, javaScriptEnabled }) => {
  const pro = await createPro({ name: "Bruna Castro" });
  await signIn(page, pro.id);
  await page.goto("/configuracoes/horarios");

  const tuesday = day(page, "Terça-feira");
  await tuesday.getByLabel("Início", { exact: true }).selectOption("18:00");
  await tuesday.getByLabel("Fim", { exact: true }).selectOption("09:00");
  const friday = day(page, "Sexta-feira");
  await friday.getByLabel("Intervalo de almoço").check();
  await friday.getByLabel("Início do intervalo").selectOption("17:30");
  await friday.getByLabel("Fim do intervalo").selectOption("19:00");

  const posted = javaScriptEnabled
    ? null
    : page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/configuracoes/horarios"));
  await page.getByRole("button", { name: "Salvar horários" }).click();
  if (posted) expect((await posted).status()).toBe(400);

  await expect(page.getByText("Corrija os dias marcados em vermelho: Terça-feira, Sexta-feira.")).toBeVisible();
  await expect(tuesday.getByText(INVALID)).toBeVisible();
  await expect(friday.getByText(INVALID)).toBeVisible();
  await expect(day(page, "Segunda-feira").getByText(INVALID)).toBeHidden();
  // What was typed is still there.
  await expect(tuesday.getByLabel("Início", { exact: true })).toHaveValue("18:00");
  await expect(tuesday.getByLabel("Fim", { exact: true })).toHaveValue("09:00");
  await expect(friday.getByLabel("Fim do intervalo")).toHaveValue("19:00");
  expect(await rowsOf(pro.id)).toHaveLength(0);

  // Fixing both days saves the week.
  await tuesday.getByLabel("Fim", { exact: true }).selectOption("20:00");
  await friday.getByLabel("Fim do intervalo").selectOption("18:00");
  await friday.getByLabel("Fim", { exact: true }).selectOption("18:00");
  await page.getByRole("button", { name: "Salvar horários" }).click();
  await expect(page.getByText("Horários de trabalho salvos com sucesso.")).toBeVisible();
  const rows = await rowsOf(pro.id);
  expect(rows[2]).toMatchObject({ startTime: "18:00", endTime: "20:00" });
  expect(rows[5]).toMatchObject({ breakStartTime: "17:30", breakEndTime: "18:00" });
});

test("change the time zone and the slot step @nojs", async ({ page }) => {
  const pro = await createPro({ name: "Lívia Moreira" });
  await signIn(page, pro.id);
  await page.goto("/configuracoes?tab=horarios");
  await expect(page).toHaveURL(/\/configuracoes\/horarios$/);

  const zone = page.getByLabel("Fuso horário", { exact: true });
  await expect(zone).toHaveValue("America/Sao_Paulo");
  await expect(zone.locator("option")).toHaveText(["Brasília (São Paulo)", "Manaus", "Belém", "Fortaleza", "Recife"]);
  await zone.selectOption({ label: "Manaus" });
  await page.getByLabel("Horários a cada").selectOption({ label: "15 minutos" });
  await page.getByRole("button", { name: "Salvar preferências" }).click();
  await expect(page.getByText("Fuso horário e intervalo da agenda salvos com sucesso.")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Fuso horário", { exact: true })).toHaveValue("America/Manaus");
  await expect(page.getByLabel("Horários a cada")).toHaveValue("15");
  const [profile] = await e2eDb().select().from(profiles).where(eq(profiles.userId, pro.id));
  expect(profile).toMatchObject({ timeZone: "America/Manaus", slotStepMinutes: 15 });
});

test("the hours screen fits a phone @phone", async ({ page }) => {
  const pro = await createPro({ name: "Otávio Nunes" });
  await signIn(page, pro.id);
  await page.goto("/configuracoes/horarios");
  await expect(page.getByRole("button", { name: "Salvar horários" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
