import type { Route } from "./+types/reports.team-export";
import { requireUser } from "./workspace.server";
import { getDb } from "../utils/db.server";
import { reportExportParams } from "../domain/metrics/report-csv.server";
import { memberFigures, teamFigures } from "../domain/team/team-report.server";
import { teamCsv } from "../domain/team/team-csv";
import { notFound } from "../utils/actions.server";

/**
 * 'CSV da equipe' of Relatórios > Equipe, for the period of the screen's query string: the owner's
 * whole team with the salon's total; a member's own line only. Anyone else: 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const { range, error } = (await reportExportParams(db, user, new URL(request.url))).period;
  if (!range) {
    return new Response(error ?? "Período inválido.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const figures = user.linkedOwnerId
    ? { rows: [await memberFigures(db, { ...user, linkedOwnerId: user.linkedOwnerId }, range)], total: null }
    : await teamFigures(db, user.id, range);
  if (!figures) notFound();
  return new Response(teamCsv(figures), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="relatorio-equipe-${range.from}-a-${range.to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
