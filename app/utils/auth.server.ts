import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq, ne } from "drizzle-orm";
import { createContext, redirect, type RouterContextProvider } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { linkedAccounts, profiles, subscriptions } from "../../db/schema";
import { loginSchema } from "../validation/auth";
import { accessReason, type AccessReason } from "../domain/accounts/access";
import { activateLinkedAccount, verifyLogin } from "../domain/accounts/credentials.server";
import type { Db } from "./db.server";
import { env } from "./env.server";
import { hitAll, LIMITS, resetLimit } from "./rate-limit.server";
import { requireSessionUser, type SessionUser } from "./session.server";

export type LoginResult =
  | { ok: true; user: { id: string; email: string }; remember: boolean; redirectTo?: string }
  | { ok: false; reply: SubmissionResult<string[]>; status: number };

export const CREDENTIALS_ERROR = "E-mail ou senha incorretos. Verifique seus dados e tente novamente.";
export const TOO_MANY_ATTEMPTS = "Aguarde alguns minutos antes de tentar novamente.";
/** The spec's toast for a rate-limited sign-in (section 8), shown as the form's alert. */
export const TOO_MANY_ATTEMPTS_ALERT = { title: "Muitas tentativas", text: TOO_MANY_ATTEMPTS };

/** remix-auth with the form strategy: validation, rate limits and credential check. */
export function authenticator(db: Db, clientAddress: string) {
  return new Authenticator<LoginResult>().use(
    new FormStrategy(async ({ form }) => {
      const submission = parseWithZod(form, { schema: loginSchema });
      if (submission.status !== "success") {
        return { ok: false, reply: submission.reply({ hideFields: ["password"] }), status: 400 };
      }
      const email = submission.value.email.toLowerCase();
      // The lockout is per e-mail and address first: a stranger guessing from elsewhere locks
      // only themselves out; the per-e-mail ceiling is far higher, and a reset link always gets
      // the owner in (docs/decisions/0004).
      const allowed = await hitAll(db, [
        [`login:pair:${email}:${clientAddress}`, LIMITS.loginPerEmailAndAddress],
        [`login:email:${email}`, LIMITS.loginPerEmail],
        [`login:ip:${clientAddress}`, LIMITS.loginPerAddress],
      ]);
      if (!allowed) {
        return {
          ok: false,
          reply: submission.reply({ formErrors: [TOO_MANY_ATTEMPTS], hideFields: ["password"] }),
          status: 429,
        };
      }
      const user = await verifyLogin(db, email, submission.value.password);
      if (!user) {
        return {
          ok: false,
          reply: submission.reply({ formErrors: [CREDENTIALS_ERROR], hideFields: ["password"] }),
          status: 400,
        };
      }
      await resetLimit(db, `login:pair:${email}:${clientAddress}`);
      await activateLinkedAccount(db, user.id, user.email);
      return {
        ok: true,
        user,
        remember: submission.value.remember ?? false,
        redirectTo: submission.value.redirectTo,
      };
    }),
    "form",
  );
}

export type CurrentUser = SessionUser & {
  access: AccessReason;
  profile: typeof profiles.$inferSelect;
  subscription: typeof subscriptions.$inferSelect | null;
  /** The owner whose team this user is in (active link), else null. */
  linkedOwnerId: string | null;
};

export const userContext = createContext<CurrentUser | null>(null);

/** The signed-in professional with access, as placed by the workspace middleware. */
export function requireUser(context: Readonly<RouterContextProvider>): CurrentUser {
  const user = context.get(userContext);
  if (!user) throw new Error("requireUser outside the signed-in workspace");
  return user;
}

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

/** Session required (else /login), then access (else /conta-suspensa). */
export async function requireWorkspaceUser(db: Db, request: Request): Promise<CurrentUser> {
  const sessionUser = await requireSessionUser(db, request);
  const user = await loadAccess(db, sessionUser);
  if (!user || user.access === "denied") throw redirect("/conta-suspensa");
  return user;
}
