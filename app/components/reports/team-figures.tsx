import { Link } from "react-router";
import { percentLabel } from "../../domain/metrics/metrics";
import { formatMoney, formatInteger } from "../../domain/money";
import type { TeamFigures as TeamFiguresData, TeamRow } from "../../domain/team/team-report.server";
import { commissionHref } from "../linked-accounts/urls";
import { ReportSection } from "./section";
import { plural } from "../../domain/words";

const DEFINITION =
  "Recebido: o faturamento de cada um (o que foi recebido, sem gorjetas). Comissão: o percentual de cada profissional sobre o que foi cobrado nos serviços e produtos de atendimentos pagos. A pagar: comissão mais gorjetas, quando são do profissional. Todos os serviços e status.";

/**
 * 'Equipe' in Relatórios (the owner's): a card per professional with what they did, brought in and
 * are owed, and the salon's total last. Cards on every width: a phone reads each one whole.
 */
export function TeamFigures({ team, exportHref }: { team: TeamFiguresData; exportHref: string }) {
  const { total } = team;
  return (
    <ReportSection
      id="equipe"
      title="Equipe"
      definition={DEFINITION}
      actions={
        <a href={exportHref} download className="btn-secondary text-sm">
          <span aria-hidden>⤓</span> CSV da equipe
        </a>
      }
    >
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="team-figures" aria-label="Profissionais da equipe">
        {team.rows.map((r) => (
          <li key={r.userId} className="rounded-lg border border-slate-200 p-3" data-testid="team-row">
            <TeamRowFigures row={r} owner />
          </li>
        ))}
        <li className="rounded-lg border border-slate-300 bg-slate-50 p-3" data-testid="team-total">
          <Heading name="Total do salão" toPay={total.toPayCents} />
          <Figures
            items={[
              ["Atendimentos", formatInteger(total.completed)],
              ["Recebido", formatMoney(total.revenueCents)],
              ["Comissões", formatMoney(total.commissionCents)],
              ["Gorjetas", formatMoney(total.tipsCents)],
              ["Agendamentos", formatInteger(total.appointments)],
              ["Ocupação", percentLabel(total.occupancy)],
            ]}
          />
        </li>
      </ul>
    </ReportSection>
  );
}

/** One professional's figures; `owner`: seen by the salon's owner (the rule is theirs to change). */
export function TeamRowFigures({ row, owner = false }: { row: TeamRow; owner?: boolean }) {
  const c = row.commission;
  return (
    <>
      <Heading name={row.name} you={row.isOwner} toPay={c?.toPayCents ?? null} />
      {c ? (
        <p className="mt-0.5 text-xs text-slate-600" data-testid="team-rule">
          {c.rule}
          {owner ? (
            <>
              {" · "}
              <Link to={commissionHref(row.userId)} className="btn-link" aria-label={`${c.ruleMissing ? "Definir" : "Alterar"} comissão de ${row.name}`}>
                {c.ruleMissing ? "Definir" : "Alterar"}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      <Figures
        items={[
          ["Atendimentos", formatInteger(row.completed)],
          ["Recebido", formatMoney(row.revenueCents)],
          ["Comissão", c ? formatMoney(c.totalCents) : "—"],
          ["Gorjetas", formatMoney(row.tipsCents)],
          ["Agendamentos", formatInteger(row.appointments)],
          ["Ocupação", percentLabel(row.occupancy)],
        ]}
      />
      {row.unclosedCount ? (
        <p className="mt-2 text-xs text-slate-500">
          {plural(row.unclosedCount, "atendimento sem fechamento, contado", "atendimentos sem fechamento, contados")} pelo preço de tabela.
        </p>
      ) : null}
    </>
  );
}

function Heading({ name, you = false, toPay }: { name: string; you?: boolean; toPay: number | null }) {
  return (
    <div className="flex items-start justify-between gap-2">
      <p className="min-w-0 truncate font-semibold">
        {name}
        {/* A real space, not a margin: a copy or a screen reader reads 'Ana Lima (você)'. */}
        {you ? <> <span className="text-xs font-normal text-slate-500">(você)</span></> : null}
      </p>
      {toPay !== null ? (
        <p className="shrink-0 text-right text-xs text-slate-600">
          A pagar
          <strong className="block text-base tabular-nums text-slate-900" data-testid="team-to-pay">
            {formatMoney(toPay)}
          </strong>
        </p>
      ) : null}
    </div>
  );
}

function Figures({ items }: { items: [string, string][] }) {
  return (
    <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm">
      {items.map(([term, value]) => (
        <div key={term} className="min-w-0">
          <dt className="text-xs text-slate-500">{term}</dt>
          <dd className="font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
