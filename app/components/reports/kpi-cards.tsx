import type { Variation } from "../../domain/metrics/metrics";
import { formatMoney } from "../../domain/money";
import { STATUS_LABELS } from "../../domain/appointments/statuses";
import type { Report, ReportParams } from "./types";

const TREND_STYLE: Record<Variation["trend"], { className: string; arrow: string }> = {
  up: { className: "text-emerald-700", arrow: "▲" },
  down: { className: "text-red-700", arrow: "▼" },
  flat: { className: "text-slate-500", arrow: "■" },
  none: { className: "text-slate-500", arrow: "" },
};

function KpiCard({
  testId,
  title,
  value,
  variation,
  definition,
  extra,
}: {
  testId: string;
  title: string;
  value: string;
  variation: Variation;
  definition: string;
  extra?: string | null;
}) {
  const trend = TREND_STYLE[variation.trend];
  return (
    <div className="card min-w-0 p-3 sm:p-4" data-testid={testId}>
      <p className="text-xs font-medium text-slate-600 sm:text-sm">{title}</p>
      <p className="mt-1 truncate text-lg font-bold tabular-nums sm:text-2xl" data-testid={`${testId}-value`}>
        {value}
      </p>
      <p className={`mt-0.5 text-xs font-medium sm:text-sm ${trend.className}`} data-testid={`${testId}-variation`}>
        {trend.arrow ? (
          <span aria-hidden className="mr-1 text-[0.65rem]">
            {trend.arrow}
          </span>
        ) : null}
        {variation.label}
      </p>
      {extra ? <p className="mt-1 text-xs text-slate-600">{extra}</p> : null}
      <p className="mt-1 text-[0.7rem] leading-snug text-slate-500">{definition}</p>
    </div>
  );
}

/** The daily average, then what the revenue holds without a closing, the tips apart and 'Previsto'. */
function revenueExtra(kpis: Report["kpis"]): string | null {
  const { money } = kpis;
  const parts = [
    kpis.dailyAverageCents === null ? "" : `Média diária: ${formatMoney(kpis.dailyAverageCents)}`,
    money.unclosedCount ? `Inclui ${formatMoney(money.unclosedCents)} sem fechamento` : "",
    money.tipsCents ? `Gorjetas à parte: ${formatMoney(money.tipsCents)}` : "",
    money.expectedCents ? `Previsto: ${formatMoney(money.expectedCents)}` : "",
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : null;
}

/** Revenue, appointments, unique clients and average ticket, each against the previous period. */
export function KpiCards({ kpis, params }: { kpis: Report["kpis"]; params: ReportParams }) {
  const statusNote =
    params.status === "todos" ? "Sem os cancelados." : `Somente com status ${STATUS_LABELS[params.status]}.`;
  return (
    <section aria-label="Indicadores do período" className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
      <KpiCard
        testId="kpi-revenue"
        title="Receita total"
        value={formatMoney(kpis.revenue.value ?? 0)}
        variation={kpis.revenue.variation}
        extra={revenueExtra(kpis)}
        definition="Recebido nos concluídos, sem gorjetas (sem fechamento: preço de tabela)."
      />
      <KpiCard
        testId="kpi-appointments"
        title="Total de agendamentos"
        value={String(kpis.appointments.value ?? 0)}
        variation={kpis.appointments.variation}
        definition={`Agendamentos no período. ${statusNote}`}
      />
      <KpiCard
        testId="kpi-clients"
        title="Clientes únicos"
        value={String(kpis.clients.value ?? 0)}
        variation={kpis.clients.variation}
        definition="Clientes diferentes com agendamento no período."
      />
      <KpiCard
        testId="kpi-ticket"
        title="Ticket médio"
        value={kpis.ticket.value === null ? "—" : formatMoney(kpis.ticket.value)}
        variation={kpis.ticket.variation}
        definition={`Receita ÷ atendimentos concluídos (${kpis.completed}).`}
      />
    </section>
  );
}
