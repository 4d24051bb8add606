// A deposit ('sinal') already received for an appointment, deducted when it is closed: the
// deposit of the request it was booked from, as marked there (docs/decisions/0910); 0 when none
// was asked, it is still pending or it was given back.
import { and, eq } from "drizzle-orm";
import { bookingRequests } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { depositState } from "../deposits/deposits";
import { depositStateColumns } from "../deposits/deposits.server";

export async function depositReceivedCents(db: Db, userId: string, appointment: { bookingRequestId: string | null }): Promise<number> {
  if (!appointment.bookingRequestId) return 0;
  const [request] = await db
    .select(depositStateColumns)
    .from(bookingRequests)
    .where(and(eq(bookingRequests.id, appointment.bookingRequestId), eq(bookingRequests.professionalId, userId)));
  return request && depositState(request) === "received" ? request.depositCents : 0;
}
