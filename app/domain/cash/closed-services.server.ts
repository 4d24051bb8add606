// The closed services of a period, one row per closing: the Caixa's list 'Atendimentos fechados'
// (the latest first, a page's worth) and its CSV (every one, in date and time order) read the
// same select, so a row says the same on both (docs/decisions/1063); for the salon ('Salão',
// docs/decisions/1050) each row says whose it is.
import { and, asc, desc, eq, gte, lte, sql } from "drizzle-orm";
import { appointments, cashClosingItems, cashClosings, clients, profiles } from "../../../db/schema";
import type { DateRange } from "../dates";
import type { FigureScope } from "../salon";
import { inScope, professionalName, sameProfessional } from "../salon.server";
import type { Db } from "../../utils/db.server";
import { receivedCents } from "./received";
import { PAYMENT_METHODS, type PaymentMethod } from "./totals";
import { APPOINTMENT_STATUS } from "../status-rules";

/** How many closings the Caixa lists; the CSV has them all. */
export const CLOSINGS_LISTED = 50;

const paidBy = (method: PaymentMethod) =>
  sql<number>`coalesce((select sum(amount_cents) from cash_payments where closing_id = ${cashClosings.id} and method = ${method}), 0)`.mapWith(Number);
const itemCount = sql<number>`(select count(*) from ${cashClosingItems} where ${cashClosingItems.closingId} = ${cashClosings.id})`.mapWith(Number);

function closedServicesQuery(db: Db, scope: FigureScope, range: DateRange) {
  return db
    .select({
      appointmentId: appointments.id,
      date: appointments.date,
      startMinute: appointments.startMinute,
      professionalName,
      clientName: clients.name,
      serviceName: appointments.serviceName,
      status: cashClosings.status,
      subtotal: cashClosings.subtotalCents,
      discount: cashClosings.discountCents,
      deposit: cashClosings.depositCents,
      tip: cashClosings.tipCents,
      items: itemCount,
      pix: paidBy("pix"),
      cash: paidBy("cash"),
      debit: paidBy("debit"),
      credit: paidBy("credit"),
    })
    .from(cashClosings)
    .innerJoin(appointments, and(eq(appointments.id, cashClosings.appointmentId), sameProfessional(scope, appointments.userId, cashClosings.userId)))
    .leftJoin(clients, and(eq(clients.id, appointments.clientId), sameProfessional(scope, clients.userId, appointments.userId)))
    .leftJoin(profiles, eq(profiles.userId, appointments.userId))
    .where(and(inScope(scope, cashClosings.userId), eq(appointments.status, APPOINTMENT_STATUS.completed), gte(appointments.date, range.from), lte(appointments.date, range.to)))
    .$dynamic();
}

/** Every closed service of the period, in date and time order (the CSV). */
export function allClosedServices(db: Db, scope: FigureScope, range: DateRange) {
  return closedServicesQuery(db, scope, range).orderBy(asc(appointments.date), asc(appointments.startMinute));
}

/** The latest closed services of the period, the latest first (the Caixa's list). */
export function latestClosedServices(db: Db, scope: FigureScope, range: DateRange) {
  return closedServicesQuery(db, scope, range).orderBy(desc(appointments.date), desc(appointments.startMinute)).limit(CLOSINGS_LISTED);
}

type Row = Awaited<ReturnType<typeof allClosedServices>>[number];

/** A row with what each method took and what the closing received (received.ts). */
export function closedService(row: Row) {
  const byMethod = Object.fromEntries(PAYMENT_METHODS.map((m) => [m, row[m]])) as Record<PaymentMethod, number>;
  const paid = PAYMENT_METHODS.reduce((sum, m) => sum + byMethod[m], 0);
  return { ...row, byMethod, receivedCents: receivedCents({ status: row.status, paidCents: paid, tipCents: row.tip, depositCents: row.deposit }) };
}

export type ClosedService = ReturnType<typeof closedService>;
