// Availability against the database, and the atomic claims of a time slot.
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, notExists, notInArray, or, sql, type Column, type SQL } from "drizzle-orm";
import { appointments, bookingRequests, calendarBusy, scheduleExceptions, workingHours } from "../../../db/schema";
import { computeSlots } from "./slots";
import { insertIf, type Db } from "../../utils/db.server";
import { dayHoursQuery, exceptionsQuery, weekHoursQuery } from "./schedule-queries.server";
import { notCancelled } from "../status-rules.server";
import { APPOINTMENT_STATUS, isCancelled } from "../status-rules";

type ClaimArgs = {
  timeZone: string;
  stepMinutes: number;
  now?: Date;
  /**
   * 'Encaixe': the professional books outside working hours, in a break or a block, having
   * confirmed it. Overlapping another appointment or a request stays refused.
   */
  walkIn?: boolean;
};

/** Writes that depend on a move (e.g. the customer's notice), run in the same batch after it. */
type Also = { also?: Parameters<Db["batch"]>[0][number][] };

/** The professional's saved week, ordered Sunday (0) to Saturday (6); missing days are closed. */
export async function getWorkingHours(db: Db, userId: string) {
  return weekHoursQuery(db, userId).orderBy(asc(workingHours.dayOfWeek));
}

/**
 * A pending request still holds its time: not answered, not expired, and its deposit paid or not
 * yet due ('Sinal não pago em …', holdEndsAt in deposits/deposits.ts says the same).
 */
export function stillHeld(now: Date) {
  return and(
    eq(bookingRequests.status, "pending"),
    or(isNull(bookingRequests.expiresAt), gt(bookingRequests.expiresAt, now)),
    or(isNull(bookingRequests.depositDueAt), isNotNull(bookingRequests.depositReceivedAt), gt(bookingRequests.depositDueAt, now)),
  )!;
}

/** A pending request whose hold is over (the scheduled job marks these 'expired'). */
export function holdOver(now: Date) {
  return and(
    eq(bookingRequests.status, "pending"),
    or(lte(bookingRequests.expiresAt, now), and(isNull(bookingRequests.depositReceivedAt), lte(bookingRequests.depositDueAt, now))),
  )!;
}

/** Pending requests from `today` on: the ones the professional still has to answer. */
export function pendingFrom(professionalId: string, today: string, now = new Date()) {
  return and(eq(bookingRequests.professionalId, professionalId), stillHeld(now), gte(bookingRequests.date, today));
}

const isList = (value: unknown): value is readonly string[] => Array.isArray(value);

/**
 * Busy time of a day (or of some dates): appointments not cancelled and pending booking requests
 * still held, each with its buffer. The exclusions let appointments move within their own time,
 * and a request be accepted.
 */
export function busyQueries(
  db: Db,
  args: {
    userId: string | SQL;
    date: string | readonly string[];
    now: Date;
    excludeAppointmentId?: string | SQL | readonly string[];
    excludeBookingRequestId?: string | SQL;
  },
) {
  const onDate = (column: typeof appointments.date | typeof bookingRequests.date) =>
    isList(args.date) ? inArray(column, [...args.date]) : eq(column, args.date);
  const excluded = args.excludeAppointmentId;
  return [
    db
      .select({
        date: appointments.date,
        startMinute: appointments.startMinute,
        durationMinutes: appointments.durationMinutes,
        bufferMinutes: appointments.bufferMinutes,
      })
      .from(appointments)
      .where(
        and(
          eq(appointments.userId, args.userId),
          onDate(appointments.date),
          notCancelled,
          isList(excluded) ? (excluded.length ? notInArray(appointments.id, [...excluded]) : undefined) : excluded ? ne(appointments.id, excluded) : undefined,
        ),
      ),
    db
      .select({
        date: bookingRequests.date,
        startMinute: bookingRequests.startMinute,
        durationMinutes: bookingRequests.durationMinutes,
        bufferMinutes: bookingRequests.bufferMinutes,
      })
      .from(bookingRequests)
      .where(
        and(
          eq(bookingRequests.professionalId, args.userId),
          onDate(bookingRequests.date),
          stillHeld(args.now),
          args.excludeBookingRequestId ? ne(bookingRequests.id, args.excludeBookingRequestId) : undefined,
        ),
      ),
  ] as const;
}

/** Free start minutes of a date for a service (see computeSlots), in one round trip. */
export async function getFreeSlots(
  db: Db,
  args: {
    userId: string;
    date: string;
    durationMinutes: number;
    bufferMinutes?: number;
    timeZone: string;
    stepMinutes: number;
    now?: Date;
    excludeAppointmentId?: string;
    excludeBookingRequestId?: string;
  },
): Promise<number[]> {
  const now = args.now ?? new Date();
  const [hours, exceptions, taken, held] = await db.batch([
    dayHoursQuery(db, args.userId, args.date),
    exceptionsQuery(db, args.userId, args.date),
    ...busyQueries(db, { ...args, now }),
  ]);
  return computeSlots({
    date: args.date,
    durationMinutes: args.durationMinutes,
    bufferMinutes: args.bufferMinutes,
    stepMinutes: args.stepMinutes,
    hours: hours[0] ?? null,
    exceptions,
    busy: [...taken, ...held],
    now,
    timeZone: args.timeZone,
  });
}

type Slot = {
  userId: string;
  date: string;
  startMinute: number;
  durationMinutes: number;
  bufferMinutes?: number;
  excludeAppointmentId?: string;
  excludeBookingRequestId?: string;
};

/** What a slot is checked against: appointments not cancelled, or pending requests still held. */
type Occupants = {
  table: typeof appointments | typeof bookingRequests;
  owner: Column;
  /** The rows that hold their time. */
  holding: SQL;
  excludeId: string | undefined;
};

/**
 * "No row of `rows` overlaps the slot" (each side's buffer counted), evaluated by the database
 * inside the writing statement itself.
 */
function noneOverlaps(db: Db, args: Slot, rows: Occupants) {
  const t = rows.table;
  const end = args.startMinute + args.durationMinutes + (args.bufferMinutes ?? 0);
  return notExists(
    db
      .select({ one: sql`1` })
      .from(t)
      .where(
        and(
          eq(rows.owner, args.userId),
          eq(t.date, args.date),
          rows.holding,
          rows.excludeId ? ne(t.id, rows.excludeId) : undefined,
          lt(t.startMinute, end),
          sql`${t.startMinute} + ${t.durationMinutes} + ${t.bufferMinutes} > ${args.startMinute}`,
        ),
      ),
  );
}

/** The condition "no appointment (not cancelled) overlaps the slot", buffers counted. */
export function noAppointmentOverlaps(db: Db, args: Slot) {
  return noneOverlaps(db, args, { table: appointments, owner: appointments.userId, holding: notCancelled, excludeId: args.excludeAppointmentId });
}

/**
 * The condition "no block or closed day covers the slot's service time", evaluated inside the
 * writing statement, so a block saved meanwhile refuses a customer's claim. (The professional's
 * own 'Encaixe' skips it after confirming.)
 */
export function noBlockCovers(db: Db, args: Slot) {
  const end = args.startMinute + args.durationMinutes;
  return and(noneBlocks(db, args, end), noCalendarBusy(db, args, end))!;
}

/** No busy time of the professional's external calendars overlaps the service time (docs/decisions/0957). */
function noCalendarBusy(db: Db, args: Slot, end: number) {
  return notExists(
    db
      .select({ one: sql`1` })
      .from(calendarBusy)
      .where(and(eq(calendarBusy.userId, args.userId), eq(calendarBusy.date, args.date), lt(calendarBusy.startMinute, end), gt(calendarBusy.endMinute, args.startMinute))),
  );
}

function noneBlocks(db: Db, args: Slot, end: number) {
  return notExists(
    db
      .select({ one: sql`1` })
      .from(scheduleExceptions)
      .where(
        and(
          eq(scheduleExceptions.userId, args.userId),
          lte(scheduleExceptions.startDate, args.date),
          gte(scheduleExceptions.endDate, args.date),
          or(
            and(eq(scheduleExceptions.kind, "closed"), isNull(scheduleExceptions.startMinute)),
            and(
              ne(scheduleExceptions.kind, "open"),
              lt(scheduleExceptions.startMinute, end),
              gt(scheduleExceptions.endMinute, args.startMinute),
            ),
          ),
        ),
      ),
  );
}

/**
 * The condition "nothing overlaps the slot on that date" (appointments and pending requests still
 * held, buffers counted), evaluated by the database inside the writing statement itself, so two
 * racing claims cannot both succeed.
 */
export function nothingOverlaps(db: Db, args: Slot, now: Date) {
  const requests = { table: bookingRequests, owner: bookingRequests.professionalId, holding: stillHeld(now), excludeId: args.excludeBookingRequestId };
  return and(noAppointmentOverlaps(db, args), noneOverlaps(db, args, requests))!;
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
 * Creates the appointment only if its time is offered (working hours and the date's own blocks,
 * not past, within 6 months, step grid; all waived for a confirmed 'Encaixe') and nothing
 * overlaps at insert time, buffers counted; false means nothing was written. An appointment
 * made from a booking request (values.bookingRequestId) is not blocked by that same request.
 */
export async function insertAppointmentIfFree(
  db: Db,
  values: typeof appointments.$inferInsert,
  args: ClaimArgs,
): Promise<boolean> {
  const durationMinutes = values.durationMinutes ?? 60;
  if (!validSlotShape(values.date, values.startMinute, durationMinutes)) return false;
  if (values.status === APPOINTMENT_STATUS.cancelled) return false;
  const now = args.now ?? new Date();
  const slot = {
    userId: values.userId,
    date: values.date,
    startMinute: values.startMinute,
    durationMinutes,
    bufferMinutes: values.bufferMinutes ?? 0,
    excludeBookingRequestId: values.bookingRequestId ?? undefined,
  };
  if (!args.walkIn) {
    const free = await getFreeSlots(db, { ...slot, ...args, now });
    if (!free.includes(values.startMinute)) return false;
  }
  const guard = args.walkIn ? nothingOverlaps(db, slot, now) : and(nothingOverlaps(db, slot, now), noBlockCovers(db, slot));
  const result = await insertIf(db, appointments, { ...values, durationMinutes }, guard);
  return result.rowsAffected === 1;
}

/**
 * Changes one of the professional's appointments. When the change moves it in time (date,
 * start, duration) or brings a cancelled one back, the new time must be offered and free
 * (ignoring the appointment itself), checked in the same UPDATE. Changes that keep its time
 * (notes, status, client...) never fail on availability. False: not found or not free.
 * `also` runs in the same batch after the UPDATE (each write conditioned on it by its author).
 */
export async function updateAppointmentIfFree(
  db: Db,
  id: string,
  userId: string,
  values: Partial<typeof appointments.$inferInsert>,
  args: ClaimArgs & Also,
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
    next.bufferMinutes !== current.bufferMinutes ||
    isCancelled(current.status);
  const claims = next.status !== APPOINTMENT_STATUS.cancelled && moves;
  const owned = and(eq(appointments.id, id), eq(appointments.userId, userId));

  if (!claims) {
    const [result] = await db.batch([db.update(appointments).set(changes).where(owned), ...(args.also ?? [])]);
    return result.rowsAffected === 1;
  }
  const now = args.now ?? new Date();
  const slot = {
    userId,
    date: next.date,
    startMinute: next.startMinute,
    durationMinutes: next.durationMinutes,
    bufferMinutes: next.bufferMinutes,
    excludeAppointmentId: id,
    excludeBookingRequestId: next.bookingRequestId ?? undefined,
  };
  if (!args.walkIn) {
    const free = await getFreeSlots(db, { ...slot, ...args, now });
    if (!free.includes(next.startMinute)) return false;
  }
  const guard = args.walkIn ? nothingOverlaps(db, slot, now) : and(nothingOverlaps(db, slot, now), noBlockCovers(db, slot));
  const [result] = await db.batch([db.update(appointments).set(changes).where(and(owned, guard)), ...(args.also ?? [])]);
  return result.rowsAffected === 1;
}

/**
 * The claim of a booking request's slot: the statement that inserts the pending request only if
 * nothing overlaps it when it runs, and `alsoRequire` (another condition of the same statement,
 * e.g. the per-phone limit) holds. The real guard against two customers taking one time, to run
 * alone or first in a batch with what depends on it (its token, the e-mail to the professional).
 * Whether the time is offered at all (hours, grid, not past) the caller checks before.
 */
export function bookingRequestClaim(
  db: Db,
  values: typeof bookingRequests.$inferInsert & { id: string },
  alsoRequire?: SQL,
  now = new Date(),
) {
  const slot = {
    userId: values.professionalId,
    date: values.date,
    startMinute: values.startMinute,
    durationMinutes: values.durationMinutes,
    bufferMinutes: values.bufferMinutes ?? 0,
  };
  const guard = and(nothingOverlaps(db, slot, now), noBlockCovers(db, slot), alsoRequire);
  return insertIf(db, bookingRequests, { ...values, status: "pending" }, guard);
}
