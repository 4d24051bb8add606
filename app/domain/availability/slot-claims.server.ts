// Availability against the database, and the atomic claims of a time slot.
import { and, asc, eq, lt, ne, notExists, sql, type SQL } from "drizzle-orm";
import { appointments, bookingRequests, workingHours } from "../../../db/schema";
import { computeSlots, type BusyInterval, type DayHours } from "./slots";
import { insertIf, type Db } from "../../utils/db.server";
import { dayOfWeek } from "../dates";

type ClaimArgs = { timeZone: string; stepMinutes: number; now?: Date };

/** The professional's saved week, ordered Sunday (0) to Saturday (6); missing days are closed. */
export async function getWorkingHours(db: Db, userId: string) {
  return db
    .select()
    .from(workingHours)
    .where(eq(workingHours.userId, userId))
    .orderBy(asc(workingHours.dayOfWeek));
}

async function dayHours(db: Db, userId: string, date: string): Promise<DayHours | null> {
  const [row] = await db
    .select({
      isActive: workingHours.isActive,
      startTime: workingHours.startTime,
      endTime: workingHours.endTime,
      breakStartTime: workingHours.breakStartTime,
      breakEndTime: workingHours.breakEndTime,
    })
    .from(workingHours)
    .where(and(eq(workingHours.userId, userId), eq(workingHours.dayOfWeek, dayOfWeek(date))));
  return row ?? null;
}

/**
 * Busy time of a day: appointments not cancelled and pending booking requests.
 * The exclusions let an appointment move within its own time, and a request be accepted.
 */
async function busyIntervals(
  db: Db,
  args: { userId: string; date: string; excludeAppointmentId?: string; excludeBookingRequestId?: string },
): Promise<BusyInterval[]> {
  const busy = { startMinute: appointments.startMinute, durationMinutes: appointments.durationMinutes };
  const taken = await db
    .select(busy)
    .from(appointments)
    .where(
      and(
        eq(appointments.userId, args.userId),
        eq(appointments.date, args.date),
        ne(appointments.status, "cancelled"),
        args.excludeAppointmentId ? ne(appointments.id, args.excludeAppointmentId) : undefined,
      ),
    );
  const held = await db
    .select({ startMinute: bookingRequests.startMinute, durationMinutes: bookingRequests.durationMinutes })
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.professionalId, args.userId),
        eq(bookingRequests.date, args.date),
        eq(bookingRequests.status, "pending"),
        args.excludeBookingRequestId ? ne(bookingRequests.id, args.excludeBookingRequestId) : undefined,
      ),
    );
  return [...taken, ...held];
}

/** Free start minutes of a date for a service of the given duration (see computeSlots). */
export async function getFreeSlots(
  db: Db,
  args: {
    userId: string;
    date: string;
    durationMinutes: number;
    timeZone: string;
    stepMinutes: number;
    now?: Date;
    excludeAppointmentId?: string;
    excludeBookingRequestId?: string;
  },
): Promise<number[]> {
  const [hours, busy] = await Promise.all([dayHours(db, args.userId, args.date), busyIntervals(db, args)]);
  return computeSlots({
    date: args.date,
    durationMinutes: args.durationMinutes,
    stepMinutes: args.stepMinutes,
    hours,
    busy,
    now: args.now ?? new Date(),
    timeZone: args.timeZone,
  });
}

type Slot = {
  userId: string;
  date: string;
  startMinute: number;
  durationMinutes: number;
  excludeAppointmentId?: string;
  excludeBookingRequestId?: string;
};

/**
 * The condition "no appointment (not cancelled) overlaps [start, start+duration) on that date",
 * evaluated by the database inside the writing statement itself.
 */
export function noAppointmentOverlaps(db: Db, args: Slot) {
  const end = args.startMinute + args.durationMinutes;
  return notExists(
    db
    .select({ one: sql`1` })
    .from(appointments)
    .where(
      and(
        eq(appointments.userId, args.userId),
        eq(appointments.date, args.date),
        ne(appointments.status, "cancelled"),
        args.excludeAppointmentId ? ne(appointments.id, args.excludeAppointmentId) : undefined,
        lt(appointments.startMinute, end),
        sql`${appointments.startMinute} + ${appointments.durationMinutes} > ${args.startMinute}`,
      ),
    ),
  );
}

/**
 * The condition "nothing overlaps [start, start+duration) on that date" (appointments and pending
 * requests), evaluated by the database inside the writing statement itself, so two racing claims
 * cannot both succeed.
 */
function nothingOverlaps(db: Db, args: Slot) {
  const end = args.startMinute + args.durationMinutes;
  const overlappingRequests = db
    .select({ one: sql`1` })
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.professionalId, args.userId),
        eq(bookingRequests.date, args.date),
        eq(bookingRequests.status, "pending"),
        args.excludeBookingRequestId ? ne(bookingRequests.id, args.excludeBookingRequestId) : undefined,
        lt(bookingRequests.startMinute, end),
        sql`${bookingRequests.startMinute} + ${bookingRequests.durationMinutes} > ${args.startMinute}`,
      ),
    );
  return and(noAppointmentOverlaps(db, args), notExists(overlappingRequests))!;
}

function validSlotShape(date: unknown, startMinute: unknown, durationMinutes: unknown) {
  return (
    typeof date === "string" &&
    Number.isInteger(startMinute) &&
    Number.isInteger(durationMinutes) &&
    (durationMinutes as number) > 0
  );
}

/**
 * Creates the appointment only if its time is offered (working hours, break, not past, within
 * 6 months, step grid) and nothing overlaps at insert time; false means nothing was written.
 * An appointment made from a booking request (values.bookingRequestId) is not blocked by that
 * same pending request.
 */
export async function insertAppointmentIfFree(
  db: Db,
  values: typeof appointments.$inferInsert,
  args: ClaimArgs,
): Promise<boolean> {
  const durationMinutes = values.durationMinutes ?? 60;
  if (!validSlotShape(values.date, values.startMinute, durationMinutes)) return false;
  if (values.status === "cancelled") return false;
  const slot = {
    userId: values.userId,
    date: values.date,
    startMinute: values.startMinute,
    durationMinutes,
    excludeBookingRequestId: values.bookingRequestId ?? undefined,
  };
  const free = await getFreeSlots(db, { ...slot, ...args });
  if (!free.includes(values.startMinute)) return false;
  const result = await insertIf(db, appointments, { ...values, durationMinutes }, nothingOverlaps(db, slot));
  return result.rowsAffected === 1;
}

/**
 * Changes one of the professional's appointments. When the change moves it in time (date,
 * start, duration) or brings a cancelled one back, the new time must be offered and free
 * (ignoring the appointment itself), checked in the same UPDATE. Changes that keep its time
 * (notes, status, client...) never fail on availability. False: not found or not free.
 */
export async function updateAppointmentIfFree(
  db: Db,
  id: string,
  userId: string,
  values: Partial<typeof appointments.$inferInsert>,
  args: ClaimArgs,
): Promise<boolean> {
  const [current] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.userId, userId)));
  if (!current) return false;
  // Never move a row to another owner or id.
  const { id: _id, userId: _userId, ...changes } = values;
  const next = { ...current, ...changes };
  if (!validSlotShape(next.date, next.startMinute, next.durationMinutes)) return false;

  const moves =
    next.date !== current.date ||
    next.startMinute !== current.startMinute ||
    next.durationMinutes !== current.durationMinutes ||
    current.status === "cancelled";
  const claims = next.status !== "cancelled" && moves;
  const owned = and(eq(appointments.id, id), eq(appointments.userId, userId));

  if (!claims) {
    const result = await db.update(appointments).set(changes).where(owned);
    return result.rowsAffected === 1;
  }
  const slot = {
    userId,
    date: next.date,
    startMinute: next.startMinute,
    durationMinutes: next.durationMinutes,
    excludeAppointmentId: id,
    excludeBookingRequestId: next.bookingRequestId ?? undefined,
  };
  const free = await getFreeSlots(db, { ...slot, ...args });
  if (!free.includes(next.startMinute)) return false;
  const result = await db
    .update(appointments)
    .set(changes)
    .where(and(owned, nothingOverlaps(db, slot)));
  return result.rowsAffected === 1;
}

/**
 * The claim of a booking request's slot: the statement that inserts the pending request only if
 * nothing overlaps it when it runs, and `alsoRequire` (another condition of the same statement,
 * e.g. the per-phone limit) holds. The real guard against two customers taking one time, to run
 * alone or first in a batch with what depends on it (its token, the e-mail to the professional).
 * Whether the time is offered at all (hours, grid, not past) the caller checks before.
 */
export function bookingRequestClaim(db: Db, values: typeof bookingRequests.$inferInsert & { id: string }, alsoRequire?: SQL) {
  const slot = {
    userId: values.professionalId,
    date: values.date,
    startMinute: values.startMinute,
    durationMinutes: values.durationMinutes,
  };
  return insertIf(db, bookingRequests, { ...values, status: "pending" }, and(nothingOverlaps(db, slot), alsoRequire));
}

/**
 * Creates a pending booking request only if its time is offered and free at insert time, and
 * `alsoRequire` holds (see bookingRequestClaim).
 */
export async function insertBookingRequestIfFree(
  db: Db,
  values: typeof bookingRequests.$inferInsert,
  args: ClaimArgs,
  alsoRequire?: SQL,
): Promise<boolean> {
  if (!validSlotShape(values.date, values.startMinute, values.durationMinutes)) return false;
  if (values.status !== undefined && values.status !== "pending") return false;
  const free = await getFreeSlots(db, { userId: values.professionalId, ...values, ...args });
  if (!free.includes(values.startMinute)) return false;
  const result = await bookingRequestClaim(db, { ...values, id: values.id ?? crypto.randomUUID() }, alsoRequire);
  return result.rowsAffected === 1;
}
