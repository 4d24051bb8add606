// 'Excluir conta' as a form post, shared by Configurações > Geral and /conta-suspensa: a
// suspended professional keeps the right to delete their account (LGPD; docs/decisions/0448).
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { count, eq } from "drizzle-orm";
import { data } from "react-router";
import { linkedAccounts, subscriptions } from "../../../db/schema";
import {
  ACCOUNT_DELETED,
  DELETE_PASSWORD_WRONG,
  deleteAccountSchema,
  TOO_MANY_PASSWORD_ATTEMPTS,
} from "../../validation/account";
import { checkPassword, deleteAccount } from "../../domain/accounts/account-data.server";
import type { Db } from "../../utils/db.server";
import { env } from "../../utils/env.server";
import { destroySessionCookie } from "../../utils/session.server";
import { redirectWithToast } from "../../utils/toast.server";

export type DeleteAccountReply = {
  intent: "delete-account";
  result: SubmissionResult<string[]>;
  failure?: { title: string; text: string };
};

/** What the form warns about: a paid subscription to cancel, linked accounts that lose access. */
export async function deletionFacts(db: Db, userId: string) {
  const [[links], [sub]] = await Promise.all([
    db.select({ n: count() }).from(linkedAccounts).where(eq(linkedAccounts.ownerId, userId)),
    db
      .select({ stripeSubscriptionId: subscriptions.stripeSubscriptionId, status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId)),
  ]);
  return {
    paidSubscription: !!sub?.stripeSubscriptionId && sub.status !== "cancelled",
    linkedCount: links?.n ?? 0,
  };
}

/** Password and confirmation checked, Stripe cancelled first, then every row: see docs/decisions/0444-0446. */
export async function deleteAccountFromForm(request: Request, db: Db, userId: string, formData: FormData) {
  const intent = "delete-account" as const;
  const submission = parseWithZod(formData, { schema: deleteAccountSchema });
  if (submission.status !== "success") {
    return data<DeleteAccountReply>({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const check = await checkPassword(db, userId, submission.value.password);
  if (check !== "ok") {
    const message = check === "limited" ? TOO_MANY_PASSWORD_ATTEMPTS : DELETE_PASSWORD_WRONG;
    return data<DeleteAccountReply>(
      { intent, result: submission.reply({ fieldErrors: { password: [message] }, hideFields: ["password"] }) },
      { status: check === "limited" ? 429 : 400 },
    );
  }
  const deleted = await deleteAccount(db, userId);
  if (!deleted.ok) {
    return data<DeleteAccountReply>(
      {
        intent,
        result: submission.reply({ hideFields: ["password"] }),
        failure: {
          title: "Sua conta não foi excluída",
          text: `Não conseguimos cancelar sua assinatura no Stripe agora, então nada foi apagado e nenhuma cobrança foi alterada. Tente novamente em alguns minutos ou escreva para ${env().SUPPORT_EMAIL}.`,
        },
      },
      { status: 503 },
    );
  }
  return redirectWithToast(
    request,
    "/login",
    { type: "success", ...ACCOUNT_DELETED },
    { headers: { "Set-Cookie": await destroySessionCookie(request) } },
  );
}
