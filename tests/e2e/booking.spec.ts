import { and, eq } from "drizzle-orm";
import { bookingRequests, services, users } from "../../db/schema";
import { bookablePro, e2eDb, expect, signIn, test, workingDate } from "./fixtures";
import type { Locator, Page } from "@playwright/test";

// The public booking page on a phone, JavaScript on (project js) and, for the three steps and
// their checks (@nojs), off (no-js). Each test and project books a date of its own.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function demoUserId() {
  const [demo] = await e2eDb().select({ id: users.id }).from(users).where(eq(users.email, "demo@agendo.app"));
  return demo!.id;
}

async function chooseSlot(page: Page, service: string, date: string, time: string) {
  await page.goto("/agendamento/demo");
  await page.getByText(service, { exact: true }).click();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByText("Selecione uma data primeiro")).toBeVisible();
  await page.getByLabel("Data").fill(date);
  await page.getByRole("button", { name: "Ver horários" }).click();
  await page.getByText(time, { exact: true }).click();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("button", { name: "Confirmar Agendamento" })).toBeVisible();
}

/**
 * A customer's page is one response: its CSS written into its head, no stylesheet linked
 * (docs/decisions/0980), and `button`, a primary button, really painted by it in the brand colour.
 */
async function expectOwnCss(page: Page, button: Locator) {
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
  const css = (await page.locator("head > style").textContent()) ?? "";
  expect(css).toContain(".btn-primary");
  const [background, brand] = await button.evaluate((el) => {
    const style = getComputedStyle(el);
    return [style.backgroundColor, style.getPropertyValue("--color-brand").trim()];
  });
  expect(brand).toMatch(/^#[0-9a-f]{6}$/i);
  expect(background).toBe(`rgb(${[1, 3, 5].map((i) => parseInt(brand.slice(i, i + 2), 16)).join(", ")})`);
  await expect(button).toHaveCSS("border-radius", "8px");
  await expect(button).toHaveCSS("color", "rgb(255, 255, 255)");
  return css;
}

/** The page's class names as selectors (`.has-checked\:bg-brand`). */
const selectorsOn = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll("[class]")].flatMap((e) => [...e.classList].map((c) => `.${CSS.escape(c)}`)));

/**
 * Whether `css` has a rule of its own for `selector`: a selector starting with it (not `.group` in
 * `:where(.group)`, a marker), and not merely a longer class name starting with it.
 */
const hasRule = (css: string, selector: string) => new RegExp(`(?<=^|[{},;\\s])${selector.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w\\\\-])`).test(css);

test("book through the three steps, accept it, the customer sees it confirmed @nojs", async ({ page }, info) => {
  const date = workingDate(3, info.project.name === "js" ? 0 : 1);
  await page.goto("/agendamento/demo");
  await expect(page.getByRole("heading", { name: "Ana Souza" })).toBeVisible();
  await expect(page.getByText("Powered by")).toBeVisible();

  await chooseSlot(page, "Barba", date, "09:00");
  const ownCss = await expectOwnCss(page, page.getByRole("button", { name: "Confirmar Agendamento" }));
  const used = await selectorsOn(page);
  await page.getByLabel("Nome *").fill("Lucas Ferreira");
  await page.getByLabel("Telefone / WhatsApp *").fill("11955554444");
  await page.getByLabel("Observações (opcional)").fill("Primeira vez aqui");
  await page.getByRole("button", { name: "Confirmar Agendamento" }).click();

  // Pending, and the page says so: not 'confirmed' above a 'waiting' badge.
  await expect(page.getByRole("heading", { name: "Solicitação enviada!" })).toBeVisible();
  await expect(page.getByTestId("pending-promise")).toContainText("Seu horário fica reservado até");
  await expect(page.getByRole("heading", { name: "Agendamento Confirmado!" })).toHaveCount(0);
  await expect(page.getByTestId("request-status")).toHaveText("Aguardando confirmação");
  const [d, m, y] = [date.slice(8), date.slice(5, 7), date.slice(0, 4)];
  await expect(page.getByText(`${d}/${m}/${y}`)).toBeVisible();
  await expect(page.getByText("R$ 35,00")).toBeVisible();
  await expect(page.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/5511987654321\?text=/);
  const statusUrl = page.url().replace("?novo=1", "");
  used.push(...(await selectorsOn(page)));

  // The pending request holds the time: it is gone from the grid.
  await page.goto(`/agendamento/demo?servico=${await serviceId("Barba")}&data=${date}`);
  await expect(page.getByText("09:30", { exact: true })).toBeVisible();
  await expect(page.getByText("09:00", { exact: true })).toHaveCount(0);
  used.push(...(await selectorsOn(page)));

  // The professional accepts it in the workspace.
  await signIn(page, await demoUserId());
  await page.goto("/solicitacoes");
  // The workspace links the app's whole stylesheet instead; every class the customer's steps
  // and status page use that it styles, their own CSS styles too.
  const appCss = page.locator('link[rel="stylesheet"][href^="/assets/app-"]');
  await expect(appCss).toHaveCount(1);
  const fullCss = await (await page.request.get((await appCss.getAttribute("href"))!)).text();
  expect([...new Set(used)].filter((c) => hasRule(fullCss, c) && !hasRule(ownCss, c))).toEqual([]);
  const card = page.getByTestId("booking-request").filter({ hasText: "Lucas Ferreira" });
  await expect(card).toContainText(`${d}/${m}/${y} às 09:00`);
  await card.getByRole("button", { name: "Aceitar" }).click();
  await expect(page.getByText("Solicitação aceita")).toBeVisible();

  await page.goto(statusUrl);
  await expect(page.getByTestId("request-status")).toHaveText("Confirmado");
  const [row] = await e2eDb()
    .select()
    .from(bookingRequests)
    .where(and(eq(bookingRequests.customerPhone, "11955554444"), eq(bookingRequests.date, date)));
  expect(row?.status).toBe("accepted");
  expect(row?.appointmentId).toBeTruthy();
});

/** The demo professional's service of that name (other professionals have a 'Barba' too). */
async function serviceId(name: string) {
  const [s] = await e2eDb()
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.userId, await demoUserId()), eq(services.name, name)));
  return s!.id;
}

test("each submission rule answers with its message beside the field @nojs", async ({ page }, info) => {
  // Each project books its own time (5 and 6 days ahead can be the same date across a Sunday).
  const date = workingDate(info.project.name === "js" ? 5 : 6);
  await chooseSlot(page, "Manicure", date, info.project.name === "js" ? "14:00" : "16:00");
  const submit = () => page.getByRole("button", { name: "Confirmar Agendamento" }).click();
  const phone = info.project.name === "js" ? "21977776666" : "21977775555";

  const cases: [string, string, string, string][] = [
    ["A", phone, "", "Nome deve ter pelo menos 2 caracteres"],
    ["Visite www.spam.com", phone, "", "Conteúdo suspeito detectado."],
  ];
  // With JavaScript such a name cannot even be typed (the live check undoes it).
  if (info.project.name === "no-js") cases.push(["Ana 2", phone, "", "Nome deve conter apenas letras, espaços, hífens, apóstrofos e pontos"]);
  for (const [name, tel, notes, message] of cases) {
    await page.getByLabel("Nome *").fill(name);
    await page.getByLabel("Telefone / WhatsApp *").fill(tel);
    await page.getByLabel("Observações (opcional)").fill(notes);
    await submit();
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByLabel("Nome *")).toHaveValue(name);
  }
  const other = info.project.name === "js" ? "31988887777" : "31988886666";
  await page.getByLabel("Nome *").fill("Ana Paula");
  await page.getByLabel("Telefone / WhatsApp *").fill("1234");
  await submit();
  await expect(page.getByText("Telefone deve ter pelo menos 10 dígitos")).toBeVisible();
  await page.getByLabel("Telefone / WhatsApp *").fill(other);
  await page.getByLabel("Observações (opcional)").fill("veja http://promo.example");
  await submit();
  await expect(page.getByText("Conteúdo suspeito detectado.")).toBeVisible();

  // Refused submissions cost the customer nothing: the corrected one goes through.
  await page.getByLabel("Telefone / WhatsApp *").fill(phone);
  await page.getByLabel("Observações (opcional)").fill("");
  await submit();
  await expect(page).toHaveURL(/\/agendamento\/reserva\//);
  expect(await e2eDb().select().from(bookingRequests).where(eq(bookingRequests.customerPhone, phone))).toHaveLength(1);
});

test("with JavaScript the details are checked as they are typed", async ({ page }, info) => {
  test.skip(info.project.name !== "js", "live checks need JavaScript; without it the server's checks apply");
  await chooseSlot(page, "Barba", workingDate(7), "09:00");
  const confirm = page.getByRole("button", { name: "Confirmar Agendamento" });
  const name = page.getByLabel("Nome *");
  const phone = page.getByLabel("Telefone / WhatsApp *");
  const notes = page.getByLabel("Observações (opcional)");
  await expect(confirm).toBeDisabled();

  // A name edit that is not a name is undone, with the spec's message; a good one clears it.
  await name.pressSequentially("Ana2");
  await expect(name).toHaveValue("Ana");
  await expect(page.getByText("Nome inválido")).toBeVisible();
  await name.pressSequentially(" D'Ávila");
  await expect(name).toHaveValue("Ana D'Ávila");
  await expect(page.getByText("Nome inválido")).toBeHidden();

  // The phone is masked as typed, +55 understood.
  await phone.pressSequentially("+55 21 99999-8888");
  await expect(phone).toHaveValue("(21) 99999-8888");
  await expect(confirm).toBeEnabled();
  // A foreign number keeps its country code, spaced as the professional will see it.
  await phone.fill("");
  await phone.pressSequentially("+351912345678");
  await expect(phone).toHaveValue("+351 912 345 678");

  // Notes stop at 500 characters with the spec's message.
  await notes.fill("a".repeat(500));
  await notes.press("b");
  await expect(notes).toHaveValue("a".repeat(500));
  await expect(page.getByText("Observações muito longas")).toBeVisible();

  // Clearing the phone disables Confirmar again.
  await phone.fill("");
  await expect(confirm).toBeDisabled();

  // A server error shows beside its field and clears when that field is edited.
  await phone.pressSequentially("21999998888");
  await notes.fill("");
  await name.fill("A");
  await confirm.click();
  await expect(page.getByText("Nome deve ter pelo menos 2 caracteres")).toBeVisible();
  await name.pressSequentially("na");
  await expect(page.getByText("Nome deve ter pelo menos 2 caracteres")).toBeHidden();
});

test("a deposit is told before booking; confirmed at once, the page says confirmed; a Pix name that cannot be encoded breaks nothing; the professional marks it received, then given back, and the customer's page follows @nojs", async ({ page }, info) => {
  const { pro } = await bookablePro({
    name: `Salão Sinal ${info.project.name}`,
    // A receiver name of emoji only, stored before such values were refused.
    profile: { autoConfirm: true, pixKey: "pix@example.com", pixName: "🌸🌸🌸" },
    services: [{ name: "Mechas", priceCents: 20000, durationMinutes: 60, requiresDeposit: true, depositCents: 1500 }],
  });

  await page.goto(`/agendamento/${pro.bookingSlug}`);
  await expect(page.getByText("Sinal de R$ 15,00 via Pix")).toBeVisible();
  await page.getByText("Mechas", { exact: true }).click();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByText("Sinal de R$ 15,00 via Pix")).toBeVisible();
  await page.getByLabel("Data").fill(workingDate(8));
  await page.getByRole("button", { name: "Ver horários" }).click();
  await page.getByText("10:00", { exact: true }).click();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByText("Sinal de R$ 15,00 via Pix")).toBeVisible();
  await page.getByLabel("Nome *").fill("Carla Dias");
  await page.getByLabel("Telefone / WhatsApp *").fill("21988887777");
  await page.getByRole("button", { name: "Confirmar Agendamento" }).click();

  await expect(page.getByRole("heading", { name: "Agendamento Confirmado!" })).toBeVisible();
  await expect(page.getByTestId("request-status")).toHaveText("Confirmado");
  await expect(page.getByRole("heading", { name: "Sinal via Pix: R$ 15,00" })).toBeVisible();
  await expect(page.getByTestId("pix-unavailable")).toContainText("Combine o pagamento do sinal com o profissional pelo WhatsApp");
  await expect(page.getByTestId("deposit-state")).toHaveText("Sinal pendente — R$ 15,00");
  const statusUrl = page.url();

  // The professional marks it in one tap (Pix chosen), then gives it back, asked first.
  await signIn(page, pro.id);
  await page.goto("/solicitacoes");
  const answered = page.getByRole("listitem").filter({ hasText: "Carla Dias" });
  await expect(answered.getByTestId("deposit-state")).toHaveText("Sinal pendente — R$ 15,00");
  await answered.getByRole("button", { name: "Sinal recebido" }).click();
  await expect(answered.getByTestId("deposit-state")).toHaveText(/^Sinal recebido — R\$\s15,00 via Pix às \d\d:\d\d$/);
  await page.goto(statusUrl);
  await expect(page.getByTestId("deposit-state")).toHaveText(/^Sinal recebido — R\$\s15,00 via Pix às \d\d:\d\d$/);
  await expect(page.getByTestId("pix-unavailable")).toHaveCount(0);

  await page.goto("/solicitacoes");
  await answered.getByRole("link", { name: "Devolver sinal" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Registrar a devolução do sinal?" });
  await expect(dialog).toContainText("O sinal de R$ 15,00 de Carla Dias fica registrado como devolvido.");
  await expect(dialog).toContainText("Devolva o valor a Carla Dias pelo seu banco; o Agendo só registra a devolução.");
  await dialog.getByRole("button", { name: "Registrar devolução" }).click();
  await expect(answered.getByTestId("deposit-state")).toHaveText("Sinal devolvido — R$ 15,00");
  await page.goto(statusUrl);
  await expect(page.getByTestId("deposit-state")).toHaveText("Sinal devolvido — R$ 15,00");
});

test("an unknown booking link says so", async ({ page }) => {
  const response = await page.goto("/agendamento/ninguem-com-este-link");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Profissional não encontrado")).toBeVisible();
  await expect(page.getByText("Verifique o link e tente novamente.")).toBeVisible();
  expect((await page.goto("/ninguem-com-este-link"))?.status()).toBe(404);
});
