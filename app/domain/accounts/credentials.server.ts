import { and, eq, gt, isNull, like, ne, or, sql } from "drizzle-orm";
import {
  linkedAccounts,
  passwordResetTokens,
  profiles,
  sessions,
  subscriptions,
  users,
} from "../../../db/schema";
import { TRIAL_DAYS } from "./access";
import type { Db } from "../../utils/db.server";
import { forgetSecretsSentTo } from "../../utils/email.server";
import { loginLimitsOf } from "../../utils/rate-limit.server";
import { createToken, hashPassword, sha256Hex, verifyPassword } from "../../utils/password.server";
import { slugify } from "../slug";

/** Paths at the root that a booking slug must never shadow. */
export const RESERVED_SLUGS = new Set([
  "404", "admin", "agenda", "agendamento", "api", "assets", "clientes", "conta-suspensa",
  "configuracoes", "dashboard", "esqueci-senha", "favicon.ico", "imagens", "login", "logout",
  "perfil", "planos", "redefinir-senha", "register", "relatorios", "robots.txt", "servicos",
  "solicitacoes", "status", "stripe", "termos", "tutorial", "webhooks",
]);

/** A booking slug derived from the business name, made unique with -2, -3 ... */
export async function uniqueBookingSlug(db: Db, businessName: string, exceptUserId?: string) {
  const base = slugify(businessName).slice(0, 60) || "profissional";
  const taken = new Set(
    (
      await db
        .select({ slug: profiles.bookingSlug, userId: profiles.userId })
        .from(profiles)
        .where(or(eq(profiles.bookingSlug, base), like(profiles.bookingSlug, `${base}-%`)))
    )
      .filter((r) => r.userId !== exceptUserId)
      .map((r) => r.slug),
  );
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(candidate) && !RESERVED_SLUGS.has(candidate)) return candidate;
  }
}

export type NewAccount = {
  name: string;
  email: string;
  phone: string;
  password: string;
  businessName?: string;
  bookingSlug?: string;
};

export class EmailTakenError extends Error {}

/** Creates user, profile (unique booking slug) and a 7-day trial, atomically. */
export async function createAccount(db: Db, input: NewAccount, now = new Date()) {
  const email = input.email.trim().toLowerCase();
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing.length > 0) throw new EmailTakenError(email);
  const businessName = input.businessName ?? input.name;
  const passwordHash = await hashPassword(input.password);
  // Two sign-ups racing for one slug: the unique index refuses the second, which retries
  // with the next free slug.
  for (let attempt = 0; ; attempt++) {
    const slug = input.bookingSlug ?? (await uniqueBookingSlug(db, businessName));
    const userId = crypto.randomUUID();
    try {
      await db.batch([
        db.insert(users).values({ id: userId, email, passwordHash }),
        db.insert(profiles).values({
          userId,
          fullName: input.name,
          businessName,
          phone: input.phone,
          email,
          bookingSlug: slug,
        }),
        db.insert(subscriptions).values({
          userId,
          status: "trial",
          planId: "trial",
          trialStartDate: now,
          trialEndDate: new Date(now.getTime() + TRIAL_DAYS * 86_400_000),
        }),
      ]);
      return { userId, email, bookingSlug: slug };
    } catch (error) {
      const text = String(error) + String((error as { cause?: unknown }).cause ?? "");
      // Two sign-ups racing for one e-mail: the unique index decides.
      if (text.includes("users.email")) throw new EmailTakenError(email);
      if (text.includes("profiles.booking_slug") && !input.bookingSlug && attempt < 5) continue;
      throw error;
    }
  }
}

/** The user for valid credentials, or null. Unknown e-mails cost the same hash time. */
export async function verifyLogin(db: Db, email: string, password: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!user) {
    await verifyPassword(password, DUMMY_HASH);
    return null;
  }
  return (await verifyPassword(password, user.passwordHash)) ? { id: user.id, email: user.email } : null;
}

const DUMMY_HASH =
  "pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

/**
 * A pending invitation for this e-mail becomes active when its holder registers or signs in
 * (spec section 4). One conditional statement: never a link to oneself, and never for someone
 * who owns linked accounts (no team inside a team; docs/decisions/0421).
 */
export async function activateLinkedAccount(db: Db, userId: string, email: string) {
  await db
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
