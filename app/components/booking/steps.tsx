// The booking page's progress: 'Serviço', 'Horário', 'Dados' (the salon's page starts with
// 'Profissional'), each done, current or still to do.

export function Steps({ step, salon }: { step: number; salon: boolean }) {
  const labels = salon ? ["Profissional", "Serviço", "Horário", "Dados"] : ["Serviço", "Horário", "Dados"];
  return (
    <ol className="mt-4 flex items-center justify-between gap-2 text-xs font-medium" aria-label="Etapas">
      {labels.map((label, i) => {
        const n = salon ? i : i + 1;
        const state = n < step ? "done" : n === step ? "current" : "todo";
        return (
          <li key={label} className={`flex items-center gap-2 ${salon && state !== "current" ? "sm:flex-1" : "flex-1"}`} aria-current={state === "current" ? "step" : undefined}>
            <span
              className={`flex size-7 shrink-0 items-center justify-center rounded-full ${
                state === "todo" ? "bg-slate-200 text-slate-600" : "bg-brand text-white"
              }`}
            >
              {state === "done" ? "✓" : i + 1}
            </span>
            {/* Four steps do not fit a 360 px phone with every label: there, only the current one's. */}
            <span className={`${state === "todo" ? "text-slate-500" : "text-slate-900"} ${salon && state !== "current" ? "max-sm:sr-only" : ""}`}>
              {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
