import type { Route } from "./+types/cash.export";
import { requireUser } from "./workspace.server";
import { getDb } from "../utils/db.server";
import { cashCsv } from "../domain/cash/csv.server";
import { cashPeriod } from "../domain/cash/period";
import { resolveFigures } from "./shared/figures.server";

/** 'Exportar CSV' of the Caixa: the closed services of the period (same query string as /caixa), hers or the salon's. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { period, today } = cashPeriod(new URL(request.url).searchParams, user.profile.timeZone);
  if (!period.range) {
    return new Response(period.error ?? "Período inválido.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
  }
  const { scope } = await resolveFigures(request, user);
  const csv = await cashCsv(getDb(context), scope, period.range, { today, timeZone: user.profile.timeZone });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="caixa-${scope.salon ? "salao-" : ""}${period.range.from}-a-${period.range.to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
