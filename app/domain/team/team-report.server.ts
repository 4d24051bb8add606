// Team figures in Relatórios (issues 16 and 22): per professional, appointments, occupancy, the
// services completed, what was received ('Faturamento', revenue.server.ts), the tips, the
// commission the owner owes (commissions.ts) and what to pay; and the salon's total. Every read is
// bounded by the owner's team; occupancy divides booked minutes by the working minutes of each
// one's own week over the period (docs/decisions/0690). A member sees their own line only
// (`memberFigures`), under the rule their owner set.
import { and, between, eq, sql, type Column, type SQL } from "drizzle-orm";
import { appointments, cashClosings } from "../../../db/schema";
import { weekHoursQuery } from "../availability/schedule-queries.server";
import type { Db } from "../../utils/db.server";
import type { CurrentUser } from "../accounts/access.server";
import type { DateRange } from "../dates";
import { availableMinutes, share } from "../metrics/metrics";
import { teamOf } from "../salon.server";
import { notCancelled, statusIs } from "../status-rules.server";
import { moneyColumns, revenueOf } from "../cash/revenue.server";
import { commissionBases, readRules, type MemberBase } from "../commissions/commissions.server";
import { inSalon, memberIdsOf } from "../salon.server";
import { commissionOf, ruleSummary, toPayCents, type Commission, type CommissionRule } from "../commissions/commissions";
import { APPOINTMENT_STATUS } from "../status-rules";

export type TeamRow = {
  userId: string;
  name: string;
  isOwner: boolean;
  appointments: number;
  completed: number;
  occupancy: number | null;
  bookedMinutes: number;
  availableMinutes: number;
  /** 'Recebido': the salon's revenue from this professional's services (tips apart). */
  revenueCents: number;
  unclosedCount: number;
  tipsCents: number;
  /** Null for the owner (the salon's own work pays no commission). */
  commission: (Commission & { rule: string; toPayCents: number; ruleMissing: boolean }) | null;
};

export type TeamFigures = {
  rows: TeamRow[];
  total: { appointments: number; completed: number; occupancy: number | null; revenueCents: number; tipsCents: number; commissionCents: number; toPayCents: number };
};

/** The per-professional sums of the range (bounded by `whose`, a condition on the user column): counts, minutes and money. */
function sumsQuery(db: Db, whose: (column: Column) => SQL, range: DateRange) {
  return db
    .select({
      userId: appointments.userId,
      appointments: sql<number>`coalesce(sum(case when ${notCancelled} then 1 else 0 end), 0)`.mapWith(Number),
      completed: sql<number>`coalesce(sum(case when ${statusIs(APPOINTMENT_STATUS.completed)} then 1 else 0 end), 0)`.mapWith(Number),
      bookedMinutes: sql<number>`coalesce(sum(case when ${notCancelled} then ${appointments.durationMinutes} else 0 end), 0)`.mapWith(Number),
      ...moneyColumns(),
    })
    .from(appointments)
    .leftJoin(cashClosings, sql`${cashClosings.appointmentId} = ${appointments.id} and ${cashClosings.userId} = ${appointments.userId}`)
    .where(and(whose(appointments.userId), between(appointments.date, range.from, range.to)))
    .groupBy(appointments.userId);
}

type Sums = Awaited<ReturnType<typeof sumsQuery>>[number];

function rowOf(member: { userId: string; name: string; isOwner: boolean }, s: Sums | undefined, bases: MemberBase[], rule: CommissionRule | null, available: number): TeamRow {
  const money = revenueOf(s);
  const booked = s?.bookedMinutes ?? 0;
  const commission = commissionOf(bases.filter((b) => b.userId === member.userId));
  return {
    userId: member.userId,
    name: member.name,
    isOwner: member.isOwner,
    appointments: s?.appointments ?? 0,
    completed: s?.completed ?? 0,
    bookedMinutes: booked,
    availableMinutes: available,
    occupancy: share(booked, available),
    revenueCents: money.revenueCents,
    unclosedCount: money.unclosedCount,
    tipsCents: money.tipsCents,
    commission: member.isOwner ? null : { ...commission, rule: ruleSummary(rule), ruleMissing: !rule, toPayCents: toPayCents(commission, money.tipsCents, rule) },
  };
}

/**
 * Null when the user owns no team with active members. Every read is bounded by the salon in SQL
 * (salon.server.ts), so the team and its figures go out together: one round trip.
 */
export async function teamFigures(db: Db, ownerId: string, range: DateRange): Promise<TeamFigures | null> {
  const inTeam = (column: Column) => inSalon(column, ownerId);
  const [team, sums, bases, rules, hours] = await Promise.all([
    teamOf(db, ownerId),
    sumsQuery(db, inTeam, range),
    commissionBases(db, ownerId, memberIdsOf(ownerId), range),
    readRules(db, ownerId),
    weekHoursQuery(db, inTeam),
  ]);
  if (team.length === 0) return null;
  const rows = team.map((m) => {
    const available = availableMinutes(hours.filter((h) => h.userId === m.userId), range);
    return rowOf(m, sums.find((r) => r.userId === m.userId), bases, rules.get(m.userId) ?? null, available);
  });
  const sum = (pick: (r: TeamRow) => number) => rows.reduce((n, r) => n + pick(r), 0);
  return {
    rows,
    total: {
      appointments: sum((r) => r.appointments),
      completed: sum((r) => r.completed),
      occupancy: share(sum((r) => r.bookedMinutes), sum((r) => r.availableMinutes)),
      revenueCents: sum((r) => r.revenueCents),
      tipsCents: sum((r) => r.tipsCents),
      commissionCents: sum((r) => r.commission?.totalCents ?? 0),
      toPayCents: sum((r) => r.commission?.toPayCents ?? 0),
    },
  };
}

/** A member's own line of their salon's figures (never another's), under their owner's rule. */
export async function memberFigures(db: Db, member: Pick<CurrentUser, "id" | "profile"> & { linkedOwnerId: string }, range: DateRange): Promise<TeamRow> {
  const ids = [member.id];
  const ownerId = member.linkedOwnerId;
  const [sums, bases, rules, hours] = await Promise.all([
    sumsQuery(db, (column) => eq(column, member.id), range),
    commissionBases(db, ownerId, ids, range),
    readRules(db, ownerId, ids),
    weekHoursQuery(db, (column) => eq(column, member.id)),
  ]);
  // The name after the reads: on a first page the profile is there once they answer (docs/decisions/1210).
  const name = member.profile.fullName || member.profile.businessName;
  return rowOf({ userId: member.id, name, isOwner: false }, sums[0], bases, rules.get(member.id) ?? null, availableMinutes(hours, range));
}
