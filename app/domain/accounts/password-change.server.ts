// The signed-in professional's password: checked before sensitive changes (wrong answers are
// counted per user, docs/decisions/0443) and changed, ending the other sessions.
import { and, eq, ne } from "drizzle-orm";
import { passwordResetTokens, rateLimits, sessions, users } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { hashPassword, verifyPassword } from "../../utils/password.server";
import { hit, LIMIT_KEYS, LIMITS } from "../../utils/rate-limit.server";

const PASSWORD_CHECK_LIMIT = LIMITS.passwordChecksPerUser;

export type PasswordCheck = "ok" | "wrong" | "limited";

/** Checks the signed-in user's password; wrong answers are counted per user (0443). */
export async function checkPassword(db: Db, userId: string, password: string): Promise<PasswordCheck> {
  if (await passwordChecksBlocked(db, userId)) return "limited";
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user) return "wrong";
  if (await verifyPassword(password, user.passwordHash)) return "ok";
  const { allowed } = await hit(db, LIMIT_KEYS.passwordChecks(userId), PASSWORD_CHECK_LIMIT);
  return allowed ? "wrong" : "limited";
}

/** True while the user has used up the wrong-password allowance of the current window. */
export async function passwordChecksBlocked(db: Db, userId: string, now = Date.now()) {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, LIMIT_KEYS.passwordChecks(userId)));
  if (!row) return false;
  return row.windowStart.getTime() > now - PASSWORD_CHECK_LIMIT.windowMs && row.count >= PASSWORD_CHECK_LIMIT.max;
}

/**
 * Sets the new password and ends every other session of the user; the session that made the
 * change stays signed in (docs/decisions/0441). One batch: both or neither.
 */
export async function changePassword(db: Db, userId: string, keepSessionId: string, password: string) {
  const passwordHash = await hashPassword(password);
  await db.batch([
    db.update(users).set({ passwordHash }).where(eq(users.id, userId)),
    db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))),
    db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)),
    db.delete(rateLimits).where(eq(rateLimits.key, LIMIT_KEYS.passwordChecks(userId))),
  ]);
}
