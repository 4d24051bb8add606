import { and, eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { appointments, bookingRequests } from "../../db/schema";
import { addDays, formatDate, nowInZone } from "../../app/domain/dates";
import { mondayOf, seedCalendarWeek } from "./calendar-seed";
import { axeViolations, createPro, e2eDb, expect, signIn, test } from "./fixtures";

// Each test runs with JavaScript on ("js"); the ones that post a form (@nojs) also with it off
// ("no-js"), and the @phone ones on a phone narrowed to 360 px. The views themselves are server
// HTML and links, the same with and without JavaScript. Every test has its own professional and a realistic week next week
// (tests/e2e/calendar-seed.ts), so the times shown are all in the future.

const today = () => nowInZone("America/Sao_Paulo").date;
const nextMonday = () => addDays(mondayOf(today()), 7);

async function seeded(page: Page) {
  const pro = await createPro();
  const monday = nextMonday();
  const seed = await seedCalendarWeek(e2eDb(), pro.id, monday);
  await signIn(page, pro.id);
  if (test.info().project.name === "phone") await page.setViewportSize({ width: 360, height: 740 });
  return { pro, monday, ...seed };
}

async function expectNoSideScroll(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

const isPhone = () => test.info().project.name === "phone";

test("a week with appointments, pending requests, blocks and a closed day @phone", async ({ page }) => {
  const { monday } = await seeded(page);
  await page.goto(`/agenda?vista=semana&data=${addDays(monday, 2)}`);
  await expect(page.getByRole("link", { name: "Semana", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("calendar-title")).toHaveText(new RegExp(`^${Number(monday.slice(8, 10))}`));

  // The two requests still held (the expired one is not), each with Aceitar and Recusar.
  const requests = page.getByTestId("calendar-request");
  await expect(requests).toHaveCount(2);
  await expect(requests.first()).toContainText("Lucas Martins");
  await expect(requests.first().getByRole("button", { name: /^Aceitar/ })).toBeVisible();
  await expect(requests.first().getByRole("link", { name: /^Recusar/ })).toBeVisible();
  await expect(page.getByText("Pedido Expirado")).toHaveCount(0);
  await expect(page.getByTestId("calendar-cancelled")).toContainText("Ana Costa");

  if (isPhone()) {
    // Seven columns do not fit 360 px: the week is a list per day.
    await expect(page.getByTestId("calendar-grid")).toBeHidden();
    const days = page.getByTestId("week-list-day");
    await expect(days).toHaveCount(7);
    await expect(days.nth(0).getByTestId("week-list-item")).toHaveCount(3);
    await expect(days.nth(1).getByTestId("week-list-request")).toContainText("Lucas Martins");
    await expect(days.nth(5)).toContainText("Curso de aperfeiçoamento");
    await expect(days.nth(6)).toContainText("Fechado");
    await expect(days.nth(4).getByTestId("week-list-item").filter({ hasText: "Carlos Oliveira" })).toContainText("Remarcado pelo cliente");
    await expectNoSideScroll(page);
  } else {
    const grid = page.getByTestId("calendar-grid");
    await expect(grid.getByTestId("week-day-header")).toHaveCount(7);
    // 16 appointments not cancelled, the two held requests hatched, breaks and the blocked afternoon.
    await expect(grid.getByTestId("calendar-event")).toHaveCount(16);
    await expect(grid.getByTestId("calendar-request-block")).toHaveCount(2);
    const thursday = grid.locator(`[data-date="${addDays(monday, 3)}"]`);
    await expect(thursday.getByTestId("calendar-block").filter({ hasText: "Consulta médica" })).toBeVisible();
    await expect(thursday.getByTestId("calendar-block").filter({ hasText: "Intervalo" })).toBeVisible();
    await expect(grid.locator(`[data-date="${addDays(monday, 5)}"]`).getByTestId("calendar-closed")).toHaveText("Curso de aperfeiçoamento");
    await expect(grid.getByRole("link", { name: /^14:00–14:45, Carlos Oliveira, Corte Masculino, Agendado, remarcado pelo cliente$/ })).toBeVisible();
    // The walk-in at 19:30 stretches the hours past closing.
    await expect(grid.getByRole("link", { name: /^19:30–20:15, Ana Costa, Corte Masculino/ })).toBeVisible();
  }

  // 'Lista' over the same week shows the same two requests, with Aceitar and Recusar.
  await page.goto(`/agenda?vista=lista&periodo=customizado&de=${monday}&ate=${addDays(monday, 6)}`);
  await expect(requests).toHaveCount(2);
  await expect(requests.first()).toContainText("Lucas Martins");
  await expect(requests.first().getByRole("button", { name: /^Aceitar/ })).toBeVisible();
  // 'Recusar' asks first: 'Voltar' keeps the request, 'Recusar' in the question declines it.
  await requests.first().getByRole("link", { name: /^Recusar/ }).click();
  const question = page.getByRole("alertdialog", { name: "Recusar solicitação" });
  await expect(question).toContainText("Recusar a solicitação de Lucas Martins");
  if (isPhone()) await expectNoSideScroll(page);
  await question.getByRole("link", { name: "Voltar" }).click();
  await expect(question).toHaveCount(0);
  await expect(requests).toHaveCount(2);
  await requests.first().getByRole("link", { name: /^Recusar/ }).click();
  await question.getByRole("button", { name: "Recusar" }).click();
  await expect(page.getByTestId("toast")).toContainText("Solicitação recusada");
  await expect(requests).toHaveCount(1);
  await expect(requests.first()).not.toContainText("Lucas Martins");
  await page.goto(`/agenda?vista=semana&data=${addDays(monday, 2)}`);

  // A day's header opens that day.
  await page.getByRole("link", { name: new RegExp(`^Ver o dia: segunda-feira`) }).click();
  await expect(page).toHaveURL(new RegExp(`vista=dia&data=${monday}$`));
  const day = page.getByTestId("calendar-grid");
  await expect(day.getByTestId("calendar-event")).toHaveCount(3);
  const corte = day.getByRole("link", { name: /^09:00–09:45, Carlos Oliveira, Corte Masculino, Confirmado/ });
  await expect(corte).toBeVisible();
  // Sized by its duration: 45 minutes is three quarters of an hour's height.
  const hour = await day.getByRole("link", { name: /^14:00–15:30, João Pereira, Coloração/ }).boundingBox();
  const short = await corte.boundingBox();
  expect(Math.round((short!.height / hour!.height) * 90)).toBeGreaterThanOrEqual(43);
  expect(Math.round((short!.height / hour!.height) * 90)).toBeLessThanOrEqual(47);
  if (isPhone()) await expectNoSideScroll(page);
});

test("previous, next and 'Hoje' are links, and the back button walks back", async ({ page }) => {
  const { monday } = await seeded(page);
  await page.goto(`/agenda?vista=dia&data=${monday}`);
  const title = page.getByTestId("calendar-title");
  await expect(title).toContainText("segunda-feira");

  await page.getByRole("link", { name: "Próximo dia" }).click();
  await expect(page).toHaveURL(new RegExp(`vista=dia&data=${addDays(monday, 1)}$`));
  await expect(title).toContainText("terça-feira");
  await expect(page.getByRole("link", { name: /^11:00–11:45, Beatriz Souza/ })).toBeVisible();

  await page.getByRole("link", { name: "Semana", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`vista=semana&data=${addDays(monday, 1)}$`));
  await page.getByRole("link", { name: "Próxima semana" }).click();
  await expect(page).toHaveURL(new RegExp(`vista=semana&data=${addDays(monday, 8)}$`));

  await page.getByRole("navigation", { name: "Navegar nas datas" }).getByRole("link", { name: "Hoje" }).click();
  await expect(page).toHaveURL(/\/agenda\?vista=semana$/);
  await expect(page.locator(`[data-testid="calendar-day"][data-date="${today()}"]`)).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`vista=semana&data=${addDays(monday, 8)}$`));
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`vista=dia&data=${addDays(monday, 1)}$`));
  await expect(title).toContainText("terça-feira");

  // The list is one link away and keeps its filter; the view chosen last opens /agenda.
  await page.getByRole("link", { name: "Lista", exact: true }).click();
  await expect(page.getByRole("button", { name: "Filtrar" })).toBeVisible();
  await page.goto("/agenda");
  await expect(page.getByRole("button", { name: "Filtrar" })).toBeVisible();
  await page.getByRole("link", { name: "Dia", exact: true }).click();
  await expect(page).toHaveURL(/\/agenda\?vista=dia$/);
  await page.goto("/agenda");
  await expect(page.getByTestId("calendar-grid")).toBeVisible();
});

test("tapping an empty time opens the new-appointment form at that time @phone", async ({ page }) => {
  const { monday } = await seeded(page);
  const tuesday = addDays(monday, 1);
  await page.goto(`/agenda?vista=dia&data=${tuesday}`);
  await page.getByRole("link", { name: `Novo agendamento em ${formatDate(tuesday)} às 13:30` }).click();
  await expect(page).toHaveURL(new RegExp(`novo=1&date=${tuesday}&time=13:30$`));
  await expect(page.getByRole("heading", { name: "Novo Agendamento" })).toBeVisible();
  await expect(page.getByLabel("Data")).toHaveValue(tuesday);
  if (isPhone()) await expectNoSideScroll(page);
});

test("accepting a pending request from the day view books it @phone @nojs", async ({ page }) => {
  const { pro, monday, pending } = await seeded(page);
  const tuesday = addDays(monday, 1);
  await page.goto(`/agenda?vista=dia&data=${tuesday}`);
  await expect(page.getByTestId("calendar-request-block")).toContainText("Lucas Martins");
  if (isPhone()) await expectNoSideScroll(page);

  await page.getByRole("button", { name: /^Aceitar: Lucas Martins/ }).click();
  await expect(page.getByText("Solicitação aceita")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`vista=dia&data=${tuesday}$`));
  await expect(page.getByTestId("calendar-request")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^16:00–16:45, Lucas Martins, Corte Masculino, Confirmado/ })).toBeVisible();

  const [request] = await e2eDb().select().from(bookingRequests).where(eq(bookingRequests.id, pending.id));
  expect(request!.status).toBe("accepted");
  const booked = await e2eDb()
    .select()
    .from(appointments)
    .where(and(eq(appointments.userId, pro.id), eq(appointments.date, tuesday), eq(appointments.startMinute, 16 * 60)));
  expect(booked.map((a) => a.status)).toEqual(["confirmed"]);
});

test("tapping an appointment opens its actions; confirming it from there @nojs", async ({ page }) => {
  const { pro, monday } = await seeded(page);
  await page.goto(`/agenda?vista=dia&data=${monday}`);
  await page.getByRole("link", { name: /^10:00–10:30, Mariana Santos, Barba, Agendado/ }).click();
  const dialog = page.getByRole("dialog", { name: "Mariana Santos" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/&ver=/);
  await expect(dialog.getByRole("link", { name: /^Editar/ })).toBeVisible();
  await expect(dialog.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\//);
  await dialog.getByRole("button", { name: /^Confirmar/ }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`vista=dia&data=${monday}$`));
  await expect(page.getByRole("link", { name: /^10:00–10:30, Mariana Santos, Barba, Confirmado/ })).toBeVisible();
  const rows = await e2eDb()
    .select({ status: appointments.status })
    .from(appointments)
    .where(and(eq(appointments.userId, pro.id), eq(appointments.date, monday), eq(appointments.startMinute, 600)));
  expect(rows).toEqual([{ status: "confirmed" }]);
});

test("a full day and week pass axe, as every page does (docs/decisions/0581) @phone", async ({ page }) => {
  // The server's markup is the same without JavaScript: checked with it ("js" and "phone").
  // axe over a week of drawn time takes a while on two cores.
  test.setTimeout(120_000);
  const { monday } = await seeded(page);
  for (const path of [`/agenda?vista=semana&data=${monday}`, `/agenda?vista=dia&data=${addDays(monday, 2)}`, `/agenda?vista=dia&data=${addDays(monday, 1)}`]) {
    await page.goto(path);
    await expect(page.getByTestId("calendar-title")).toBeVisible();
    expect(await axeViolations(page), `axe on ${path}`).toEqual([]);
  }
});
