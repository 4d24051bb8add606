// The salon seen by its owner ('Equipe', issue 16): the team is the owner and their active linked
// members. Every read here is bounded by that team in SQL (the members are read from
// linked_accounts by the owner's id, inside the statement or just before it), so an owner never
// reaches a professional outside their team; a member has no team of their own and gets none.
// What the owner sees of a member's work is what the member's appointments show (the client's
// name on an appointment); no client list, phone or notes of a member is read here.
import { and, asc, between, eq, sql, type Column } from "drizzle-orm";
import {
  appointments,
  bookingRequests,
  clients,
  profiles,
  services,
  users,
} from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { stillHeld } from "../availability/slot-claims.server";
import { exceptionsQuery, weekHoursQuery } from "../availability/schedule-queries.server";
import { timedColumns } from "../appointments/records.server";
import {
  changeStatusWithNotice,
  undoWithNotice,
  type StatusOutcome,
  type UndoOutcome,
} from "../appointments/professional-changes.server";
import type { WhatsappSettings } from "../../utils/whatsapp.server";
import { STATUS_ACTIONS, type StatusAction } from "../appointments/statuses";
import { depositColumns, depositJoin, depositStateColumns } from "../deposits/deposits.server";
import { inSalon, managedMember, memberIdsOf } from "../salon.server";

/** What 'Equipe' shows for a member's block or day off whose reason is not public. */
export const PRIVATE_TIME_OFF = "Indisponível";

/**
 * The label of a block or day off in the owner's 'Equipe': the owner's own say why; a member's
 * only when the member made the reason public ('Mostrar o motivo na página'), else 'Indisponível'.
 * The member's own agenda always shows their reason.
 */
export function timeOffLabel(exception: { reason: string; showReason: boolean }, ownersOwn: boolean, fallback: string): string {
  if (!ownersOwn && !exception.showReason) return PRIVATE_TIME_OFF;
  return exception.reason.trim() || fallback;
}

/** The team's ids as an SQL condition on a user-id column: the owner or one of their members. */
function inTeam(column: Column, ownerId: string) {
  return inSalon(column, ownerId);
}

export type TeamAppointmentRow = {
  id: string;
  userId: string;
  date: string;
  startMinute: number;
  durationMinutes: number;
  bufferMinutes: number;
  status: (typeof appointments.$inferSelect)["status"];
  serviceName: string;
  priceCents: number;
  clientName: string | null;
  colour: string | null;
  updatedAt: Date;
};

/**
 * The team's appointments, working hours, day exceptions and pending requests (still holding
 * their time) between two dates, each row with its professional's id. Client: the name only.
 */
export async function teamSchedule(db: Db, ownerId: string, from: string, to: string, now = new Date()) {
  const [rows, hours, exceptions, requests] = await Promise.all([
    db
      .select({
        ...timedColumns,
        userId: appointments.userId,
        bufferMinutes: appointments.bufferMinutes,
        priceCents: appointments.priceCents,
        clientName: clients.name,
        colour: services.color,
        updatedAt: appointments.updatedAt,
      })
      .from(appointments)
      .leftJoin(clients, and(eq(clients.id, appointments.clientId), eq(clients.userId, appointments.userId)))
      .leftJoin(services, and(eq(services.id, appointments.serviceId), eq(services.userId, appointments.userId)))
      .where(and(inTeam(appointments.userId, ownerId), between(appointments.date, from, to)))
      .orderBy(asc(appointments.date), asc(appointments.startMinute), asc(appointments.createdAt))
      .limit(5000),
    weekHoursQuery(db, (column) => inTeam(column, ownerId)),
    exceptionsQuery(db, (column) => inTeam(column, ownerId), from, to),
    db
      .select({
        id: bookingRequests.id,
        userId: bookingRequests.professionalId,
        date: bookingRequests.date,
        startMinute: bookingRequests.startMinute,
        durationMinutes: bookingRequests.durationMinutes,
        bufferMinutes: bookingRequests.bufferMinutes,
        customerName: bookingRequests.customerName,
        serviceName: bookingRequests.serviceName,
        rescheduledByCustomerAt: bookingRequests.rescheduledByCustomerAt,
        ...depositStateColumns,
        colour: services.color,
      })
      .from(bookingRequests)
      .leftJoin(services, and(eq(services.id, bookingRequests.serviceId), eq(services.userId, bookingRequests.professionalId)))
      .where(and(inTeam(bookingRequests.professionalId, ownerId), between(bookingRequests.date, from, to), stillHeld(now)))
      .orderBy(asc(bookingRequests.date), asc(bookingRequests.startMinute))
      .limit(1000),
  ]);
  return { appointments: rows as TeamAppointmentRow[], hours, exceptions, requests };
}

/** One appointment of the team by id, with its professional; null when it is not the team's. */
export async function teamAppointment(db: Db, ownerId: string, id: string) {
  const [row] = await db
    .select({ appointment: appointments, clientName: clients.name, colour: services.color, deposit: depositColumns })
    .from(appointments)
    .leftJoin(clients, and(eq(clients.id, appointments.clientId), eq(clients.userId, appointments.userId)))
    .leftJoin(services, and(eq(services.id, appointments.serviceId), eq(services.userId, appointments.userId)))
    .leftJoin(bookingRequests, depositJoin(appointments.userId))
    .where(and(eq(appointments.id, id), inTeam(appointments.userId, ownerId)));
  return row ?? null;
}

/** The status actions the owner may apply to a member's appointment from 'Equipe'. */
export const TEAM_ACTIONS = Object.keys(STATUS_ACTIONS) as StatusAction[];
export type TeamAction = (typeof TEAM_ACTIONS)[number];

export function isTeamAction(value: unknown): value is TeamAction {
  return TEAM_ACTIONS.includes(value as TeamAction);
}

type ManageOptions = { now?: Date; reason?: string; notify?: boolean; scope?: "this" | "following"; whatsapp?: WhatsappSettings | null };

/**
 * The owner confirms, completes, marks a no-show or cancels a member's appointment (managedMember):
 * the agenda's own change, with the member's id and time zone, and for a cancel the customer's
 * notice in the member's name (docs/decisions/0720).
 */
export async function manageMemberAppointment(db: Db, ownerId: string, id: string, action: TeamAction, opts: ManageOptions = {}): Promise<StatusOutcome> {
  const member = await managedMember(db, ownerId, id);
  if (!member) return { change: { ok: false, reason: "not-found" }, before: null, notice: null };
  return changeStatusWithNotice(db, member.userId, id, action, {
    clock: { now: opts.now ?? new Date(), timeZone: member.timeZone },
    scope: action === "cancel" ? (opts.scope ?? "this") : "this",
    reason: opts.reason ?? "",
    notify: opts.notify ?? false,
    whatsapp: opts.whatsapp ?? null,
  });
}

/** 'Desfazer' of a member's appointment by the owner, under the same permission. */
export async function undoMemberAppointment(db: Db, ownerId: string, id: string, opts: ManageOptions = {}): Promise<UndoOutcome> {
  const member = await managedMember(db, ownerId, id);
  if (!member) return { undo: { ok: false, reason: "not-found" }, before: null, withdrawn: false, restored: null, whatsappLink: null };
  return undoWithNotice(db, member.userId, id, {
    clock: { now: opts.now ?? new Date(), timeZone: member.timeZone },
    scope: opts.scope ?? "this",
    whatsapp: opts.whatsapp ?? null,
  });
}

/**
 * Whose pending request the owner may answer from 'Equipe' (the answer itself is
 * answerBookingRequest, as that professional): the owner's own while they have a team, or an
 * active member's who allowed the owner to manage their agenda; null for anything else (the
 * caller answers 404), so no other id reaches a request.
 */
export async function answerableTeamRequest(
  db: Db,
  ownerId: string,
  requestId: string,
): Promise<{ professionalId: string; name: string; email: string; notify: boolean } | null> {
  const [row] = await db
    .select({
      professionalId: bookingRequests.professionalId,
      fullName: profiles.fullName,
      businessName: profiles.businessName,
      email: users.email,
      notify: profiles.notifyNewRequest,
    })
    .from(bookingRequests)
    .innerJoin(profiles, eq(profiles.userId, bookingRequests.professionalId))
    .innerJoin(users, eq(users.id, bookingRequests.professionalId))
    .where(
      and(
        eq(bookingRequests.id, requestId),
        sql`((${bookingRequests.professionalId} = ${ownerId} and exists ${memberIdsOf(ownerId)})
          or (${bookingRequests.professionalId} in ${memberIdsOf(ownerId)} and ${profiles.ownerMayManage} = 1))`,
      ),
    );
  return row ? { professionalId: row.professionalId, name: row.fullName || row.businessName, email: row.email, notify: row.notify } : null;
}

/** 'Permitir que a pessoa responsável pela equipe gerencie minha agenda': the member's own switch. */
export async function setOwnerMayManage(db: Db, userId: string, allowed: boolean) {
  await db.update(profiles).set({ ownerMayManage: allowed, updatedAt: new Date() }).where(eq(profiles.userId, userId));
}

