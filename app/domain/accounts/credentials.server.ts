// Signing in and getting back in: credentials checked, invitations taken up at sign-in, and
// password-reset tokens (one hour, single use, every other token voided).
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { linkedAccounts, passwordResetTokens, sessions, users } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { forgetSecretsSentTo } from "../../utils/email.server";
import { loginLimitsOf } from "../../utils/rate-limit.server";
import { createToken, hashPassword, sha256Hex, verifyPassword } from "../../utils/password.server";

/** The statement reading a user's credentials by e-mail (to batch with the sign-in's counters). */
export function credentialsOf(db: Db, email: string) {
  return db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
}

/** The user if the password is theirs, else null. Unknown e-mails cost the same hash time. */
export async function checkCredentials(
  user: { id: string; email: string; passwordHash: string } | undefined,
  password: string,
): Promise<{ id: string; email: string } | null> {
  if (!user) {
    await verifyPassword(password, DUMMY_HASH);
    return null;
  }
  return (await verifyPassword(password, user.passwordHash)) ? { id: user.id, email: user.email } : null;
}

/** The user for valid credentials, or null. */
export async function verifyLogin(db: Db, email: string, password: string) {
  const [user] = await credentialsOf(db, email);
  return checkCredentials(user, password);
}

const DUMMY_HASH =
  "pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

/**
 * A pending invitation for this e-mail becomes active when its holder registers or signs in.
 * One conditional statement: never a link to oneself, and never for someone who owns linked
 * accounts (no team inside a team; docs/decisions/0421).
 */
export async function activateLinkedAccount(db: Db, userId: string, email: string) {
  await activateLinkedAccountStatement(db, userId, email);
}

export function activateLinkedAccountStatement(db: Db, userId: string, email: string) {
  return db
    .update(linkedAccounts)
    .set({ status: "active", linkedUserId: userId })
    .where(
      and(
        eq(linkedAccounts.linkedUserEmail, email.trim().toLowerCase()),
        eq(linkedAccounts.status, "pending"),
        ne(linkedAccounts.ownerId, userId),
        sql`not exists (select 1 from linked_accounts as own where own.owner_id = ${userId})`,
      ),
    );
}

export const RESET_TOKEN_MS = 60 * 60 * 1000;

/** Spends every outstanding reset token of the user: a newer one, or a password just set, voids them. */
function voidResetTokens(db: Db, userId: string, now: Date) {
  return db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/**
 * A reset token for the e-mail's user, or null when no such user (the caller says nothing).
 * Only the newest link works: the earlier ones are voided, and their e-mails' bodies cleared.
 */
export async function createResetToken(db: Db, email: string, now = new Date()) {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!user) return null;
  const { token, hash } = await createToken();
  const expiresAt = new Date(now.getTime() + RESET_TOKEN_MS);
  await db.batch([
    voidResetTokens(db, user.id, now),
    forgetSecretsSentTo(db, user.email),
    db.insert(passwordResetTokens).values({ userId: user.id, tokenHash: hash, expiresAt }),
  ]);
  return { token, expiresAt };
}

export async function findResetToken(db: Db, token: string, now = new Date()) {
  const [row] = await db
    .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, await sha256Hex(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  return row ?? null;
}

/**
 * Sets the new password if the token is valid and unused, spends it and every other outstanding
 * token of the account, ends every session, clears the login lockout of the address (its owner
 * just proved who they are) and the bodies of the e-mails that carried links. The conditional
 * update makes a token work exactly once. Returns the account, or null.
 */
export async function resetPassword(db: Db, token: string, password: string, now = new Date()) {
  const found = await findResetToken(db, token, now);
  if (!found) return null;
  const spent = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.id, found.id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  if (spent.length === 0) return null;
  const passwordHash = await hashPassword(password);
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, found.userId));
  if (!user) return null;
  await db.batch([
    db.update(users).set({ passwordHash }).where(eq(users.id, user.id)),
    db.delete(sessions).where(eq(sessions.userId, user.id)),
    voidResetTokens(db, user.id, now),
    forgetSecretsSentTo(db, user.email),
    loginLimitsOf(db, user.email),
  ]);
  return user;
}
