import type { MonthlySummary as Summary } from "../../domain/metrics/insights";
import { formatMoney } from "../../domain/money";

const integer = new Intl.NumberFormat("pt-BR");

/** Appointments in the month, revenue, daily average and the share of returning clients. */
export function MonthlySummary({ summary, monthLabel }: { summary: Summary; monthLabel: string }) {
  const items = [
    {
      key: "appointments",
      label: "Agendamentos no mês",
      value: integer.format(summary.appointments),
      hint: "Sem contar os cancelados",
    },
    { key: "revenue", label: "Faturamento", value: formatMoney(summary.revenueCents), hint: "Atendimentos concluídos" },
    { key: "daily", label: "Média diária", value: formatMoney(summary.dailyAverageCents), hint: "Faturamento ÷ dias do mês até hoje" },
    {
      key: "returning",
      label: "Clientes recorrentes",
      value: summary.returningPct === null ? "—" : `${summary.returningPct}%`,
      hint:
        summary.returningPct === null
          ? "Nenhum cliente agendado este mês"
          : `dos ${integer.format(summary.monthClients)} clientes do mês têm mais de um agendamento`,
    },
  ];
  return (
    <section className="card" aria-labelledby="monthly-summary-title">
      <h2 id="monthly-summary-title" className="font-semibold">
        Resumo de {monthLabel}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-4 lg:grid-cols-4">
        {items.map((item) => (
          <div key={item.key} className="min-w-0" data-testid={`summary-${item.key}`}>
            <dt className="text-xs font-medium text-slate-600 sm:text-sm">{item.label}</dt>
            <dd className="mt-0.5 text-lg font-bold tabular-nums sm:text-xl">{item.value}</dd>
            <dd className="text-xs text-slate-500">{item.hint}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
