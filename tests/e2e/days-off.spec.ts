import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { appointments, clients, profiles, scheduleExceptions, workingHours } from "../../db/schema";
import { upcomingHolidays } from "../../app/domain/availability/holidays";
import { addDays, addMonths, dayOfWeek, formatDate, nowInZone } from "../../app/domain/dates";
import { axeViolations, bookablePro, e2eDb, expect, expectEscapeCancels, signIn, test } from "./fixtures";

// Configurações > Horários > 'Folgas e bloqueios' and 'Regras de agendamento', and what the
// customer's booking page then offers. Projects js and phone (@phone); no-js the forms (@nojs):
// the extra hours on a Sunday are the blocking test's form with another kind chosen.

const today = () => nowInZone("America/Sao_Paulo").date;
function nextDate(ahead: number, days: readonly number[] = [1, 2, 3, 4, 5, 6]) {
  let date = addDays(today(), ahead);
  while (!days.includes(dayOfWeek(date))) date = addDays(date, 1);
  return date;
}

/** A professional working Monday to Saturday 09:00-18:00 (break 12:00-13:00), with one 30-minute service. */
const setUp = (name: string) => bookablePro({ name });

const bookingDay = (page: Page, slug: string, serviceId: string, date: string) =>
  page.goto(`/agendamento/${slug}?servico=${serviceId}&data=${date}`);
const slot = (page: Page, time: string) => page.getByRole("radio", { name: time, exact: true });

/** Axe over the page as it stands, where scripts run (axe needs them): the journey's JavaScript run, on the phone. */
async function expectNoAxeViolations(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  expect(await axeViolations(page)).toEqual([]);
}

const newForm = (page: Page) => page.getByRole("region", { name: "Adicionar folga ou bloqueio" });

test("close a national holiday in one tap; the booking page says it is closed @phone @nojs", async ({ page }) => {
  const { pro, service } = await setUp("Carla Nunes");
  const holiday = upcomingHolidays(addDays(today(), 1)).find((h) => dayOfWeek(h.date) !== 0 && h.date <= addMonths(today(), 5))!;
  await bookingDay(page, pro.bookingSlug, service.id, holiday.date);
  await expect(slot(page, "09:00")).toBeAttached();

  await signIn(page, pro.id);
  await page.goto("/configuracoes/horarios");
  await expect(page.getByRole("heading", { name: "Folgas e bloqueios" })).toBeVisible();
  await page.getByText("Feriados nacionais").click();
  const row = page.getByTestId("holiday").filter({ hasText: holiday.name });
  await expect(row).toContainText(formatDate(holiday.date, true));
  await row.getByRole("button", { name: "Fechar no feriado" }).click();
  await expect(page.getByText(`${holiday.name} (${formatDate(holiday.date, true)}) fechado na sua agenda.`)).toBeVisible();
  await expect(page.getByTestId("holiday").filter({ hasText: holiday.name }).getByText("Fechado", { exact: true })).toBeVisible();
  await expect(page.getByTestId("schedule-exception")).toContainText(holiday.name);

  const [row1] = await e2eDb().select().from(scheduleExceptions).where(eq(scheduleExceptions.userId, pro.id));
  expect(row1).toMatchObject({ kind: "closed", startDate: holiday.date, endDate: holiday.date, reason: holiday.name, showReason: true });

  await bookingDay(page, pro.bookingSlug, service.id, holiday.date);
  await expect(page.getByTestId("closed-day")).toContainText(`Fechado neste dia (${holiday.name})`);
  await expect(page.getByRole("radio")).toHaveCount(0);
});

test("block 12:00-14:00 on a day: those times vanish from the booking page @phone @nojs", async ({ page }) => {
  const { pro, service } = await setUp("Bruno Teles");
  const day = nextDate(3);
  await signIn(page, pro.id);
  await page.goto("/configuracoes/horarios");
  const form = newForm(page);
  await form.getByText("Bloqueio", { exact: true }).click();
  await form.getByRole("textbox", { name: "Data", exact: true }).fill(day);
  // 'Até' before 'Das': a message beside the field, nothing saved.
  await form.getByLabel("Das").selectOption("14:00");
  await form.getByLabel("Até").selectOption("12:00");
  await form.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("O horário 'Até' deve ser depois de 'Das'.")).toBeVisible();
  expect(await e2eDb().select().from(scheduleExceptions).where(eq(scheduleExceptions.userId, pro.id))).toEqual([]);

  await form.getByLabel("Das").selectOption("12:00");
  await form.getByLabel("Até").selectOption("14:00");
  await form.getByRole("textbox", { name: /^Motivo/ }).fill("Dentista");
  await form.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("Bloqueio salvo com sucesso.")).toBeVisible();
  const listed = page.getByTestId("schedule-exception");
  await expect(listed).toContainText("Bloqueio");
  await expect(listed).toContainText("12:00 às 14:00");
  await expect(listed).toContainText("Dentista");

  await bookingDay(page, pro.bookingSlug, service.id, day);
  await expect(slot(page, "11:30")).toBeAttached();
  await expect(slot(page, "14:00")).toBeAttached();
  await expect(slot(page, "13:00")).toHaveCount(0);
  await expect(slot(page, "13:30")).toHaveCount(0);
});

test("extra hours on a Sunday the professional never works are offered @phone", async ({ page }) => {
  const { pro, service } = await setUp("Diana Prado");
  const sunday = nextDate(3, [0]);
  await bookingDay(page, pro.bookingSlug, service.id, sunday);
  await expect(page.getByRole("radio")).toHaveCount(0);

  await signIn(page, pro.id);
  await page.goto("/configuracoes/horarios");
  const form = newForm(page);
  await form.getByText("Horário extra", { exact: true }).click();
  await form.getByRole("textbox", { name: "Data", exact: true }).fill(sunday);
  await form.getByLabel("Das").selectOption("09:00");
  await form.getByLabel("Até").selectOption("11:00");
  await form.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("Horário extra salvo com sucesso.")).toBeVisible();
  await expect(page.getByTestId("schedule-exception")).toContainText("Domingo");

  await bookingDay(page, pro.bookingSlug, service.id, sunday);
  await expect(page.getByRole("radio")).toHaveCount(4);
  await expect(slot(page, "09:00")).toBeAttached();
  await expect(slot(page, "10:30")).toBeAttached();
});

test("a closed day over an appointment lists whom to warn on WhatsApp; edit it, then remove it @phone @nojs", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(90_000); // three axe runs
  const { pro } = await setUp("Elisa Mota");
  const day = nextDate(4);
  const [client] = await e2eDb().insert(clients).values({ userId: pro.id, name: "Fernanda Alves", phone: "11955553333" }).returning();
  const [appointment] = await e2eDb()
    .insert(appointments)
    .values({ userId: pro.id, clientId: client!.id, date: day, startMinute: 10 * 60, durationMinutes: 60, serviceName: "Escova" })
    .returning();

  await signIn(page, pro.id);
  await page.goto("/configuracoes/horarios");
  const form = newForm(page);
  await expect(form.getByRole("radio", { name: "Fechado" })).toBeChecked();
  await form.getByLabel("Data inicial").fill(day);
  // A reason stays private unless the professional chooses to show it.
  await expect(form.getByLabel("Mostrar o motivo na página de agendamento")).not.toBeChecked();
  await form.getByRole("textbox", { name: /^Motivo/ }).fill("Curso");
  await form.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("Fechamento salvo com sucesso. Há 1 agendamento neste período: avise seus clientes.")).toBeVisible();

  const panel = page.getByRole("region", { name: "Agendamentos neste período" });
  const item = panel.getByTestId("covered-booking");
  await expect(item).toContainText("10:00 às 11:00");
  await expect(item).toContainText("Fernanda Alves · Escova");
  const warn = item.getByRole("link", { name: "Avisar no WhatsApp" });
  await expect(warn).toHaveAttribute("href", /^https:\/\/wa\.me\/5511955553333\?text=Ol%C3%A1%2C%20Fernanda%20Alves!/);
  const text = decodeURIComponent(new URL((await warn.getAttribute("href"))!).searchParams.get("text")!);
  expect(text).toContain(`${formatDate(day, true)} às 10:00`);
  await expect(page.getByTestId("schedule-exception").getByRole("link", { name: "1 agendamento neste período" })).toBeVisible();
  await expectNoAxeViolations(page, javaScriptEnabled);
  // Nothing was cancelled.
  const [still] = await e2eDb().select().from(appointments).where(eq(appointments.id, appointment!.id));
  expect(still!.status).toBe("scheduled");

  await panel.getByRole("link", { name: "Fechar lista" }).click();
  await expect(panel).toHaveCount(0);

  // Edit: a range of two days, reason now public.
  await page.getByTestId("schedule-exception").getByRole("link", { name: /^Editar/ }).click();
  const edit = page.getByRole("region", { name: "Editar folga ou bloqueio" });
  await expect(edit.getByLabel("Data inicial")).toHaveValue(day);
  await expectNoAxeViolations(page, javaScriptEnabled);
  await edit.getByLabel("Data final").fill(addDays(day, 1));
  await edit.getByLabel("Mostrar o motivo na página de agendamento").check();
  await edit.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText(/^Fechamento salvo com sucesso\./)).toBeVisible();
  await expect(page.getByTestId("schedule-exception")).toContainText(`De ${formatDate(day, true)} a ${formatDate(addDays(day, 1), true)}`);
  await expect(page.getByTestId("schedule-exception")).toContainText("visível na página");

  // Remove, after confirming.
  await page.getByTestId("schedule-exception").getByRole("link", { name: /^Remover/ }).click();
  const dialog = page.getByRole("alertdialog", { name: "Remover folga ou bloqueio" });
  await expect(dialog).toContainText("Tem certeza que deseja remover este fechamento?");
  await expectNoAxeViolations(page, javaScriptEnabled);
  if (javaScriptEnabled) {
    await expectEscapeCancels(page, dialog, "Tem certeza que deseja remover este fechamento?");
    await page.getByTestId("schedule-exception").getByRole("link", { name: /^Remover/ }).click();
  }
  await dialog.getByRole("button", { name: "Remover" }).click();
  await expect(page.getByText("Fechamento removido.")).toBeVisible();
  await expect(page.getByText("Nenhuma folga ou bloqueio programado.")).toBeVisible();
  expect(await e2eDb().select().from(scheduleExceptions).where(eq(scheduleExceptions.userId, pro.id))).toEqual([]);
  expect((await e2eDb().select().from(appointments).where(eq(appointments.id, appointment!.id)))[0]!.status).toBe("scheduled");
});

test("booking rules: notice and window change what the booking page offers @phone @nojs", async ({ page }) => {
  const { pro, service } = await setUp("Gabriel Reis");
  // Open every day, so that tomorrow is a working day whatever today is.
  await e2eDb().update(workingHours).set({ isActive: true }).where(eq(workingHours.userId, pro.id));
  const tomorrow = addDays(today(), 1);
  const tenDays = nextDate(10);
  await signIn(page, pro.id);
  await page.goto("/configuracoes/horarios");
  const rules = page.getByRole("region", { name: "Regras de agendamento" });
  await expect(rules.getByLabel("Antecedência mínima")).toHaveValue("60");
  await expect(rules.getByLabel("Agendar com até")).toHaveValue("6m");
  await expect(rules.getByLabel("Solicitações expiram em")).toHaveValue("24");
  await expect(rules.getByLabel("Cancelamento/remarcação até")).toHaveValue("120");

  await rules.getByLabel("Antecedência mínima").selectOption({ label: "48 horas" });
  await rules.getByLabel("Agendar com até").selectOption("1s");
  await rules.getByLabel("Solicitações expiram em").selectOption({ label: "12 horas" });
  await rules.getByLabel("Cancelamento/remarcação até").selectOption({ label: "A qualquer momento" });
  await rules.getByRole("button", { name: "Salvar regras" }).click();
  await expect(page.getByText("Regras de agendamento salvas com sucesso.")).toBeVisible();
  await expect(rules.getByLabel("Antecedência mínima")).toHaveValue("2880");
  const [p] = await e2eDb().select().from(profiles).where(eq(profiles.userId, pro.id));
  expect(p).toMatchObject({ minNoticeMinutes: 2880, bookingWindow: "1s", requestExpiryHours: 12, customerChangeCutoffMinutes: 0 });

  await bookingDay(page, pro.bookingSlug, service.id, tomorrow);
  await expect(page.getByText("Nenhum horário disponível para esta data")).toBeVisible();
  await bookingDay(page, pro.bookingSlug, service.id, tenDays);
  await expect(page.getByText(`Escolha uma data entre hoje e ${formatDate(addDays(today(), 7), true)}.`)).toBeVisible();
});
