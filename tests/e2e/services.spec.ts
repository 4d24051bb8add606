import { and, eq } from "drizzle-orm";
import { categories, services } from "../../db/schema";
import type { Page } from "@playwright/test";
import { createPro, e2eDb, expect, expectEscapeCancels, signIn, test } from "./fixtures";

// Project "js" runs every test; "no-js" (plain HTML forms) the forms, tagged @nojs.

/** Distinct names: parallel sign-ups with one name race for the same booking slug. */
function uniqueName(name: string) {
  return `${name} ${crypto.randomUUID().slice(0, 6)}`;
}

/** A service's card in the list, by its name (the card's heading). */
function serviceCard(page: Page, name: string) {
  return page.getByTestId("service-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

/** A category's row in 'Gerenciar Categorias'. */
function categoryRow(page: Page, name: string) {
  return page.getByRole("list", { name: "Categorias" }).getByRole("listitem").filter({ hasText: name });
}

async function serviceOf(userId: string, name: string) {
  const [row] = await e2eDb()
    .select()
    .from(services)
    .where(and(eq(services.userId, userId), eq(services.name, name)));
  return row;
}

test("the first service and its category in one form, then a category from the card @nojs", async ({ page }) => {
  const pro = await createPro({ name: uniqueName("Carla Mendes") });
  await signIn(page, pro.id);

  await page.goto("/servicos");
  await expect(page.getByRole("heading", { name: "Serviços", exact: true })).toBeVisible();
  await expect(page.getByText("Nenhum serviço cadastrado")).toBeVisible();
  await page.getByRole("link", { name: "Criar Primeiro Serviço" }).click();

  // No category yet: the form takes the new category's name itself.
  await expect(page.getByRole("heading", { name: "Novo Serviço" })).toBeVisible();
  await expect(page.getByText("Nenhuma categoria criada ainda")).toBeVisible();
  await page.getByLabel("Nome do Serviço *").fill("D");
  await page.getByLabel("Preço (R$) *").fill("abc");
  await page.getByLabel("Categoria *").fill("Sobrancelhas & Cílios");
  await page.getByRole("button", { name: "Cadastrar" }).click();
  // Bad input: messages beside the fields, and everything typed kept (the category's name too).
  await expect(page.getByText("Nome deve ter pelo menos 2 caracteres")).toBeVisible();
  await expect(page.getByText("Preço deve ser maior que zero")).toBeVisible();
  await expect(page.getByLabel("Nome do Serviço *")).toHaveValue("D");
  await expect(page.getByLabel("Categoria *")).toHaveValue("Sobrancelhas & Cílios");

  await page.getByLabel("Nome do Serviço *").fill("Design de Sobrancelhas");
  await page.getByLabel("Descrição").fill("Com pinça e linha.");
  await page.getByLabel("Preço (R$) *").fill("45,90");
  await page.getByLabel("Duração (min) *").fill("40");
  await page.getByRole("button", { name: "Cadastrar" }).click();

  await expect(page).toHaveURL(/\/servicos$/);
  await expect(page.getByText("Serviço criado com sucesso.")).toBeVisible();
  const card = serviceCard(page, "Design de Sobrancelhas");
  await expect(card).toContainText("Sobrancelhas & Cílios");
  await expect(card).toContainText("Com pinça e linha.");
  await expect(card).toContainText("R$ 45,90");
  await expect(card).toContainText("40min");
  expect(await serviceOf(pro.id, "Design de Sobrancelhas")).toMatchObject({ priceCents: 4590, durationMinutes: 40 });

  // 'Gerenciar Categorias' beside the form: the new one listed with its code; another made there.
  await page.getByRole("link", { name: "+ Novo Serviço" }).click();
  await expect(categoryRow(page, "Sobrancelhas & Cílios")).toContainText("sobrancelhas-cilios");
  await page.getByRole("link", { name: "+ Nova Categoria" }).click();
  await page.getByRole("button", { name: "Salvar Categoria" }).click();
  await expect(page.getByText("Nome da categoria é obrigatório")).toBeVisible();
  await page.getByLabel("Nome da Categoria *").fill("Cílios");
  await page.getByRole("button", { name: "Salvar Categoria" }).click();
  await expect(page.getByText("Categoria criada com sucesso")).toBeVisible();
  await expect(page).toHaveURL(/\/servicos\?novo=1$/);
  await expect(page.getByLabel("Categoria *").locator("option")).toHaveText(["Selecione uma categoria", "Cílios", "Sobrancelhas & Cílios"]);
});

test("edit a service, deactivate it, then delete it after confirming @nojs", async ({ page }, testInfo) => {
  const pro = await createPro({ name: uniqueName("Carla Mendes") });
  const [cat] = await e2eDb().insert(categories).values({ userId: pro.id, name: "Sobrancelhas", slug: "sobrancelhas" }).returning();
  await e2eDb()
    .insert(services)
    .values({ userId: pro.id, categoryId: cat!.id, name: "Design de Sobrancelhas", priceCents: 4590, durationMinutes: 40 });
  await signIn(page, pro.id);
  await page.goto("/servicos");
  const card = serviceCard(page, "Design de Sobrancelhas");

  // Edit.
  await card.getByRole("link", { name: "Editar" }).click();
  await expect(page.getByRole("heading", { name: "Editar Serviço" })).toBeVisible();
  await expect(page.getByLabel("Preço (R$) *")).toHaveValue("45,90");
  await page.getByLabel("Preço (R$) *").fill("50.00");
  await page.getByLabel("Duração (min) *").fill("90");
  await page.getByRole("button", { name: "Atualizar" }).click();
  await expect(page.getByText("Serviço atualizado com sucesso.")).toBeVisible();
  await expect(card).toContainText("R$ 50,00");
  await expect(card).toContainText("1h 30min");

  // Deactivate, then the tiles count it as inactive.
  await card.getByRole("button", { name: "Desativar" }).click();
  await expect(page.getByText("Serviço desativado com sucesso.")).toBeVisible();
  await expect(card).toContainText("Inativo");
  await expect(card.getByRole("button", { name: "Ativar" })).toBeVisible();
  await expect(page.getByTestId("tile-Serviços Ativos")).toContainText("1 inativo");
  expect((await serviceOf(pro.id, "Design de Sobrancelhas"))?.isActive).toBe(false);

  // Delete asks first; 'Cancelar' keeps it (with JavaScript, so does Escape).
  const question = "Tem certeza que deseja excluir este serviço?";
  const dialog = page.getByRole("alertdialog", { name: "Excluir serviço" });
  if (testInfo.project.name === "js") {
    await card.getByRole("link", { name: "Excluir" }).click();
    await expectEscapeCancels(page, dialog, question);
  }
  await card.getByRole("link", { name: "Excluir" }).click();
  await expect(dialog).toContainText(question);
  await dialog.getByRole("link", { name: "Cancelar" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await card.getByRole("link", { name: "Excluir" }).click();
  await dialog.getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText("Serviço removido com sucesso.")).toBeVisible();
  await expect(page.getByText("Nenhum serviço cadastrado")).toBeVisible();
  expect(await serviceOf(pro.id, "Design de Sobrancelhas")).toBeUndefined();
});

test("search, category filter and deleting a category that has services @nojs", async ({ page }, testInfo) => {
  const pro = await createPro({ name: uniqueName("Paula Ribeiro") });
  const db = e2eDb();
  const [cabelo, unhas] = await db
    .insert(categories)
    .values([
      { userId: pro.id, name: "Cabelo", slug: "cabelo" },
      { userId: pro.id, name: "Unhas", slug: "unhas" },
    ])
    .returning();
  await db.insert(services).values([
    { userId: pro.id, categoryId: cabelo!.id, name: "Corte Feminino", priceCents: 8000 },
    { userId: pro.id, categoryId: cabelo!.id, name: "Escova", priceCents: 6000 },
    { userId: pro.id, categoryId: unhas!.id, name: "Manicure", priceCents: 4000, description: "" },
  ]);
  await signIn(page, pro.id);
  await page.goto("/servicos");
  await expect(page.getByTestId("tile-Preço Médio")).toContainText("R$ 60,00");
  await expect(serviceCard(page, "Manicure")).toContainText("Descrição não informada");

  await page.getByRole("link", { name: /^Unhas/ }).click();
  await expect(page).toHaveURL(/categoria=unhas/);
  await expect(page.getByTestId("service-card")).toHaveCount(1);
  // Toggling stays on the filtered list.
  await serviceCard(page, "Manicure").getByRole("button", { name: "Desativar" }).click();
  await expect(page.getByText("Serviço desativado com sucesso.")).toBeVisible();
  await expect(page).toHaveURL(/\/servicos\?categoria=unhas$/);
  await expect(serviceCard(page, "Manicure")).toContainText("Inativo");

  await page.getByRole("link", { name: /^Todos/ }).click();
  await expect(page).toHaveURL(/\/servicos$/);
  await page.getByRole("searchbox", { name: "Buscar serviços" }).fill("cabelo");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/q=cabelo/);
  await expect(page.getByTestId("service-card")).toHaveCount(2);
  await page.getByRole("searchbox", { name: "Buscar serviços" }).fill("pedicure");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByText("Nenhum serviço encontrado")).toBeVisible();

  // Delete 'Cabelo' from the form screen: the question names it and says what happens.
  await page.goto("/servicos?novo=1");
  await page.getByRole("link", { name: "Excluir categoria Cabelo" }).click();
  const question = 'Tem certeza que deseja excluir a categoria "Cabelo"?';
  const dialog = page.getByRole("alertdialog", { name: "Excluir categoria" });
  if (testInfo.project.name === "js") {
    await expectEscapeCancels(page, dialog, question);
    await page.getByRole("link", { name: "Excluir categoria Cabelo" }).click();
  }
  await expect(dialog).toContainText(question);
  await expect(dialog).toContainText("Os 2 serviços desta categoria não serão excluídos");
  await dialog.getByRole("button", { name: "Excluir Categoria" }).click();
  await expect(page.getByText("Categoria removida com sucesso")).toBeVisible();
  await expect(categoryRow(page, "Cabelo")).toHaveCount(0);

  await page.goto("/servicos");
  await expect(serviceCard(page, "Escova")).toContainText("Sem categoria");
  await expect(page.getByTestId("tile-Categorias")).toContainText("1");
});

test("the services screen fits a 390px phone @phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const pro = await createPro({ name: uniqueName("Rita Lopes") });
  const [cat] = await e2eDb().insert(categories).values({ userId: pro.id, name: "Cabelo", slug: "cabelo" }).returning();
  await e2eDb()
    .insert(services)
    .values({ userId: pro.id, categoryId: cat!.id, name: "Corte com um nome bem comprido para caber", priceCents: 12000 });
  await signIn(page, pro.id);
  for (const path of ["/servicos", "/servicos?novo=1&nova-categoria=1"]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});

test("with JavaScript, creating a category keeps the service form as typed and selects it", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "without JavaScript the page reloads (the form starts over)");
  const pro = await createPro({ name: uniqueName("Lia Souza") });
  await e2eDb().insert(categories).values({ userId: pro.id, name: "Cabelo", slug: "cabelo" });
  await signIn(page, pro.id);
  await page.goto("/servicos?novo=1");
  await page.getByLabel("Nome do Serviço *").fill("Hidratação");
  await page.getByLabel("Preço (R$) *").fill("70");
  await page.getByRole("link", { name: "+ Nova Categoria" }).click();
  await page.getByLabel("Nome da Categoria *").fill("Tratamentos");
  await page.getByLabel("Código (opcional)").fill("Cabelo");
  await page.getByRole("button", { name: "Salvar Categoria" }).click();
  // The same code is refused before anything is sent.
  await expect(page.getByText("Já existe uma categoria com este código. Escolha outro nome ou código.")).toBeVisible();
  await page.getByLabel("Código (opcional)").fill("");
  await page.getByRole("button", { name: "Salvar Categoria" }).click();
  await expect(page.getByText("Categoria criada com sucesso")).toBeVisible();

  await expect(page.getByLabel("Nome do Serviço *")).toHaveValue("Hidratação");
  await expect(page.getByLabel("Preço (R$) *")).toHaveValue("70");
  await expect(page.getByLabel("Categoria *").locator("option:checked")).toHaveText("Tratamentos");
  await page.getByRole("button", { name: "Cadastrar" }).click();
  await expect(page.getByText("Serviço criado com sucesso.")).toBeVisible();
  await expect(serviceCard(page, "Hidratação")).toContainText("Tratamentos");
});
