// Answering a booking request: the one way every screen does it (Solicitações, the agenda's
// Dia, Semana and Lista, Equipe). Accept or decline one professional's pending request, at the
// time the professional saw, and say what happened: the outcome, the toast it warrants and the
// customer's e-mail to deliver right after the answer (queued in the same batch as the answer,
// so the scheduled job sends it should the delivery after the answer not happen).
import { and, eq, sql } from "drizzle-orm";
import { bookingRequests, profiles } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import type { Toast } from "../../utils/toast.server";
import { stillHeld } from "../availability/slot-claims.server";
import { queueCustomerEmail, type CustomerEmailProfile } from "../notifications/customer-emails.server";
import { acceptStatements } from "./accept.server";
import { holdEndsAt } from "../deposits/deposits";
import { acceptedBeforePayment, ANSWER_TOASTS, type AnswerOutcome, type RequestAnswer } from "./answers";
import { minutesToTime, nowInZone } from "../dates";

/** The request's time as the professional's screen showed it when they answered. */
export type SeenTime = { date: string; startMinute: number };

export type AnsweredRequest =
  | { outcome: "not-found" }
  /**
   * `customerEmailKey`: the customer's e-mail this answer queued (they left an address), to
   * deliver after answering; `answered`: the request as it was answered, when this answer took.
   */
  | { outcome: AnswerOutcome; toast: Toast; customerEmailKey: string | null; answered?: Request };

type Request = typeof bookingRequests.$inferSelect;

/**
 * Why a request cannot be answered as seen, or null when it can: answered or cancelled already,
 * its time to answer over (whether or not the job has marked it yet), or moved by the customer
 * to a time other than the one the professional saw.
 */
function whyNot(request: Pick<Request, "status" | "expiresAt" | "depositDueAt" | "depositReceivedAt" | "date" | "startMinute">, seen: SeenTime, now: Date): AnswerOutcome | null {
  if (request.status === "accepted" || request.status === "declined") return "already-answered";
  if (request.status === "cancelled") return "cancelled";
  const ends = holdEndsAt(request);
  if (request.status === "expired" || (ends !== null && ends.getTime() <= now.getTime())) return "expired";
  if (request.date !== seen.date || request.startMinute !== seen.startMinute) return "moved";
  return null;
}

function answered(outcome: AnswerOutcome, customerEmailKey: string | null = null): AnsweredRequest {
  return { outcome, toast: ANSWER_TOASTS[outcome], customerEmailKey };
}

/**
 * Accepts or declines a request of `professionalId` (the caller decides whose requests the
 * signed-in user may answer: their own, or in Equipe a member's who allowed it). 'not-found'
 * when it is not that professional's (the caller answers 404). `seen` is the time the screen
 * showed; without it, the request's current time. Nothing changes unless the request is still
 * pending, unexpired and at that time when the write runs (re-checked in the write itself), and
 * for an accept unless no appointment holds the time ('taken').
 */
export async function answerBookingRequest(
  db: Db,
  professionalId: string,
  requestId: string,
  answer: RequestAnswer,
  opts: { seen?: SeenTime | null; now?: Date } = {},
): Promise<AnsweredRequest> {
  const now = opts.now ?? new Date();
  const mine = and(eq(bookingRequests.id, requestId), eq(bookingRequests.professionalId, professionalId));
  const [found] = await db
    .select({ request: bookingRequests, profile: profiles })
    .from(bookingRequests)
    .innerJoin(profiles, eq(profiles.userId, bookingRequests.professionalId))
    .where(mine);
  if (!found) return { outcome: "not-found" };
  const { request, profile } = found;
  const seen = opts.seen ?? { date: request.date, startMinute: request.startMinute };
  const refused = whyNot(request, seen, now);
  if (refused) return answered(refused);

  const done = answer === "accept" ? await accept(db, request, profile, now) : await decline(db, request, profile, now);
  if (done) {
    const outcome = answer === "accept" ? "accepted" : "declined";
    // Its Pix still unpaid: the professional hears what 'Aceitar' meant for the deposit.
    const unpaid = outcome === "accepted" && request.paymentProvider && !request.depositReceivedAt && request.depositDueAt;
    const toast = unpaid ? acceptedBeforePayment(minutesToTime(nowInZone(profile.timeZone, unpaid).minute)) : ANSWER_TOASTS[outcome];
    return { outcome, toast, customerEmailKey: done.email, answered: request };
  }
  // Something changed between the read and the write: read it again to say what.
  const [after] = await db
    .select({
      status: bookingRequests.status,
      expiresAt: bookingRequests.expiresAt,
      depositDueAt: bookingRequests.depositDueAt,
      depositReceivedAt: bookingRequests.depositReceivedAt,
      date: bookingRequests.date, startMinute: bookingRequests.startMinute })
    .from(bookingRequests)
    .where(mine);
  if (!after) return answered("cancelled");
  return answered(whyNot(after, seen, now) ?? (answer === "accept" ? "taken" : "already-answered"));
}

/** The accept's batch (see acceptStatements) and the customer's e-mail, written only if it was accepted. */
async function accept(db: Db, request: Request, profile: CustomerEmailProfile, now: Date) {
  const appointmentId = crypto.randomUUID();
  const told = await queueCustomerEmail(db, "request-accepted", request, profile, {
    now,
    onlyIf: sql`exists (select 1 from ${bookingRequests} where ${bookingRequests.id} = ${request.id} and ${bookingRequests.appointmentId} = ${appointmentId} and ${bookingRequests.status} = 'accepted')`,
  });
  const [, , marked] = await db.batch([...acceptStatements(db, request, now, appointmentId), ...(told ? [told.statement] : [])]);
  if (marked.length !== 1) return null;
  return { email: told?.dedupeKey ?? null };
}

/**
 * Declined only if still pending, unexpired and at the time read; its time is free again, and
 * the customer who left an e-mail is told (in the same batch, only if this decline happened).
 */
async function decline(db: Db, request: Request, profile: CustomerEmailProfile, now: Date) {
  const declined = db
    .update(bookingRequests)
    .set({ status: "declined" })
    .where(
      and(
        eq(bookingRequests.id, request.id),
        eq(bookingRequests.professionalId, request.professionalId),
        stillHeld(now),
        eq(bookingRequests.date, request.date),
        eq(bookingRequests.startMinute, request.startMinute),
      ),
    )
    .returning({ id: bookingRequests.id });
  const told = await queueCustomerEmail(db, "request-declined", request, profile, {
    now,
    onlyIf: sql`exists (select 1 from ${bookingRequests} where ${bookingRequests.id} = ${request.id} and ${bookingRequests.status} = 'declined')`,
  });
  const [marked] = await db.batch([declined, ...(told ? [told.statement] : [])]);
  if (marked.length !== 1) return null;
  return { email: told?.dedupeKey ?? null };
}
