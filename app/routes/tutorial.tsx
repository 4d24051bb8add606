import { data, Link, redirect, useFetcher, useLoaderData } from "react-router";
import type { Route } from "./+types/tutorial";
import { ClockIcon } from "../components/dashboard/icons";
import { requireUser } from "./workspace.server";
import { isTutorialStepKey, setTutorialStep, tutorialSteps, type TutorialStepKey } from "../domain/metrics/onboarding.server";
import { getDb } from "../utils/db.server";
import { setupSteps } from "../domain/accounts/setup-steps.server";
import { readForm } from "../utils/actions.server";

export const meta: Route.MetaFunction = () => [{ title: "Tutorial — Agendo" }];

/** The tutorial's four steps, each on the screen that does it. */
const TUTORIAL: { key: TutorialStepKey; title: string; minutes: number; href: string; linkLabel: string; details: string[] }[] = [
  {
    key: "profile",
    title: "Informações pessoais",
    minutes: 2,
    href: "/configuracoes/perfil",
    linkLabel: "Abrir Informações Pessoais",
    details: [
      "Seu nome completo e o nome do seu negócio",
      "Telefone ou WhatsApp para contato",
      "Foto de perfil, especialidade e endereço",
      "O endereço (link) da sua página de agendamento",
    ],
  },
  {
    key: "hours",
    title: "Horários de trabalho",
    minutes: 3,
    href: "/configuracoes/horarios",
    linkLabel: "Abrir Horários",
    details: [
      "Os dias da semana em que você atende",
      "O horário de início e de fim de cada dia",
      "O intervalo de almoço, se houver",
    ],
  },
  {
    key: "services",
    title: "Serviços",
    minutes: 4,
    href: "/servicos",
    linkLabel: "Abrir Serviços",
    details: [
      "Categorias para organizar (ex.: Cabelo, Barba, Unhas)",
      "Nome, preço e duração de cada serviço",
      "Uma descrição curta para seus clientes",
    ],
  },
  {
    key: "page",
    title: "Página de agendamento",
    minutes: 5,
    href: "/configuracoes/pagina",
    linkLabel: "Abrir Página de Agendamento",
    details: [
      "Título, descrição e mensagem de boas-vindas",
      "As cores da sua marca",
      "Mostrar ou esconder os preços dos serviços",
      "Compartilhar o link no Instagram e no WhatsApp",
    ],
  },
];

const TOTAL_MINUTES = TUTORIAL.reduce((sum, s) => sum + s.minutes, 0);

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const [ticked, steps] = await Promise.all([tutorialSteps(db, user.id), setupSteps(db, user.profile)]);
  return {
    totalMinutes: TOTAL_MINUTES,
    steps: TUTORIAL.map((step) => ({
      ...step,
      ticked: ticked.includes(step.key),
      dataDone: steps.some((s) => s.key === step.key && s.done),
    })),
  };
}

/** Ticks or unticks one step (stored in users.tutorial_steps, so it follows the professional). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const form = await readForm(request);
  const step = form.get("step");
  const done = form.get("done");
  if (form.get("intent") !== "tick" || !isTutorialStepKey(step) || (done !== "1" && done !== "0")) {
    throw data(null, { status: 400 });
  }
  await setTutorialStep(getDb(context), user.id, step, done === "1");
  return redirect(`/tutorial#passo-${step}`);
}

type StepView = ReturnType<typeof useLoaderData<typeof loader>>["steps"][number];

function StepCard({ step, index }: { step: StepView; index: number }) {
  const fetcher = useFetcher();
  // Optimistic: while the post is on its way, show what was asked for.
  const ticked = fetcher.formData ? fetcher.formData.get("done") === "1" : step.ticked;
  const done = ticked || step.dataDone;
  return (
    <li id={`passo-${step.key}`} className="card scroll-mt-20" data-testid={`tutorial-step-${step.key}`}>
      <div className="flex items-start gap-3">
        <span
          className={`flex size-9 shrink-0 items-center justify-center rounded-full font-bold ${
            done ? "bg-emerald-500 text-white" : "bg-brand/10 text-brand"
          }`}
          aria-hidden
        >
          {done ? "✓" : index + 1}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <h2 className="text-lg font-semibold">
              {index + 1}. {step.title}
            </h2>
            <p className="flex items-center gap-1 text-sm text-slate-500">
              <ClockIcon /> {step.minutes} min
            </p>
          </div>
          <p className="text-sm font-medium" data-testid="tutorial-status">
            {done ? (
              <span className="text-emerald-700">
                Concluído{step.dataDone && !ticked ? " (seus dados já cobrem este passo)" : ""}
              </span>
            ) : (
              <span className="text-slate-500">Pendente</span>
            )}
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {step.details.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Link to={step.href} className="btn-secondary">
              {step.linkLabel}
            </Link>
            <fetcher.Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="tick" />
              <input type="hidden" name="step" value={step.key} />
              <input type="hidden" name="done" value={ticked ? "0" : "1"} />
              <button type="submit" className={ticked || step.dataDone ? "btn-link" : "btn-primary"} aria-label={`${ticked ? "Desmarcar" : "Marcar como concluído"}: ${step.title}`}>
                {ticked ? "Desmarcar" : "Marcar como concluído"}
              </button>
            </fetcher.Form>
          </div>
        </div>
      </div>
    </li>
  );
}

export default function Tutorial() {
  const { steps, totalMinutes } = useLoaderData<typeof loader>();
  const done = steps.filter((s) => s.ticked || s.dataDone).length;
  return (
    <div className="mx-auto max-w-3xl space-y-4 sm:space-y-6">
      <Link to="/dashboard" className="btn-link inline-flex items-center gap-1">
        <span aria-hidden>←</span> Voltar ao Dashboard
      </Link>
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Tutorial de configuração</h1>
        <p className="text-slate-600">Quatro passos para deixar sua agenda pronta para receber clientes.</p>
      </header>
      <div className="rounded-2xl bg-gradient-to-r from-brand to-brand-2 p-5 text-white shadow-sm">
        <p className="text-2xl font-bold">{totalMinutes} minutos</p>
        <p className="text-sm text-white/90">
          É o tempo estimado para configurar tudo. {done} de {steps.length} passos concluídos.
        </p>
      </div>
      <ol className="space-y-4">
        {steps.map((step, i) => (
          <StepCard key={step.key} step={step} index={i} />
        ))}
      </ol>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
