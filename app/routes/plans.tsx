// /planos: the plans outside the signed-in workspace (docs/decisions/0405). Signed out, the
// catalogue with 'Começar grátis'; signed in without access (trial over, subscription lapsed),
// the catalogue with checkout and the portal, since /configuracoes/planos would send them to
// /conta-suspensa. Anyone with access is sent to the plans tab.
import {
  Form,
  redirect,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "react-router";
import { Logo, SignedOutNav } from "../components/auth-layout";
import { CheckoutBanner, CurrentPlanCard, PaymentsNotConfigured } from "../components/plans/current-plan";
import { PlanCatalogue, signedInAction } from "../components/plans/plan-catalogue";
import { loadAccess } from "../domain/accounts/access.server";
import { syncCheckoutReturn } from "../domain/billing/subscriptions.server";
import { plansAction, plansView } from "./shared/plans.server";
import { getDb } from "../utils/db.server";
import { env } from "../utils/env.server";
import { getSessionUser, requireSessionUser } from "../utils/session.server";

const SELF = "/planos";
const TAB = "/configuracoes/planos";

// Typed with react-router's generic types (not ./+types/plans
// its line is added to app/routes.ts.
export const meta: MetaFunction<typeof loader> = () => [
  { title: "Planos — Agendo" },
  {
    name: "description",
    content: "Planos do Agendo: Essencial, Avançado, Profissional e Enterprise, mensal ou anual com 20% OFF.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const db = getDb(context);
  const url = new URL(request.url);
  const now = new Date();
  const sessionUser = await getSessionUser(db, request);
  let user = sessionUser ? await loadAccess(db, sessionUser, now) : null;
  if (!user) {
    return {
      signedIn: false as const,
      email: null,
      supportEmail: env().SUPPORT_EMAIL,
      view: plansView(null, { now, timeZone: "America/Sao_Paulo", search: url.searchParams }),
    };
  }
  const sessionId = url.searchParams.get("session_id");
  if (url.searchParams.get("checkout") === "sucesso" && sessionId) {
    if (await syncCheckoutReturn(db, user.id, sessionId, now)) user = (await loadAccess(db, sessionUser!, now)) ?? user;
  }
  if (user.access !== "denied") {
    const keep = new URLSearchParams();
    for (const key of ["periodo", "checkout"]) {
      const value = url.searchParams.get(key);
      if (value) keep.set(key, value);
    }
    throw redirect(keep.size ? `${TAB}?${keep}` : TAB);
  }
  return {
    signedIn: true as const,
    email: user.email,
    supportEmail: env().SUPPORT_EMAIL,
    view: plansView(user.subscription, { now, timeZone: user.profile.timeZone, search: url.searchParams }),
  };
}

/** Checkout and portal for a signed-in professional, whether or not they have access now. */
export async function action({ request, context }: ActionFunctionArgs) {
  const db = getDb(context);
  const user = await requireSessionUser(db, request);
  return plansAction(request, db, user, SELF);
}

export default function Plans() {
  const { signedIn, email, supportEmail, view } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="mx-auto flex max-w-5xl items-center justify-between gap-3 p-4 text-brand sm:p-6">
        <Logo />{" "}
        {signedIn ? (
          <Form method="post" action="/logout" className="flex items-center gap-3 text-sm">
            <span className="hidden truncate text-slate-600 sm:inline">{email}</span>
            <button type="submit" className="btn-link">
              Sair
            </button>
          </Form>
        ) : (
          <SignedOutNav />
        )}
      </header>
      <main className="mx-auto max-w-5xl space-y-5 px-4 pb-16">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{signedIn ? "Assine um plano" : "Planos do Agendo"}</h1>
          <p className="mt-1 text-slate-600">
            {signedIn
              ? "Escolha um plano para voltar a usar sua agenda, seus clientes e sua página de agendamento. Seus dados continuam guardados."
              : "Comece com 7 dias grátis, sem cartão. Depois, escolha o plano do tamanho da sua equipe."}
          </p>
        </div>
        <CheckoutBanner checkout={view.checkout} confirmed={view.confirmed} refreshTo={view.refreshTo ? `${SELF}${view.refreshTo}` : null} />
        {signedIn ? <CurrentPlanCard current={view.current} /> : null}
        {signedIn && !view.configured ? <PaymentsNotConfigured /> : null}
        <PlanCatalogue
          period={view.period}
          actionFor={(plan) => (signedIn ? signedInAction(view, plan) : { kind: "register" })}
        />
        {signedIn ? (
          <p className="text-sm text-slate-600">
            Dúvidas sobre pagamento?{" "}
            <a href={`mailto:${supportEmail}`} className="btn-link">
              Fale com o suporte
            </a>
            .
          </p>
        ) : null}
      </main>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
