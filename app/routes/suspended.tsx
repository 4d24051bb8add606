import { and, eq } from "drizzle-orm";
import { Form, redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/suspended";
import { linkedAccounts, profiles, users } from "../../db/schema";
import { Logo } from "../components/auth-layout";
import { loadAccess } from "../utils/auth.server";
import { getDb } from "../utils/db.server";
import { env } from "../utils/env.server";
import { requireSessionUser } from "../utils/session.server";

export const meta: Route.MetaFunction = () => [{ title: "Conta Suspensa — Agendo" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getDb(context);
  const sessionUser = await requireSessionUser(db, request);
  const user = await loadAccess(db, sessionUser);
  if (user && user.access !== "denied") throw redirect("/dashboard");
  // A linked professional contacts the account owner; anyone else, our support.
  const [owner] = await db
    .select({ email: users.email, businessName: profiles.businessName })
    .from(linkedAccounts)
    .innerJoin(users, eq(users.id, linkedAccounts.ownerId))
    .innerJoin(profiles, eq(profiles.userId, linkedAccounts.ownerId))
    .where(and(eq(linkedAccounts.linkedUserId, sessionUser.id), eq(linkedAccounts.status, "active")))
    .limit(1);
  return {
    linked: !!owner,
    contactEmail: owner?.email ?? env().SUPPORT_EMAIL,
    ownerBusiness: owner?.businessName ?? null,
    trialEnded: user?.subscription?.status === "trial",
  };
}

export default function Suspended() {
  const { linked, contactEmail, ownerBusiness, trialEnded } = useLoaderData<typeof loader>();
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
            {ownerBusiness ? ` (${ownerBusiness})` : ""}.
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
          <a href={`mailto:${contactEmail}`} className="btn-secondary">
            {linked ? "Falar com o titular da conta" : "Falar com o suporte"}
          </a>
          <a href="/#planos" className="btn-primary">
            Assinar um plano próprio
          </a>
        </div>
        <Form method="post" action="/logout">
          <button type="submit" className="btn-link">
            Sair
          </button>
        </Form>
      </div>
    </main>
  );
}
