// The account's first steps: the setup wizard's and the guide's flags, and the tutorial's ticked steps.
import { eq, sql } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { Db } from "../../utils/db.server";

/** Sets the setup flag once (later posts keep the first date). */
export function markSetupCompleted(db: Db, userId: string, now = new Date()) {
  return db
    .update(users)
    .set({ setupCompletedAt: sql`coalesce(${users.setupCompletedAt}, ${now.getTime()})` })
    .where(eq(users.id, userId));
}

export function markGuideSeen(db: Db, userId: string, now = new Date()) {
  return db
    .update(users)
    .set({ guideSeenAt: sql`coalesce(${users.guideSeenAt}, ${now.getTime()})` })
    .where(eq(users.id, userId));
}

export const TUTORIAL_STEP_KEYS = ["profile", "hours", "services", "page"] as const;
export type TutorialStepKey = (typeof TUTORIAL_STEP_KEYS)[number];

export function isTutorialStepKey(value: unknown): value is TutorialStepKey {
  return TUTORIAL_STEP_KEYS.includes(value as TutorialStepKey);
}

/** The ticked steps from users.tutorial_steps; anything unreadable counts as none. */
export function parseTutorialSteps(text: string | null | undefined): TutorialStepKey[] {
  try {
    const value: unknown = JSON.parse(text ?? "[]");
    return Array.isArray(value) ? TUTORIAL_STEP_KEYS.filter((k) => value.includes(k)) : [];
  } catch {
    return [];
  }
}

/**
 * Ticks or unticks one tutorial step in a single statement (no read-then-write race between
 * two tabs): the step is removed from the JSON array and, when ticking, appended again.
 */
export function setTutorialStep(db: Db, userId: string, step: TutorialStepKey, done: boolean) {
  const current = sql`(select value from json_each(case when json_valid(${users.tutorialSteps}) and json_type(${users.tutorialSteps}) = 'array' then ${users.tutorialSteps} else '[]' end) where value <> ${step})`;
  const next = done
    ? sql`(select json_group_array(value) from (select value from ${current} union all select ${step}))`
    : sql`(select json_group_array(value) from ${current})`;
  return db.update(users).set({ tutorialSteps: next }).where(eq(users.id, userId));
}

export async function tutorialSteps(db: Db, userId: string) {
  const [row] = await db.select({ steps: users.tutorialSteps }).from(users).where(eq(users.id, userId));
  return parseTutorialSteps(row?.steps);
}
