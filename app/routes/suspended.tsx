import { data, Form, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/suspended";
import { DeleteAccountForm } from "../components/account-settings/delete-account-form";
import { Logo } from "../components/auth-layout";
import { deletionFacts } from "../domain/accounts/account-deletion.server";
import { deleteAccountFromForm } from "./shared/account-deletion.server";
import { loadAccess } from "../domain/accounts/access.server";
import { getDb } from "../utils/db.server";
import { env } from "../utils/env.server";
import { findLinkedOwner, LEFT_TEAM, leaveTeam } from "../domain/accounts/linked-accounts.server";
import { redirectWithToast } from "../utils/toast.server";
import { requireSessionUser } from "../utils/session.server";
import { notFound, readForm } from "../utils/actions.server";

export const meta: Route.MetaFunction = () => [{ title: "Conta Suspensa — Agendo" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getDb(context);
  const sessionUser = await requireSessionUser(db, request);
  const user = await loadAccess(db, sessionUser);
  // Access back (subscription renewed, link restored...): straight to the workspace.
  if (user && user.access !== "denied") throw redirect("/dashboard");
  // A linked professional contacts the account owner; anyone else, our support.
  const owner = user?.linkedOwnerId ? await findLinkedOwner(db, sessionUser.id) : null;
  const support = env().SUPPORT_EMAIL;
  return {
    linked: !!owner,
    contactEmail: owner?.email ?? support,
    ownerBusiness: owner ? owner.businessName || owner.fullName : null,
    trialEnded: !owner && user?.subscription?.status === "trial",
    userEmail: sessionUser.email,
    ...(await deletionFacts(db, sessionUser.id)),
  };
}

/** 'Excluir conta' works here too: a suspended professional may still delete their account. */
export async function action({ request, context }: Route.ActionArgs) {
  const db = getDb(context);
  const sessionUser = await requireSessionUser(db, request);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent === "leave-team") {
    // Out of the owner's team, their own trial or plan applies again (docs/decisions/0427).
    if (!(await leaveTeam(db, sessionUser.id))) notFound();
    return redirectWithToast(request, "/dashboard", { type: "success", ...LEFT_TEAM });
  }
  if (intent !== "delete-account") throw data("Ação desconhecida.", { status: 400 });
  return deleteAccountFromForm(request, db, sessionUser.id, formData);
}

function mailto(to: string, subject: string, body: string) {
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export default function Suspended() {
  const { linked, contactEmail, ownerBusiness, trialEnded, userEmail, paidSubscription, linkedCount } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const contactHref = linked
    ? mailto(
        contactEmail,
        "Minha conta no Agendo foi suspensa",
        `Olá! Minha conta vinculada no Agendo (${userEmail}) foi suspensa porque a assinatura da conta principal não está ativa. Você pode verificar?`,
      )
    : mailto(contactEmail, "Conta suspensa no Agendo", `Olá! Minha conta no Agendo (${userEmail}) está suspensa.`);
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="card w-full max-w-lg space-y-5 p-6 text-center sm:p-8">
        <div className="flex justify-center text-brand">
          <Logo />
        </div>
        <h1 className="text-2xl font-bold text-red-700">Conta Suspensa</h1>
        {linked ? (
          <p className="text-slate-700">
            Sua conta foi suspensa porque a conta principal cancelou a assinatura
            {ownerBusiness ? ` (${ownerBusiness})` : ""}. Seus dados continuam guardados.
          </p>
        ) : trialEnded ? (
          <p className="text-slate-700">
            Seu período grátis de 7 dias terminou. Assine um plano para continuar usando sua agenda,
            seus clientes e sua página de agendamento. Seus dados continuam guardados.
          </p>
        ) : (
          <p className="text-slate-700">
            Sua assinatura não está ativa. Assine um plano para voltar a usar o Agendo. Seus dados
            continuam guardados.
          </p>
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
          <a href={contactHref} className="btn-secondary">
            {linked ? "Falar com o titular da conta" : "Falar com o suporte"}
          </a>
          <a href="/planos" className="btn-primary">
            Assinar um plano próprio
          </a>
        </div>
        {linked ? (
          <Form method="post" className="space-y-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
            <p>Tem um plano ou ainda está no seu período grátis? Saia da equipe para usar sua conta por conta própria.</p>
            <button type="submit" name="intent" value="leave-team" className="btn-secondary">
              Sair da equipe
            </button>
          </Form>
        ) : null}
        <p className="text-sm text-slate-600">
          Seus dados são seus:{" "}
          <a href="/configuracoes/geral/exportar" download className="font-medium text-brand underline">
            Baixar meus dados (.zip)
          </a>
        </p>
        <Form method="post" action="/logout">
          <button type="submit" className="btn-link">
            Sair
          </button>
        </Form>
        {/* Open again after a refused attempt, so the message beside the field is seen. */}
        <details className="text-left" open={!!actionData}>
          <summary className="cursor-pointer text-center text-sm text-slate-500">Quero excluir minha conta</summary>
          <div className="mt-4">
            <DeleteAccountForm
              lastResult={actionData?.result ?? null}
              failure={actionData?.failure ?? null}
              paidSubscription={paidSubscription}
              linkedCount={linkedCount}
            />
          </div>
        </details>
      </div>
    </main>
  );
}
