import { and, eq } from "drizzle-orm";
import type { Page, TestInfo } from "@playwright/test";
import { appointments, clients, users } from "../../db/schema";
import { addDays, dayOfWeek, formatDate, nowInZone } from "../../app/domain/dates";
import { formatMoney } from "../../app/domain/money";
import { createPro, e2eDb, expect, expectEscapeCancels, signIn, test } from "./fixtures";
import { chooseClient } from "./client-field";

// Project "js" runs every test; "no-js" (plain HTML forms) the ones tagged @nojs. Both book for
// the demo professional (Mon-Sat 09:00-18:00, break 12:00-13:00), so each
// project uses its own day and its own demo client.

/**
 * The client's 'Total gasto' as the database keeps it (what their completed appointments brought:
 * tests/integration/client-spent.test.ts holds it to the Caixa's definition).
 */
async function spentCents(userId: string, clientName: string) {
  const [row] = await e2eDb()
    .select({ spent: clients.spentCents })
    .from(clients)
    .where(and(eq(clients.userId, userId), eq(clients.name, clientName)));
  return row!.spent;
}

/** "Total Gasto R$ 1.234,00" as the card shows it, whatever the spaces. */
function totalGasto(cents: number) {
  const money = formatMoney(cents).replace(/[.$]/g, "\\$&").replace(/\s/g, "\\s");
  return new RegExp(`Total Gasto\\s*${money}`);
}

async function demoId() {
  const [row] = await e2eDb().select({ id: users.id }).from(users).where(eq(users.email, "demo@agendo.app"));
  if (!row) throw new Error("demo professional missing");
  return row.id;
}

/** A working day (Mon-Sat) a few days ahead; "js" and "no-js" get different ones. */
function bookingDay(testInfo: TestInfo, skip = 0) {
  const offset = (testInfo.project.name === "js" ? 0 : 1) + skip * 2;
  let date = addDays(nowInZone("America/Sao_Paulo").date, 2);
  let found = 0;
  for (;;) {
    if (dayOfWeek(date) !== 0) {
      if (found === offset) return date;
      found += 1;
    }
    date = addDays(date, 1);
  }
}

async function chooseServiceAndDate(page: Page, testInfo: TestInfo, service: string, date: string) {
  await page.getByLabel("Serviço").selectOption({ label: service });
  await page.getByLabel("Data").fill(date);
  if (testInfo.project.name === "no-js") {
    await page.getByRole("button", { name: "Ver horários" }).click();
  }
  // The choices arrive: a GET of the form without JS, a replace navigation with it.
  await expect(page.getByText(/horários? livres? em/)).toBeVisible();
}

test("book, see the time taken, complete and delete an appointment @nojs", async ({ page }, testInfo) => {
  test.setTimeout(60_000); // a long journey through three screens
  const userId = await demoId();
  const clientName = testInfo.project.name === "js" ? "Carlos Oliveira" : "Mariana Santos";
  const date = bookingDay(testInfo);
  await signIn(page, userId);

  // A professional who uses the list: after 'Agendar' the agenda shows the list of that day (on
  // the calendar, the calendar's day: tests/integration/agenda-move.test.ts).
  await page.goto("/agenda?vista=lista");
  await expect(page.getByRole("heading", { name: "Agenda" })).toBeVisible();
  await expect(page.getByText("Gerencie seus agendamentos")).toBeVisible();

  // Book 10:00 for Corte Masculino (45 min).
  await page.getByRole("link", { name: "+ Novo Agendamento", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Novo Agendamento" })).toBeVisible();
  await chooseClient(page, testInfo, clientName);
  await chooseServiceAndDate(page, testInfo, "Corte Masculino (45 min)", date);
  const time = page.getByLabel("Horário");
  await expect(time.locator("option", { hasText: "10:00" })).toHaveCount(1);
  await time.selectOption("10:00");
  await page.getByLabel("Observações").fill("Cliente pediu máquina 2");
  await page.getByRole("button", { name: "Agendar" }).click();

  await expect(page).toHaveURL(new RegExp(`/agenda\\?periodo=customizado&de=${date}&ate=${date}$`));
  await expect(page.getByTestId("toast")).toContainText("Agendamento criado!");
  const row = page.getByTestId("appointment-row").filter({ hasText: clientName });
  await expect(row).toContainText("10:00");
  await expect(row).toContainText(formatDate(date));
  await expect(row).toContainText("Corte Masculino");
  await expect(row).toContainText("45min");
  await expect(row).toContainText("R$ 50,00");
  await expect(row).toContainText("Agendado");

  const [saved] = await e2eDb()
    .select()
    .from(appointments)
    .innerJoin(clients, eq(clients.id, appointments.clientId))
    .where(and(eq(appointments.userId, userId), eq(appointments.date, date), eq(clients.name, clientName)));
  expect(saved?.appointments).toMatchObject({
    startMinute: 600,
    durationMinutes: 45,
    priceCents: 5000,
    serviceName: "Corte Masculino",
    status: "scheduled",
    createdVia: "dashboard",
    notes: "Cliente pediu máquina 2",
  });

  // Opening the form again for that day: 10:00 (and 09:30, which would overlap) are gone.
  await page.getByRole("link", { name: "+ Novo Agendamento", exact: true }).click();
  await chooseServiceAndDate(page, testInfo, "Corte Masculino (45 min)", date);
  await expect(time.locator("option", { hasText: "11:00" })).toHaveCount(1);
  await expect(time.locator("option", { hasText: "10:00" })).toHaveCount(0);
  await expect(time.locator("option", { hasText: "09:30" })).toHaveCount(0);
  await page.getByRole("link", { name: "Cancelar" }).click();
  await expect(page.getByRole("heading", { name: "Agenda" })).toBeVisible();

  // A scheduled appointment is not money yet: the client's Total Gasto stays what the demo's
  // history of completed appointments brought.
  const clientCard = page.getByRole("article").filter({ has: page.getByRole("heading", { name: clientName }) });
  const spentBefore = await spentCents(userId, clientName);
  await page.goto("/clientes");
  await expect(clientCard).toContainText(totalGasto(spentBefore));

  // 'Concluir' waits for the start (docs/decisions/0652): not offered on a future day.
  await page.goto(`/agenda?periodo=customizado&de=${date}&ate=${date}`);
  await expect(row).toContainText("Agendado");
  await expect(row.getByRole("link", { name: /^Concluir/ })).toHaveCount(0);
  // The client came early: moved to 00:00 today, it has started, and is completed.
  const today = nowInZone("America/Sao_Paulo").date;
  await e2eDb().update(appointments).set({ date: today, startMinute: 0 }).where(eq(appointments.id, saved!.appointments.id));
  await page.goto(`/agenda?periodo=customizado&de=${today}&ate=${today}`);
  // 'Concluir' opens 'Fechar atendimento' (issue 22): the service at its price, paid by Pix.
  await row.getByRole("link", { name: /^Concluir/ }).click();
  await page.getByLabel("Forma de pagamento 1").selectOption("pix");
  await page.getByRole("button", { name: "Concluir e registrar pagamento" }).click();
  await expect(page.getByTestId("toast")).toContainText("Atendimento concluído");
  await expect(row).toContainText("Concluído");
  await expect(row.getByRole("link", { name: /^Concluir/ })).toHaveCount(0);
  await page.goto("/clientes");
  await expect(clientCard).toContainText(totalGasto(spentBefore + 5000));
  await page.goto(`/agenda?periodo=customizado&de=${today}&ate=${today}`);

  // Delete it, after the confirmation (with JavaScript, Escape backs out first).
  const question = "Tem certeza que deseja excluir este agendamento?";
  const dialog = page.getByRole("alertdialog", { name: "Excluir agendamento" });
  if (testInfo.project.name === "js") {
    await row.getByRole("link", { name: /^Excluir/ }).click();
    await expectEscapeCancels(page, dialog, question);
  }
  await row.getByRole("link", { name: /^Excluir/ }).click();
  await expect(dialog).toContainText(question);
  await dialog.getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByTestId("toast")).toContainText("Agendamento removido com sucesso.");
  await expect(row).toHaveCount(0);
  const left = await e2eDb()
    .select()
    .from(appointments)
    .where(eq(appointments.id, saved!.appointments.id));
  expect(left).toHaveLength(0);
});

test("the form shows its errors beside the fields @nojs", async ({ page }, testInfo) => {
  await signIn(page, await demoId());
  await page.goto("/agenda?novo=1");
  await page.getByRole("button", { name: "Agendar" }).click();
  await expect(page.getByText("Selecione um cliente", { exact: true }).last()).toBeVisible();
  await expect(page.getByLabel("Cliente")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Serviço")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Data")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Horário")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(".field-error")).toHaveText([
    "Selecione um cliente",
    "Selecione um serviço",
    "Selecione uma data",
    "Selecione um horário",
  ]);

  // A closed day offers no time.
  let sunday = addDays(nowInZone("America/Sao_Paulo").date, 1);
  while (dayOfWeek(sunday) !== 0) sunday = addDays(sunday, 1);
  await page.getByLabel("Serviço").selectOption({ label: "Barba (30 min)" });
  await page.getByLabel("Data").fill(sunday);
  if (testInfo.project.name === "no-js") await page.getByRole("button", { name: "Ver horários" }).click();
  await expect(page.getByText("Nenhum horário disponível para esta data.")).toBeVisible();
});

test("a custom period with reversed dates is explained @nojs", async ({ page }, testInfo) => {
  const pro = await createPro();
  await signIn(page, pro.id);
  await page.goto("/agenda?vista=lista");
  await expect(page.getByText("Nenhum agendamento cadastrado")).toBeVisible();
  await expect(page.getByRole("link", { name: "Criar Primeiro Agendamento" })).toBeVisible();
  await e2eDb()
    .insert(appointments)
    .values({ userId: pro.id, date: "2030-06-10", startMinute: 600, durationMinutes: 30, serviceName: "Corte" });

  await page.getByLabel("Período", { exact: true }).selectOption("customizado");
  // The dates appear on choosing 'Personalizado', with or without JavaScript.
  await page.getByLabel("De", { exact: true }).fill("2030-05-20");
  await page.getByLabel("Até", { exact: true }).fill("2030-05-10");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/periodo=customizado&de=2030-05-20&ate=2030-05-10/);
  await expect(page.getByText("A data inicial deve ser anterior ou igual à data final.")).toBeVisible();

  await page.getByLabel("Até", { exact: true }).fill("2030-06-09");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByText("Nenhum agendamento no período selecionado")).toBeVisible();

  await page.getByLabel("Até", { exact: true }).fill("2030-06-10");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByTestId("appointment-row")).toHaveCount(1);
  await expect(page.getByTestId("appointment-row")).toContainText("Cliente não encontrado");
  await expect(page.getByTestId("appointment-row")).toContainText("10/06");

  await page.getByLabel("Período", { exact: true }).selectOption("esta-semana");
  // With JavaScript the other periods apply on change; without it, 'Filtrar' sends them.
  if (testInfo.project.name === "no-js") await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/periodo=esta-semana/);
  await expect(page.getByLabel("De", { exact: true })).toBeHidden();
});
