import { eq } from "drizzle-orm";
import { subscriptions } from "../../db/schema";
import { signedDelivery, stripeEvent, subscriptionObject } from "../support/stripe";
import { createPro, expect, fileDb, httpDb, signIn, test } from "./fixtures";

// Stripe's webhook on the Workers runtime: the signature checked with WebCrypto's HMAC, the event
// applied, a tampered one refused; the suspended professional has access again. @extended
test("a signed Stripe webhook activates a subscription; a tampered one is refused @extended", async ({ page, request }) => {
  const pro = await createPro(`Stripe Workers ${crypto.randomUUID().slice(0, 6)}`);
  await httpDb().update(subscriptions).set({ trialEndDate: new Date(Date.now() - 60_000) }).where(eq(subscriptions.userId, pro.id));
  await signIn(page, pro.id);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/conta-suspensa$/);

  const created = signedDelivery(stripeEvent("customer.subscription.created", subscriptionObject({ userId: pro.id, plan: "profissional" })));
  const tampered = await request.post("/stripe/webhook", { data: created.body.replace(pro.id, crypto.randomUUID()), headers: created.headers });
  expect(tampered.status()).toBe(400);
  expect((await fileDb().select().from(subscriptions).where(eq(subscriptions.userId, pro.id)))[0]?.status).toBe("trial");

  const res = await request.post("/stripe/webhook", { data: created.body, headers: created.headers });
  expect(await res.json()).toMatchObject({ received: true, outcome: "applied" });
  expect((await fileDb().select().from(subscriptions).where(eq(subscriptions.userId, pro.id)))[0]).toMatchObject({ status: "active", planId: "profissional" });
  await page.goto("/configuracoes/planos");
  await expect(page.getByText("PREMIUM", { exact: true })).toBeVisible();
  await expect(page.getByTestId("current-plan").getByTestId("subscription-status")).toHaveText("Ativa");
});
