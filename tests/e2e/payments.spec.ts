import { eq } from "drizzle-orm";
import { paymentAccounts } from "../../db/schema";
import type { Browser } from "@playwright/test";
import { bookingRequests } from "../../db/schema";
import { MP_STANDIN_PORT } from "../support/mercadopago";
import { axeViolations, bookablePro, e2eDb, expect, signIn, test, workingDate } from "./fixtures";

// Configurações > Pagamentos against the Mercado Pago stand-in (playwright.config.ts starts it):
// 'Conectar Mercado Pago' leaves for the authorisation page and comes back connected; 'Recusar'
// comes back with a message; 'Desconectar' asks first. Plain forms and links: @nojs too.

const accountOf = async (userId: string) => (await e2eDb().select().from(paymentAccounts).where(eq(paymentAccounts.userId, userId)))[0];

test("connects Mercado Pago through its authorisation page, a customer's deposit confirms itself when paid, and disconnects after asking @nojs", async ({ page, browser }, info) => {
  test.setTimeout(60_000);
  const { pro, service } = await bookablePro({ services: [{ name: "Mechas", priceCents: 20000, durationMinutes: 60, requiresDeposit: true, depositCents: 1500 }] });
  await signIn(page, pro.id);
  await page.goto("/configuracoes/pagamentos");
  await expect(page.getByRole("link", { name: "Pagamentos" })).toHaveAttribute("aria-current", "page");

  // Saying no on Mercado Pago's page comes back with a message, and nothing stored.
  await page.getByRole("button", { name: "Conectar Mercado Pago" }).click();
  await expect(page.getByRole("heading", { name: "Autorizar o Agendo a receber pagamentos na sua conta?" })).toBeVisible();
  await page.getByRole("link", { name: "Recusar" }).click();
  await expect(page).toHaveURL(/\/configuracoes\/pagamentos$/);
  await expect(page.getByText("Conexão não autorizada")).toBeVisible();
  expect(await accountOf(pro.id)).toBeUndefined();

  await page.getByRole("button", { name: "Conectar Mercado Pago" }).click();
  await page.getByRole("link", { name: "Permitir" }).click();
  await expect(page.getByText("Mercado Pago conectado.")).toBeVisible();
  const account = (await accountOf(pro.id))!;
  await expect(page.getByText(account.providerUserId)).toBeVisible();
  await expect(page.getByText("CONECTADO", { exact: true })).toBeVisible();
  expect(account.accessTokenSealed).toMatch(/^v1\./);

  await payADeposit(browser, { id: pro.id, slug: pro.bookingSlug, serviceId: service.id, js: info.project.name === "js", baseURL: info.project.use.baseURL! });

  await page.getByRole("link", { name: "Desconectar" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Desconectar o Mercado Pago?" });
  await expect(dialog).toBeVisible();
  // The connected state and its question, as axe sees them (the tab's other states: a11y.spec.ts).
  if (info.project.name === "js") expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Sim, desconectar" }).click();
  await expect(page.getByText("Mercado Pago desconectado.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Conectar Mercado Pago" })).toBeVisible();
  expect(await accountOf(pro.id)).toBeUndefined();
});

/**
 * A customer books the deposit service (issue 23): the deposit and its rule said before anything
 * is asked, the e-mail asked, 'Confirmar e pagar sinal', the status page with the Pix code and
 * 'Pague até'; paid on Mercado Pago (the stand-in sends the signed notification to the app), the
 * page turns to 'Sinal pago' by itself (a light poll with JavaScript, a reload a minute without).
 */
async function payADeposit(browser: Browser, pro: { id: string; slug: string; serviceId: string; js: boolean; baseURL: string }) {
  const { slug, serviceId } = pro;
  const customer = await browser.newContext({ baseURL: pro.baseURL, javaScriptEnabled: pro.js, viewport: { width: 360, height: 740 } });
  const page = await customer.newPage();
  const date = workingDate(2);
  await page.goto(`/agendamento/${slug}?servico=${serviceId}&data=${date}&horario=10:00`);
  await expect(page.getByTestId("deposit-note")).toHaveText(
    "Sinal de R$ 15,00 via Pix para garantir o horário. Devolvido se você cancelar até 2 horas antes; depois disso, fica com o profissional.",
  );
  await page.getByLabel("Nome *").fill("Maria Clara");
  await page.getByLabel("Telefone / WhatsApp *").fill("11988887777");
  await page.getByRole("button", { name: "Confirmar e pagar sinal" }).click();
  await expect(page.getByText("Informe seu e-mail para pagar o sinal, como nome@exemplo.com.")).toBeVisible();
  await page.getByLabel(/^E-mail \*/).fill("maria@example.com");
  await page.getByRole("button", { name: "Confirmar e pagar sinal" }).click();
  await expect(page.getByTestId("deposit-state")).toHaveText("Aguardando pagamento");
  await expect(page.getByTestId("deposit-pay-by")).toHaveText(/^Pague até \d\d:\d\d$/);
  await expect(page.getByTestId("deposit-pay-rule")).toHaveText("Depois desse horário o horário é liberado e um pagamento feito depois é devolvido.");
  await expect(page.getByLabel("Pix copia e cola")).toHaveValue(/^000201/);

  const [request] = await e2eDb().select().from(bookingRequests).where(eq(bookingRequests.professionalId, pro.id));
  const paid = await fetch(`http://127.0.0.1:${MP_STANDIN_PORT}/__pay/${request!.paymentId}`, { method: "POST" });
  expect(((await paid.json()) as { webhook: { status: number } }).webhook.status).toBe(200);
  if (!pro.js) {
    // Without JavaScript the page asks the browser to load it again every minute; the test loads
    // it again itself rather than wait that out (the refresh is the browser's part).
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "60");
    await page.reload();
  }
  await expect(page.getByTestId("deposit-state")).toHaveText("Sinal pago ✓ — R$ 15,00", { timeout: 10_000 });
  await expect(page.getByText("Confirmado", { exact: false }).first()).toBeVisible();
  await customer.close();
}
