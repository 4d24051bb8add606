import { barPercent } from "../../domain/metrics/metrics";
import { formatMoney } from "../../domain/money";
import { ReportSection } from "./section";
import type { Report } from "./types";

/** Appointments and revenue per weekday, Seg to Dom, with a bar for the revenue. */
export function WeekdayPerformance({ weekdays }: { weekdays: Report["weekdays"] }) {
  const max = Math.max(0, ...weekdays.map((d) => d.revenueCents));
  const best = max > 0 ? weekdays.find((d) => d.revenueCents === max) : null;
  return (
    <ReportSection
      id="semana"
      title="Desempenho semanal"
      definition="Agendamentos (sem os cancelados, ou do status escolhido) e receita dos concluídos, por dia da semana, no período."
    >
      <table className="w-full text-sm" data-testid="weekday-table">
        <thead className="sr-only">
          <tr>
            <th scope="col">Dia</th>
            <th scope="col">Agendamentos</th>
            <th scope="col">Receita</th>
          </tr>
        </thead>
        <tbody>
          {weekdays.map((d) => (
            <tr key={d.dayOfWeek} data-weekday={d.short} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="w-12 py-2 pr-2 text-left font-medium">
                <abbr title={d.long} className="no-underline">
                  {d.short}
                </abbr>
              </th>
              <td className="w-20 py-2 pr-2 text-xs text-slate-600 tabular-nums">
                {d.count} agend.
              </td>
              <td className="py-2">
                <div className="flex items-center gap-2">
                  <div className="h-2.5 min-w-0 flex-1 rounded-full bg-slate-100" aria-hidden>
                    <div className="h-full rounded-full bg-brand" style={{ width: `${barPercent(d.revenueCents, max)}%` }} />
                  </div>
                  <span className="w-24 shrink-0 text-right font-semibold tabular-nums">{formatMoney(d.revenueCents)}</span>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-sm text-slate-600">
        {best ? (
          <>
            Melhor dia: <strong>{best.long}</strong> ({formatMoney(best.revenueCents)})
          </>
        ) : (
          "Nenhuma receita no período."
        )}
      </p>
    </ReportSection>
  );
}
