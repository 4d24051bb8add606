import { Form, Link, useNavigation } from "react-router";
import { formatMoney } from "../../domain/money";
import { planPrice, yearlySavingsCents, type BillingPeriod, type Plan } from "../../domain/billing/plans";

export type PlanAction =
  /** A checkout button (signed in, payments configured, price set). */
  | { kind: "checkout" }
  /** The plan the user pays for now. */
  | { kind: "current" }
  /** Signed out: start the free trial. */
  | { kind: "register" }
  /** No button: payments off here, or a subscription already running. */
  | { kind: "none"; note: string };

/** One plan of the catalogue with its price for the chosen period and what to do with it. */
export function PlanCard({ plan, period, action }: { plan: Plan; period: BillingPeriod; action: PlanAction }) {
  const price = planPrice(plan, period);
  const navigation = useNavigation();
  const submitting =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "checkout" &&
    navigation.formData?.get("plan") === plan.id;
  return (
    <li
      className={`card relative flex flex-col ${plan.popular ? "border-2 border-brand" : ""}`}
      data-testid={`plan-${plan.id}`}
    >
      {plan.popular ? (
        <p className="mb-2 self-start rounded-full bg-brand px-3 py-1 text-xs font-semibold text-white">Mais popular</p>
      ) : null}
      <h3 className="text-xl font-bold">
        {plan.name}
      </h3>
      <p className="text-sm text-slate-600">{plan.professionals}</p>
      <p className="mt-4 text-3xl font-extrabold">
        {formatMoney(price.perMonthCents)}
        <span className="text-base font-medium text-slate-500">/mês</span>
      </p>
      {period === "yearly" ? (
        <p className="text-sm text-slate-600">
          {formatMoney(price.chargeCents)} cobrados por ano · economia de {formatMoney(yearlySavingsCents(plan))}
        </p>
      ) : (
        <p className="text-sm text-slate-600">cobrado todo mês</p>
      )}
      <ul className="mt-4 flex-1 space-y-1 text-sm text-slate-700">
        {plan.features.map((f) => (
          <li key={f}>✓ {f}</li>
        ))}
      </ul>
      <div className="mt-6">
        {action.kind === "checkout" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="checkout" />
            <input type="hidden" name="plan" value={plan.id} />
            <input type="hidden" name="period" value={period} />
            <button
              type="submit"
              className={`${plan.popular ? "btn-primary" : "btn-secondary"} w-full`}
              disabled={submitting}
              aria-label={`Assinar o plano ${plan.name} ${period === "yearly" ? "anual" : "mensal"}`}
            >
              {submitting ? "Redirecionando..." : "Assinar"}
            </button>
          </Form>
        ) : action.kind === "current" ? (
          <p className="rounded-lg bg-emerald-50 px-3 py-2.5 text-center text-sm font-semibold text-emerald-800">
            Plano atual
          </p>
        ) : action.kind === "register" ? (
          <Link to="/register" className="btn-primary w-full">
            Começar grátis
          </Link>
        ) : (
          <p className="text-center text-xs text-slate-500">{action.note}</p>
        )}
      </div>
    </li>
  );
}
