// 'Excluir conta' as a form post, shared by Configurações > Geral and /conta-suspensa: a
// suspended professional keeps the right to delete their account (LGPD; docs/decisions/0448).
import { parseForm } from "../../validation/parse-form";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import {
  ACCOUNT_DELETED,
  DELETE_PASSWORD_WRONG,
  deleteAccountSchema,
  TOO_MANY_PASSWORD_ATTEMPTS,
} from "../../validation/account";
import { deleteAccount } from "../../domain/accounts/account-deletion.server";
import { checkPassword } from "../../domain/accounts/password-change.server";
import type { Db } from "../../utils/db.server";
import { env } from "../../utils/env.server";
import { destroySessionCookie } from "../../utils/session.server";
import { redirectWithToast } from "../../utils/toast.server";

export type DeleteAccountReply = {
  intent: "delete-account";
  result: SubmissionResult<string[]>;
  failure?: { title: string; text: string };
};

/** Password and confirmation checked, Stripe cancelled first, then every row: see docs/decisions/0444-0446. */
export async function deleteAccountFromForm(request: Request, db: Db, userId: string, formData: FormData) {
  const intent = "delete-account" as const;
  const submission = parseForm(formData, { schema: deleteAccountSchema });
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
