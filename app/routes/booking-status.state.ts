import type { Route } from "./+types/booking-status.state";
import { eq } from "drizzle-orm";
import { bookingRequests } from "../../db/schema";
import { requestIdOfToken } from "../domain/booking-requests/customer-view.server";
import { depositState } from "../domain/deposits/deposits";
import { depositColumns } from "../domain/deposits/deposits.server";
import { requireFound } from "../utils/actions.server";
import { getDb } from "../utils/db.server";

/**
 * The light poll of a status page waiting for a payment (issue 23): the booking's status and its
 * deposit's state, nothing else, so the page reloads only when one of them changed.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = requireFound(await requestIdOfToken(params.token));
  const [r] = await getDb(context)
    .select({ status: bookingRequests.status, paymentId: bookingRequests.paymentId, ...depositColumns })
    .from(bookingRequests)
    .where(eq(bookingRequests.id, id));
  const row = requireFound(r);
  return Response.json(
    { status: row.status, deposit: depositState(row), charged: row.paymentId !== null },
    { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } },
  );
}
