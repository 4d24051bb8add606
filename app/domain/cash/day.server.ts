// The Caixa (issue 22): what a day or a period brought, by method, with tips apart, items sold,
// pending payments, the closings themselves and 'Previsto' (appointments still to happen at list
// prices). One batch of reads; 'Recebido' is received.ts's definition applied to the sums. The
// deposits marked in the period are informative lines apart from 'Recebido' (docs/decisions/0921).
// The same reads add up one professional's drawer or the salon's ('Salão', docs/decisions/1050):
// each closing is its own professional's, and the salon is salon.server.ts's.
import { and, asc, eq, gte, lt, lte, sql } from "drizzle-orm";
import { appointments, bookingRequests, cashClosingItems, cashClosings, clients, moneyDays, profiles, PAYMENT_METHODS, type PaymentMethod } from "../../../db/schema";
import { addDays, localMidnightMs, type DateRange } from "../dates";
import type { Db } from "../../utils/db.server";
import { asScope, type FigureScope } from "../salon";
import { inScope, sameProfessional, professionalName } from "../salon.server";
import { keptDaysIn, keptMethodColumns, keptMoneyColumns, revenueOf } from "./revenue.server";
import { closedService, latestClosedServices } from "./closed-services.server";
import { APPOINTMENT_STATUS } from "../status-rules";
import { activeAppointment } from "../status-rules.server";

/** The closings of the scope's completed appointments in the range (appointments joined to them). */
const inRange = (scope: FigureScope, range: DateRange) =>
  and(inScope(scope, appointments.userId), sameProfessional(scope, cashClosings.userId, appointments.userId), eq(appointments.status, APPOINTMENT_STATUS.completed), gte(appointments.date, range.from), lte(appointments.date, range.to));

/**
 * 'Sinais recebidos' and 'Sinais devolvidos': the deposits marked in the period, by the instant
 * each was marked, the period's days taken in the professional's zone.
 */
function depositsMarkedQ(db: Db, scope: FigureScope, range: DateRange, timeZone: string) {
  const from = new Date(localMidnightMs(range.from, timeZone));
  const until = new Date(localMidnightMs(addDays(range.to, 1), timeZone));
  const markedIn = (at: typeof bookingRequests.depositReceivedAt) => and(inScope(scope, bookingRequests.professionalId), sql`${bookingRequests.depositCents} > 0`, gte(at, from), lt(at, until));
  const sumOf = (at: typeof bookingRequests.depositReceivedAt) =>
    db
      .select({ count: sql<number>`count(*)`, cents: sql<number>`coalesce(sum(${bookingRequests.depositCents}), 0)` })
      .from(bookingRequests)
      .where(markedIn(at));
  return [sumOf(bookingRequests.depositReceivedAt), sumOf(bookingRequests.depositRefundedAt)] as const;
}

/** 'Pagamentos pendentes': every pending closing of the scope whatever the period, oldest first, with whose it is. */
function pendingPaymentsQ(db: Db, scope: FigureScope) {
  return db
    .select({
      appointmentId: appointments.id,
      date: appointments.date,
      startMinute: appointments.startMinute,
      serviceName: appointments.serviceName,
      clientName: clients.name,
      /** Whose service it is (named on the salon's Caixa). */
      professionalName,
      dueCents: sql<number>`${cashClosings.subtotalCents} - ${cashClosings.discountCents} - ${cashClosings.depositCents} + ${cashClosings.tipCents}`,
    })
    .from(cashClosings)
    // `+user_id` keeps SQLite from walking every appointment in date order: it starts from the few pending closings.
    .innerJoin(appointments, and(eq(appointments.id, cashClosings.appointmentId), sql`+${appointments.userId} = ${cashClosings.userId}`))
    .leftJoin(clients, and(eq(clients.id, appointments.clientId), sameProfessional(scope, clients.userId, appointments.userId)))
    .leftJoin(profiles, eq(profiles.userId, appointments.userId))
    .where(and(inScope(scope, cashClosings.userId), eq(cashClosings.status, "pending"), eq(appointments.status, APPOINTMENT_STATUS.completed)))
    .orderBy(asc(appointments.date), asc(appointments.startMinute))
    .limit(100);
}

/** The Caixa of `who`: a professional (her id, or her scope) or the salon of an owner. */
export async function cashDay(db: Db, who: string | FigureScope, range: DateRange, today: string, timeZone: string) {
  const scope = asScope(who);
  // 'Recebido', the completed appointments without a closing and what each method took: the
  // figures kept per day (the dashboard's and Relatórios' too, docs/decisions/1230).
  const moneyQ = db
    .select({ ...keptMoneyColumns(), ...keptMethodColumns() })
    .from(moneyDays)
    .where(keptDaysIn(scope, range));
  const sumsQ = db
    .select({
      status: cashClosings.status,
      services: sql<number>`count(*)`,
      tips: sql<number>`coalesce(sum(${cashClosings.tipCents}), 0)`,
      deposits: sql<number>`coalesce(sum(${cashClosings.depositCents}), 0)`,
      charged: sql<number>`coalesce(sum(${cashClosings.subtotalCents} - ${cashClosings.discountCents}), 0)`,
      subtotal: sql<number>`coalesce(sum(${cashClosings.subtotalCents}), 0)`,
      discount: sql<number>`coalesce(sum(${cashClosings.discountCents}), 0)`,
    })
    .from(cashClosings)
    .innerJoin(appointments, eq(appointments.id, cashClosings.appointmentId))
    .where(inRange(scope, range))
    .groupBy(cashClosings.status);
  const itemsQ = db
    .select({ name: cashClosingItems.name, kind: cashClosingItems.kind, quantity: sql<number>`sum(${cashClosingItems.quantity})`, cents: sql<number>`sum(${cashClosingItems.quantity} * ${cashClosingItems.unitPriceCents})` })
    .from(cashClosingItems)
    .innerJoin(cashClosings, eq(cashClosings.id, cashClosingItems.closingId))
    .innerJoin(appointments, eq(appointments.id, cashClosings.appointmentId))
    .where(and(inRange(scope, range), eq(cashClosingItems.kind, "product")))
    .groupBy(cashClosingItems.name)
    .orderBy(sql`sum(${cashClosingItems.quantity}) desc`, asc(cashClosingItems.name))
    .limit(50);
  const pendingQ = pendingPaymentsQ(db, scope);
  // 'Previsto': the active appointments from today on, inside the range, at their list prices.
  const from = range.from > today ? range.from : today;
  const expectedQ = db
    .select({ count: sql<number>`count(*)`, cents: sql<number>`coalesce(sum(${appointments.priceCents}), 0)` })
    .from(appointments)
    .where(and(inScope(scope, appointments.userId), activeAppointment, gte(appointments.date, from), lte(appointments.date, range.to)));
  const [depositsInQ, depositsOutQ] = depositsMarkedQ(db, scope, range, timeZone);
  const [sums, items, pending, [expected], [money], [depositsIn], [depositsOut], closings] = await db.batch([
    sumsQ,
    itemsQ,
    pendingQ,
    expectedQ,
    moneyQ,
    depositsInQ,
    depositsOutQ,
    latestClosedServices(db, scope, range),
  ]);
  const paid = sums.find((s) => s.status === "paid");
  const open = sums.find((s) => s.status === "pending");
  const revenue = revenueOf(money);
  const methods = Object.fromEntries(PAYMENT_METHODS.flatMap((m) => (money?.[m] ? [[m, money[m]]] : []))) as Partial<Record<PaymentMethod, number>>;
  const depositsCents = Number(paid?.deposits ?? 0) + Number(open?.deposits ?? 0);
  return {
    receivedCents: revenue.receivedCents,
    /** Completed without a closing ('sem fechamento'), at list prices: not in 'Recebido', in 'Faturamento'. */
    unclosed: { count: revenue.unclosedCount, cents: revenue.unclosedCents },
    revenueCents: revenue.revenueCents,
    byMethod: methods,
    /**
     * 'Total pago': what the methods took (tips inside, as handed over) and the deposits received
     * before the day; less the tips it is 'Recebido' (docs/decisions/1063).
     */
    totalPaidCents: Object.values(methods).reduce((sum, cents) => sum + cents, 0) + depositsCents,
    services: Number(paid?.services ?? 0) + Number(open?.services ?? 0),
    tipsCents: revenue.tipsCents,
    depositsCents,
    /** The closings' items before and the discounts given (paid and pending): the CSV's 'Total' line. */
    subtotalCents: Number(paid?.subtotal ?? 0) + Number(open?.subtotal ?? 0),
    discountCents: Number(paid?.discount ?? 0) + Number(open?.discount ?? 0),
    items: items.map((i) => ({ ...i, quantity: Number(i.quantity), cents: Number(i.cents) })),
    pending: pending.map((p) => ({ ...p, professionalName: scope.salon ? (p.professionalName ?? "") : null, dueCents: Number(p.dueCents) })),
    /** 'Atendimentos fechados': the latest closings of the period (all of them in the CSV). */
    closings: closings.map(closedService),
    depositsMarked: {
      received: { count: Number(depositsIn?.count ?? 0), cents: Number(depositsIn?.cents ?? 0) },
      refunded: { count: Number(depositsOut?.count ?? 0), cents: Number(depositsOut?.cents ?? 0) },
    },
    expected: { count: Number(expected?.count ?? 0), cents: Number(expected?.cents ?? 0), from: from <= range.to ? from : null },
  };
}

export type CashDay = Awaited<ReturnType<typeof cashDay>>;
