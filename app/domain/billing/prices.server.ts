// Which Stripe price sells which plan and period: eight price ids from configuration
// (docs/decisions/0402), and whether Checkout can be offered at all.
import { env, type Env } from "../../utils/env.server";
import { PLANS, type BillingPeriod, type PlanId } from "./plans";

const PRICE_VARS: Record<PlanId, Record<BillingPeriod, keyof Env>> = {
  essencial: { monthly: "STRIPE_PRICE_ESSENCIAL_MONTHLY", yearly: "STRIPE_PRICE_ESSENCIAL_YEARLY" },
  avancado: { monthly: "STRIPE_PRICE_AVANCADO_MONTHLY", yearly: "STRIPE_PRICE_AVANCADO_YEARLY" },
  profissional: { monthly: "STRIPE_PRICE_PROFISSIONAL_MONTHLY", yearly: "STRIPE_PRICE_PROFISSIONAL_YEARLY" },
  enterprise: { monthly: "STRIPE_PRICE_ENTERPRISE_MONTHLY", yearly: "STRIPE_PRICE_ENTERPRISE_YEARLY" },
};

/** The configured Stripe price id of a plan and period, if any. */
export function priceIdFor(planId: PlanId, period: BillingPeriod): string | undefined {
  const value = env()[PRICE_VARS[planId][period]];
  return typeof value === "string" && value ? value : undefined;
}

/** Which plan and period a configured price id stands for. */
export function planForPriceId(priceId: string | null | undefined) {
  if (!priceId) return undefined;
  for (const plan of PLANS) {
    for (const period of ["monthly", "yearly"] as const) {
      if (priceIdFor(plan.id, period) === priceId) return { planId: plan.id, period };
    }
  }
  return undefined;
}

/**
 * Checkout is offered only when the secret key and the webhook secret are both set (without the
 * webhook nothing would ever activate a paid subscription) and at least one price is configured.
 */
export function checkoutAvailable(): boolean {
  const e = env();
  return !!e.STRIPE_SECRET_KEY && !!e.STRIPE_WEBHOOK_SECRET && PLANS.some((p) => priceIdFor(p.id, "monthly") || priceIdFor(p.id, "yearly"));
}
