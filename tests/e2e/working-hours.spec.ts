import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { profiles, workingHours } from "../../db/schema";
import { bookablePro, createPro, e2eDb, expect, signIn, test, workingDate } from "./fixtures";

// Project "js" runs every test; "no-js" (plain HTML forms) the forms, tagged @nojs. The hours,
// the time zone and step, and 'Calendários externos' (a feed served here on loopback).

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

test("'Calendários externos': a feed added takes its busy time off the booking page, then removed; one that cannot be read is refused beside the field @nojs", async ({ page }) => {
  // The feed a calendar app would publish, served on loopback (the e2e server may read it: CALENDAR_FETCH_ALLOW_LOOPBACK).
  const date = workingDate(3);
  const compact = date.replaceAll("-", "");
  const ics = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Agenda//PT", "BEGIN:VEVENT", "UID:dentista@agenda", `DTSTART:${compact}T130000Z`, `DTEND:${compact}T143000Z`, "SUMMARY:Dentista", "END:VEVENT", "END:VCALENDAR", ""].join("\r\n");
  const feeds = createServer((req, res) => (req.url === "/agenda.ics" ? res.writeHead(200, { "Content-Type": "text/calendar" }).end(ics) : res.writeHead(404).end()));
  await new Promise<void>((resolve) => feeds.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
  test.setTimeout(60_000); // the app and a feed server, two screens
  try {
    const { pro, service } = await bookablePro();
    await signIn(page, pro.id);
    await page.goto("/configuracoes/horarios");
    const card = page.locator("#calendarios");
    await expect(card.getByText("Nenhum calendário externo.")).toBeVisible();
    const address = card.getByLabel("Endereço secreto no formato iCal");

    await address.fill(`${origin}/agenda.ics`);
    await card.getByLabel("Nome (opcional)").fill("Google Agenda");
    await card.getByRole("button", { name: "Adicionar calendário" }).click();
    await expect(page.getByText("Calendário adicionado")).toBeVisible();
    await expect(card.getByRole("listitem")).toContainText(["Google Agenda"]);
    await expect(card.getByRole("listitem")).toContainText([`${origin}/…`]);

    const bookingPage = `/agendamento/${pro.bookingSlug}?servico=${service.id}&data=${date}`;
    await page.goto(bookingPage);
    await expect(page.getByText("09:30", { exact: true })).toBeVisible();
    for (const busy of ["10:00", "10:30", "11:00"]) await expect(page.getByText(busy, { exact: true })).toHaveCount(0);
    await expect(page.getByText("11:30", { exact: true })).toBeVisible();

    await page.goto("/configuracoes/horarios");
    await card.getByRole("link", { name: "Remover" }).click();
    await expect(page.getByText('Remover "Google Agenda"?')).toBeVisible();
    await page.getByRole("button", { name: "Remover", exact: true }).click();
    await expect(page.getByText("Calendário removido")).toBeVisible();
    await expect(card.getByText("Nenhum calendário externo.")).toBeVisible();

    // A feed that cannot be read: refused beside the field, what was typed kept, nothing added.
    // (Last: with JavaScript, editing the form after a refusal posts it again, see the note.)
    await address.fill(`${origin}/nada.ics`);
    await card.getByRole("button", { name: "Adicionar calendário" }).click();
    await expect(card.getByText("Não foi possível ler este calendário. Confira se copiou o endereço secreto no formato iCal inteiro.")).toBeVisible();
    await expect(address).toHaveValue(`${origin}/nada.ics`);
    await expect(card.getByText("Nenhum calendário externo.")).toBeVisible();
  } finally {
    feeds.closeAllConnections();
    await new Promise((resolve) => feeds.close(resolve));
  }
});

test("the hours screen fits a phone @phone", async ({ page }) => {
  const pro = await createPro({ name: "Otávio Nunes" });
  await signIn(page, pro.id);
  await page.goto("/configuracoes/horarios");
  await expect(page.getByRole("button", { name: "Salvar horários" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
