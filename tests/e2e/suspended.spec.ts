import { eq } from "drizzle-orm";
import { strFromU8 } from "fflate";
import { subscriptions, users } from "../../db/schema";
import { createPro, downloadDataArchive, e2eDb, expect, expireTrial, signIn, test } from "./fixtures";

// Runs in project "js"; the account deletion form (@nojs) also in "no-js". The redirects and
// the download are the server's and plain links; 'Sair' is the logout form of auth.spec.ts.

test("an expired trial lands on /conta-suspensa, whose mail, plans and data links work", async ({ page }) => {
  const pro = await createPro();
  await expireTrial(pro.id);
  await signIn(page, pro.id);
  for (const path of ["/dashboard", "/clientes", "/configuracoes/contas", "/configuracoes/planos"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/conta-suspensa$/);
  }
  await expect(page.getByRole("heading", { name: "Conta Suspensa" })).toBeVisible();
  await expect(page.getByText("Seu período grátis de 7 dias terminou")).toBeVisible();
  await expect(page.getByRole("link", { name: "Falar com o suporte" })).toHaveAttribute(
    "href",
    /^mailto:suporte@agendo\.app\?subject=/,
  );

  await page.getByRole("link", { name: "Assinar um plano próprio" }).click();
  await expect(page).toHaveURL(/\/planos$/);
  await expect(page.getByRole("heading", { name: "Assine um plano" })).toBeVisible();
  await expect(page.getByText("R$ 69,90").first()).toBeVisible();

  // Access back (a plan activated): /conta-suspensa sends the user to the dashboard.
  await e2eDb()
    .update(subscriptions)
    .set({ status: "active", planId: "essencial", subscriptionEndDate: new Date(Date.now() + 86_400_000) })
    .where(eq(subscriptions.userId, pro.id));
  await page.goto("/conta-suspensa");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a suspended professional still downloads their data, and 'Sair' on /conta-suspensa signs out", async ({ page }) => {
  const pro = await createPro({ name: "Rita Suspensa" });
  await expireTrial(pro.id);
  await signIn(page, pro.id);
  await page.goto("/conta-suspensa");
  const files = await downloadDataArchive(page);
  expect(strFromU8(files["dados.json"]!)).toContain("Rita Suspensa");

  await page.getByRole("button", { name: "Sair", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/conta-suspensa");
  await expect(page).toHaveURL(/\/login/);
});

test("a suspended professional can still delete their account @nojs", async ({ page }) => {
  const pro = await createPro({ name: "Vera Suspensa" });
  await expireTrial(pro.id);
  await signIn(page, pro.id);
  await page.goto("/conta-suspensa");
  await page.getByText("Quero excluir minha conta").click();

  // A wrong password: refused beside the field, the section stays open, nothing deleted.
  await page.getByLabel("Sua senha").fill("errada123");
  await page.getByLabel(/Entendo que a exclusão é permanente/).check();
  await page.getByRole("button", { name: "Excluir minha conta" }).click();
  await expect(page.getByText("Senha incorreta.", { exact: true })).toBeVisible();
  expect(await e2eDb().select().from(users).where(eq(users.id, pro.id))).toHaveLength(1);

  await page.getByLabel("Sua senha").fill(pro.password);
  await page.getByLabel(/Entendo que a exclusão é permanente/).check();
  await page.getByRole("button", { name: "Excluir minha conta" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Conta excluída", { exact: true })).toBeVisible();
  expect(await e2eDb().select().from(users).where(eq(users.id, pro.id))).toHaveLength(0);
});
