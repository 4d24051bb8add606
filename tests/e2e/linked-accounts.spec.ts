import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { emailOutbox, linkedAccounts, subscriptions } from "../../db/schema";
import { bookablePro, createPro, e2eDb, expect, signIn, test, uniqueEmail } from "./fixtures";

// Runs in project "js" (React enhances); the journey through every form of the screen (@nojs)
// also in "no-js" (plain HTML forms). The second test's forms ('Adicionar', the sign-in) are
// the same ones without JavaScript: checked by the first and by auth.spec.ts.

const DAY = 86_400_000;

async function setOwnerPlan(userId: string, values: Partial<typeof subscriptions.$inferInsert>) {
  await e2eDb().update(subscriptions).set(values).where(eq(subscriptions.userId, userId));
}

const linksOf = (ownerId: string) => e2eDb().select().from(linkedAccounts).where(eq(linkedAccounts.ownerId, ownerId));

async function add(page: Page, email: string) {
  await page.getByLabel("E-mail do profissional").fill(email);
  await page.getByRole("button", { name: "Adicionar", exact: true }).click();
}

const row = (page: Page, email: string) => page.getByTestId("linked-account").filter({ hasText: email });

test("an Avançado owner links 4 professionals, not a 5th; the invitee gets in, then is suspended with the owner @nojs", async ({
  page,
  context,
}, testInfo) => {
  const business = `Studio ${crypto.randomUUID().slice(0, 6)}`;
  const owner = await createPro({ name: business });
  await setOwnerPlan(owner.id, { status: "active", planId: "avancado", subscriptionEndDate: new Date(Date.now() + 30 * DAY) });
  await signIn(page, owner.id);
  await page.goto("/configuracoes/contas");
  await expect(page.getByTestId("seat-summary")).toContainText("Vagas em uso: 0 de 4");
  await expect(page.getByText("Nenhuma conta vinculada ainda.")).toBeVisible();

  // Bad input: a message beside the field, what was typed kept, nothing stored.
  await add(page, "joana@");
  await expect(page.getByText("Informe um e-mail válido, como nome@exemplo.com")).toBeVisible();
  await expect(page.getByLabel("E-mail do profissional")).toHaveValue("joana@");

  const invitee = uniqueEmail("equipe");
  const others = [uniqueEmail("b"), uniqueEmail("c"), uniqueEmail("d")];
  await add(page, invitee);
  await expect(row(page, invitee)).toContainText("Aguardando registro");
  await expect(page.getByText("Conta vinculada adicionada com sucesso")).toBeVisible();

  // The same e-mail again is refused with the spec's message.
  await add(page, invitee.toUpperCase());
  await expect(page.getByText("Este email já está vinculado a uma conta")).toBeVisible();
  await expect(page.getByLabel("E-mail do profissional")).toHaveValue(invitee.toUpperCase());

  for (const email of others) {
    await add(page, email);
    await expect(row(page, email)).toBeVisible();
  }
  await expect(page.getByTestId("seat-summary")).toContainText("Vagas em uso: 4 de 4");
  await expect(page.getByText("Todas as vagas do seu plano estão em uso")).toBeVisible();
  await expect(page.getByLabel("E-mail do profissional")).toHaveCount(0);
  // A 5th sent anyway (an old tab, a crafted post) is refused by the server.
  const fifth = await page.request.post("/configuracoes/contas", {
    form: { intent: "add", email: uniqueEmail("e") },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(fifth.status()).toBe(400);
  expect(await linksOf(owner.id)).toHaveLength(4);

  // The invitation went out by e-mail with the /register link; the same text can be copied.
  const [mail] = await e2eDb().select().from(emailOutbox).where(eq(emailOutbox.to, invitee));
  const registerLink = mail!.text.match(/https?:\/\/\S+\/register\?email=\S+/)?.[0];
  expect(registerLink).toBeDefined();
  await row(page, invitee).getByText("Instruções de convite").click();
  await expect(row(page, invitee).getByLabel(`Instruções de convite para ${invitee}`)).toContainText(
    `/register?email=${encodeURIComponent(invitee)} usando este e-mail: ${invitee}`,
  );
  if (testInfo.project.name === "js") {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await row(page, invitee).getByRole("button", { name: "Copiar instruções" }).click();
    await expect(page.getByText("Instruções copiadas! Envie para o profissional.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(invitee);
  } else {
    await expect(row(page, invitee).getByRole("button", { name: "Copiar instruções" })).toHaveCount(0);
  }

  // Removing asks first; confirmed, the seat is free again.
  const removed = others[2]!;
  await page.getByRole("link", { name: `Remover ${removed}` }).click();
  await expect(page.getByRole("alertdialog")).toContainText(`Remover a conta vinculada ${removed}?`);
  await page.getByRole("button", { name: "Sim, remover" }).click();
  await expect(page.getByText("Conta vinculada removida com sucesso")).toBeVisible();
  await expect(row(page, removed)).toHaveCount(0);
  await expect(page.getByTestId("seat-summary")).toContainText("Vagas em uso: 3 de 4");
  await expect(page.getByLabel("E-mail do profissional")).toBeVisible();

  // The invitee registers with that e-mail: signed in, active, on the team.
  // The invitee follows the e-mailed link: the form comes with the invited address.
  await context.clearCookies();
  await page.goto(new URL(registerLink!).pathname + new URL(registerLink!).search);
  await expect(page.getByLabel("E-mail")).toHaveValue(invitee);
  await page.getByLabel("Nome").fill("Joana Lima");
  await page.getByLabel("Telefone").fill("(21) 98888-7777");
  await page.getByLabel("Senha", { exact: true }).fill("segredo1");
  await page.getByLabel("Confirmar senha").fill("segredo1");
  await page.getByLabel(/Aceito os termos/).check();
  await page.getByRole("button", { name: "Criar Conta" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("linked-banner")).toContainText(`Você faz parte da equipe de ${business}`);
  const [link] = (await linksOf(owner.id)).filter((l) => l.linkedUserEmail === invitee);
  expect(link).toMatchObject({ status: "active" });
  expect(link!.linkedUserId).not.toBeNull();

  // Signing out and in again keeps the team access.
  await page.goto("/configuracoes/contas");
  await expect(page.getByText(`Você faz parte da equipe de ${business}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Sair da equipe" })).toBeVisible();
  await page.getByRole("button", { name: "Sair", exact: true }).first().click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("E-mail").fill(invitee);
  await page.getByLabel("Senha", { exact: true }).fill("segredo1");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("linked-banner")).toBeVisible();

  // The owner's subscription is cancelled: the invitee is suspended at the next request,
  // even inside their own first 7 days.
  await setOwnerPlan(owner.id, { status: "cancelled" });
  await page.goto("/agenda");
  await expect(page).toHaveURL(/\/conta-suspensa$/);
  await expect(page.getByText("Sua conta foi suspensa porque a conta principal cancelou a assinatura")).toBeVisible();
  await expect(page.getByRole("link", { name: "Falar com o titular da conta" })).toHaveAttribute(
    "href",
    new RegExp(`^mailto:${owner.email.replace(/[.+]/g, "\\$&")}\\?`),
  );
  await expect(page.getByRole("link", { name: "Assinar um plano próprio" })).toHaveAttribute("href", "/planos");

  // Leaving the team, their own first 7 days count again: back in, no team banner.
  await page.getByRole("button", { name: "Sair da equipe" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Você saiu da equipe")).toBeVisible();
  await expect(page.getByTestId("linked-banner")).toHaveCount(0);
  expect((await linksOf(owner.id)).filter((l) => l.linkedUserEmail === invitee)).toEqual([]);
});

test("the owner sees the invitee become active; on a trial no account can be linked", async ({ page }) => {
  const owner = await createPro({ name: "Barbearia Central" });
  await signIn(page, owner.id);
  await page.goto("/configuracoes/contas");
  await expect(page.getByText("Contas vinculadas não estão disponíveis no período grátis")).toBeVisible();
  await expect(page.getByLabel("E-mail do profissional")).toHaveCount(0);
  await page.getByRole("link", { name: "Ver planos" }).click();
  await expect(page).toHaveURL(/\/configuracoes\/planos$/);

  await setOwnerPlan(owner.id, { status: "active", planId: "essencial", subscriptionEndDate: new Date(Date.now() + DAY) });
  const member = await createPro({ name: "Rafa Souza" });
  await page.goto("/configuracoes/contas");
  await expect(page.getByTestId("seat-summary")).toContainText("até 2 profissionais");
  await add(page, member.email);
  await expect(row(page, member.email)).toContainText("Aguardando registro");

  // An e-mail already registered joins at its next sign-in.
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(member.email);
  await page.getByLabel("Senha", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByTestId("linked-banner")).toContainText("Você faz parte da equipe de Barbearia Central");

  await page.context().clearCookies();
  await signIn(page, owner.id);
  await page.goto("/configuracoes/contas");
  await expect(row(page, member.email)).toContainText("Ativa");
  await expect(row(page, member.email)).toContainText("Rafa Souza");
});

test("the owner sets a member's commission from the member's row: refused beside its field, then saved and summed up @nojs", async ({ page }) => {
  const owner = await createPro({ name: `Studio ${crypto.randomUUID().slice(0, 6)}` });
  await setOwnerPlan(owner.id, { status: "active", planId: "avancado", subscriptionEndDate: new Date(Date.now() + 30 * DAY) });
  const { pro: member } = await bookablePro({
    name: `Ana Lima ${crypto.randomUUID().slice(0, 4)}`,
    services: [
      { name: "Corte", priceCents: 5000, durationMinutes: 30 },
      { name: "Escova", priceCents: 6000, durationMinutes: 45 },
    ],
  });
  await e2eDb().insert(linkedAccounts).values({ ownerId: owner.id, linkedUserEmail: member.email, linkedUserId: member.id, status: "active" });
  await signIn(page, owner.id);
  await page.goto("/configuracoes/contas");
  await expect(row(page, member.email).getByTestId("linked-commission")).toContainText("Comissão não definida");
  await row(page, member.email).getByRole("link", { name: `Definir comissão de ${member.name}` }).click();
  await expect(page.getByRole("heading", { name: `Comissão de ${member.name}` })).toBeVisible();

  // Over 100%: the message beside the field, what was typed kept.
  const services = page.getByLabel("Comissão sobre serviços (%)");
  await services.fill("140");
  await page.getByLabel("Escova").fill("50");
  await page.getByRole("button", { name: "Salvar comissão" }).click();
  await expect(page.getByText("Informe um percentual de 0 a 100, como 40 ou 37,5")).toBeVisible();
  await expect(services).toHaveValue("140");
  await expect(page.getByLabel("Escova")).toHaveValue("50");

  await services.fill("40");
  await page.getByLabel("Comissão sobre produtos (%)").fill("10");
  await page.getByLabel("Gorjetas ficam com o profissional").uncheck();
  await page.getByRole("button", { name: "Salvar comissão" }).click();
  await expect(page).toHaveURL(/\/configuracoes\/contas$/);
  await expect(page.getByText("Comissão salva")).toBeVisible();
  await expect(row(page, member.email).getByTestId("linked-commission")).toContainText(
    "Comissão: 40% dos serviços (1 com percentual próprio) · 10% dos produtos · gorjetas do salão",
  );

  // 'Alterar' opens the rule as saved.
  await row(page, member.email).getByRole("link", { name: `Alterar comissão de ${member.name}` }).click();
  await expect(services).toHaveValue("40");
  await expect(page.getByLabel("Escova")).toHaveValue("50");
  await expect(page.getByLabel("Corte")).toHaveValue("");
  await expect(page.getByLabel("Gorjetas ficam com o profissional")).not.toBeChecked();
});
