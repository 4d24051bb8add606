import { redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/settings.plans";
import { CheckoutBanner, CurrentPlanCard, PaymentsNotConfigured } from "../components/plans/current-plan";
import { PlanCatalogue, signedInAction } from "../components/plans/plan-catalogue";
import { confirmedUser, requireUser } from "./workspace.server";
import { syncCheckoutReturn } from "../domain/billing/subscriptions.server";
import { plansAction, plansView } from "./shared/plans.server";
import { getDb } from "../utils/db.server";

const SELF = "/configuracoes/planos";

export const meta: Route.MetaFunction = () => [{ title: "Planos — Configurações — Agendo" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const url = new URL(request.url);
  const sessionId = url.searchParams.get("session_id");
  // Back from Checkout: read the session now rather than wait for the webhook; once it took,
  // load the page again without the session id so every part of it shows the new plan.
  if (url.searchParams.get("checkout") === "sucesso" && sessionId) {
    if (await syncCheckoutReturn(getDb(context), user.id, sessionId)) throw redirect(`${SELF}?checkout=sucesso`);
  }
  // Nothing else is read: the plan is the session's own read.
  return plansView((await confirmedUser(context)).subscription, { now: new Date(), timeZone: user.profile.timeZone, search: url.searchParams });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  return plansAction(request, getDb(context), user, SELF);
}

export default function PlansTab() {
  const view = useLoaderData<typeof loader>();
  return (
    <div className="space-y-5">
      <CheckoutBanner checkout={view.checkout} confirmed={view.confirmed} refreshTo={view.refreshTo ? `${SELF}${view.refreshTo}` : null} />
      <CurrentPlanCard current={view.current} />
      {!view.configured && !view.current.activeValid ? <PaymentsNotConfigured /> : null}
      <PlanCatalogue period={view.period} actionFor={(plan) => signedInAction(view, plan)} />
    </div>
  );
}
