import { eq } from "drizzle-orm";
import type { Route } from "./+types/settings.general.export";
import { profiles } from "../../db/schema";
import { accountArchiveZip } from "../domain/data-export/data-export.server";
import { getDb } from "../utils/db.server";
import { requireSessionUser } from "../utils/session.server";
import { DEFAULT_TIME_ZONE, nowInZone } from "../domain/dates";

/**
 * 'Baixar meus dados': every row the signed-in professional owns, as a .zip (docs/decisions/0442).
 * Only a session is needed, not access: a suspended professional may still take their data
 * (LGPD portability; docs/decisions/0447), so this route sits outside the workspace guard.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getDb(context);
  const user = await requireSessionUser(db, request);
  const [profile] = await db
    .select({ timeZone: profiles.timeZone })
    .from(profiles)
    .where(eq(profiles.userId, user.id));
  const zip = await accountArchiveZip(db, user.id);
  const today = nowInZone(profile?.timeZone ?? DEFAULT_TIME_ZONE).date;
  return new Response(zip, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="agendo-meus-dados-${today}.zip"`,
      "Content-Length": String(zip.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}
