import { eq } from "drizzle-orm";
import { strFromU8 } from "fflate";
import { clients, users } from "../../db/schema";
import { createPro, downloadDataArchive, e2eDb, expect, signIn, test } from "./fixtures";

// Configurações > Geral. Every test runs in project "js" (React enhances); the forms (@nojs) also
// in "no-js" (plain forms). The data export is a plain link, the same without JavaScript.

test("change the password, then sign in with the new one @nojs", async ({ page }) => {
  const pro = await createPro({ name: "Marina Costa" });
  await signIn(page, pro.id);
  await page.goto("/configuracoes/geral");
  await expect(page.getByRole("link", { name: "Geral", exact: true })).toHaveAttribute("aria-current", "page");

  await page.getByLabel("Senha atual").fill("senha-errada");
  await page.getByLabel("Nova senha", { exact: true }).fill("novaSenha9");
  await page.getByLabel("Confirmar nova senha").fill("novaSenha9");
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page.getByText("Senha atual incorreta.")).toBeVisible();
  // The server never sends a password back: without JS the page comes back with it empty (with
  // JS the browser simply keeps what was typed, to be corrected).
  if (test.info().project.name === "no-js") await expect(page.getByLabel("Senha atual")).toHaveValue("");

  await page.getByLabel("Senha atual").fill(pro.password);
  await page.getByLabel("Nova senha", { exact: true }).fill("novaSenha9");
  await page.getByLabel("Confirmar nova senha").fill("novaSenha9");
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page.getByText("Senha alterada", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/configuracoes\/geral$/);
  // The form comes back empty, and still answers.
  await expect(page.getByLabel("Nova senha", { exact: true })).toHaveValue("");
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page.getByText("Digite sua senha atual.")).toBeVisible();

  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(pro.email);
  await page.getByLabel("Senha", { exact: true }).fill(pro.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByText("E-mail ou senha incorretos. Verifique seus dados e tente novamente.").first()).toBeVisible();
  await page.getByLabel("Senha", { exact: true }).fill("novaSenha9");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("download the data export and find the client in it", async ({ page }) => {
  const pro = await createPro({ name: "Lúcia Prado" });
  const other = await createPro({ name: "Outra Profissional" });
  const clientName = `Cliente Exportada ${crypto.randomUUID().slice(0, 6)}`;
  await e2eDb().insert(clients).values([
    { userId: pro.id, name: clientName, phone: "11912345678" },
    { userId: other.id, name: "Cliente de Outra Pessoa", phone: "11912345678" },
  ]);
  await signIn(page, pro.id);
  await page.goto("/configuracoes/geral");
  const files = await downloadDataArchive(page);
  const json = JSON.parse(strFromU8(files["dados.json"]!));
  expect(json.perfil.email).toBe(pro.email);
  expect(json.clientes.map((c: { nome: string }) => c.nome)).toEqual([clientName]);
  expect(strFromU8(files["clientes.csv"]!)).toContain(clientName);
  expect(strFromU8(files["dados.json"]!)).not.toContain("Cliente de Outra Pessoa");
});

test("delete the account, after which signing in fails @nojs", async ({ page }) => {
  const pro = await createPro({ name: "Rafaela Nunes" });
  await e2eDb().insert(clients).values({ userId: pro.id, name: "Cliente da Rafaela", phone: "11912345678" });
  await signIn(page, pro.id);
  await page.goto("/configuracoes/geral");

  // Without the confirmation box nothing happens.
  await page.getByLabel("Sua senha").fill(pro.password);
  await page.getByRole("button", { name: "Excluir minha conta" }).click();
  await expect(page.getByText("Marque a confirmação para excluir sua conta.")).toBeVisible();
  expect(await e2eDb().select().from(users).where(eq(users.id, pro.id))).toHaveLength(1);

  await page.getByLabel("Sua senha").fill(pro.password);
  await page.getByLabel(/Entendo que a exclusão é permanente/).check();
  await page.getByRole("button", { name: "Excluir minha conta" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Conta excluída", { exact: true })).toBeVisible();
  expect(await e2eDb().select().from(users).where(eq(users.id, pro.id))).toHaveLength(0);
  expect(await e2eDb().select().from(clients).where(eq(clients.userId, pro.id))).toHaveLength(0);

  // The old session is gone, and the credentials no longer work.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("E-mail").fill(pro.email);
  await page.getByLabel("Senha", { exact: true }).fill(pro.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByText("E-mail ou senha incorretos. Verifique seus dados e tente novamente.").first()).toBeVisible();
});
