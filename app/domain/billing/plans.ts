// The plan catalogue (prices in centavos) and each plan's seats.
// Every text about how many professionals a plan takes is derived from `seats` here, so Planos,
// the landing page and Contas say the same (docs/decisions/0743).
import { plural } from "../words";

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

/** The catalogue's own facts; what a plan says about its team is derived from `seats` below. */
type CatalogueEntry = Omit<Plan, "professionals" | "features"> & { extras: string[] };

const CATALOGUE: CatalogueEntry[] = [
  { id: "essencial", name: "Essencial", seats: 2, monthlyCents: 4990, yearlyCents: 47990, yearlyPerMonthCents: 3999, popular: false, extras: [] },
  { id: "avancado", name: "Avançado", seats: 5, monthlyCents: 6990, yearlyCents: 66990, yearlyPerMonthCents: 5583, popular: false, extras: [] },
  {
    id: "profissional",
    name: "Profissional",
    seats: 10,
    monthlyCents: 8990,
    yearlyCents: 86790,
    yearlyPerMonthCents: 7233,
    popular: true,
    extras: ["Suporte prioritário"],
  },
  {
    id: "enterprise",
    name: "Enterprise",
    seats: null,
    monthlyCents: 11990,
    yearlyCents: 115990,
    yearlyPerMonthCents: 9666,
    popular: false,
    extras: ["Suporte prioritário"],
  },
];

/**
 * Professionals a plan lets the owner link besides themselves (the owner counts as one):
 * Essencial 1, Avançado 4, Profissional 9; null = unlimited (Enterprise).
 */
export function linkedSeatsOf(plan: Pick<Plan, "seats">): number | null {
  return plan.seats === null ? null : Math.max(0, plan.seats - 1);
}

const professionals = (n: number) => plural(n, "profissional", "profissionais");

/** 'até 2 profissionais' (or 'profissionais ilimitados'), the owner included. */
function upTo(plan: Pick<Plan, "seats">): string {
  return plan.seats === null ? "profissionais ilimitados" : `até ${professionals(plan.seats)}`;
}

/** 'até 2 profissionais (você e mais 1)': what Contas and Planos both say of a plan's team. */
export function planTeamSize(plan: Pick<Plan, "seats">): string {
  const others = linkedSeatsOf(plan);
  if (others === null) return upTo(plan);
  return others === 0 ? "só você" : `${upTo(plan)} (você e mais ${others})`;
}

/** The plan card's line about the team, or null for a plan without linked accounts. */
export function teamFeature(plan: Pick<Plan, "seats">): string | null {
  return linkedSeatsOf(plan) === 0 ? null : `Contas vinculadas: ${planTeamSize(plan)}`;
}

/** The card's 'who it is for' line: from one past the previous plan's seats to this one's ('3 a 5 profissionais'). */
function professionalsRange(index: number): string {
  const seats = CATALOGUE[index]!.seats;
  const from = index === 0 ? 1 : (CATALOGUE[index - 1]!.seats ?? 0) + 1;
  if (seats === null) return `${from} ou mais profissionais`;
  return from === seats ? professionals(seats) : `${from} a ${seats} profissionais`;
}

export const PLANS: Plan[] = CATALOGUE.map(({ extras, ...entry }, index) => {
  const team = teamFeature(entry);
  return { ...entry, professionals: professionalsRange(index), features: [...COMMON, ...(team ? [team] : []), ...extras] };
});

/** The plans that link a team, as Contas names them: 'Os planos Essencial (até 2 profissionais), … permitem …'. */
export function teamPlansSentence(): string {
  const named = PLANS.filter((p) => linkedSeatsOf(p) !== 0).map((p) => `${p.name} (${upTo(p)})`);
  const list = named.length > 1 ? `${named.slice(0, -1).join(", ")} e ${named.at(-1)}` : (named[0] ?? "");
  return `${named.length > 1 ? "Os planos" : "O plano"} ${list} ${named.length > 1 ? "permitem" : "permite"} vincular a sua equipe.`;
}

export function planById(id: string | null | undefined): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}

export type BillingPeriod = "monthly" | "yearly";

export function isPlanId(id: unknown): id is PlanId {
  return typeof id === "string" && PLANS.some((p) => p.id === id);
}

export function isBillingPeriod(p: unknown): p is BillingPeriod {
  return p === "monthly" || p === "yearly";
}

/** The label of the yearly choice: its 20% off. */
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

/** Said plainly when this environment takes no payments: the plans are shown for reference only. */
export const PAYMENTS_NOT_CONFIGURED =
  "Os pagamentos não estão configurados neste ambiente. Os planos aparecem só para consulta.";
