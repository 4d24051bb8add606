// Plan catalogue of spec section 9 (prices in centavos) and seats of DECISIONS.md.

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
