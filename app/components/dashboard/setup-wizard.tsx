import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { SetupStep } from "../../domain/accounts/setup-steps.server";
import { RouteDialog } from "../route-dialog";
import { useHydrated } from "../use-hydrated";

/** The wizard's four steps, in the product's words. */
const WIZARD_TITLES: Record<string, string> = {
  profile: "Perfil Profissional",
  hours: "Horários de Funcionamento",
  services: "Serviços Oferecidos",
  page: "Personalização da Página",
};

const WIZARD_ANCHOR = "assistente";
/** Spec: the wizard scrolls to its anchor after 100 ms. */
const WIZARD_SCROLL_DELAY_MS = 100;

/**
 * The setup wizard, opened by /dashboard?assistente=1#assistente. With JavaScript an overlay;
 * without it a plain section at the top of the page. 'Configurar Depois' and 'Finalizar
 * Configuração' are plain form posts that set users.setup_completed_at; 'Continuar
 * Configuração' opens the first step still to do.
 */
export function SetupWizard({ steps, ready }: { steps: SetupStep[]; ready: boolean }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const anchorRef = useRef<HTMLDivElement>(null);
  const done = steps.filter((s) => s.done).length;
  const next = steps.find((s) => !s.done && s.href);

  useEffect(() => {
    const timer = setTimeout(() => {
      anchorRef.current?.scrollIntoView({ block: "start", behavior: "auto" });
      anchorRef.current?.focus({ preventScroll: true });
    }, WIZARD_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <RouteDialog
      closeHref="/dashboard"
      inlineWithoutJs
      panelRef={anchorRef}
      id={WIZARD_ANCHOR}
      aria-labelledby="wizard-title"
      className={`w-full max-w-lg scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-5 shadow-xl sm:p-6 ${
        hydrated ? "max-h-[90vh] overflow-y-auto" : ""
      }`}
      data-testid="setup-wizard"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id="wizard-title" className="text-lg font-bold">
            Configuração inicial
          </h2>
          <p className="text-sm text-slate-600">
            {done} de {steps.length} etapas concluídas
          </p>
        </div>
        <Link
          to="/dashboard"
          preventScrollReset
          className="-m-1 rounded-lg p-1 text-xl leading-none text-slate-500 hover:text-slate-800"
          aria-label="Fechar configuração"
        >
          ×
        </Link>
      </div>
      <div className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden>
        <div className="h-full bg-brand" style={{ width: `${(done / steps.length) * 100}%` }} />
      </div>
      <ol className="mt-4 space-y-2">
        {steps.map((step, i) => (
          <WizardStep key={step.key} step={step} number={i + 1} current={step === next} />
        ))}
      </ol>
      <Form method="post" action="/dashboard" className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="submit" name="intent" value="setup-later" className="btn-secondary" disabled={!!sending}>
          Configurar Depois
        </button>
        {next?.href ? (
          <Link to={next.href} className={ready ? "btn-secondary" : "btn-primary"}>
            Continuar Configuração
          </Link>
        ) : null}
        {ready ? (
          <button type="submit" name="intent" value="setup-finish" className="btn-primary" disabled={!!sending}>
            {sending === "setup-finish" ? "Salvando..." : "Finalizar Configuração"}
          </button>
        ) : null}
      </Form>
    </RouteDialog>
  );
}

/** A step: done (✓) or its number, what it is, and 'Configurar' or 'Revisar'; the next one stands out. */
function WizardStep({ step, number, current }: { step: SetupStep; number: number; current: boolean }) {
  return (
    <li
      className={`flex items-start gap-3 rounded-xl border p-3 ${
        current ? "border-brand bg-brand/5" : "border-slate-200"
      }`}
      data-testid={`wizard-step-${step.key}`}
    >
      <span
        className={`mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
          step.done ? "bg-emerald-500 text-white" : "border border-slate-300 text-slate-500"
        }`}
        aria-hidden
      >
        {step.done ? "✓" : number}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {WIZARD_TITLES[step.key] ?? step.title}
          <span className="sr-only">{step.done ? " (concluído)" : " (pendente)"}</span>
        </p>
        <p className="text-sm text-slate-600">{step.text}</p>
        {step.href ? (
          <Link to={step.href} className="btn-link">
            {step.done ? "Revisar" : "Configurar"}
          </Link>
        ) : null}
      </div>
    </li>
  );
}
