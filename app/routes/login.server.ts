// Signing in with the form (remix-auth's form strategy): the form checked, the rate limits (per
// e-mail and address first, docs/decisions/0004), the credentials, and a pending invitation
// taken up.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { activateLinkedAccount, verifyLogin } from "../domain/accounts/credentials.server";
import type { Db } from "../utils/db.server";
import { hitAll, LIMITS, resetLimit } from "../utils/rate-limit.server";
import { CREDENTIALS_ERROR, loginSchema, TOO_MANY_ATTEMPTS } from "../validation/auth";

export type LoginResult =
  | { ok: true; user: { id: string; email: string }; remember: boolean; redirectTo?: string }
  | { ok: false; reply: SubmissionResult<string[]>; status: number };

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
