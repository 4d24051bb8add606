import { useEffect } from "react";
import { Outlet, useLoaderData, useLocation, useNavigate } from "react-router";
import type { Route } from "./+types/settings";
import { SettingsTabs } from "../components/settings/settings-tabs";
import { SETTINGS_TABS } from "../components/settings/tabs";
import { planBadge } from "../domain/accounts/access";
import { confirmedUser } from "./workspace.server";

export const meta: Route.MetaFunction = () => [{ title: "Configurações — Agendo" }];

export async function loader({ context }: Route.LoaderArgs) {
  // Nothing else is read here: the plan is the session's own read (docs/decisions/1210).
  return { badge: planBadge(await confirmedUser(context)) };
}

const BADGE_LABELS = { premium: "PREMIUM", trial: "PERÍODO GRÁTIS", team: "CONTA DA EQUIPE" } as const;

/** Settings layout: title, plan badge, one tab link per settings route, then the tab. */
export default function Settings() {
  const { badge } = useLoaderData<typeof loader>();
  useSpecHashRedirect();
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Configurações</h1>
        {badge ? (
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide ${
              badge === "premium" ? "bg-amber-100 text-amber-800" : "bg-emerald-100 text-emerald-800"
            }`}
          >
            {BADGE_LABELS[badge]}
          </span>
        ) : null}
      </header>
      <SettingsTabs />
      <Outlet />
    </div>
  );
}

/**
 * The spec's `/configuracoes#pagina` links: the hash never reaches the server, so once the
 * page runs in the browser a hash naming an existing tab opens that tab's route.
 */
function useSpecHashRedirect() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const tab = SETTINGS_TABS.find((t) => `#${t.tab}` === location.hash);
    if (tab && tab.to !== location.pathname) navigate(tab.to, { replace: true });
  }, [location.hash, location.pathname, navigate]);
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
