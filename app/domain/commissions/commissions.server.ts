// The salon's commission rules in the database (issue 22, docs/decisions/0926): read and saved by
// the owner for their own active members only, stamped on a closing's lines when a service is
// closed, and summed per professional for Relatórios > Equipe. The rate of a line is one SQL
// expression (`rateSql`) for both the stamp and the lines closed before any rule existed.
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { appointments, cashClosingItems, cashClosings, commissionRules, commissionServiceRates, linkedAccounts, services } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import type { DateRange } from "../dates";
import type { CommissionBase, CommissionRule } from "./commissions";
import { teamOf } from "../salon.server";
import { statusIs } from "../status-rules.server";
import { APPOINTMENT_STATUS } from "../status-rules";

/** The member's current rate for a line of `kind` (and `serviceId`), null without a rule. */
function rateSql(ownerId: SQL, memberId: SQL, kind: SQL, serviceId: SQL): SQL {
  return sql`(select case when ${kind} = 'product' then r.products_basis_points
      else coalesce((select s.basis_points from ${commissionServiceRates} s
        where s.owner_id = r.owner_id and s.member_id = r.member_id and s.service_id = ${serviceId}), r.services_basis_points) end
    from ${commissionRules} r where r.owner_id = ${ownerId} and r.member_id = ${memberId})`;
}

/** The owner of the team `userId` is an active member of (no row: not in a team). */
const ownerOf = (userId: string) =>
  sql`(select ${linkedAccounts.ownerId} from ${linkedAccounts} where ${linkedAccounts.linkedUserId} = ${userId} and ${linkedAccounts.status} = 'active')`;

/** A closing line's stamp: the rate of `userId`'s current rule for it (null outside a team or without a rule). */
export function stampedRate(userId: string, line: { kind: "service" | "product"; serviceId: string | null }): SQL<number | null> {
  return rateSql(ownerOf(userId), sql`${userId}`, sql`${line.kind}`, sql`${line.serviceId}`) as SQL<number | null>;
}

/** The rules the owner set for these members, or for all of theirs (a member without one is absent). */
export async function readRules(db: Db, ownerId: string, memberIds?: string[]): Promise<Map<string, CommissionRule>> {
  if (memberIds?.length === 0) return new Map();
  const [rules, rates] = await Promise.all([
    db.select().from(commissionRules).where(and(eq(commissionRules.ownerId, ownerId), memberIds && inArray(commissionRules.memberId, memberIds))),
    db.select().from(commissionServiceRates).where(and(eq(commissionServiceRates.ownerId, ownerId), memberIds && inArray(commissionServiceRates.memberId, memberIds))),
  ]);
  return new Map(
    rules.map((r) => [
      r.memberId,
      {
        servicesBasisPoints: r.servicesBasisPoints,
        productsBasisPoints: r.productsBasisPoints,
        tipsToProfessional: r.tipsToProfessional,
        serviceRates: Object.fromEntries(rates.filter((s) => s.memberId === r.memberId).map((s) => [s.serviceId, s.basisPoints])),
      },
    ]),
  );
}

/**
 * Replaces a member's rule and service rates in one batch. The caller has checked that `memberId`
 * is the owner's active member and that every service id is the member's.
 */
export async function saveRule(db: Db, p: { ownerId: string; memberId: string; actorId: string; rule: CommissionRule; now?: Date }) {
  const { ownerId, memberId, rule } = p;
  const now = p.now ?? new Date();
  const values = { servicesBasisPoints: rule.servicesBasisPoints, productsBasisPoints: rule.productsBasisPoints, tipsToProfessional: rule.tipsToProfessional, updatedBy: p.actorId, updatedAt: now };
  const own = Object.entries(rule.serviceRates);
  await db.batch([
    db
      .insert(commissionRules)
      .values({ ownerId, memberId, ...values, createdAt: now })
      .onConflictDoUpdate({ target: [commissionRules.ownerId, commissionRules.memberId], set: values }),
    db.delete(commissionServiceRates).where(and(eq(commissionServiceRates.ownerId, ownerId), eq(commissionServiceRates.memberId, memberId))),
    ...(own.length ? [db.insert(commissionServiceRates).values(own.map(([serviceId, basisPoints]) => ({ ownerId, memberId, serviceId, basisPoints })))] : []),
  ]);
}

export type MemberBase = CommissionBase & { userId: string };

/**
 * The commission bases of these professionals' completed appointments in the range, summed per
 * professional, kind and rate: a paid closing's lines at what was charged after their share of the
 * discount ('Pagamento pendente' counts once settled), and a completed appointment without a
 * closing at its list price, as 'Faturamento' counts it (revenue.server.ts).
 */
export async function commissionBases(db: Db, ownerId: string, userIds: string[] | SQL, range: DateRange): Promise<MemberBase[]> {
  if (Array.isArray(userIds) && userIds.length === 0) return [];
  // A list of ids, or a subquery of them (the owner's members, read in the same round trip).
  const ids = Array.isArray(userIds) ? sql`(${sql.join(userIds.map((id) => sql`${id}`), sql`, `)})` : userIds;
  const within = sql`a.user_id in ${ids} and a.date between ${range.from} and ${range.to} and ${statusIs(APPOINTMENT_STATUS.completed, sql`a.status`)}`;
  const closedRate = sql`coalesce(i.commission_basis_points, ${rateSql(sql`${ownerId}`, sql`a.user_id`, sql`i.kind`, sql`i.service_id`)})`;
  const listRate = rateSql(sql`${ownerId}`, sql`a.user_id`, sql`'service'`, sql`a.service_id`);
  const rows = await db.all<{ user_id: string; kind: "service" | "product"; bp: number | null; net: number }>(sql`
    select a.user_id, i.kind, ${closedRate} as bp,
      sum(i.quantity * i.unit_price_cents * (c.subtotal_cents - c.discount_cents) * 1.0 / c.subtotal_cents) as net
    from ${appointments} a
    join ${cashClosings} c on c.appointment_id = a.id and c.user_id = a.user_id and c.status = 'paid' and c.subtotal_cents > 0
    join ${cashClosingItems} i on i.closing_id = c.id
    where ${within}
    group by 1, 2, 3
    union all
    select a.user_id, 'service', ${listRate}, sum(a.price_cents)
    from ${appointments} a
    where ${within} and not exists (select 1 from ${cashClosings} c where c.appointment_id = a.id)
    group by 1, 2, 3`);
  return rows.map((r) => ({ userId: r.user_id, kind: r.kind, basisPoints: r.bp === null ? null : Number(r.bp), netCents: Number(r.net) }));
}

/**
 * The commission form's data for one member of the owner's team: their name, their services (the
 * active ones, and any other already holding a rate) and the current rule. Null when `memberId` is
 * not the owner's active member (a 404: nobody else's rule is reached).
 */
export async function commissionFormData(db: Db, ownerId: string, memberId: string) {
  const [team, serviceRows, rules] = await Promise.all([
    teamOf(db, ownerId),
    db
      .select({ id: services.id, name: services.name, priceCents: services.priceCents, isActive: services.isActive })
      .from(services)
      .where(eq(services.userId, memberId))
      .orderBy(asc(services.name)),
    readRules(db, ownerId, [memberId]),
  ]);
  const member = team.find((m) => m.userId === memberId && !m.isOwner);
  if (!member) return null;
  const rule = rules.get(memberId) ?? null;
  const shown = serviceRows.filter((s) => s.isActive || rule?.serviceRates[s.id] !== undefined);
  return { member: { id: member.userId, name: member.name }, services: shown, rule };
}
