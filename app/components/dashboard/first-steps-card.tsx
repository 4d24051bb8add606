import type { ReactNode } from "react";
import { Link } from "react-router";
import type { SetupStep } from "../../domain/accounts/setup-steps.server";

/**
 * 'Primeiros passos': the checklist from real data, the button that opens the setup wizard
 * (the one the first-time guide highlights) and the link to the tutorial.
 */
export function FirstStepsCard({
  steps,
  highlight,
  guide,
}: {
  steps: SetupStep[];
  highlight: boolean;
  /** The first-time guide, placed right above the button it points at. */
  guide?: ReactNode;
}) {
  const done = steps.filter((s) => s.done).length;
  return (
    <section className="card" aria-labelledby="first-steps-title" data-testid="first-steps">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="first-steps-title" className="font-semibold">
          Primeiros passos
        </h2>
        <p className="text-sm text-slate-600">
          {done} de {steps.length} concluídos
        </p>
      </div>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={steps.length}
        aria-valuenow={done}
        aria-label="Progresso dos primeiros passos"
      >
        <div className="h-full bg-brand" style={{ width: `${(done / steps.length) * 100}%` }} />
      </div>
      <ol className="mt-4 space-y-3">
        {steps.map((step) => (
          <li key={step.key} className="flex items-start gap-3" data-testid={`step-${step.key}`}>
            <span
              className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                step.done ? "bg-emerald-500 text-white" : "border border-slate-300 text-slate-500"
              }`}
              aria-hidden
            >
              {step.done ? "✓" : ""}
            </span>
            <div>
              <p className={`font-medium ${step.done ? "text-slate-500 line-through" : ""}`}>
                {step.href ? (
                  <Link to={step.href} className="hover:underline">
                    {step.title}
                  </Link>
                ) : (
                  step.title
                )}
                <span className="sr-only">{step.done ? " (concluído)" : " (pendente)"}</span>
              </p>
              <p className="text-sm text-slate-600">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className="relative mt-5">{guide}</div>
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to="/dashboard?assistente=1#assistente"
          preventScrollReset
          className={`btn-primary ${highlight ? "ring-4 ring-brand/40 ring-offset-2" : ""}`}
          data-testid="first-steps-button"
          data-highlight={highlight ? "on" : "off"}
        >
          Configurar agora
        </Link>
        <Link to="/tutorial" className="btn-link">
          Ver tutorial (14 minutos)
        </Link>
      </div>
    </section>
  );
}
