// Signing in with the form (remix-auth's form strategy): the form checked, the rate limits (per
// e-mail and address first, docs/decisions/0004), the credentials, and a pending invitation
// taken up.
import type { SubmissionResult } from "@conform-to/react";
import { parseForm } from "../validation/parse-form";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { signInKeyReads, signInKeys } from "../domain/accounts/access.server";
import { activateLinkedAccountStatement, checkCredentials, credentialsOf } from "../domain/accounts/credentials.server";
import type { Db } from "../utils/db.server";
import { hitStatements, LIMIT_KEYS, LIMITS, resetLimitStatement, withinLimits, type Hits } from "../utils/rate-limit.server";
import { newSession } from "../utils/session.server";
import { CREDENTIALS_ERROR, loginSchema, TOO_MANY_ATTEMPTS } from "../validation/auth";

type LoginResult =
  | { ok: true; user: { id: string; email: string }; cookie: string; redirectTo?: string }
  | { ok: false; reply: SubmissionResult<string[]>; status: number };

/**
 * remix-auth with the form strategy, in two round trips: the counters and the credentials in one
 * batch; on success the pair's counter cleared, a pending invitation taken up and the session
 * stored in another, which reads the keys the session cookie carries.
 */
export function authenticator(db: Db, clientAddress: string) {
  return new Authenticator<LoginResult>().use(
    new FormStrategy(async ({ form, request }) => {
      const submission = parseForm(form, { schema: loginSchema });
      if (submission.status !== "success") {
        return { ok: false, reply: submission.reply({ hideFields: ["password"] }), status: 400 };
      }
      const email = submission.value.email.toLowerCase();
      // The lockout is per e-mail and address first: a stranger guessing from elsewhere locks
      // only themselves out; the per-e-mail ceiling is far higher, and a reset link always gets
      // the owner in (docs/decisions/0004).
      const pair = LIMIT_KEYS.loginPair(email, clientAddress);
      const hits: Hits = [
        [pair, LIMITS.loginPerEmailAndAddress],
        [LIMIT_KEYS.loginEmail(email), LIMITS.loginPerEmail],
        [LIMIT_KEYS.loginAddress(clientAddress), LIMITS.loginPerAddress],
      ];
      const [found, ...counts] = await db.batch([credentialsOf(db, email), ...hitStatements(db, hits)]);
      if (!withinLimits(hits, counts)) {
        return {
          ok: false,
          reply: submission.reply({ formErrors: [TOO_MANY_ATTEMPTS], hideFields: ["password"] }),
          status: 429,
        };
      }
      const user = await checkCredentials(found[0], submission.value.password);
      if (!user) {
        return {
          ok: false,
          reply: submission.reply({ formErrors: [CREDENTIALS_ERROR], hideFields: ["password"] }),
          status: 400,
        };
      }
      const session = newSession(db, request, user.id, submission.value.remember ?? false);
      // The keys the next page builds its reads from end the same batch, read after its writes
      // (an invitation taken up puts the user in a team): that page is one round trip
      // (docs/decisions/1210).
      const [, , , ...keyRows] = await db.batch([
        resetLimitStatement(db, pair),
        activateLinkedAccountStatement(db, user.id, user.email),
        session.insert,
        ...signInKeyReads(db, user.id),
      ]);
      const keys = signInKeys({ ...user, sessionId: "" }, keyRows);
      return { ok: true, user, cookie: await session.cookie(keys), redirectTo: submission.value.redirectTo };
    }),
    "form",
  );
}
