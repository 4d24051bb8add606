import { desc, eq } from "drizzle-orm";
import { emailOutbox, profiles, subscriptions, users } from "../../db/schema";
import { createPro, e2eDb, expect, signIn, test, uniqueEmail } from "./fixtures";

// Project "js" runs every test; "no-js" (plain HTML forms) the forms, tagged @nojs. Redirects,
// 404s and static pages are the server's alone, the same with JavaScript off. An expired trial's
// landing on /conta-suspensa is suspended.spec.ts's.

test("sign up lands on the dashboard with a 7-day trial @nojs", async ({ page }) => {
  const email = uniqueEmail("signup");
  await page.goto("/register");
  await expect(page.getByRole("heading", { name: "Criar Conta" })).toBeVisible();

  // Bad input first: messages beside the fields, nothing stored.
  await page.getByLabel("Nome").fill("A");
  await page.getByLabel("E-mail").fill("nao-e-email");
  await page.getByLabel("Telefone").fill("1199");
  await page.getByLabel("Senha", { exact: true }).fill("123");
  await page.getByLabel("Confirmar senha").fill("321");
  await page.getByRole("button", { name: "Criar Conta" }).click();
  await expect(page.getByText("Nome deve ter pelo menos 2 caracteres")).toBeVisible();
  await expect(page.getByText("Email inválido")).toBeVisible();
  await expect(page.getByText("Telefone deve ter pelo menos 10 dígitos")).toBeVisible();
  await expect(page.getByText("Senha deve ter pelo menos 6 caracteres")).toBeVisible();
  expect(await e2eDb().select().from(users).where(eq(users.email, "nao-e-email"))).toHaveLength(0);

  await page.getByLabel("Nome").fill("Juliana Martins");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Telefone").fill("(21) 98888-7777");
  await page.getByLabel("Senha", { exact: true }).fill("segredo1");
  await page.getByLabel("Confirmar senha").fill("segredo1");
  await page.getByRole("button", { name: "Criar Conta" }).click();
  await expect(page.getByText("Você deve aceitar os termos de uso para continuar.").first()).toBeVisible();

  await page.getByLabel("Senha", { exact: true }).fill("segredo1");
  await page.getByLabel("Confirmar senha").fill("segredo1");
  await page.getByLabel("Aceito os termos de uso e política de privacidade").check();
  await page.getByRole("button", { name: "Criar Conta" }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: /Juliana!/ })).toBeVisible();
  await expect(page.getByText("Faltam 7 dias para o fim do seu período grátis.")).toBeVisible();
  await expect(page.getByText("Sua conta foi criada e já está pronta para usar.")).toBeVisible();

  const [row] = await e2eDb()
    .select({ profile: profiles, subscription: subscriptions })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .innerJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.email, email));
  expect(row?.profile.fullName).toBe("Juliana Martins");
  expect(row?.profile.businessName).toBe("Juliana Martins");
  expect(row?.profile.phone).toBe("21988887777");
  expect(row?.profile.bookingSlug).toMatch(/^juliana-martins(-\d+)?$/);
  expect(row?.subscription.status).toBe("trial");
  await expect(page.getByRole("textbox", { name: "Link de agendamento" })).toHaveValue(
    new RegExp(`/agendamento/${row!.profile.bookingSlug}$`),
  );

  // A signed-in visitor on /login or /register goes to the dashboard.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/register");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("sign out, wrong password, then sign in @nojs", async ({ page }) => {
  const pro = await createPro({ name: "Roberto Alves" });
  await signIn(page, pro.id);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: /Roberto!/ })).toBeVisible();

  await page.getByRole("button", { name: "Sair", exact: true }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);

  await page.getByLabel("E-mail").fill(pro.email);
  await page.getByLabel("Senha", { exact: true }).fill("senha-errada");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByText("Credenciais inválidas")).toBeVisible();
  await expect(page.getByText("E-mail ou senha incorretos. Verifique seus dados e tente novamente.")).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveValue(pro.email);

  await page.getByLabel("Senha", { exact: true }).fill(pro.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Login realizado com sucesso!")).toBeVisible();
});

test("password reset through the e-mailed link @nojs", async ({ page }) => {
  const pro = await createPro();
  await page.goto("/login");
  await page.getByRole("button", { name: "Esqueceu a senha?" }).click();
  await expect(page.getByText("Digite seu e-mail antes de solicitar redefinição de senha.").first()).toBeVisible();

  await page.getByLabel("E-mail").fill(pro.email);
  await page.getByRole("button", { name: "Esqueceu a senha?" }).click();
  await expect(page.getByText("Verifique sua caixa de entrada para redefinir sua senha.")).toBeVisible();

  const [mail] = await e2eDb()
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, pro.email))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const link = mail?.text.match(/https?:\/\/\S+\/redefinir-senha\?token=\S+/)?.[0];
  expect(link).toBeTruthy();

  await page.goto(link!);
  await page.getByLabel("Nova senha", { exact: true }).fill("novasenha9");
  await page.getByLabel("Confirmar nova senha").fill("novasenha9");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  // The link proved who this is: signed in at once.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Senha redefinida!")).toBeVisible();

  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(pro.email);
  await page.getByLabel("Senha", { exact: true }).fill("novasenha9");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link works once.
  await page.goto(link!);
  await expect(page.getByText("Link inválido ou expirado")).toBeVisible();
});

test("a visitor: unknown paths answer 404, /login describes itself to search engines, the landing page is in Portuguese with plans", async ({ page }) => {
  const response = await page.goto("/nao-existe/de-jeito-nenhum");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Página não encontrada" })).toBeVisible();
  expect((await page.goto("/404"))?.status()).toBe(404);

  await page.goto("/login");
  await expect(page.locator('head meta[name="description"]')).toHaveAttribute("content", /Entre no Agendo/);

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("agenda");
  await expect(page.getByRole("heading", { name: "Planos" })).toBeVisible();
  await expect(page.getByText("Profissional", { exact: true })).toBeVisible();

  // On a 360 px phone the header's words stay apart ('Agendo', 'Entrar') and 'Começar grátis' on one line.
  await page.setViewportSize({ width: 360, height: 740 });
  const header = page.getByRole("banner");
  const logo = (await header.getByText("Agendo", { exact: true }).boundingBox())!;
  const signIn = (await header.getByRole("link", { name: "Entrar" }).boundingBox())!;
  const start = (await header.getByRole("link", { name: "Começar grátis" }).boundingBox())!;
  expect(signIn.x - (logo.x + logo.width)).toBeGreaterThanOrEqual(12);
  expect(start.height).toBeLessThan(44);
  expect(start.x + start.width).toBeLessThanOrEqual(360 - 16);
});
