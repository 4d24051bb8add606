// The salon in SQL: an owner and her active members who signed up (docs/decisions/0421, 0691).
// The one definition that 'Equipe', Relatórios > Equipe and every 'Salão' figure (the dashboard,
// the Caixa, Relatórios and their CSVs, docs/decisions/1050) bound their rows by. A member owns no
// team (0421), so her salon is herself alone; nobody reaches a professional outside their own.
// Here too the team as a list (`teamOf`) and whose appointment a member's is, which 'Equipe', the
// commissions and the Caixa's counter ask.
import { and, eq, isNotNull, ne, sql, type Column, type SQL } from "drizzle-orm";
import { appointments, linkedAccounts, profiles } from "../../db/schema";
import type { Db } from "../utils/db.server";
import type { FigureScope } from "./salon";

/** The owner's active members' ids, as a subquery. */
export function memberIdsOf(ownerId: string): SQL {
  return sql`(select ${linkedAccounts.linkedUserId} from ${linkedAccounts}
    where ${linkedAccounts.ownerId} = ${ownerId} and ${linkedAccounts.status} = 'active'
      and ${linkedAccounts.linkedUserId} is not null and ${linkedAccounts.linkedUserId} <> ${ownerId})`;
}

/** A user-id column inside the salon: the owner or one of her active members (one IN, so an index on the column serves it). */
export function inSalon(column: Column | SQL, ownerId: string): SQL {
  return sql`${column} in (select ${ownerId} union all select * from ${memberIdsOf(ownerId)})`;
}

/** How a professional is named on the salon's screens (as 'Equipe' names them): her name, else her business's. Over a join to `profiles`. */
export const professionalName = sql<string>`coalesce(nullif(${profiles.fullName}, ''), ${profiles.businessName})`;

/** How many active members the owner (her id, or an SQL expression of it) has (0: no team), as a statement to batch with others. */
export function memberCountQuery(db: Db, ownerId: string | SQL) {
  return db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(linkedAccounts)
    .where(and(eq(linkedAccounts.ownerId, ownerId), eq(linkedAccounts.status, "active"), isNotNull(linkedAccounts.linkedUserId), ne(linkedAccounts.linkedUserId, ownerId)));
}

/** The rows of the scope on a user-id column: the professional's own, or the salon's. */
export function inScope(scope: FigureScope, column: Column | SQL): SQL {
  return scope.salon ? inSalon(column, scope.userId) : sql`${column} = ${scope.userId}`;
}

/**
 * A joined row's user column held to the row it joins: its own professional's for the salon; the
 * professional's id itself for one professional (a constant the indexes start from).
 */
export function sameProfessional(scope: FigureScope, column: Column | SQL, joinedTo: Column | SQL): SQL {
  return scope.salon ? sql`${column} = ${joinedTo}` : sql`${column} = ${scope.userId}`;
}

export type TeamMember = {
  userId: string;
  name: string;
  isOwner: boolean;
  /** The member allowed the owner to manage their agenda (always true for the owner's own). */
  ownerMayManage: boolean;
  timeZone: string;
};

/**
 * The owner first, then the active members by name. Empty when `ownerId` has no active member
 * (no team to show) — and so for a member, whose own links are none.
 */
export async function teamOf(db: Db, ownerId: string): Promise<TeamMember[]> {
  const rows = await db
    .select({
      userId: profiles.userId,
      fullName: profiles.fullName,
      businessName: profiles.businessName,
      ownerMayManage: profiles.ownerMayManage,
      timeZone: profiles.timeZone,
    })
    .from(profiles)
    .where(sql`${profiles.userId} = ${ownerId} or ${profiles.userId} in ${memberIdsOf(ownerId)}`);
  const owner = rows.find((r) => r.userId === ownerId);
  const members = rows
    .filter((r) => r.userId !== ownerId)
    .map((r) => ({ userId: r.userId, name: r.fullName || r.businessName, isOwner: false, ownerMayManage: r.ownerMayManage, timeZone: r.timeZone }))
    .sort((a, b) => a.name.localeCompare(b.name, "pt-BR"));
  if (!owner || members.length === 0) return [];
  return [
    { userId: owner.userId, name: owner.fullName || owner.businessName, isOwner: true, ownerMayManage: true, timeZone: owner.timeZone },
    ...members,
  ];
}

/**
 * The member whose appointment this is, with their zone, when it is an appointment of an active
 * member of the owner's own team; with `allowed`, only of one who allowed the owner to manage
 * their agenda (owner_may_manage). Else null (the caller answers 404).
 */
async function memberOfAppointment(db: Db, ownerId: string, id: string, allowed: boolean): Promise<{ userId: string; timeZone: string } | null> {
  const [row] = await db
    .select({ userId: appointments.userId, timeZone: profiles.timeZone })
    .from(appointments)
    .innerJoin(profiles, eq(profiles.userId, appointments.userId))
    .where(and(eq(appointments.id, id), sql`${appointments.userId} in ${memberIdsOf(ownerId)}`, allowed ? eq(profiles.ownerMayManage, true) : undefined));
  return row ?? null;
}

/** A member's appointment the owner may change in the agenda: the member allowed it (docs/decisions/0691). */
export function managedMember(db: Db, ownerId: string, id: string) {
  return memberOfAppointment(db, ownerId, id, true);
}

/**
 * A member's appointment whose payment the owner may record at the salon's counter ('Fechar
 * atendimento', 'Receber'): any active member's, whatever the agenda permission (docs/decisions/1051).
 */
export function salonMemberAppointment(db: Db, ownerId: string, id: string) {
  return memberOfAppointment(db, ownerId, id, false);
}
