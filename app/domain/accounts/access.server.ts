// Whether a professional may use Agendo now (trial, plan, team, admin): read from the database
// and decided by access.ts on every private request and for every booking page.
import { and, eq, ne } from "drizzle-orm";
import { linkedAccounts, profiles, subscriptions } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { env } from "../../utils/env.server";
import type { SessionUser } from "../../utils/session.server";
import { accessReason, type AccessReason } from "./access";

export type CurrentUser = SessionUser & {
  access: AccessReason;
  profile: typeof profiles.$inferSelect;
  subscription: typeof subscriptions.$inferSelect | null;
  /** The owner whose team this user is in (active link), else null. */
  linkedOwnerId: string | null;
};

/**
 * The user's profile, subscription and access, read on every private request: expiry is
 * decided here against `now`, so access ends the moment a trial or period does.
 */
export async function loadAccess(db: Db, user: SessionUser, now = new Date()): Promise<CurrentUser | null> {
  const [[row], [link]] = await Promise.all([
    db
      .select({ profile: profiles, subscription: subscriptions })
      .from(profiles)
      .leftJoin(subscriptions, eq(subscriptions.userId, profiles.userId))
      .where(eq(profiles.userId, user.id)),
    db
      .select({ ownerId: linkedAccounts.ownerId, subscription: subscriptions })
      .from(linkedAccounts)
      .leftJoin(subscriptions, eq(subscriptions.userId, linkedAccounts.ownerId))
      .where(
        and(
          eq(linkedAccounts.linkedUserId, user.id),
          eq(linkedAccounts.status, "active"),
          ne(linkedAccounts.ownerId, user.id),
        ),
      )
      .limit(1),
  ]);
  if (!row) return null;
  const e = env();
  const access = accessReason(
    {
      email: user.email,
      subscription: row.subscription,
      linked: !!link,
      ownerSubscription: link?.subscription ?? null,
      adminEmails: e.ADMIN_EMAILS,
      exemptEmails: e.ACCESS_EXEMPT_EMAILS,
    },
    now,
  );
  return {
    ...user,
    access,
    profile: row.profile,
    subscription: row.subscription,
    linkedOwnerId: link?.ownerId ?? null,
  };
}

/**
 * The access of any professional, signed in or not (e.g. whether their booking page takes
 * requests): the same rules as the workspace guard.
 */
export async function accessOf(db: Db, user: { id: string; email: string }, now = new Date()): Promise<AccessReason> {
  return (await loadAccess(db, { ...user, sessionId: "" }, now))?.access ?? "denied";
}
