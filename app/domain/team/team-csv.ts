// 'CSV da equipe' (issue 22): the figures of Relatórios > Equipe, a line per professional and the
// salon's total, in the exports' format (UTF-8 BOM, ';', CRLF, formula-safe cells). The figures are
// the screen's own (team-report.server.ts): the file cannot disagree with it.
import { csvMoney, toCsv } from "../formats/csv";
import type { TeamFigures, TeamRow } from "./team-report.server";

export const TEAM_CSV_HEADER = [
  "Profissional",
  "Atendimentos concluídos",
  "Recebido (R$)",
  "Regra de comissão",
  "Comissão de serviços (R$)",
  "Comissão de produtos (R$)",
  "Comissão (R$)",
  "Gorjetas (R$)",
  "A pagar (R$)",
];

function line(r: TeamRow): string[] {
  const c = r.commission;
  return [
    // Her or his role in words that need no gender (docs/decisions/1071).
    r.isOwner ? `${r.name} (responsável pela equipe)` : r.name,
    String(r.completed),
    csvMoney(r.revenueCents),
    c ? c.rule : "",
    c ? csvMoney(c.servicesCents) : "",
    c ? csvMoney(c.productsCents) : "",
    c ? csvMoney(c.totalCents) : "",
    csvMoney(r.tipsCents),
    c ? csvMoney(c.toPayCents) : "",
  ];
}

/** The team's figures as CSV text; `total` false for a member's own line alone. */
export function teamCsv(figures: Pick<TeamFigures, "rows"> & { total: TeamFigures["total"] | null }): string {
  const t = figures.total;
  const lines = [TEAM_CSV_HEADER, ...figures.rows.map(line)];
  if (t) lines.push(["Total do salão", String(t.completed), csvMoney(t.revenueCents), "", "", "", csvMoney(t.commissionCents), csvMoney(t.tipsCents), csvMoney(t.toPayCents)]);
  return toCsv(lines);
}
