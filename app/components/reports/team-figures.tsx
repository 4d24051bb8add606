import { percentLabel } from "../../domain/metrics/metrics";
import { formatMoney } from "../../domain/money";
import { ReportSection } from "./section";

type Row = { userId: string; name: string; isOwner: boolean; revenueCents: number; appointments: number; occupancy: number | null };
type TeamFiguresData = { rows: Row[]; total: { revenueCents: number; appointments: number; occupancy: number | null } };

/**
 * 'Equipe' in Relatórios (the owner's only): each professional's revenue, appointments and
 * occupancy in the period, and the salon's total. A table on every width: on a phone it keeps
 * four short columns.
 */
export function TeamFigures({ team }: { team: TeamFiguresData }) {
  return (
    <ReportSection
      id="equipe"
      title="Equipe"
      definition="Receita: atendimentos concluídos. Agendamentos: sem os cancelados. Ocupação: minutos agendados ÷ minutos de trabalho de cada profissional no período. Todos os serviços e status."
    >
      <div className="overflow-x-auto">
        <table className="w-full min-w-[18rem] text-sm" data-testid="team-figures">
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs text-slate-600">
              <th scope="col" className="py-2 pr-2 font-medium">Profissional</th>
              <th scope="col" className="px-2 py-2 text-right font-medium">Receita</th>
              <th scope="col" className="px-2 py-2 text-right font-medium">Agend.</th>
              <th scope="col" className="py-2 pl-2 text-right font-medium">Ocupação</th>
            </tr>
          </thead>
          <tbody>
            {team.rows.map((r) => (
              <tr key={r.userId} className="border-b border-slate-100">
                <th scope="row" className="max-w-[9rem] truncate py-2 pr-2 text-left font-medium">
                  {r.name}
                  {r.isOwner ? <span className="ml-1 text-xs font-normal text-slate-500">(você)</span> : null}
                </th>
                <td className="whitespace-nowrap px-2 py-2 text-right tabular-nums">{formatMoney(r.revenueCents)}</td>
                <td className="px-2 py-2 text-right tabular-nums">{r.appointments}</td>
                <td className="py-2 pl-2 text-right tabular-nums">{percentLabel(r.occupancy)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <th scope="row" className="py-2 pr-2 text-left">Total do salão</th>
              <td className="whitespace-nowrap px-2 py-2 text-right tabular-nums">{formatMoney(team.total.revenueCents)}</td>
              <td className="px-2 py-2 text-right tabular-nums">{team.total.appointments}</td>
              <td className="py-2 pl-2 text-right tabular-nums">{percentLabel(team.total.occupancy)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </ReportSection>
  );
}
