// Plan catalogue of docs/product/spec.md §9 (prices in centavos) and seats of docs/product/decisions.md.

export type PlanId = "essencial" | "avancado" | "profissional" | "enterprise";

export type Plan = {
  id: PlanId;
  name: string;
  professionals: string;
  /** Professionals including the owner; null = unlimited. */
  seats: number | null;
  monthlyCents: number;
  yearlyCents: number;
  yearlyPerMonthCents: number;
  popular: boolean;
  features: string[];
};

const COMMON = [
  "Agenda online ilimitada",
  "Página de agendamento personalizada",
  "Gestão de clientes",
  "Relatórios e métricas",
];

export const PLANS: Plan[] = [
  {
    id: "essencial",
    name: "Essencial",
    professionals: "1 a 2 profissionais",
    seats: 2,
    monthlyCents: 4990,
    yearlyCents: 47990,
    yearlyPerMonthCents: 3999,
    popular: false,
    features: COMMON,
  },
  {
    id: "avancado",
    name: "Avançado",
    professionals: "3 a 5 profissionais",
    seats: 5,
    monthlyCents: 6990,
    yearlyCents: 66990,
    yearlyPerMonthCents: 5583,
    popular: false,
    features: [...COMMON, "Contas vinculadas para a equipe"],
  },
  {
    id: "profissional",
    name: "Profissional",
    professionals: "6 a 10 profissionais",
    seats: 10,
    monthlyCents: 8990,
    yearlyCents: 86790,
    yearlyPerMonthCents: 7233,
    popular: true,
    features: [...COMMON, "Contas vinculadas para a equipe", "Suporte prioritário"],
  },
  {
    id: "enterprise",
    name: "Enterprise",
    professionals: "11 ou mais profissionais",
    seats: null,
    monthlyCents: 11990,
    yearlyCents: 115990,
    yearlyPerMonthCents: 9666,
    popular: false,
    features: [...COMMON, "Profissionais ilimitados", "Suporte prioritário"],
  },
];

export function planById(id: string | null | undefined): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}

export type BillingPeriod = "monthly" | "yearly";
export const BILLING_PERIODS: BillingPeriod[] = ["monthly", "yearly"];

export function isPlanId(id: unknown): id is PlanId {
  return typeof id === "string" && PLANS.some((p) => p.id === id);
}

export function isBillingPeriod(p: unknown): p is BillingPeriod {
  return p === "monthly" || p === "yearly";
}

/** The spec's label for the yearly choice (docs/product/spec.md §9: 'Yearly labelled 20% off'). */
export const YEARLY_DISCOUNT_LABEL = "20% OFF";

/** What is charged per period, and what that is per month (yearly: the spec's installment). */
export function planPrice(plan: Plan, period: BillingPeriod) {
  return period === "yearly"
    ? { chargeCents: plan.yearlyCents, perMonthCents: plan.yearlyPerMonthCents }
    : { chargeCents: plan.monthlyCents, perMonthCents: plan.monthlyCents };
}

/** Twelve monthly payments minus the yearly price: what the yearly plan saves in a year. */
export function yearlySavingsCents(plan: Plan) {
  return plan.monthlyCents * 12 - plan.yearlyCents;
}

/** The plan's name as the plans tab shows it; 'Período grátis' for the trial. */
export function planName(id: string | null | undefined) {
  return planById(id)?.name ?? "Período grátis";
}

export function periodLabel(period: BillingPeriod | null | undefined) {
  return period === "yearly" ? "Anual" : period === "monthly" ? "Mensal" : "";
}

/** Said plainly when this environment takes no payments (docs/product/decisions.md 'Access and plans'). */
export const PAYMENTS_NOT_CONFIGURED =
  "Os pagamentos não estão configurados neste ambiente. Os planos aparecem só para consulta.";
