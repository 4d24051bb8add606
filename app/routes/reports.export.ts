import type { Route } from "./+types/reports.export";
import { requireUser } from "./workspace.server";
import { getDb } from "../utils/db.server";
import { reportCsvStream, reportExportParams } from "../domain/metrics/report-csv.server";

/**
 * 'Exportar CSV' of the Reports screen: the appointments the filter selects (same query
 * string as /relatorios), the signed-in professional's only. Wrong custom dates answer 400
 * with the same pt-BR message the screen shows.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const params = await reportExportParams(db, user, new URL(request.url));
  const { range, error } = params.period;
  if (!range) {
    return new Response(error ?? "Período inválido.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  return new Response(reportCsvStream(db, user.id, range, params.filter), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="relatorio-agendamentos-${range.from}-a-${range.to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
