import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Page, TestInfo } from "@playwright/test";
import { appointments, appointmentSeries } from "../../db/schema";
import { addDays, dayOfWeek, formatDate, nowInZone } from "../../app/domain/dates";
import { createClient } from "../support/factories";
import { bookablePro, e2eDb, expect, signIn, test } from "./fixtures";
import { chooseClient } from "./client-field";

// Issue 14: 'Encaixe' after a confirmation, a biweekly series with a clash skipped, and status
// actions by the clock with 'Desfazer'; every one a form, so with JavaScript off too (@nojs).
// Each test has a professional of its own (Mon-Sat 09:00-18:00, break 12:00-13:00), so the
// projects js, no-js and phone never meet.

async function setUp(page: Page) {
  const { pro, service } = await bookablePro({ services: [{ name: "Corte Masculino", priceCents: 5000, durationMinutes: 45 }] });
  const client = await createClient(e2eDb(), pro.id, { name: "Rafael Costa" });
  await signIn(page, pro.id);
  return { pro, service, client };
}

/** The first Tuesday at least two days ahead (São Paulo). */
function nextTuesday() {
  let date = addDays(nowInZone("America/Sao_Paulo").date, 2);
  while (dayOfWeek(date) !== 2) date = addDays(date, 1);
  return date;
}

async function fillBasics(page: Page, testInfo: TestInfo, date: string) {
  await page.goto("/agenda?novo=1");
  await expect(page.getByRole("heading", { name: "Novo Agendamento" })).toBeVisible();
  await chooseClient(page, testInfo, "Rafael Costa");
  await page.getByLabel("Serviço").selectOption({ label: "Corte Masculino (45 min)" });
  await page.getByLabel("Data").fill(date);
  if (testInfo.project.name === "no-js") await page.getByRole("button", { name: "Ver horários" }).click();
  await expect(page.getByText(/horários? livres? em/)).toBeVisible();
}

test("a walk-in at 20:00 is booked after the confirmation @phone @nojs", async ({ page }, testInfo) => {
  const { pro } = await setUp(page);
  const date = nextTuesday();
  await fillBasics(page, testInfo, date);

  await page.getByLabel("Encaixe (outra hora)").fill("20:00");
  await page.getByRole("button", { name: "Agendar", exact: true }).click();
  await expect(page.getByText("Fora do horário de atendimento. Agendar mesmo assim?")).toBeVisible();
  expect(await e2eDb().select().from(appointments).where(eq(appointments.userId, pro.id))).toHaveLength(0);

  await page.getByLabel(/Sim, agendar mesmo assim/).check();
  await page.getByRole("button", { name: "Agendar", exact: true }).click();
  await expect(page.getByTestId("toast")).toContainText("Encaixe agendado com sucesso.");
  // The calendar's day of the walk-in, the agenda's first view (nothing else chosen here).
  await expect(page).toHaveURL(new RegExp(`/agenda\\?vista=dia&data=${date}$`));
  await expect(page.getByTestId("calendar-event").filter({ hasText: "Rafael Costa" })).toContainText("20:00");
  const rows = await e2eDb().select().from(appointments).where(eq(appointments.userId, pro.id));
  expect(rows).toMatchObject([{ date, startMinute: 20 * 60, status: "scheduled", durationMinutes: 45 }]);
});

test("a biweekly series of 6 with one clash skipped @phone @nojs", async ({ page }, testInfo) => {
  test.setTimeout(45_000);
  const { pro, client, service } = await setUp(page);
  const first = nextTuesday();
  const dates = Array.from({ length: 6 }, (_, i) => addDays(first, 14 * i));
  // The third date is already taken at 10:00.
  await e2eDb().insert(appointments).values({
    userId: pro.id,
    clientId: client.id,
    serviceId: service.id,
    serviceName: "Corte Masculino",
    date: dates[2]!,
    startMinute: 10 * 60,
    durationMinutes: 45,
    priceCents: 5000,
  });

  await fillBasics(page, testInfo, first);
  await page.getByLabel("Horário").selectOption("10:00");
  // 'Repetir' opens on a tap (a <details>, with or without JavaScript).
  await expect(page.getByLabel("Frequência")).toBeHidden();
  await page.locator("summary", { hasText: "Repetir" }).click();
  await page.getByLabel("Frequência").selectOption({ label: "A cada 2 semanas" });
  await page.getByLabel("Quantas vezes").fill("6");
  await page.getByRole("button", { name: "Ver datas" }).click();

  const list = page.getByRole("list", { name: "Datas da repetição" });
  await expect(list.getByTestId("series-date")).toHaveCount(6);
  await expect(page.getByText("6 datas · 1 com conflito")).toBeVisible();
  const clash = list.getByTestId("series-date").nth(2);
  await expect(clash).toContainText(formatDate(dates[2]!, true));
  await expect(clash).toContainText("ocupado");
  await expect(clash.getByRole("combobox")).toHaveValue("skip");
  await expect(list.getByTestId("series-date").nth(0)).toContainText("livre");

  await page.getByRole("button", { name: "Agendar", exact: true }).click();
  await expect(page.getByTestId("toast")).toContainText("5 agendamentos criados.");
  await expect(page.getByTestId("appointment-row").filter({ hasText: "recorrente" })).toHaveCount(5);

  const saved = await e2eDb()
    .select()
    .from(appointments)
    .where(and(eq(appointments.userId, pro.id), isNotNull(appointments.seriesId)))
    .orderBy(asc(appointments.date));
  expect(saved.map((r) => r.date)).toEqual([dates[0], dates[1], dates[3], dates[4], dates[5]]);
  expect(saved.every((r) => r.startMinute === 600 && r.seriesId === saved[0]!.seriesId)).toBe(true);

  // 'Cancelar' on the fifth date asks first: 'Só este' or 'Este e os próximos'.
  const fifth = page.getByTestId("appointment-row").filter({ hasText: formatDate(dates[4]!) });
  await fifth.getByRole("link", { name: /^Cancelar/ }).click();
  const dialog = page.getByRole("alertdialog", { name: "Cancelar agendamento" });
  await dialog.getByLabel("Este e os próximos").check();
  await dialog.getByRole("button", { name: "Cancelar agendamento" }).click();
  await expect(page.getByTestId("toast").last()).toContainText("2 agendamentos cancelados");
  await expect(fifth).toContainText("Cancelado");
  const after = await e2eDb()
    .select({ date: appointments.date, status: appointments.status })
    .from(appointments)
    .where(and(eq(appointments.userId, pro.id), isNotNull(appointments.seriesId)))
    .orderBy(asc(appointments.date));
  expect(after.map((r) => r.status)).toEqual(["scheduled", "scheduled", "scheduled", "cancelled", "cancelled"]);
});

test("'Concluir' waits for the start; a wrong status is undone the same day @nojs", async ({ page }) => {
  const { pro, client, service } = await setUp(page);
  const today = nowInZone("America/Sao_Paulo").date;
  const tomorrow = addDays(today, 1);
  const base = { userId: pro.id, clientId: client.id, serviceId: service.id, serviceName: "Corte Masculino", durationMinutes: 45, priceCents: 5000 };
  const [started] = await e2eDb().insert(appointments).values({ ...base, date: today, startMinute: 0 }).returning();
  await e2eDb().insert(appointments).values({ ...base, date: tomorrow, startMinute: 10 * 60 });

  await page.goto(`/agenda?periodo=customizado&de=${today}&ate=${tomorrow}`);
  const rows = page.getByTestId("appointment-row");
  await expect(rows).toHaveCount(2);
  const later = rows.filter({ hasText: formatDate(tomorrow) });
  await expect(later.getByRole("button", { name: /^Confirmar/ })).toBeVisible();
  await expect(later.getByRole("link", { name: /^Concluir/ })).toHaveCount(0);
  await expect(later.getByRole("button", { name: /^Não compareceu/ })).toHaveCount(0);

  const now = rows.filter({ hasText: formatDate(today) });
  await now.getByRole("button", { name: /^Não compareceu/ }).click();
  await expect(page.getByTestId("toast")).toContainText("Falta registrada");
  await expect(now).toContainText("Não compareceu");
  // The toast's 'Desfazer' (a real form, the same without JavaScript).
  await page.getByTestId("toast").getByRole("button", { name: "Desfazer" }).click();
  await expect(page.getByTestId("toast").last()).toContainText("O agendamento voltou para Agendado.");
  await expect(now.getByRole("link", { name: /^Concluir/ })).toBeVisible();
  const [row] = await e2eDb().select().from(appointments).where(eq(appointments.id, started!.id));
  expect(row!.status).toBe("scheduled");
});

test("editing a recurring appointment: 'Este e os próximos' moves the later ones too @nojs", async ({ page }) => {
  const { pro, client, service } = await setUp(page);
  const first = nextTuesday();
  const seriesId = crypto.randomUUID();
  await e2eDb().insert(appointmentSeries).values({ id: seriesId, userId: pro.id, intervalWeeks: 1 });
  const base = { userId: pro.id, clientId: client.id, serviceId: service.id, serviceName: "Corte Masculino", durationMinutes: 45, priceCents: 5000, startMinute: 600, seriesId };
  const dates = [first, addDays(first, 7), addDays(first, 14)];
  const rows = await e2eDb()
    .insert(appointments)
    .values(dates.map((date) => ({ ...base, date })))
    .returning();

  await page.goto(`/agenda?periodo=customizado&de=${dates[0]}&ate=${dates[2]}`);
  await expect(page.getByTestId("appointment-row").filter({ hasText: "recorrente" })).toHaveCount(3);
  await page.getByTestId("appointment-row").nth(1).getByRole("link", { name: /^Editar/ }).click();
  await expect(page.getByRole("heading", { name: "Editar Agendamento" })).toBeVisible();
  await page.getByLabel("Horário").selectOption("15:00");
  await page.getByLabel("Este e os próximos").check();
  await page.getByRole("button", { name: "Atualizar" }).click();
  await expect(page.getByTestId("toast")).toContainText("1 próximo também atualizado.");

  const after = await e2eDb().select().from(appointments).where(eq(appointments.seriesId, seriesId)).orderBy(asc(appointments.date));
  expect(after.map((r) => [r.id, r.startMinute])).toEqual([
    [rows.find((r) => r.date === dates[0])!.id, 600],
    [rows.find((r) => r.date === dates[1])!.id, 900],
    [rows.find((r) => r.date === dates[2])!.id, 900],
  ]);

  // Deleting the second asks 'Só este' or 'Este e os próximos'.
  await page.goto(`/agenda?periodo=customizado&de=${dates[0]}&ate=${dates[2]}`);
  await page.getByTestId("appointment-row").nth(1).getByRole("link", { name: /^Excluir/ }).click();
  const dialog = page.getByRole("alertdialog", { name: "Excluir agendamento" });
  await dialog.getByLabel("Este e os próximos").check();
  await dialog.getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByTestId("toast").last()).toContainText("2 agendamentos removidos com sucesso.");
  const left = await e2eDb().select().from(appointments).where(eq(appointments.seriesId, seriesId));
  expect(left.map((r) => r.date)).toEqual([dates[0]]);
});
