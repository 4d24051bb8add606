// 'Fechar atendimento' (issue 22): the form's reads and the closing's writes. A new closing is one
// batch whose first statement inserts it only when the appointment is the professional's, has
// started, is not cancelled and has no closing yet (the unique index backs it up): two phones
// closing at once store exactly one. An edit rewrites the closing only if it is still the one
// read (its revision), and writes a history row in the same batch: nothing is silently overwritten.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { appointments, cashClosingHistory, cashClosingItems, cashClosings, cashPayments, clients, profiles, services } from "../../../db/schema";
import { nowInZone } from "../dates";
import { insertIf, type Db } from "../../utils/db.server";
import { closingTotals, type ClosingForm, type PaymentLine } from "./totals";
import { describeChange, type ClosingSummary } from "./history";
import type { CurrentUser } from "../accounts/access.server";
import { salonMemberAppointment } from "../salon.server";
import { stampedRate } from "../commissions/commissions.server";
import { statusIn, activeAppointment } from "../status-rules.server";
import { ACTIVE_STATUSES, APPOINTMENT_STATUS, isCancelled, isCompleted } from "../status-rules";

type Clock = { now: Date; timeZone: string };

/**
 * Whose service the signed-in user may close: their own appointment's (in their zone), or, for a
 * team owner, any active member's (salonMemberAppointment: the salon's counter takes the payment,
 * whatever the member's agenda permission, docs/decisions/1051): the closing is then the member's,
 * in the member's zone. Null for anything else (404).
 */
export async function closingProfessional(db: Db, user: CurrentUser, appointmentId: string, members = true): Promise<{ userId: string; timeZone: string } | null> {
  const [own] = await db.select({ id: appointments.id }).from(appointments).where(and(eq(appointments.id, appointmentId), eq(appointments.userId, user.id)));
  if (own) return { userId: user.id, timeZone: user.profile.timeZone };
  // A member has no team of their own (as on 'Equipe').
  return !members || user.linkedOwnerId ? null : salonMemberAppointment(db, user.id, appointmentId);
}

/** The appointment being closed, the professional's own, with the professional's name (whose service it is). */
export async function findClosable(db: Db, userId: string, appointmentId: string) {
  const [row] = await db
    .select({
      id: appointments.id,
      date: appointments.date,
      startMinute: appointments.startMinute,
      status: appointments.status,
      serviceId: appointments.serviceId,
      serviceName: appointments.serviceName,
      priceCents: appointments.priceCents,
      bookingRequestId: appointments.bookingRequestId,
      clientName: clients.name,
      professionalName: profiles.fullName,
    })
    .from(appointments)
    .leftJoin(clients, and(eq(clients.id, appointments.clientId), eq(clients.userId, userId)))
    .leftJoin(profiles, eq(profiles.userId, appointments.userId))
    .where(and(eq(appointments.id, appointmentId), eq(appointments.userId, userId)));
  return row ?? null;
}

export type ClosableAppointment = NonNullable<Awaited<ReturnType<typeof findClosable>>>;

/** The closing of an appointment with its items, payments and history (newest first), or null. */
export async function findClosing(db: Db, userId: string, appointmentId: string) {
  const [closing] = await db.select().from(cashClosings).where(and(eq(cashClosings.appointmentId, appointmentId), eq(cashClosings.userId, userId)));
  if (!closing) return null;
  const [items, payments, history] = await db.batch([
    db.select().from(cashClosingItems).where(eq(cashClosingItems.closingId, closing.id)).orderBy(asc(cashClosingItems.position)),
    db.select().from(cashPayments).where(eq(cashPayments.closingId, closing.id)).orderBy(asc(cashPayments.id)),
    db
      .select({ changedAt: cashClosingHistory.changedAt, change: cashClosingHistory.change, who: profiles.fullName })
      .from(cashClosingHistory)
      .leftJoin(profiles, eq(profiles.userId, cashClosingHistory.changedBy))
      .where(eq(cashClosingHistory.closingId, closing.id))
      .orderBy(desc(cashClosingHistory.changedAt)),
  ]);
  return { ...closing, items, payments, history: history.map((h) => ({ ...h, lines: (JSON.parse(h.change) as { lines: string[] }).lines })) };
}

export type ExistingClosing = NonNullable<Awaited<ReturnType<typeof findClosing>>>;

/** The professional's active services, for '+ Adicionar item'. */
export function serviceChoices(db: Db, userId: string) {
  return db
    .select({ id: services.id, name: services.name, priceCents: services.priceCents })
    .from(services)
    .where(and(eq(services.userId, userId), eq(services.isActive, true)))
    .orderBy(asc(services.name));
}

export type CloseOutcome = { ok: true } | { ok: false; reason: "taken" | "status" | "not-started" | "changed" };

function summaryOf(closing: { status: "paid" | "pending"; discountCents: number; tipCents: number }, items: ClosingSummary["items"], payments: PaymentLine[]): ClosingSummary {
  return { status: closing.status, items: items.map((i) => ({ name: i.name, quantity: i.quantity, unitPriceCents: i.unitPriceCents })), discountCents: closing.discountCents, tipCents: closing.tipCents, payments: payments.map((p) => ({ method: p.method, amountCents: p.amountCents })) };
}

function lineRows(db: Db, userId: string, closingId: string, form: ClosingForm, condition: ReturnType<typeof sql>) {
  return [
    ...form.items.map((item, position) => insertIf(db, cashClosingItems, { id: crypto.randomUUID(), closingId, userId, position, ...item, commissionBasisPoints: stampedRate(userId, item) }, condition)),
    ...form.payments.map((p) => insertIf(db, cashPayments, { id: crypto.randomUUID(), closingId, userId, method: p.method, amountCents: p.amountCents }, condition)),
  ];
}

function closingValues(form: ClosingForm, depositCents: number) {
  const totals = closingTotals({ lines: form.items, discount: form.discount, tipCents: form.tipCents, depositCents });
  return {
    status: form.pending ? ("pending" as const) : ("paid" as const),
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    discountBasisPoints: form.discount.kind === "percent" ? form.discount.basisPoints : null,
    tipCents: form.tipCents,
    depositCents: totals.depositCents,
  };
}

/** Refusals read before writing: a cancelled or no-show appointment, or one not started yet. */
export function closableNow(appointment: ClosableAppointment, clock: Clock): CloseOutcome {
  if (isCancelled(appointment.status) || appointment.status === APPOINTMENT_STATUS.noShow) return { ok: false, reason: "status" };
  const local = nowInZone(clock.timeZone, clock.now);
  const started = appointment.date < local.date || (appointment.date === local.date && appointment.startMinute <= local.minute);
  return started ? { ok: true } : { ok: false, reason: "not-started" };
}

type FirstClosing = { userId: string; actorId: string; appointment: { id: string }; form: ClosingForm; depositCents: number; clock: Clock };

/**
 * The one batch that closes an appointment for the first time: its closing (only if still
 * eligible), the appointment completed, its items and payments. Its first statement's
 * rowsAffected says whether the closing was stored. The demo's seed sends many in one batch.
 */
export function firstClosingStatements(db: Db, p: FirstClosing) {
  const { userId, appointment, clock } = p;
  const local = nowInZone(clock.timeZone, clock.now);
  const closingId = crypto.randomUUID();
  const eligible = sql`exists (select 1 from appointments where id = ${appointment.id} and user_id = ${userId}
      and ${statusIn([...ACTIVE_STATUSES, APPOINTMENT_STATUS.completed], sql`status`)}
      and (date < ${local.date} or (date = ${local.date} and start_minute <= ${local.minute})))
    and not exists (select 1 from cash_closings where appointment_id = ${appointment.id})`;
  const revision = crypto.randomUUID();
  const mine = sql`exists (select 1 from cash_closings where id = ${closingId} and revision = ${revision})`;
  const values = { id: closingId, userId, appointmentId: appointment.id, ...closingValues(p.form, p.depositCents), closedAt: clock.now, closedBy: p.actorId, revision, createdAt: clock.now, updatedAt: clock.now };
  return [
    insertIf(db, cashClosings, values, eligible),
    db
      .update(appointments)
      .set({ status: APPOINTMENT_STATUS.completed, updatedAt: clock.now })
      .where(and(eq(appointments.id, appointment.id), eq(appointments.userId, userId), activeAppointment, mine)),
    ...lineRows(db, userId, closingId, p.form, mine),
  ] as const;
}

/** Closes an appointment for the first time: completed, its closing, items and payments. */
export async function closeAppointment(db: Db, p: FirstClosing & { appointment: ClosableAppointment }): Promise<CloseOutcome> {
  const refused = closableNow(p.appointment, p.clock);
  if (!refused.ok) return refused;
  try {
    const [inserted] = await db.batch(firstClosingStatements(db, p));
    if (inserted.rowsAffected === 1) return { ok: true };
  } catch (error) {
    // The unique index decided a race the condition could not see: the other closing stands.
    if (!String((error as { message?: string })?.message ?? error).includes("UNIQUE")) throw error;
    return { ok: false, reason: "taken" };
  }
  const again = await findClosable(db, p.userId, p.appointment.id);
  return again && (isCancelled(again.status) || again.status === APPOINTMENT_STATUS.noShow) ? { ok: false, reason: "status" } : { ok: false, reason: "taken" };
}

/** Changes a closed service (or settles a pending one): only the version read (its revision), with a history row. */
export async function editClosing(db: Db, p: { userId: string; actorId: string; appointment: ClosableAppointment; existing: ExistingClosing; form: ClosingForm; depositCents: number; clock: Clock }): Promise<CloseOutcome> {
  if (isCancelled(p.appointment.status) || p.appointment.status === APPOINTMENT_STATUS.noShow) return { ok: false, reason: "status" };
  const { userId, existing, clock } = p;
  const values = closingValues(p.form, p.depositCents);
  const before = summaryOf(existing, existing.items, existing.payments);
  const after = summaryOf(values, p.form.items, p.form.payments);
  const lines = describeChange(before, after);
  const reopened = !isCompleted(p.appointment.status);
  if (lines.length === 0 && !reopened) return { ok: true };
  const at = clock.now;
  // This write's own mark: a second edit at the same instant cannot pass for it.
  const revision = crypto.randomUUID();
  const mineNow = sql`exists (select 1 from cash_closings where id = ${existing.id} and revision = ${revision})`;
  const [updated] = await db.batch([
    db
      .update(cashClosings)
      .set({ ...values, revision, updatedAt: at })
      .where(and(eq(cashClosings.id, existing.id), eq(cashClosings.userId, userId), eq(cashClosings.revision, existing.revision))),
    db.delete(cashClosingItems).where(and(eq(cashClosingItems.closingId, existing.id), mineNow)),
    db.delete(cashPayments).where(and(eq(cashPayments.closingId, existing.id), mineNow)),
    ...lineRows(db, userId, existing.id, p.form, mineNow),
    insertIf(db, cashClosingHistory, { id: crypto.randomUUID(), closingId: existing.id, userId, changedBy: p.actorId, changedAt: at, change: JSON.stringify({ before, after, lines }) }, mineNow),
    // Undone by 'Desfazer' and closed again: completed again with its closing.
    db
      .update(appointments)
      .set({ status: APPOINTMENT_STATUS.completed, updatedAt: at })
      .where(and(eq(appointments.id, p.appointment.id), eq(appointments.userId, userId), activeAppointment, mineNow)),
  ]);
  return updated.rowsAffected === 1 ? { ok: true } : { ok: false, reason: "changed" };
}

/** An appointment's closing status in a list's select: 'paid', 'pending' or null (not closed). */
export function closingStatusColumn(appointmentId: typeof appointments.id) {
  return sql<"paid" | "pending" | null>`(select ${cashClosings.status} from ${cashClosings} where ${cashClosings.appointmentId} = ${appointmentId})`;
}

export type CloseStart = { ok: true } | { ok: false; reason: "not-found" | "not-started" | "status"; current?: ClosableAppointment["status"] };

/**
 * Whether the old 'Concluir' post (intent=complete, from the agenda or 'Equipe') may lead to
 * 'Fechar atendimento' for that appointment, or why not: nothing is completed without its closing
 * any more (docs/decisions/0922). `members`: from 'Equipe', a member's appointment is reached
 * too (closing it is the salon's counter's, docs/decisions/1051).
 */
export async function closeStart(db: Db, user: CurrentUser, id: string, opts: { members: boolean; now?: Date }): Promise<CloseStart> {
  const now = opts.now ?? new Date();
  const professional = id.length <= 100 ? await closingProfessional(db, user, id, opts.members) : null;
  const appointment = professional ? await findClosable(db, professional.userId, id) : null;
  if (!professional || !appointment) return { ok: false, reason: "not-found" };
  const refused = closableNow(appointment, { now, timeZone: professional.timeZone });
  if (!refused.ok) return { ok: false, reason: refused.reason === "not-started" ? "not-started" : "status", current: appointment.status };
  return { ok: true };
}
