import { Link } from "react-router";
import { percentLabel } from "../../domain/metrics/metrics";
import { formatDuration, formatInteger } from "../../domain/money";
import { ReportSection } from "./section";
import type { Report } from "./types";
import { plural, pluralWord } from "../../domain/words";

function Tile({ testId, title, value, detail }: { testId: string; title: string; value: string; detail: React.ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg bg-slate-50 p-3" data-testid={testId}>
      <p className="text-xs font-medium text-slate-600">{title}</p>
      <p className="mt-0.5 text-xl font-bold tabular-nums" data-testid={`${testId}-value`}>
        {value}
      </p>
      <p className="mt-0.5 text-xs text-slate-600">{detail}</p>
    </div>
  );
}

/** Occupancy, average time per service and recurring clients, each with its definition. */
export function Efficiency({ efficiency: e }: { efficiency: Report["efficiency"] }) {
  return (
    <ReportSection id="eficiencia" title="Eficiência operacional">
      <div className="grid gap-2 sm:grid-cols-3">
        <Tile
          testId="occupancy"
          title="Taxa de ocupação"
          value={percentLabel(e.occupancy)}
          detail={
            e.availableMinutes > 0 ? (
              `${formatDuration(e.bookedMinutes)} agendadas de ${formatDuration(e.availableMinutes)} disponíveis`
            ) : (
              <>
                Sem horário de trabalho no período.{" "}
                <Link to="/configuracoes/horarios" className="btn-link text-xs">
                  Configurar horários
                </Link>
              </>
            )
          }
        />
        <Tile
          testId="average-duration"
          title="Tempo médio por serviço"
          value={e.averageDurationMinutes === null ? "—" : formatDuration(e.averageDurationMinutes)}
          detail={`Média de ${plural(e.completed, "atendimento concluído", "atendimentos concluídos")}`}
        />
        <Tile
          testId="recurring"
          title="Clientes recorrentes"
          value={percentLabel(e.recurringShare)}
          detail={`${formatInteger(e.recurring)} de ${plural(e.clients, "cliente atendido", "clientes atendidos")} já ${pluralWord(e.recurring, "veio", "vieram")} mais de uma vez`}
        />
      </div>
      <p className="mt-3 text-xs text-slate-500">
        Ocupação = minutos agendados (sem os cancelados) ÷ minutos de trabalho dos dias do período, pelos horários
        de funcionamento atuais, descontado o intervalo.
      </p>
    </ReportSection>
  );
}
