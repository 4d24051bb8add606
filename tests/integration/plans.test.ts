// The plans tab and /planos: what they show, and the Stripe calls their forms make, checked
// against the local stand-in for api.stripe.com (form-encoded, Bearer key, required params).
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { subscriptions } from "../../db/schema";
import { action as tabAction, loader as tabLoader } from "../../app/routes/settings.plans";
import { action as plansAction, loader as plansLoader } from "../../app/routes/plans";
import {
  CHECKOUT_ERROR_TITLE,
  CHECKOUT_FAILED,
  CHECKOUT_NO_URL,
  PAYMENTS_NOT_CONFIGURED,
  PORTAL_ERROR,
} from "../../app/routes/shared/plans.server";
import type { Db } from "../../app/utils/db.server";
import { createSession } from "../../app/utils/session.server";
import { createTestDb, formRequest, ORIGIN, toastOf } from "../support/db";
import { createProfessional } from "../support/factories";
import { callAction, callLoader, locationOf, responseOf } from "../support/routes";
import { STRIPE_ENV_KEYS, stripeTestEnv, TEST_SECRET_KEY } from "../support/stripe";
import { envOverrides } from "../support/env";
import { startStripeStandIn, type StandIn } from "../support/stripe-stand-in";

const TAB = "/configuracoes/planos";
let standIn: StandIn;
let db: Db;
let pro: { id: string; email: string };
const env = envOverrides();
const setEnv = env.set;
const withoutStripe = () => setEnv(Object.fromEntries(STRIPE_ENV_KEYS.filter((k) => k !== "STRIPE_API_BASE").map((k) => [k, undefined])));

beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(async () => {
  await standIn.close();
  env.restore();
});
beforeEach(async () => {
  setEnv(stripeTestEnv(standIn.url));
  db = createTestDb();
  pro = await createProfessional(db, { name: "Carla Dias" });
  standIn.requests.length = 0;
});
afterEach(() => db.$client.close());

async function tabView(search = "", who = pro) {
  return callLoader(tabLoader, { db, as: who, path: `${TAB}${search}` });
}

async function post(fields: Record<string, string>, who = pro) {
  return responseOf(await callAction(tabAction, { db, as: who, path: TAB, form: fields }));
}

async function setRow(values: Partial<typeof subscriptions.$inferInsert>, userId = pro.id) {
  await db.update(subscriptions).set(values).where(eq(subscriptions.userId, userId));
}

const expireTrial = (userId = pro.id) => setRow({ trialEndDate: new Date(Date.now() - 60_000) }, userId);

describe("/configuracoes/planos loader", () => {
  it("a trial user sees the trial, its days left and the monthly catalogue", async () => {
    const view = await tabView();
    expect(view.configured).toBe(true);
    expect(view.period).toBe("monthly");
    expect(view.current).toMatchObject({
      planName: "Período grátis",
      status: "trial",
      statusLabel: "Período grátis",
      premium: false,
      activeValid: false,
      trialDaysLeft: 7,
      canManage: false,
    });
    expect(view.current.trialEnds).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect((await tabView("?periodo=anual")).period).toBe("yearly");
  });

  it("an active subscriber sees the plan, the period end and can manage it", async () => {
    const end = new Date(Date.now() + 20 * 86_400_000);
    await setRow({ status: "active", planId: "avancado", billingPeriod: "yearly", subscriptionEndDate: end, priceMonthlyCents: 5583, stripeCustomerId: "cus_1" });
    const view = await tabView();
    expect(view.current).toMatchObject({ planName: "Avançado", planId: "avancado", billingPeriod: "yearly", premium: true, activeValid: true, statusLabel: "Ativa", canManage: true, priceMonthlyCents: 5583 });
    expect(view.current.periodEnds).toBe(new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "America/Sao_Paulo" }).format(end));
  });

  it("without Stripe keys: not configured, and the rest still loads", async () => {
    withoutStripe();
    const view = await tabView();
    expect(view.configured).toBe(false);
    expect(view.current.canManage).toBe(false);
    expect(Object.values(view.available).every((a) => !a.monthly && !a.yearly)).toBe(true);
  });

  it("a key without the webhook secret is not enough to take payments", async () => {
    setEnv({ STRIPE_WEBHOOK_SECRET: undefined });
    expect((await tabView()).configured).toBe(false);
  });

  it("a period whose price is not configured is not offered", async () => {
    setEnv({ STRIPE_PRICE_ENTERPRISE_YEARLY: "" });
    const view = await tabView();
    expect(view.available.enterprise).toEqual({ monthly: true, yearly: false });
  });
});

describe("checkout", () => {
  it("creates a Checkout Session as Stripe documents it and redirects to its url", async () => {
    const res = await post({ intent: "checkout", plan: "profissional", period: "yearly" });
    expect(res).toHaveRedirect(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/, 303);
    expect(standIn.requests).toHaveLength(1);
    const call = standIn.requests[0]!;
    expect(call).toMatchObject({
      method: "POST",
      path: "/v1/checkout/sessions",
      authorization: `Bearer ${TEST_SECRET_KEY}`,
      contentType: "application/x-www-form-urlencoded",
    });
    expect(call.form).toEqual({
      mode: "subscription",
      "line_items[0][price]": "price_test_profissional_yearly",
      "line_items[0][quantity]": "1",
      "payment_method_types[0]": "card",
      locale: "pt-BR",
      customer_email: pro.email,
      client_reference_id: pro.id,
      "metadata[user_id]": pro.id,
      "metadata[plan_id]": "profissional",
      "metadata[billing_period]": "yearly",
      "subscription_data[metadata][user_id]": pro.id,
      "subscription_data[metadata][plan_id]": "profissional",
      "subscription_data[metadata][billing_period]": "yearly",
      success_url: `${ORIGIN}${TAB}?checkout=sucesso&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ORIGIN}${TAB}?checkout=cancelado&periodo=anual`,
    });
  });

  it("sends the known Stripe customer instead of the e-mail", async () => {
    await setRow({ stripeCustomerId: "cus_existing", status: "cancelled" });
    await post({ intent: "checkout", plan: "essencial", period: "monthly" });
    const form = standIn.requests[0]!.form;
    expect(form.customer).toBe("cus_existing");
    expect(form.customer_email).toBeUndefined();
  });

  it("'URL de checkout não recebida' when Stripe answers without a url", async () => {
    const noUrl = await createProfessional(db, { email: `sem-url-${crypto.randomUUID().slice(0, 6)}@example.com` });
    const res = await post({ intent: "checkout", plan: "essencial", period: "monthly" }, noUrl);
    expect(res).toHaveRedirect(TAB);
    expect(await toastOf(res)).toEqual({ type: "error", title: CHECKOUT_ERROR_TITLE, description: CHECKOUT_NO_URL });
    expect(CHECKOUT_NO_URL).toBe("URL de checkout não recebida");
  });

  it("'Erro ao processar pagamento' when Stripe refuses", async () => {
    const declined = await createProfessional(db, { email: `recusado-${crypto.randomUUID().slice(0, 6)}@example.com` });
    const res = await post({ intent: "checkout", plan: "essencial", period: "monthly" }, declined);
    expect(res).toHaveRedirect(TAB);
    expect(await toastOf(res)).toEqual({ type: "error", title: "Erro ao processar pagamento", description: CHECKOUT_FAILED });
  });

  it("'Erro ao processar pagamento' when Stripe cannot be reached", async () => {
    setEnv({ STRIPE_API_BASE: "http://127.0.0.1:9" });
    const res = await post({ intent: "checkout", plan: "essencial", period: "monthly" });
    expect((await toastOf(res))?.title).toBe(CHECKOUT_ERROR_TITLE);
  });

  it("refuses an unknown plan or period without calling Stripe", async () => {
    const attempts: Record<string, string>[] = [{ plan: "gratis", period: "monthly" }, { plan: "essencial", period: "weekly" }, {}];
    for (const fields of attempts) {
      const res = await post({ intent: "checkout", ...fields });
      expect((await toastOf(res))?.title).toBe(CHECKOUT_ERROR_TITLE);
    }
    expect(standIn.requests).toHaveLength(0);
  });

  it("without Stripe keys says payments are not configured and calls nothing", async () => {
    withoutStripe();
    const res = await post({ intent: "checkout", plan: "essencial", period: "monthly" });
    expect(await toastOf(res)).toEqual({ type: "error", title: CHECKOUT_ERROR_TITLE, description: PAYMENTS_NOT_CONFIGURED });
    expect(standIn.requests).toHaveLength(0);
  });

  it("an active subscriber is sent to the portal instead of a second subscription", async () => {
    await setRow({ status: "active", planId: "essencial", subscriptionEndDate: new Date(Date.now() + 86_400_000), stripeCustomerId: "cus_1" });
    const res = await post({ intent: "checkout", plan: "enterprise", period: "monthly" });
    expect((await toastOf(res))?.title).toBe("Você já tem uma assinatura ativa");
    expect(standIn.requests).toHaveLength(0);
  });

  it("a past-due subscriber is sent to the portal, not to a second subscription that could bill twice", async () => {
    await setRow({ status: "past_due", planId: "essencial", stripeSubscriptionId: "sub_1", stripeCustomerId: "cus_1" });
    const res = await post({ intent: "checkout", plan: "essencial", period: "monthly" });
    expect((await toastOf(res))?.title).toBe("Sua assinatura tem um pagamento pendente");
    expect(standIn.requests).toHaveLength(0);
  });

  it("back from Checkout: the session is read at once and the plan is active", async () => {
    const res = await post({ intent: "checkout", plan: "avancado", period: "monthly" });
    const sessionId = locationOf(res).split("/").pop()!;
    await fetch(`${standIn.url}/__complete/${sessionId}`, { method: "POST" });
    const back = await callLoader(tabLoader, { db, as: pro, path: `${TAB}?checkout=sucesso&session_id=${sessionId}` }).catch(
      (r: Response) => r,
    );
    expect(back).toBeInstanceOf(Response);
    expect(back).toHaveRedirect(`${TAB}?checkout=sucesso`);
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, pro.id));
    expect(row).toMatchObject({ status: "active", planId: "avancado", billingPeriod: "monthly" });
    expect(standIn.requests.at(-1)).toMatchObject({ method: "GET", path: `/v1/checkout/sessions/${sessionId}`, query: { "expand[]": "subscription" } });
    const view = await tabView("?checkout=sucesso");
    expect(view).toMatchObject({ checkout: "sucesso", confirmed: true, refreshTo: null });
  });

  it("back from Checkout with someone else's session changes nothing and keeps refreshing", async () => {
    const other = await createProfessional(db);
    const res = await post({ intent: "checkout", plan: "avancado", period: "monthly" }, other);
    const sessionId = locationOf(res).split("/").pop()!;
    await fetch(`${standIn.url}/__complete/${sessionId}`, { method: "POST" });
    const view = await tabView(`?checkout=sucesso&session_id=${sessionId}`);
    expect(view.current.status).toBe("trial");
    expect(view).toMatchObject({ confirmed: false, refreshTo: `?checkout=sucesso&session_id=${sessionId}&n=1` });
    expect((await tabView(`?checkout=sucesso&session_id=${sessionId}&n=12`)).refreshTo).toBeNull();
  });
});

describe("portal", () => {
  it("opens the Customer Portal for the stored customer", async () => {
    await setRow({ stripeCustomerId: "cus_portal_ok" });
    const res = await post({ intent: "portal" });
    expect(res).toHaveRedirect(/^https:\/\/billing\.stripe\.com\/p\/session\//, 303);
    expect(standIn.requests[0]).toMatchObject({
      method: "POST",
      path: "/v1/billing_portal/sessions",
      authorization: `Bearer ${TEST_SECRET_KEY}`,
      form: { customer: "cus_portal_ok", return_url: `${ORIGIN}${TAB}`, locale: "pt-BR" },
    });
  });

  it("'Erro ao abrir gerenciamento de assinatura. Tente novamente.' when Stripe fails or there is no customer", async () => {
    await setRow({ stripeCustomerId: "cus_portal_falha_1" });
    const failed = await post({ intent: "portal" });
    expect(await toastOf(failed)).toEqual({ type: "error", title: "Erro", description: "Erro ao abrir gerenciamento de assinatura. Tente novamente." });
    await setRow({ stripeCustomerId: null });
    expect((await toastOf(await post({ intent: "portal" })))?.description).toBe(PORTAL_ERROR);
  });
});

describe("/planos (outside the workspace)", () => {
  async function cookieFor(userId: string) {
    const setCookie = await createSession(db, new Request(ORIGIN), userId, false);
    return setCookie.split(";")[0]!;
  }
  const get = async (search = "", cookie?: string) =>
    callLoader(plansLoader, { db, path: `/planos${search}`, cookie }).catch((r: Response) => r);

  it("signed out: the catalogue to start a trial", async () => {
    const view = (await get("?periodo=anual")) as Exclude<Awaited<ReturnType<typeof plansLoader>>, Response>;
    expect(view.signedIn).toBe(false);
    expect(view.view.period).toBe("yearly");
  });

  it("a professional with access goes to the plans tab, keeping the period", async () => {
    const res = (await get("?periodo=anual", await cookieFor(pro.id))) as Response;
    expect(res).toHaveRedirect(`${TAB}?periodo=anual`);
  });

  it("an expired trial sees the plans and can check out from here", async () => {
    await expireTrial();
    const cookie = await cookieFor(pro.id);
    const view = (await get("", cookie)) as Exclude<Awaited<ReturnType<typeof plansLoader>>, Response>;
    expect(view).toMatchObject({ signedIn: true, view: { configured: true, current: { status: "trial", trialDaysLeft: 0 } } });

    const request = formRequest("/planos", { intent: "checkout", plan: "essencial", period: "monthly" }, { cookie });
    const res = responseOf(await callAction(plansAction, { db, request }));
    expect(res).toHaveRedirect(/^https:\/\/checkout\.stripe\.com\//, 303);
    expect(standIn.requests[0]!.form).toMatchObject({
      client_reference_id: pro.id,
      success_url: `${ORIGIN}/planos?checkout=sucesso&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ORIGIN}/planos?checkout=cancelado`,
    });

    // Paid: back on /planos the session is read and the professional goes to the workspace.
    const sessionId = locationOf(res).split("/").pop()!;
    await fetch(`${standIn.url}/__complete/${sessionId}`, { method: "POST" });
    const back = (await get(`?checkout=sucesso&session_id=${sessionId}`, cookie)) as Response;
    expect(back).toHaveRedirect(`${TAB}?checkout=sucesso`);
  });

  it("checkout from /planos needs a session", async () => {
    const request = formRequest("/planos", { intent: "checkout", plan: "essencial", period: "monthly" });
    const res = await callAction(plansAction, { db, request }).catch((r: Response) => r);
    expect(res).toHaveRedirect(/^\/login/);
    expect(standIn.requests).toHaveLength(0);
  });
});
