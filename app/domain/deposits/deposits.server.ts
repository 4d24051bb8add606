// Marking a booking's deposit: 'Sinal recebido' (how it was paid, Pix by default) and, for a
// received one, 'Sinal devolvido'. Each is one conditional write, so two taps at once (two
// phones) store one mark; the state lives on the request (docs/decisions/0910).
import { and, eq, gt, isNotNull, isNull, or } from "drizzle-orm";
import { appointments, bookingRequests, type DepositMethod } from "../../../db/schema";
import { depositView, type DepositView } from "./deposits";
import type { Db } from "../../utils/db.server";
import { stillHeld } from "../availability/slot-claims.server";

/**
 * How a mark ended: done, already so (a second tap), or not possible — the booking asks no
 * deposit, the deposit is not received (a refund), or the booking is over (declined, cancelled,
 * expired: nothing to mark as received).
 */
export type DepositOutcome = "not-found" | "received" | "refunded" | "already" | "no-deposit" | "not-received" | "closed";

type Mark = { professionalId: string; requestId: string; now?: Date };

async function findDeposit(db: Db, { professionalId, requestId }: Mark) {
  const [row] = await db
    .select({
      status: bookingRequests.status,
      ...depositStateColumns,
    })
    .from(bookingRequests)
    .where(and(eq(bookingRequests.id, requestId), eq(bookingRequests.professionalId, professionalId)));
  return row ?? null;
}

const mine = ({ professionalId, requestId }: Mark) =>
  and(eq(bookingRequests.id, requestId), eq(bookingRequests.professionalId, professionalId), gt(bookingRequests.depositCents, 0));

/**
 * 'Sinal recebido': on a request still holding its time or accepted, once. A deposit given back
 * is not received again.
 */
export async function markDepositReceived(db: Db, mark: Mark & { method: DepositMethod }): Promise<DepositOutcome> {
  const now = mark.now ?? new Date();
  const written = await db
    .update(bookingRequests)
    .set({ depositReceivedAt: now, depositMethod: mark.method })
    .where(
      and(
        mine(mark),
        isNull(bookingRequests.depositReceivedAt),
        isNull(bookingRequests.depositRefundedAt),
        or(eq(bookingRequests.status, "accepted"), stillHeld(now)),
      ),
    )
    .returning({ id: bookingRequests.id });
  if (written.length === 1) return "received";
  const row = await findDeposit(db, mark);
  if (!row) return "not-found";
  if (row.depositCents <= 0) return "no-deposit";
  return row.depositReceivedAt || row.depositRefundedAt ? "already" : "closed";
}

/** 'Sinal devolvido': a received deposit given back, once. */
export async function markDepositRefunded(db: Db, mark: Mark): Promise<DepositOutcome> {
  const now = mark.now ?? new Date();
  const written = await db
    .update(bookingRequests)
    .set({ depositRefundedAt: now })
    .where(and(mine(mark), isNotNull(bookingRequests.depositReceivedAt), isNull(bookingRequests.depositRefundedAt)))
    .returning({ id: bookingRequests.id });
  if (written.length === 1) return "refunded";
  const row = await findDeposit(db, mark);
  if (!row) return "not-found";
  if (row.depositCents <= 0) return "no-deposit";
  return row.depositRefundedAt ? "already" : "not-received";
}

/** The four columns a deposit's state is read from (`depositState`): what was asked, received how and when, given back. */
export const depositStateColumns = {
  depositCents: bookingRequests.depositCents,
  depositReceivedAt: bookingRequests.depositReceivedAt,
  depositMethod: bookingRequests.depositMethod,
  depositRefundedAt: bookingRequests.depositRefundedAt,
};

/**
 * An appointment's deposit is its request's (the request holds it, docs/decisions/0910): the
 * columns to select and the join, scoped by the professional's id.
 */
export const depositColumns = {
  requestId: bookingRequests.id,
  ...depositStateColumns,
  paymentProvider: bookingRequests.paymentProvider,
  depositDueAt: bookingRequests.depositDueAt,
};

/** `userId`: the professional's id, or `appointments.user_id` itself (Equipe: a member's appointment). */
export function depositJoin(userId: string | typeof appointments.userId) {
  return and(eq(bookingRequests.id, appointments.bookingRequestId), eq(bookingRequests.professionalId, userId));
}

/** The joined columns: null when the appointment was not booked on the page (left join). */
export type AppointmentDeposit = {
  requestId: string;
  depositCents: number;
  depositReceivedAt: Date | null;
  depositMethod: DepositMethod | null;
  depositRefundedAt: Date | null;
  paymentProvider: string | null;
  depositDueAt: Date | null;
} | null;

/** The deposit an appointment shows, with the request to mark it on; null when none was asked. */
export function appointmentDeposit(d: AppointmentDeposit, timeZone: string, now: Date): { requestId: string; view: DepositView } | null {
  if (!d) return null;
  const { requestId: _id, ...fields } = d;
  const view = depositView(fields, timeZone, now);
  return view ? { requestId: d.requestId, view } : null;
}
