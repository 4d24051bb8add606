import type { MonthlySummary as Summary } from "../../domain/metrics/dashboard-figures";
import { formatMoney, formatInteger } from "../../domain/money";


/** This month to date (as Relatórios' 'Este mês'): appointments, revenue, daily average and recurring clients. */
export function MonthlySummary({ summary, monthLabel }: { summary: Summary; monthLabel: string }) {
  const items = [
    {
      key: "appointments",
      label: "Agendamentos",
      value: formatInteger(summary.appointments),
      hint:
        "Do dia 1º até hoje, sem os cancelados" +
        (summary.bookedAhead === 0
          ? ""
          : summary.bookedAhead === 1
            ? "; mais 1 marcado até o fim do mês"
            : `; mais ${formatInteger(summary.bookedAhead)} marcados até o fim do mês`),
    },
    {
      key: "revenue",
      label: "Faturamento",
      value: formatMoney(summary.revenueCents),
      hint: [
        "Recebido nos concluídos",
        summary.unclosedCents ? `inclui ${formatMoney(summary.unclosedCents)} sem fechamento` : "",
        summary.tipsCents ? `gorjetas à parte: ${formatMoney(summary.tipsCents)}` : "",
        summary.expectedCents ? `previsto: ${formatMoney(summary.expectedCents)}` : "",
      ]
        .filter(Boolean)
        .join("; "),
    },
    { key: "daily", label: "Média diária", value: formatMoney(summary.dailyAverageCents), hint: "Faturamento ÷ dias do mês até hoje" },
    {
      key: "returning",
      label: "Clientes recorrentes",
      value: summary.returningPct === null ? "—" : `${summary.returningPct}%`,
      hint:
        summary.returningPct === null
          ? "Nenhum cliente atendido este mês"
          : summary.monthClients === 1
            ? "do cliente atendido este mês já veio mais de uma vez"
            : `dos ${formatInteger(summary.monthClients)} clientes atendidos este mês já vieram mais de uma vez`,
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
