// The professional's pending requests as the agenda shows them (Dia, Semana and Lista), each with
// its Aceitar and Recusar (calendar-requests.tsx). Scoped by the professional's id.
import { and, asc, between, eq } from "drizzle-orm";
import { bookingRequests, services } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { stillHeld } from "../availability/slot-claims.server";
import { colourOf, endTimeOf } from "./calendar-layout";
import type { PendingRequest } from "./calendar-types";
import { formatDate, minutesToTime, nowInZone } from "../dates";
import { formatPhone } from "../phone";
import { professionalAcceptMessage, whatsappLink } from "../whatsapp";
import { depositView, holdEndsAt } from "../deposits/deposits";

/** The requests still holding their time between two dates, with their service's colour. */
export function pendingRequestsBetween(db: Db, userId: string, from: string, to: string, now: Date) {
  return db
    .select({ request: bookingRequests, colour: services.color })
    .from(bookingRequests)
    .leftJoin(services, and(eq(services.id, bookingRequests.serviceId), eq(services.userId, userId)))
    .where(and(eq(bookingRequests.professionalId, userId), between(bookingRequests.date, from, to), stillHeld(now)))
    .orderBy(asc(bookingRequests.date), asc(bookingRequests.startMinute))
    .limit(500);
}

export function pendingRequestView(
  { request: r, colour }: { request: typeof bookingRequests.$inferSelect; colour: string | null },
  timeZone: string,
  now: Date = new Date(),
): PendingRequest {
  const holdEnds = holdEndsAt(r);
  const expires = holdEnds ? nowInZone(timeZone, holdEnds) : null;
  const time = minutesToTime(r.startMinute);
  return {
    id: r.id,
    date: r.date,
    dateLabel: formatDate(r.date),
    startMinute: r.startMinute,
    durationMinutes: r.durationMinutes,
    bufferMinutes: r.bufferMinutes,
    time,
    endTime: endTimeOf(r),
    customerName: r.customerName,
    phone: formatPhone(r.customerPhone),
    serviceName: r.serviceName,
    color: colourOf(colour, r.serviceName),
    priceCents: r.priceCents,
    notes: r.notes,
    expires: expires ? `${formatDate(expires.date)} às ${minutesToTime(expires.minute)}` : null,
    rescheduledByCustomer: r.rescheduledByCustomerAt !== null,
    whatsapp: whatsappLink(r.customerPhone, professionalAcceptMessage({ customerName: r.customerName, serviceName: r.serviceName, date: r.date, time })),
    deposit: depositView(r, timeZone, now),
  };
}
