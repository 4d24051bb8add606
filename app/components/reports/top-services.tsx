import { barPercent } from "../../domain/metrics/metrics";
import { formatMoney } from "../../domain/money";
import { EmptyNote, ReportSection } from "./section";
import type { Report } from "./types";
import { plural } from "../../domain/words";

/** The 5 services with the most revenue in the period (then the most appointments). */
export function TopServices({ services }: { services: Report["topServices"] }) {
  const max = Math.max(0, ...services.map((s) => s.revenueCents));
  return (
    <ReportSection
      id="servicos"
      title="Top 5 serviços"
      definition="Por receita dos concluídos no período; empate decidido pelo número de agendamentos."
    >
      {services.length === 0 ? (
        <EmptyNote>Nenhum agendamento no período.</EmptyNote>
      ) : (
        <ol className="space-y-3" data-testid="top-services">
          {services.map((s, i) => (
            <li key={s.key} className="min-w-0">
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span className="min-w-0 truncate font-medium">
                  <span className="mr-1.5 text-slate-500">{i + 1}.</span>
                  {s.name}
                </span>
                <span className="shrink-0 font-semibold tabular-nums">{formatMoney(s.revenueCents)}</span>
              </div>
              <div className="mt-1 flex items-center gap-2">
                <div className="h-2 flex-1 rounded-full bg-slate-100" aria-hidden>
                  <div className="h-full rounded-full bg-brand-2" style={{ width: `${barPercent(s.revenueCents, max)}%` }} />
                </div>
                <span className="shrink-0 text-xs text-slate-600">
                  {plural(s.count, "agendamento", "agendamentos")}
                </span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </ReportSection>
  );
}
