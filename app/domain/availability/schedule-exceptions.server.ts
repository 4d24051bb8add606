// 'Folgas e bloqueios': a professional's closed days and ranges, blocked time ranges and extra
// hours (the schedule_exceptions rows that dayPlan applies), every query scoped by the owner, and
// what a closed day or a block covers: the appointments and pending requests whose customers the
// professional should warn. Nothing here cancels anything.
import { and, asc, count, desc, eq, exists, gte, isNull, lte, ne, not, sql, type Column, type SQL } from "drizzle-orm";
import { appointments, bookingRequests, clients, scheduleExceptions, type ScheduleExceptionKind } from "../../../db/schema";
import { insertIf, type Db } from "../../utils/db.server";
import { formatDate, minutesToTime } from "../dates";
import { whatsappLink } from "../whatsapp";
import { stillHeld } from "./slot-claims.server";
import { activeAppointment } from "../status-rules.server";

export type ScheduleException = typeof scheduleExceptions.$inferSelect;

/** What the form saves (app/validation/schedule-exceptions.ts checks it). */
export type ScheduleExceptionFields = {
  kind: ScheduleExceptionKind;
  startDate: string;
  endDate: string;
  startMinute: number | null;
  endMinute: number | null;
  reason: string;
  showReason: boolean;
};

/** An exception's columns (for a correlated count) or a stored row's values. */
type Ref<T> = T | Column | SQL;
type ExceptionRef = {
  userId: Ref<string>;
  kind: Ref<string>;
  startDate: Ref<string>;
  endDate: Ref<string>;
  startMinute: Ref<number | null>;
  endMinute: Ref<number | null>;
};

/**
 * The conditions "this appointment / this request is covered by the exception": a closed day or
 * block (never extra hours), a date in its range from `today` on, and for a time range, service
 * time overlapping it (the same overlap the booking claims refuse, noBlockCovers).
 */
function covers(e: ExceptionRef, today: string, now: Date) {
  const onDates = (date: Column) => and(sql`${date} >= max(${e.startDate}, ${today})`, sql`${date} <= ${e.endDate}`);
  const inTime = (start: Column, duration: Column) =>
    sql`(${e.startMinute} is null or (${start} < ${e.endMinute} and ${start} + ${duration} > ${e.startMinute}))`;
  const blocking = sql`${e.kind} <> 'open'`;
  return {
    appointment: and(
      sql`${appointments.userId} = ${e.userId}`,
      onDates(appointments.date),
      // Only an active one needs a warning: the others are over one way or another, or cancelled.
      activeAppointment,
      inTime(appointments.startMinute, appointments.durationMinutes),
      blocking,
    )!,
    request: and(
      sql`${bookingRequests.professionalId} = ${e.userId}`,
      onDates(bookingRequests.date),
      stillHeld(now),
      inTime(bookingRequests.startMinute, bookingRequests.durationMinutes),
      blocking,
    )!,
  };
}

const owned = (userId: string, id: string) => and(eq(scheduleExceptions.id, id), eq(scheduleExceptions.userId, userId));

/**
 * The professional's exceptions not yet over (ending today or later), soonest first, each with
 * how many appointments and pending requests it covers.
 */
export async function listUpcomingExceptions(db: Db, userId: string, today: string, now = new Date()) {
  const c = covers(scheduleExceptions, today, now);
  const coveredAppointments = db.select({ n: count() }).from(appointments).where(c.appointment);
  const coveredRequests = db.select({ n: count() }).from(bookingRequests).where(c.request);
  return db
    .select({
      exception: scheduleExceptions,
      covered: sql<number>`(${coveredAppointments}) + (${coveredRequests})`.mapWith(Number),
    })
    .from(scheduleExceptions)
    .where(and(eq(scheduleExceptions.userId, userId), gte(scheduleExceptions.endDate, today)))
    .orderBy(asc(scheduleExceptions.startDate), asc(scheduleExceptions.startMinute), desc(scheduleExceptions.createdAt))
    .then((rows) => rows.map((r) => ({ ...r.exception, covered: r.covered })));
}

/** One of the professional's exceptions, or null (missing or someone else's). */
export async function getException(db: Db, userId: string, id: string): Promise<ScheduleException | null> {
  const [row] = await db.select().from(scheduleExceptions).where(owned(userId, id));
  return row ?? null;
}

/**
 * "A whole-day closing covers `date`" (optionally not counting the exception `exceptId`), as a
 * condition of the writing statement itself.
 */
function closingCovers(db: Db, userId: string, date: string, exceptId?: string) {
  return exists(
    db
      .select({ one: sql`1` })
      .from(scheduleExceptions)
      .where(
        and(
          eq(scheduleExceptions.userId, userId),
          eq(scheduleExceptions.kind, "closed"),
          isNull(scheduleExceptions.startMinute),
          lte(scheduleExceptions.startDate, date),
          gte(scheduleExceptions.endDate, date),
          exceptId ? ne(scheduleExceptions.id, exceptId) : undefined,
        ),
      ),
  );
}

/** The professional's exceptions of that kind over exactly those dates and times. */
function sameSpan(userId: string, fields: ScheduleExceptionFields) {
  return and(
    eq(scheduleExceptions.userId, userId),
    eq(scheduleExceptions.kind, fields.kind),
    eq(scheduleExceptions.startDate, fields.startDate),
    eq(scheduleExceptions.endDate, fields.endDate),
    sql`${scheduleExceptions.startMinute} is ${fields.startMinute}`,
    sql`${scheduleExceptions.endMinute} is ${fields.endMinute}`,
  );
}

/**
 * Saves a new exception. Extra hours on a date a closing covers would never show (a closed day
 * wins), so they are refused: "closed-day", checked by the insert itself. The same exception
 * posted again (a double submit, even simultaneous) writes nothing and answers the stored one.
 */
export async function createException(
  db: Db,
  userId: string,
  fields: ScheduleExceptionFields,
): Promise<ScheduleException | "closed-day"> {
  const id = crypto.randomUUID();
  const duplicate = exists(db.select({ one: sql`1` }).from(scheduleExceptions).where(sameSpan(userId, fields)));
  const guard = and(not(duplicate), fields.kind === "open" ? not(closingCovers(db, userId, fields.startDate)) : undefined);
  const [, [row], [twin]] = await db.batch([
    insertIf(db, scheduleExceptions, { ...fields, id, userId }, guard),
    db.select().from(scheduleExceptions).where(owned(userId, id)),
    db.select().from(scheduleExceptions).where(sameSpan(userId, fields)).orderBy(asc(scheduleExceptions.createdAt)).limit(1),
  ]);
  return row ?? twin ?? "closed-day";
}

/** Changes one of the professional's exceptions (same rule as createException). */
export async function updateException(
  db: Db,
  userId: string,
  id: string,
  fields: ScheduleExceptionFields,
): Promise<ScheduleException | "closed-day" | "not-found"> {
  const guard = fields.kind === "open" ? not(closingCovers(db, userId, fields.startDate, id)) : undefined;
  const [row] = await db
    .update(scheduleExceptions)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(owned(userId, id), guard))
    .returning();
  if (row) return row;
  return (await getException(db, userId, id)) ? "closed-day" : "not-found";
}

/**
 * 'Fechar no feriado': closes that one day with the holiday's name shown on the booking page,
 * unless a closing already covers it ("already-closed"; a double tap writes one row).
 */
export async function closeHoliday(
  db: Db,
  userId: string,
  holiday: { date: string; name: string },
): Promise<ScheduleException | "already-closed"> {
  const id = crypto.randomUUID();
  const fields: ScheduleExceptionFields = {
    kind: "closed",
    startDate: holiday.date,
    endDate: holiday.date,
    startMinute: null,
    endMinute: null,
    reason: holiday.name,
    showReason: true,
  };
  const [, [row]] = await db.batch([
    insertIf(db, scheduleExceptions, { ...fields, id, userId }, not(closingCovers(db, userId, holiday.date))),
    db.select().from(scheduleExceptions).where(owned(userId, id)),
  ]);
  return row ?? "already-closed";
}

/** The removed row, or null when it is not the professional's. */
export async function deleteException(db: Db, userId: string, id: string): Promise<ScheduleException | null> {
  const [row] = await db.delete(scheduleExceptions).where(owned(userId, id)).returning();
  return row ?? null;
}

/** An appointment or pending request inside a closed day or block. */
export type CoveredBooking = {
  kind: "appointment" | "request";
  id: string;
  date: string;
  startMinute: number;
  durationMinutes: number;
  clientName: string | null;
  phone: string | null;
  serviceName: string;
};

/**
 * The appointments (not cancelled, completed or missed) and pending requests still held that the
 * exception covers from `today` on, in time order: whose customers to warn. Extra hours cover
 * nothing.
 */
export async function coveredBookings(
  db: Db,
  exception: ScheduleException,
  { today, now = new Date() }: { today: string; now?: Date },
): Promise<CoveredBooking[]> {
  if (exception.kind === "open") return [];
  const c = covers(exception, today, now);
  const [taken, held] = await db.batch([
    db
      .select({
        id: appointments.id,
        date: appointments.date,
        startMinute: appointments.startMinute,
        durationMinutes: appointments.durationMinutes,
        serviceName: appointments.serviceName,
        clientName: clients.name,
        phone: clients.phone,
      })
      .from(appointments)
      .leftJoin(clients, and(eq(clients.id, appointments.clientId), eq(clients.userId, appointments.userId)))
      .where(c.appointment),
    db
      .select({
        id: bookingRequests.id,
        date: bookingRequests.date,
        startMinute: bookingRequests.startMinute,
        durationMinutes: bookingRequests.durationMinutes,
        serviceName: bookingRequests.serviceName,
        clientName: bookingRequests.customerName,
        phone: bookingRequests.customerPhone,
      })
      .from(bookingRequests)
      .where(c.request),
  ]);
  return [
    ...taken.map((r) => ({ ...r, kind: "appointment" as const })),
    ...held.map((r) => ({ ...r, kind: "request" as const })),
  ].sort((a, b) => a.date.localeCompare(b.date) || a.startMinute - b.startMinute);
}

/**
 * The professional's WhatsApp message to a customer whose time falls in a closed day or a block:
 * polite, with the time, and the reason only when the professional shows it publicly.
 * A pending request gets the booking page to choose another time.
 */
export function coveredBookingMessage(
  booking: Pick<CoveredBooking, "kind" | "date" | "startMinute" | "clientName" | "serviceName">,
  exception: Pick<ScheduleException, "reason" | "showReason">,
  bookingUrl: string,
): string {
  const name = booking.clientName?.trim().replace(/\s+/g, " ");
  const hello = name ? `Olá, ${name}! Tudo bem?` : "Olá! Tudo bem?";
  const when = `${formatDate(booking.date, true)} às ${minutesToTime(booking.startMinute)}`;
  const service = booking.serviceName.trim();
  const why = exception.showReason && exception.reason.trim() ? ` (${exception.reason.trim()})` : "";
  if (booking.kind === "request") {
    return `${hello} Recebi sua solicitação${service ? ` de ${service}` : ""} para ${when}, mas não vou poder atender nesse horário${why}. Desculpe! Que tal escolher outro horário na minha página? ${bookingUrl}`;
  }
  return `${hello} Infelizmente não vou poder atender no seu horário${service ? ` de ${service}` : ""} em ${when}${why}. Desculpe o transtorno! Podemos remarcar? Me diga o dia e o horário que ficam melhores para você.`;
}

/** The wa.me link of that message, or null without a phone. */
export function coveredBookingWhatsapp(
  booking: CoveredBooking,
  exception: Pick<ScheduleException, "reason" | "showReason">,
  bookingUrl: string,
): string | null {
  return booking.phone ? whatsappLink(booking.phone, coveredBookingMessage(booking, exception, bookingUrl)) : null;
}
