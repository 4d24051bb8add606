import { eq } from "drizzle-orm";
import { paymentAccounts } from "../../db/schema";
import { axeViolations, createPro, e2eDb, expect, signIn, test } from "./fixtures";

// Configurações > Pagamentos against the Mercado Pago stand-in (playwright.config.ts starts it):
// 'Conectar Mercado Pago' leaves for the authorisation page and comes back connected; 'Recusar'
// comes back with a message; 'Desconectar' asks first. Plain forms and links: @nojs too.

const accountOf = async (userId: string) => (await e2eDb().select().from(paymentAccounts).where(eq(paymentAccounts.userId, userId)))[0];

test("connects Mercado Pago through its authorisation page, and disconnects after asking @nojs", async ({ page }, info) => {
  const pro = await createPro();
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
