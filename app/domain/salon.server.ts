// The salon in SQL: an owner and her active members who signed up (docs/decisions/0421, 0691).
// The one definition that 'Equipe', Relatórios > Equipe and every 'Salão' figure (the dashboard,
// the Caixa, Relatórios and their CSVs, docs/decisions/1050) bound their rows by. A member owns no
// team (0421), so her salon is herself alone; nobody reaches a professional outside their own.
import { and, eq, isNotNull, ne, sql, type Column, type SQL } from "drizzle-orm";
import { linkedAccounts, profiles } from "../../db/schema";
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

/** `inScope` as the schedule queries take their `whose` (a condition on the user column). */
export const scopeRows = (scope: FigureScope) => (column: Column) => inScope(scope, column);
