// Team figures in Relatórios (issue 16, owner only): revenue, appointments and occupancy per
// professional for the period, and the salon's total. The sums come from one grouped SQL
// statement bounded by the owner's team; occupancy divides each one's booked minutes by the
// working minutes of their own week over the period, as the single-professional report does
// (docs/decisions/0690).
import { and, between, inArray, sql } from "drizzle-orm";
import { appointments } from "../../../db/schema";
import { weekHoursQuery } from "../availability/schedule-queries.server";
import type { Db } from "../../utils/db.server";
import type { DateRange } from "../dates";
import { availableMinutes, share } from "../metrics/metrics";
import { teamOf } from "./team.server";
import { notCancelled } from "../status-rules.server";

export type TeamFigures = {
  rows: { userId: string; name: string; isOwner: boolean; revenueCents: number; appointments: number; bookedMinutes: number; availableMinutes: number; occupancy: number | null }[];
  total: { revenueCents: number; appointments: number; bookedMinutes: number; availableMinutes: number; occupancy: number | null };
};

/** Null when the user owns no team with active members. */
export async function teamFigures(
  db: Db,
  ownerId: string,
  range: DateRange,
  /** The team when already read (beside the page's other reads: one round trip fewer). */
  known?: Awaited<ReturnType<typeof teamOf>>,
): Promise<TeamFigures | null> {
  const team = known ?? (await teamOf(db, ownerId));
  if (team.length === 0) return null;
  const ids = team.map((m) => m.userId);
  const inTeam = sql`${appointments.userId} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;
  const [sums, hours] = await Promise.all([
    db
      .select({
        userId: appointments.userId,
        revenueCents: sql<number>`coalesce(sum(case when ${appointments.status} = 'completed' then ${appointments.priceCents} else 0 end), 0)`,
        appointments: sql<number>`coalesce(sum(case when ${notCancelled} then 1 else 0 end), 0)`,
        bookedMinutes: sql<number>`coalesce(sum(case when ${notCancelled} then ${appointments.durationMinutes} else 0 end), 0)`,
      })
      .from(appointments)
      .where(and(inTeam, between(appointments.date, range.from, range.to)))
      .groupBy(appointments.userId),
    weekHoursQuery(db, (column) => inArray(column, ids)),
  ]);
  const rows = team.map((m) => {
    const s = sums.find((r) => r.userId === m.userId);
    const available = availableMinutes(
      hours.filter((h) => h.userId === m.userId),
      range,
    );
    const booked = Number(s?.bookedMinutes ?? 0);
    return {
      userId: m.userId,
      name: m.name,
      isOwner: m.isOwner,
      revenueCents: Number(s?.revenueCents ?? 0),
      appointments: Number(s?.appointments ?? 0),
      bookedMinutes: booked,
      availableMinutes: available,
      occupancy: share(booked, available),
    };
  });
  const sum = (key: "revenueCents" | "appointments" | "bookedMinutes" | "availableMinutes") => rows.reduce((n, r) => n + r[key], 0);
  return {
    rows,
    total: {
      revenueCents: sum("revenueCents"),
      appointments: sum("appointments"),
      bookedMinutes: sum("bookedMinutes"),
      availableMinutes: sum("availableMinutes"),
      occupancy: share(sum("bookedMinutes"), sum("availableMinutes")),
    },
  };
}
