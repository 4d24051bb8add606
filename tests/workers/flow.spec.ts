import { and, eq } from "drizzle-orm";
import { appointments, bookingRequests, services, workingHours } from "../../db/schema";
import { addDays, dayOfWeek, nowInZone } from "../../app/domain/dates";
import { createPro, expect, fileDb, test } from "./fixtures";
import { WORKER_URL } from "./env";

// The whole path on the Workers build: sign in, save the week, create a service, book it on the
// public page with JavaScript off, accept the request. Every write crosses the Hrana endpoint.
test("sign in, create a service, book it without JavaScript, accept it", async ({ page, browser }) => {
  const pro = await createPro(`Paula Workers ${crypto.randomUUID().slice(0, 6)}`);

  // Sign in through the form (PBKDF2 and the session cookie, on the Workers runtime).
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(pro.email);
  await page.getByLabel("Senha", { exact: true }).fill(pro.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The suggested week, saved as-is (seven upserts in one db.batch).
  await page.goto("/configuracoes/horarios");
  await page.getByRole("button", { name: "Salvar horários" }).click();
  await expect(page.getByText("Horários de trabalho salvos com sucesso.")).toBeVisible();
  expect(await fileDb().select().from(workingHours).where(eq(workingHours.userId, pro.id))).toHaveLength(7);

  // A category and a service.
  await page.goto("/servicos");
  await page.getByRole("link", { name: "Criar Primeiro Serviço" }).click();
  await page.getByRole("link", { name: "+ Nova Categoria" }).click();
  await page.getByLabel("Nome da Categoria *").fill("Cabelo");
  await page.getByRole("button", { name: "Salvar Categoria" }).click();
  await expect(page.getByText("Categoria criada com sucesso")).toBeVisible();
  await page.getByLabel("Nome do Serviço *").fill("Corte Feminino");
  await page.getByLabel("Preço (R$) *").fill("80,00");
  await page.getByLabel("Duração (min) *").fill("60");
  await page.getByLabel("Categoria *").selectOption({ label: "Cabelo" });
  await page.getByRole("button", { name: "Cadastrar" }).click();
  await expect(page.getByText("Serviço criado com sucesso.")).toBeVisible();
  await expect(page.getByTestId("service-card").filter({ hasText: "Corte Feminino" })).toContainText("R$ 80,00");

  // The customer books on the public page with JavaScript off.
  // The suggested week keeps Sunday closed.
  let date = addDays(nowInZone("America/Sao_Paulo").date, 2);
  if (dayOfWeek(date) === 0) date = addDays(date, 1);
  const customer = await browser.newContext({ javaScriptEnabled: false, locale: "pt-BR", baseURL: WORKER_URL });
  const booking = await customer.newPage();
  await booking.goto(`/agendamento/${pro.bookingSlug}`);
  await booking.getByText("Corte Feminino", { exact: true }).click();
  await booking.getByRole("button", { name: "Continuar" }).click();
  await booking.getByLabel("Data").fill(date);
  await booking.getByRole("button", { name: "Ver horários" }).click();
  await booking.getByText("10:00", { exact: true }).click();
  await booking.getByRole("button", { name: "Continuar" }).click();
  await booking.getByLabel("Nome *").fill("Lucas Ferreira");
  await booking.getByLabel("Telefone / WhatsApp *").fill("11955554444");
  await booking.getByRole("button", { name: "Confirmar Agendamento" }).click();
  await expect(booking.getByRole("heading", { name: "Solicitação enviada!" })).toBeVisible();
  await expect(booking.getByTestId("request-status")).toHaveText("Aguardando confirmação");
  const statusUrl = booking.url().replace("?novo=1", "");

  // The professional accepts it (one db.batch: client, appointment, request).
  await page.goto("/solicitacoes");
  const card = page.getByTestId("booking-request").filter({ hasText: "Lucas Ferreira" });
  await expect(card).toContainText("10:00");
  await card.getByRole("button", { name: "Aceitar" }).click();
  await expect(page.getByText("Solicitação aceita")).toBeVisible();

  await booking.goto(statusUrl);
  await expect(booking.getByTestId("request-status")).toHaveText("Confirmado");
  await customer.close();

  const [service] = await fileDb().select().from(services).where(eq(services.userId, pro.id));
  expect(service).toMatchObject({ name: "Corte Feminino", priceCents: 8000, durationMinutes: 60 });
  const [request] = await fileDb()
    .select()
    .from(bookingRequests)
    .where(and(eq(bookingRequests.professionalId, pro.id), eq(bookingRequests.date, date)));
  expect(request).toMatchObject({ status: "accepted", startMinute: 600, customerPhone: "11955554444" });
  const [appointment] = await fileDb().select().from(appointments).where(eq(appointments.id, request!.appointmentId!));
  expect(appointment).toMatchObject({ status: "confirmed", date, startMinute: 600, bookingRequestId: request!.id });
});
