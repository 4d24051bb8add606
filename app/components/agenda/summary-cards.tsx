import { formatMoney } from "../../domain/money";
import { formatDate } from "../../domain/dates";

type AgendaSummary = {
  todayCount: number;
  periodCount: number;
  todayRevenueCents: number;
  todayUnclosedCents: number;
  next: { date: string; time: string; clientName: string | null } | null;
};

function Card({
  title,
  value,
  detail,
  testId,
  className = "",
}: {
  title: string;
  value: string;
  detail: string;
  testId: string;
  className?: string;
}) {
  return (
    <div className={`card min-w-0 p-3 sm:p-4 ${className}`} data-testid={testId}>
      <p className="text-xs font-medium text-slate-600 sm:text-sm">{title}</p>
      <p className="mt-1 truncate text-lg font-bold tabular-nums sm:text-2xl">{value}</p>
      <p className="mt-0.5 line-clamp-2 text-xs text-slate-500 sm:text-sm">{detail}</p>
    </div>
  );
}

/** Today's appointments, today's revenue (completed only) and the next appointment. */
export function SummaryCards({
  summary,
  today,
  periodLabel = "no período selecionado",
}: {
  summary: AgendaSummary;
  today: string;
  /** What the second figure counts: the list's period, or the day or week the calendar shows. */
  periodLabel?: string;
}) {
  const { next } = summary;
  return (
    <section aria-label="Resumo" className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3">
      <Card
        testId="summary-today"
        title="Agendamentos hoje"
        value={String(summary.todayCount)}
        detail={`${summary.periodCount} ${periodLabel}`}
      />
      <Card
        testId="summary-revenue"
        title="Faturamento hoje"
        value={formatMoney(summary.todayRevenueCents)}
        detail={summary.todayUnclosedCents ? `Inclui ${formatMoney(summary.todayUnclosedCents)} sem fechamento` : "Recebido nos concluídos"}
      />
      <Card
        testId="summary-next"
        className="col-span-2 sm:col-span-1"
        title="Próximo agendamento"
        value={next ? (next.date === today ? next.time : `${formatDate(next.date)} ${next.time}`) : "--:--"}
        detail={next ? (next.clientName ?? "Cliente não encontrado") : "Nenhum agendamento"}
      />
    </section>
  );
}
