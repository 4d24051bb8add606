// The plans screens (/planos and the Planos tab of Configurações): what they show and their form,
// which opens Stripe Checkout or the Customer Portal (docs/decisions/0404).
import { redirect } from "react-router";
import { isSubscriptionValid } from "../../domain/billing/subscription-rules";
import { currentPlan } from "../../domain/billing/plan-status";
import {
  isBillingPeriod,
  isPlanId,
  PAYMENTS_NOT_CONFIGURED,
  PLANS,
  type BillingPeriod,
  type PlanId,
} from "../../domain/billing/plans";
import type { SubscriptionRow } from "../../domain/billing/subscription-decision";
import { findSubscription } from "../../domain/billing/subscriptions.server";
import type { Db } from "../../utils/db.server";
import { appUrl } from "../../utils/env.server";
import { checkoutAvailable, priceIdFor } from "../../domain/billing/prices.server";
import { createCheckoutSession, createPortalSession, stripeConfigured } from "../../utils/stripe.server";
import { redirectWithToast } from "../../utils/toast.server";
import { readForm } from "../../utils/actions.server";

// ------------------------------------------------------------------ messages

export const CHECKOUT_ERROR_TITLE = "Erro ao processar pagamento";
export const CHECKOUT_NO_URL = "URL de checkout não recebida";
export const CHECKOUT_FAILED = "Não foi possível iniciar o pagamento. Tente novamente em instantes.";
export const PORTAL_ERROR = "Erro ao abrir gerenciamento de assinatura. Tente novamente.";
export { PAYMENTS_NOT_CONFIGURED };

type PlanUser = { id: string; email: string };

function periodFromSearch(value: string | null): BillingPeriod {
  return value === "anual" ? "yearly" : "monthly";
}

/** Everything the plans catalogue and the current-plan card show (shared by both screens). */
export function plansView(row: SubscriptionRow | null, opts: { now: Date; timeZone: string; search: URLSearchParams }) {
  const { now, timeZone, search } = opts;
  const activeValid = row?.status === "active" && isSubscriptionValid(row, now);
  const param = search.get("checkout");
  const checkout: "sucesso" | "cancelado" | null = param === "sucesso" || param === "cancelado" ? param : null;
  return {
    configured: checkoutAvailable(),
    period: periodFromSearch(search.get("periodo")),
    available: Object.fromEntries(
      PLANS.map((p) => [p.id, { monthly: !!priceIdFor(p.id, "monthly"), yearly: !!priceIdFor(p.id, "yearly") }]),
    ) as Record<PlanId, Record<BillingPeriod, boolean>>,
    current: currentPlan(row, { now, timeZone }),
    checkout,
    confirmed: checkout === "sucesso" && activeValid,
    /** Back from Checkout before the webhook: reload every 5 s for about a minute. */
    refreshTo: checkout === "sucesso" && !activeValid ? nextRefresh(search) : null,
  };
}

const REFRESH_TRIES = 12;

function nextRefresh(search: URLSearchParams) {
  const n = Number(search.get("n") ?? "0");
  if (!Number.isInteger(n) || n >= REFRESH_TRIES) return null;
  const next = new URLSearchParams();
  for (const key of ["checkout", "session_id", "periodo"]) {
    const value = search.get(key);
    if (value) next.set(key, value);
  }
  next.set("n", String(n + 1));
  return `?${next}`;
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== "string") return false;
  try {
    const u = new URL(value);
    return u.protocol === "https:" || u.protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * The plans screens' form: `intent=checkout` (with `plan` and `period`) opens Stripe Checkout,
 * `intent=portal` the Customer Portal. Failures come back to `returnPath` as a toast with the
 * spec's messages; success is a redirect to Stripe.
 */
export async function plansAction(request: Request, db: Db, user: PlanUser, returnPath: string) {
  const form = await readForm(request);
  const intent = form.get("intent");
  const row = await findSubscription(db, user.id);
  const back = (toast: Parameters<typeof redirectWithToast>[2]) => redirectWithToast(request, returnPath, toast);
  const origin = appUrl();

  if (intent === "portal") {
    if (!row?.stripeCustomerId || !stripeConfigured()) return back({ type: "error", title: "Erro", description: PORTAL_ERROR });
    try {
      const portal = await createPortalSession(row.stripeCustomerId, `${origin}${returnPath}`);
      if (!isHttpUrl(portal.url)) throw new Error("portal session without url");
      return redirect(portal.url, 303);
    } catch (error) {
      console.error("stripe: customer portal failed", error);
      return back({ type: "error", title: "Erro", description: PORTAL_ERROR });
    }
  }

  if (intent === "checkout") {
    const planId = form.get("plan");
    const period = form.get("period");
    if (!isPlanId(planId) || !isBillingPeriod(period)) {
      return back({ type: "error", title: CHECKOUT_ERROR_TITLE, description: "Escolha um plano e um período." });
    }
    const priceId = priceIdFor(planId, period);
    if (!checkoutAvailable() || !priceId) {
      return back({ type: "error", title: CHECKOUT_ERROR_TITLE, description: PAYMENTS_NOT_CONFIGURED });
    }
    const now = new Date();
    if (row?.status === "active" && isSubscriptionValid(row, now)) {
      return back({
        type: "info",
        title: "Você já tem uma assinatura ativa",
        description: "Para trocar de plano ou cancelar, use 'Gerenciar assinatura'.",
      });
    }
    // Stripe keeps retrying a past-due subscription: a second one could bill twice. The card
    // is fixed (or the subscription cancelled) in the Customer Portal.
    if (row?.status === "past_due" && row.stripeSubscriptionId) {
      return back({
        type: "info",
        title: "Sua assinatura tem um pagamento pendente",
        description: "Atualize o cartão ou cancele em 'Gerenciar assinatura' antes de assinar de novo.",
      });
    }
    const periodParam = period === "yearly" ? "&periodo=anual" : "";
    try {
      const session = await createCheckoutSession({
        priceId,
        userId: user.id,
        email: user.email,
        customerId: row?.stripeCustomerId,
        planId,
        period,
        successUrl: `${origin}${returnPath}?checkout=sucesso&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${origin}${returnPath}?checkout=cancelado${periodParam}`,
      });
      if (!isHttpUrl(session.url)) {
        return back({ type: "error", title: CHECKOUT_ERROR_TITLE, description: CHECKOUT_NO_URL });
      }
      return redirect(session.url, 303);
    } catch (error) {
      console.error("stripe: checkout session failed", error);
      return back({ type: "error", title: CHECKOUT_ERROR_TITLE, description: CHECKOUT_FAILED });
    }
  }

  return back({ type: "error", title: "Erro", description: "Ação desconhecida." });
}
