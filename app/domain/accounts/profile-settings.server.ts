// The professional's own settings, one row of `profiles` and only theirs: Perfil, Página, the
// Horários screen's rules and preferences, Notificações.
import { and, eq, ne } from "drizzle-orm";
import { profiles } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { RESERVED_SLUGS } from "./registration.server";

/** What the settings screens may change (never whose profile it is). */
export type ProfileSettings = Partial<Omit<typeof profiles.$inferInsert, "userId" | "createdAt" | "updatedAt">>;

export async function saveProfileSettings(db: Db, userId: string, values: ProfileSettings) {
  await db.update(profiles).set(values).where(eq(profiles.userId, userId));
}

/** Whether `slug` may become this professional's booking link: theirs already, reserved, or taken. */
export async function bookingSlugStatus(db: Db, userId: string, currentSlug: string, slug: string) {
  if (slug === currentSlug) return "ok" as const;
  if (RESERVED_SLUGS.has(slug)) return "reserved" as const;
  const [other] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.bookingSlug, slug), ne(profiles.userId, userId)))
    .limit(1);
  return other ? ("taken" as const) : ("ok" as const);
}

/**
 * The 'Perfil' form's values saved; "slug-taken" when another professional claimed the same free
 * link at the same moment (the unique index decides; the check before it cannot).
 */
export async function saveProfile(db: Db, userId: string, values: ProfileSettings) {
  try {
    await saveProfileSettings(db, userId, values);
  } catch (error) {
    if (String((error as { cause?: unknown })?.cause ?? error).includes("UNIQUE")) return "slug-taken" as const;
    throw error;
  }
  return "saved" as const;
}
