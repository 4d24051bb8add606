import type { Route } from "./+types/reports.export";
import { requireUser } from "./workspace.server";
import { getDb } from "../utils/db.server";
import { reportCsvStream, reportExportParams } from "../domain/metrics/report-csv.server";
import { resolveFigures } from "./shared/figures.server";

/**
 * 'Exportar CSV' of the Reports screen: the appointments the filter selects (same query
 * string as /relatorios), the signed-in professional's only, or her salon's ('Salão',
 * docs/decisions/1050). Wrong custom dates answer 400 with the same pt-BR message the screen shows.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const { scope } = await resolveFigures(request, user);
  const params = await reportExportParams(db, user, new URL(request.url), scope);
  const { range, error } = params.period;
  if (!range) {
    return new Response(error ?? "Período inválido.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  return new Response(reportCsvStream(db, scope, range, params.filter), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="relatorio-agendamentos-${scope.salon ? "salao-" : ""}${range.from}-a-${range.to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
