import { Link, redirect } from "react-router";
import type { Route } from "./+types/home";
import { Logo, SignedOutNav } from "../components/auth-layout";
import { getDb } from "../utils/db.server";
import { formatMoney } from "../domain/money";
import { PLANS } from "../domain/billing/plans";
import { getSessionUser } from "../utils/session.server";

/** The largest yearly saving in the catalogue (twelve monthly payments minus the yearly price). */
const BEST_YEARLY_SAVING = Math.max(...PLANS.map((p) => p.monthlyCents * 12 - p.yearlyCents));

export const meta: Route.MetaFunction = () => [
  { title: "Agendo — agenda online para barbeiros, cabeleireiros e manicures" },
  {
    name: "description",
    content:
      "Agenda online, gestão de clientes e página de agendamento para o link da bio. 7 dias grátis.",
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getSessionUser(getDb(context), request)) throw redirect("/dashboard");
  return null;
}

const FEATURES = [
  {
    title: "Agenda inteligente",
    text: "Horários livres calculados a partir do seu expediente, intervalos e duração de cada serviço. Sem conflito, sem encaixe errado.",
  },
  {
    title: "Link de agendamento",
    text: "Seu cliente escolhe o serviço e o horário pelo link da bio do Instagram, até com internet fraca. Você confirma com um toque.",
  },
  {
    title: "Clientes na mão",
    text: "Histórico, quanto cada cliente já gastou, quem é VIP e quem está sumido há mais de 30 dias.",
  },
  {
    title: "Relatórios de verdade",
    text: "Faturamento, ticket médio, serviços mais vendidos e taxa de ocupação calculados dos seus atendimentos.",
  },
];

export default function Home() {
  return (
    <div className="bg-white">
      <header className="mx-auto flex max-w-6xl items-center justify-between gap-3 p-4 text-brand sm:p-6">
        <Logo /> <SignedOutNav />
      </header>
      <main>
        <section className="mx-auto max-w-6xl px-4 py-12 text-center sm:py-20">
          <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
            Sua agenda cheia, seus clientes organizados.
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600">
            O Agendo é a agenda online de barbeiros, cabeleireiros, manicures e salões de uma cadeira.
            Seus clientes marcam pelo link da bio; você atende sem parar para responder mensagem.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/register" className="btn-primary px-6 py-3 text-base">
              Testar 7 dias grátis
            </Link>
            <a href="#planos" className="btn-secondary px-6 py-3 text-base">
              Ver planos
            </a>
          </div>
          <p className="mt-3 text-sm text-slate-500">Sem cartão de crédito para começar.</p>
        </section>
        <section className="bg-slate-50 py-16" aria-labelledby="recursos">
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="recursos" className="text-center text-3xl font-bold">
              Tudo o que você precisa entre um cliente e outro
            </h2>
            <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {FEATURES.map((f) => (
                <li key={f.title} className="card">
                  <h3 className="font-semibold text-brand">{f.title}</h3>
                  <p className="mt-2 text-sm text-slate-600">{f.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
        <section id="planos" className="py-16" aria-labelledby="planos-titulo">
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="planos-titulo" className="text-center text-3xl font-bold">
              Planos
            </h2>
            <p className="mt-2 text-center text-slate-600">
              No plano anual você paga 20% menos: até {formatMoney(BEST_YEARLY_SAVING)} de economia por ano.
              Cancele quando quiser.
            </p>
            <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {PLANS.map((plan) => (
                <PlanCard key={plan.id} plan={plan} />
              ))}
            </ul>
          </div>
        </section>
      </main>
      <footer className="border-t border-slate-200 py-8 text-center text-sm text-slate-500">
        © {new Date().getFullYear()} Agendo · Feito no Brasil para quem atende com hora marcada.
      </footer>
    </div>
  );
}

/** A plan: its price a month and in the yearly plan, what it includes, 'Começar grátis'. */
function PlanCard({ plan }: { plan: (typeof PLANS)[number] }) {
  return (
    <li className={`card flex flex-col ${plan.popular ? "border-2 border-brand" : ""}`}>
      {plan.popular ? (
        <p className="mb-2 self-start rounded-full bg-brand px-3 py-1 text-xs font-semibold text-white">
          Mais popular
        </p>
      ) : null}
      <h3 className="text-xl font-bold">{plan.name}</h3>
      <p className="text-sm text-slate-600">{plan.professionals}</p>
      <p className="mt-4 text-3xl font-extrabold">
        {formatMoney(plan.monthlyCents)}
        <span className="text-base font-medium text-slate-500">/mês</span>
      </p>
      <p className="text-sm text-slate-600">
        ou {formatMoney(plan.yearlyPerMonthCents)}/mês no plano anual
      </p>
      <ul className="mt-4 flex-1 space-y-1 text-sm text-slate-700">
        {plan.features.map((f) => (
          <li key={f}>✓ {f}</li>
        ))}
      </ul>
      <Link to="/register" className="btn-primary mt-6">
        Começar grátis
      </Link>
    </li>
  );
}
