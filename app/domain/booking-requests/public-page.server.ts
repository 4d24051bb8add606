// What the public booking page shows of a professional: who is behind the link, whether they take
// requests, and the services on offer.
import { and, asc, eq, or } from "drizzle-orm";
import { profiles, services, users } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { accessOf } from "../accounts/access.server";

/** The professional behind a booking link: booking slug first, then the professional id. */
export async function findPublicProfessional(db: Db, slugOrId: string) {
  const [row] = await db
    .select({ profile: profiles, email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(or(eq(profiles.bookingSlug, slugOrId.toLowerCase()), eq(profiles.userId, slugOrId)))
    .limit(1);
  if (!row) return null;
  // The same rule as the workspace: a suspended professional (a lapsed plan, or a linked one
  // whose owner's plan ended) takes no new requests.
  const access = await accessOf(db, { id: row.profile.userId, email: row.email });
  return { profile: row.profile, email: row.email, accepting: access !== "denied" };
}

export type PublicService = {
  id: string;
  name: string;
  description: string;
  durationMinutes: number;
  priceCents: number;
  color: string;
  requiresDeposit: boolean;
  depositCents: number;
};

/** Active services only, by name (inactive services are never offered for booking). */
export async function publicServices(db: Db, userId: string): Promise<PublicService[]> {
  return db
    .select({
      id: services.id,
      name: services.name,
      description: services.description,
      durationMinutes: services.durationMinutes,
      priceCents: services.priceCents,
      color: services.color,
      requiresDeposit: services.requiresDeposit,
      depositCents: services.depositCents,
    })
    .from(services)
    .where(and(eq(services.userId, userId), eq(services.isActive, true)))
    .orderBy(asc(services.name));
}
