import { PLANS, type BillingPeriod, type Plan } from "../../domain/billing/plans";
import { PeriodToggle } from "./period-toggle";
import { PlanCard, type PlanAction } from "./plan-card";

/** The four plans (Essencial to Enterprise), with the monthly/yearly choice. */
export function PlanCatalogue({
  period,
  actionFor,
  headingLevel = "h2",
}: {
  period: BillingPeriod;
  actionFor: (plan: Plan) => PlanAction;
  headingLevel?: "h1" | "h2";
}) {
  const Heading = headingLevel;
  return (
    <section aria-labelledby="catalogo-titulo" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Heading id="catalogo-titulo" className="text-lg font-semibold">
            Planos
          </Heading>
          <p className="text-sm text-slate-600">
            Pagamento com cartão, em reais. Cancele quando quiser.
          </p>
        </div>
        <PeriodToggle period={period} />
      </div>
      <ul className="grid gap-4 sm:grid-cols-2">
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} period={period} action={actionFor(plan)} />
        ))}
      </ul>
    </section>
  );
}

/** What each card offers a signed-in professional, from the view the loader built. */
export function signedInAction(
  view: {
    configured: boolean;
    period: BillingPeriod;
    available: Record<string, Record<BillingPeriod, boolean>>;
    current: { activeValid: boolean; planId: string | null; billingPeriod: string | null };
  },
  plan: Plan,
): PlanAction {
  if (view.current.activeValid) {
    if (view.current.planId === plan.id && view.current.billingPeriod === view.period) return { kind: "current" };
    return { kind: "none", note: "Para trocar de plano, use 'Gerenciar assinatura'." };
  }
  if (!view.configured) return { kind: "none", note: "Assinatura indisponível neste ambiente." };
  if (!view.available[plan.id]?.[view.period]) {
    return { kind: "none", note: "Este período não está disponível para pagamento neste ambiente." };
  }
  return { kind: "checkout" };
}
