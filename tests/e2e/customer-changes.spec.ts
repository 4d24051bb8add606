import { and, eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { bookingRequests, emailOutbox, profiles } from "../../db/schema";
import { bookablePro, e2eDb, expect, signIn, test, workingDate } from "./fixtures";
import { answerBookingRequest } from "../../app/domain/booking-requests/answer.server";

// The customer moves their own time from the private status link (issue 14), JavaScript on and
// off (@nojs), and on a phone (@phone); an unanswered request that expired says so; the
// professional's cancel reaches the customer and their page (issue 20). What the status page
// shows of an expired request or past the cut-off is server HTML and links, checked with
// JavaScript.

const br = (date: string) => `${date.slice(8)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** A salon (the demo week, 'Corte' for 30 minutes) with a WhatsApp number on its page. */
const proWithService = (label: string) => bookablePro({ name: `Salão ${label}`, profile: { contactPhone: "11987654321" } });

/** Books through the public page; the status page's address. */
async function book(page: Page, slug: string, date: string, time: string, name: string, phone: string, email = "") {
  await page.goto(`/agendamento/${slug}`);
  await page.getByText("Corte", { exact: true }).click();
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByLabel("Data").fill(date);
  await page.getByRole("button", { name: "Ver horários" }).click();
  await page.getByText(time, { exact: true }).click();
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByLabel("Nome *").fill(name);
  await page.getByLabel("Telefone / WhatsApp *").fill(phone);
  if (email) await page.getByLabel(/^E-mail \(opcional\)/).fill(email);
  await page.getByRole("button", { name: "Confirmar Agendamento" }).click();
  await expect(page.getByRole("heading", { name: "Solicitação enviada!" })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** From the status page: Remarcar, a date, a time, up to the confirmation. */
async function chooseNewTime(page: Page, date: string, time: string) {
  // A customer of their own: one client address moves at most 10 times an hour (docs/decisions/0702),
  // and every test's browser otherwise shares one.
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${1 + Math.floor(Math.random() * 250)}` });
  await page.getByRole("link", { name: "Remarcar" }).click();
  await expect(page.getByRole("heading", { name: "Remarcar horário" })).toBeVisible();
  // It opens on the current day's times.
  await expect(page.getByText("Horários disponíveis")).toBeVisible();
  await page.getByLabel("Data").fill(date);
  await page.getByRole("button", { name: "Ver horários" }).click();
  await page.getByText(time, { exact: true }).click();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByTestId("new-time")).toHaveText(`${br(date)} às ${time}`);
}

test("@phone @nojs a customer reschedules from the status link; the old time is offered again", async ({ page }, info) => {
  const { pro, service } = await proWithService(`Remarca ${info.project.name}`);
  const date = workingDate(3);
  const status = await book(page, pro.bookingSlug, date, "10:00", "Lucas Ferreira", "11955554444");
  await page.goto(status);
  await expect(page.getByTestId("change-until")).toContainText("2 horas antes do horário");

  await chooseNewTime(page, date, "15:00");
  await page.getByRole("button", { name: "Confirmar remarcação" }).click();
  await expect(page.getByTestId("booking-time")).toContainText("15:00");
  await expect(page.getByTestId("booking-time")).toContainText("remarcado por você");
  await expect(page.getByText("Horário remarcado")).toBeVisible();

  // 'Cancelar agendamento' opens its question where it was tapped, not off-screen (issue 32).
  await page.getByRole("link", { name: "Cancelar agendamento" }).click();
  const question = page.getByRole("form", { name: /^Cancelar Corte em .* às 15:00\?$/ });
  await expect(question).toContainText("O horário fica livre para outra pessoa.");
  await expect(question.getByRole("button", { name: "Sim, cancelar" })).toBeInViewport();
  await question.getByRole("link", { name: "Não, manter" }).click();
  await expect(page.getByRole("link", { name: "Cancelar agendamento" })).toBeInViewport();

  const [row] = await e2eDb().select().from(bookingRequests).where(eq(bookingRequests.professionalId, pro.id));
  expect(row).toMatchObject({ status: "pending", date, startMinute: 15 * 60 });
  expect(row?.rescheduledByCustomerAt).toBeTruthy();

  // The public page offers 10:00 again, and no longer 15:00.
  await page.goto(`/agendamento/${pro.bookingSlug}?servico=${service.id}&data=${date}`);
  await expect(page.getByText("10:00", { exact: true })).toBeVisible();
  await expect(page.getByText("15:00", { exact: true })).toHaveCount(0);

  // The professional was e-mailed, and Solicitações shows the mark at the new time.
  const mails = await e2eDb().select().from(emailOutbox).where(eq(emailOutbox.to, pro.email));
  expect(mails.map((m) => m.subject)).toContainEqual(expect.stringMatching(/^Remarcado pelo cliente: Lucas Ferreira, .* às 15:00$/));
  await signIn(page, pro.id);
  await page.goto("/solicitacoes");
  const card = page.getByTestId("booking-request").filter({ hasText: "Lucas Ferreira" });
  await expect(card).toContainText(`${br(date)} às 15:00`);
  await expect(card.getByTestId("rescheduled-by-customer")).toHaveText("Remarcado pelo cliente");
});

test("@nojs a second customer racing for the same new time loses cleanly and keeps their time", async ({ page, browser }, info) => {
  test.slow(); // two customers, two bookings and two reschedules in two browsers
  const { pro } = await proWithService(`Corrida ${info.project.name}`);
  const date = workingDate(4);
  const first = await book(page, pro.bookingSlug, date, "09:00", "Ana Lima", "11955550001");
  const second = await book(page, pro.bookingSlug, date, "10:00", "Bia Costa", "11955550002");

  // The second customer has 16:00 on screen, ready to confirm...
  await page.goto(second);
  await chooseNewTime(page, date, "16:00");
  // ...when the first customer, on their own phone, takes it.
  const other = await browser.newContext({ javaScriptEnabled: info.project.name !== "no-js" });
  const otherPage = await other.newPage();
  await otherPage.goto(first);
  await chooseNewTime(otherPage, date, "16:00");
  await otherPage.getByRole("button", { name: "Confirmar remarcação" }).click();
  await expect(otherPage.getByTestId("booking-time")).toContainText("16:00");
  await other.close();

  await page.getByRole("button", { name: "Confirmar remarcação" }).click();
  await expect(page.getByTestId("change-error")).toContainText("Escolha outro horário");
  // Fresh times for that date, without 16:00, and the current time unchanged.
  await expect(page.getByRole("heading", { name: "Remarcar horário" })).toBeVisible();
  await expect(page.getByText("16:30", { exact: true })).toBeVisible();
  await expect(page.getByText("16:00", { exact: true })).toHaveCount(0);
  await page.goto(second);
  await expect(page.getByTestId("booking-time")).toHaveText("10:00");
  const rows = await e2eDb().select().from(bookingRequests).where(eq(bookingRequests.professionalId, pro.id));
  expect(rows.map((r) => `${r.customerName} ${r.startMinute}`).sort()).toEqual(["Ana Lima 960", "Bia Costa 600"]);
});

test("@phone an unanswered request that expired says so and offers to book again", async ({ page }, info) => {
  const { pro } = await proWithService(`Expira ${info.project.name}`);
  const date = workingDate(5);
  const status = await book(page, pro.bookingSlug, date, "11:00", "Caio Alves", "11955550003");
  await e2eDb()
    .update(bookingRequests)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(bookingRequests.professionalId, pro.id));
  await page.goto(status);
  await expect(page.getByRole("heading", { name: "Solicitação expirada" })).toBeVisible();
  await expect(page.getByTestId("request-status")).toHaveText("Expirado");
  await expect(page.getByTestId("ending-note")).toContainText("não respondeu a tempo e o horário foi liberado");
  await expect(page.getByRole("link", { name: "Remarcar" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Cancelar agendamento" })).toHaveCount(0);
  await page.getByRole("link", { name: "Agendar novamente" }).click();
  await expect(page).toHaveURL(new RegExp(`/agendamento/${pro.bookingSlug}$`));
});

test("past the cut-off the status page offers WhatsApp instead of Remarcar and Cancelar", async ({ page }, info) => {
  const { pro } = await proWithService(`Prazo ${info.project.name}`);
  const date = workingDate(2);
  const status = await book(page, pro.bookingSlug, date, "14:00", "Duda Rocha", "11955550004");
  await e2eDb().update(profiles).set({ customerChangeCutoffMinutes: 7 * 24 * 60 }).where(eq(profiles.userId, pro.id));
  await page.goto(status);
  await expect(page.getByTestId("past-cutoff")).toContainText("168 horas antes do horário");
  await expect(page.getByRole("link", { name: "Remarcar" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Cancelar agendamento" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/5511987654321/);
});

test("@phone @nojs the professional cancels a confirmed booking with a reason; the customer is told and their page says so", async ({ page }, info) => {
  const { pro } = await proWithService(`Cancela ${info.project.name}`);
  const date = workingDate(3);
  const email = `cliente-${info.project.name}-${crypto.randomUUID().slice(0, 6)}@example.com`;
  const status = await book(page, pro.bookingSlug, date, "11:00", "Marina Dias", "11955550005", email);
  const [request] = await e2eDb().select().from(bookingRequests).where(eq(bookingRequests.professionalId, pro.id));
  expect((await answerBookingRequest(e2eDb(), pro.id, request!.id, "accept")).outcome).toBe("accepted");

  // From the agenda: 'Cancelar' asks first, with 'Motivo (opcional)' and 'Avisar cliente' checked.
  await signIn(page, pro.id);
  await page.goto(`/agenda?periodo=customizado&de=${date}&ate=${date}`);
  const row = page.getByTestId("appointment-row").filter({ hasText: "Marina Dias" });
  await row.getByRole("link", { name: /^Cancelar/ }).click();
  const dialog = page.getByRole("alertdialog", { name: "Cancelar agendamento" });
  await expect(dialog.getByLabel(/Avisar cliente/)).toBeChecked();
  await dialog.getByLabel("Motivo (opcional)").fill("Precisei viajar às pressas");
  await dialog.getByRole("button", { name: "Cancelar agendamento" }).click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Agendamento cancelado");
  await expect(toast.getByRole("button", { name: "Desfazer" })).toBeVisible();
  await expect(toast.getByRole("link", { name: "Avisar no WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/5511955550005\?text=/);
  await expect(row).toContainText("Cancelado");

  // The customer's e-mail is in the outbox, with the reason.
  const [mail] = await e2eDb().select().from(emailOutbox).where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "change-cancel")));
  expect(mail!.subject).toMatch(/^Horário cancelado: Corte .* às 11:00 com /);
  expect(mail!.text).toContain("Motivo: Precisei viajar às pressas");

  // Their page says who cancelled and why, and offers another time.
  await page.goto(status);
  await expect(page.getByTestId("request-status")).toHaveText("Cancelado pelo profissional");
  await expect(page.getByTestId("cancel-note")).toContainText("Motivo: Precisei viajar às pressas");
  await expect(page.getByTestId("booking-time")).not.toContainText("remarcado");
  await page.getByRole("link", { name: "Agendar outro horário" }).click();
  await expect(page).toHaveURL(new RegExp(`/agendamento/${pro.bookingSlug}$`));
});
