import type { Route } from "./+types/clients.export";
import { requireUser } from "./workspace.server";
import { clientClock, clientsCsv } from "../domain/clients/clients.server";
import { getDb } from "../utils/db.server";

/** 'Exportar clientes (CSV)': the signed-in professional's own clients, for Excel pt-BR. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const clock = clientClock(user.profile.timeZone);
  const csv = await clientsCsv(getDb(context), user.id, clock);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="clientes-${clock.today}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
