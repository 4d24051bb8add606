import type { SubmissionResult } from "@conform-to/react";
import { parseForm } from "../validation/parse-form";
import { eq } from "drizzle-orm";
import { data, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/settings.general";
import { users } from "../../db/schema";
import { ChangePasswordForm } from "../components/account-settings/change-password-form";
import { DeleteAccountForm } from "../components/account-settings/delete-account-form";
import { ExportCard } from "../components/account-settings/export-card";
import {
  changePasswordSchema,
  CURRENT_PASSWORD_WRONG,
  PASSWORD_CHANGED,
  PASSWORD_FIELDS,
  TOO_MANY_PASSWORD_ATTEMPTS,
} from "../validation/account";
import { deletionFacts } from "../domain/accounts/account-deletion.server";
import { changePassword, checkPassword } from "../domain/accounts/password-change.server";
import { deleteAccountFromForm, type DeleteAccountReply } from "./shared/account-deletion.server";
import { requireUser } from "./workspace.server";
import { getDb } from "../utils/db.server";
import { appUrl, env } from "../utils/env.server";
import { sendSoon } from "../domain/notifications/deliver-soon.server";
import { redirectWithToast } from "../utils/toast.server";
import { readForm } from "../utils/actions.server";

export const meta: Route.MetaFunction = () => [{ title: "Geral — Configurações — Agendo" }];

const SELF = "/configuracoes/geral";
const EXPORT_PATH = "/configuracoes/geral/exportar";

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const [facts, [row]] = await Promise.all([
    deletionFacts(db, user.id),
    db.select({ updatedAt: users.updatedAt }).from(users).where(eq(users.id, user.id)),
  ]);
  return {
    ...facts,
    // Changes when the password does: the form remounts empty after a change.
    passwordVersion: row?.updatedAt.getTime() ?? 0,
  };
}

type ActionData = { intent: "change-password"; result: SubmissionResult<string[]> } | DeleteAccountReply;

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const formData = await readForm(request);
  const intent = formData.get("intent");

  if (intent === "change-password") {
    const submission = parseForm(formData, { schema: changePasswordSchema });
    if (submission.status !== "success") {
      return data<ActionData>({ intent, result: submission.reply({ hideFields: PASSWORD_FIELDS }) }, { status: 400 });
    }
    const check = await checkPassword(db, user.id, submission.value.currentPassword);
    if (check !== "ok") {
      const message = check === "limited" ? TOO_MANY_PASSWORD_ATTEMPTS : CURRENT_PASSWORD_WRONG;
      return data<ActionData>(
        { intent, result: submission.reply({ fieldErrors: { currentPassword: [message] }, hideFields: PASSWORD_FIELDS }) },
        { status: check === "limited" ? 429 : 400 },
      );
    }
    await changePassword(db, user.id, user.sessionId, submission.value.password);
    // Word to the account's address: if someone else changed it, the owner learns at once.
    await sendSoon(context, {
      to: user.email,
      subject: "Sua senha do Agendo foi alterada",
      text: [
        "Olá! A senha da sua conta no Agendo acabou de ser alterada e as sessões abertas em outros aparelhos foram encerradas.",
        "",
        `Se não foi você, redefina a senha agora em ${appUrl()}/redefinir-senha e fale com ${env().SUPPORT_EMAIL}.`,
      ].join("\n"),
    });
    return redirectWithToast(request, SELF, { type: "success", ...PASSWORD_CHANGED });
  }

  if (intent === "delete-account") return deleteAccountFromForm(request, db, user.id, formData);

  throw data("Ação desconhecida.", { status: 400 });
}

export default function GeneralSettings() {
  const { paidSubscription, linkedCount, passwordVersion } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  return (
    <div className="space-y-6">
      <ChangePasswordForm key={passwordVersion} lastResult={actionData?.intent === "change-password" ? actionData.result : null} />
      <ExportCard href={EXPORT_PATH} />
      <DeleteAccountForm
        lastResult={actionData?.intent === "delete-account" ? actionData.result : null}
        failure={actionData?.intent === "delete-account" ? (actionData.failure ?? null) : null}
        paidSubscription={paidSubscription}
        linkedCount={linkedCount}
      />
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
