import type { APIRequestContext, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { subscriptions } from "../../db/schema";
import { STANDIN_PORT, signedDelivery, stripeEvent, subscriptionObject } from "../support/stripe";
import { createPro, e2eDb, expect, expireTrial, sentTo, signIn, test, uniqueEmail } from "./fixtures";

// Runs in project "js"; the forms that start a payment or open the portal (@nojs) also in
// "no-js" (the same form answering with another error is checked once). Pages, redirects and
// the webhook are the server's alone. The app talks to the Stripe stand-in started by
// playwright.config.ts; the browser never reaches stripe.com: Checkout and the Customer
// Portal are answered by a stub page (page.route), the webhook is POSTed signed, as Stripe does.

const STANDIN = `http://127.0.0.1:${STANDIN_PORT}`;

async function stubStripePages(page: Page) {
  for (const host of ["https://checkout.stripe.com/**", "https://billing.stripe.com/**"]) {
    await page.route(host, (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/html; charset=utf-8",
        body: `<!doctype html><html lang="pt-BR"><title>Stripe (teste)</title><h1>Página do Stripe (teste)</h1></html>`,
      }),
    );
  }
}

async function postWebhook(request: APIRequestContext, event: object) {
  const { body, headers } = signedDelivery(event);
  return request.post("/stripe/webhook", { data: body, headers });
}

const rowOf = async (userId: string) => (await e2eDb().select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0]!;

test("/planos shows the catalogue to visitors; a trial professional sees PERÍODO GRÁTIS, the days left and the catalogue, monthly and yearly", async ({ page }) => {
  await page.goto("/planos?periodo=anual");
  await expect(page.getByRole("heading", { name: "Planos do Agendo" })).toBeVisible();
  await expect(page.getByTestId("plan-enterprise").getByText("R$ 96,66")).toBeVisible();
  await expect(page.getByRole("link", { name: "Começar grátis" }).first()).toBeVisible();

  const pro = await createPro();
  await signIn(page, pro.id);
  await page.goto("/configuracoes/planos");
  await expect(page.getByRole("link", { name: "Planos", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("PERÍODO GRÁTIS", { exact: true })).toBeVisible();
  const current = page.getByTestId("current-plan");
  await expect(current.getByText("Período grátis", { exact: true }).first()).toBeVisible();
  await expect(current.getByText(/Faltam 7 dias para o fim do seu período grátis/)).toBeVisible();

  for (const name of ["Essencial", "Avançado", "Profissional", "Enterprise"]) {
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  }
  const popular = page.getByTestId("plan-profissional");
  await expect(popular.getByText("Mais popular")).toBeVisible();
  await expect(popular.getByText("R$ 89,90")).toBeVisible();

  await page.getByRole("link", { name: /Anual/ }).click();
  await expect(page).toHaveURL(/\?periodo=anual$/);
  await expect(page.getByRole("link", { name: /Anual/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("20% OFF")).toBeVisible();
  await expect(popular.getByText("R$ 72,33")).toBeVisible();
  await expect(popular.getByText("R$ 867,90 cobrados por ano")).toBeVisible();
  await expect(page.getByTestId("payments-off")).toHaveCount(0);
});

test("the webhook refuses a tampered or unsigned event; a signed one activates the subscription, restores access and shows PREMIUM", async ({ page, request }) => {
  const pro = await createPro();
  await expireTrial(pro.id);
  await signIn(page, pro.id);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/conta-suspensa$/);

  const sub = subscriptionObject({ userId: pro.id, plan: "profissional", period: "monthly" });
  const created = stripeEvent("customer.subscription.created", sub);
  const { body, headers } = signedDelivery(created);
  const tampered = await request.post("/stripe/webhook", { data: body.replace(pro.id, crypto.randomUUID()), headers });
  expect(tampered.status()).toBe(400);
  const unsigned = await request.post("/stripe/webhook", { data: body, headers: { "Content-Type": "application/json" } });
  expect(unsigned.status()).toBe(400);
  expect((await rowOf(pro.id)).status).toBe("trial");

  const res = await postWebhook(request, created);
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ received: true, outcome: "applied" });
  // Delivered again (Stripe retries): nothing changes.
  expect(await (await postWebhook(request, created)).json()).toMatchObject({ outcome: "duplicate" });

  await page.goto("/configuracoes/planos");
  await expect(page).toHaveURL(/\/configuracoes\/planos$/);
  await expect(page.getByText("PREMIUM", { exact: true })).toBeVisible();
  const current = page.getByTestId("current-plan");
  await expect(current.getByText("Profissional")).toBeVisible();
  await expect(current.getByTestId("subscription-status")).toHaveText("Ativa");
  await expect(page.getByTestId("plan-profissional").getByText("Plano atual")).toBeVisible();
  await expect(page.getByRole("button", { name: "Gerenciar assinatura" })).toBeVisible();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("Assinar opens Stripe Checkout; back from it the plan is active @nojs", async ({ page, request }) => {
  await stubStripePages(page);
  const pro = await createPro();
  await signIn(page, pro.id);
  await page.goto("/configuracoes/planos?periodo=anual");
  const checkout = await sentTo(page, /^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/, () => page.getByRole("button", { name: "Assinar o plano Essencial anual" }).click());
  const sessionId = checkout.pathname.split("/").pop()!;

  const calls = (await (await request.get(`${STANDIN}/__requests`)).json()) as { path: string; form: Record<string, string> }[];
  const call = calls.find((c) => c.path === "/v1/checkout/sessions" && c.form.client_reference_id === pro.id);
  expect(call?.form).toMatchObject({
    mode: "subscription",
    "line_items[0][price]": "price_test_essencial_yearly",
    "line_items[0][quantity]": "1",
    customer_email: pro.email,
  });

  // The customer pays; Stripe sends them back to success_url.
  await request.post(`${STANDIN}/__complete/${sessionId}`);
  await page.goto(call!.form.success_url!.replace("{CHECKOUT_SESSION_ID}", sessionId));
  await expect(page).toHaveURL(/\/configuracoes\/planos\?checkout=sucesso$/);
  await expect(page.getByText("Assinatura confirmada!")).toBeVisible();
  await expect(page.getByText("PREMIUM", { exact: true })).toBeVisible();
  await expect(page.getByTestId("current-plan").getByText("Essencial")).toBeVisible();
  expect(await rowOf(pro.id)).toMatchObject({ status: "active", planId: "essencial", billingPeriod: "yearly" });
});

test("'URL de checkout não recebida' when Stripe answers without a url @nojs; 'Erro ao processar pagamento' when it refuses", async ({ page }, testInfo) => {
  const pro = await createPro({ email: uniqueEmail("sem-url") });
  await signIn(page, pro.id);
  await page.goto("/configuracoes/planos");
  await page.getByRole("button", { name: "Assinar o plano Avançado mensal" }).click();
  await expect(page.getByText("Erro ao processar pagamento")).toBeVisible();
  await expect(page.getByText("URL de checkout não recebida")).toBeVisible();
  await expect(page).toHaveURL(/\/configuracoes\/planos$/);
  // The same form answering with another error: checked once, with JavaScript.
  if (testInfo.project.name !== "js") return;

  const refused = await createPro({ email: uniqueEmail("recusado") });
  await signIn(page, refused.id);
  await page.goto("/configuracoes/planos");
  await page.getByRole("button", { name: "Assinar o plano Enterprise mensal" }).click();
  await expect(page.getByText("Erro ao processar pagamento")).toBeVisible();
  await expect(page.getByText("Não foi possível iniciar o pagamento. Tente novamente em instantes.")).toBeVisible();
});

test("Gerenciar assinatura opens the Customer Portal, or says it could not @nojs", async ({ page }) => {
  await stubStripePages(page);
  const pro = await createPro();
  const until = new Date(Date.now() + 30 * 86_400_000);
  const activate = (customer: string) =>
    e2eDb()
      .update(subscriptions)
      .set({ status: "active", planId: "avancado", billingPeriod: "monthly", subscriptionEndDate: until, stripeCustomerId: customer })
      .where(eq(subscriptions.userId, pro.id));
  await activate("cus_portal_falha_e2e");
  await signIn(page, pro.id);
  await page.goto("/configuracoes/planos");
  await page.getByRole("button", { name: "Gerenciar assinatura" }).click();
  await expect(page.getByText("Erro ao abrir gerenciamento de assinatura. Tente novamente.")).toBeVisible();

  await activate("cus_portal_ok_e2e");
  await page.goto("/configuracoes/planos");
  await sentTo(page, /^https:\/\/billing\.stripe\.com\/p\/session\//, () => page.getByRole("button", { name: "Gerenciar assinatura" }).click());
});

test("a suspended professional subscribes from /planos @nojs", async ({ page, request }) => {
  await stubStripePages(page);
  const pro = await createPro();
  await expireTrial(pro.id);
  await signIn(page, pro.id);
  await page.goto("/planos");
  await expect(page.getByRole("heading", { name: "Assine um plano" })).toBeVisible();
  await expect(page.getByTestId("subscription-status")).toHaveText("Período grátis encerrado");
  const checkout = await sentTo(page, /^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/, () => page.getByRole("button", { name: "Assinar o plano Profissional mensal" }).click());
  const sessionId = checkout.pathname.split("/").pop()!;
  const { session } = (await (await request.post(`${STANDIN}/__complete/${sessionId}`)).json()) as { session: { success_url: string } };
  expect(session.success_url).toMatch(/\/planos\?checkout=sucesso&session_id=\{CHECKOUT_SESSION_ID\}$/);
  await page.goto(session.success_url.replace("{CHECKOUT_SESSION_ID}", sessionId));
  await expect(page).toHaveURL(/\/configuracoes\/planos\?checkout=sucesso$/);
  await expect(page.getByText("PREMIUM", { exact: true })).toBeVisible();
});
