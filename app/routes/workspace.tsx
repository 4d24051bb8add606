import { pendingRequestCount } from "../domain/booking-requests/booking-requests.server";
import { Outlet, redirect, useLoaderData } from "react-router";
import { withNewFormParam } from "../components/new-form";
import type { Route } from "./+types/workspace";
import { WorkspaceShell } from "../components/workspace-shell";
import { openWorkspaceSession, provideUser, requireUser } from "./workspace.server";
import { dbContext, getDb } from "../utils/db.server";
import { afterResponse } from "../utils/background.server";
import { nowInZone } from "../domain/dates";
import { brandTheme } from "../domain/brand-colours";
import { useWorkspaceWorker } from "../components/workspace-worker";

/** The web app's manifest and home-screen icon: signed-in screens only (issue 25). */
export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

/**
 * Guards every signed-in screen: session, then access (docs/decisions/0422). The spec's
 * quick-action links (`?new=true`) are answered with the same screen's `?novo=1`.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    // A session due for renewal is renewed after the answer: the page waits for reads only.
    const session = await openWorkspaceSession(getDb(context), request, (work) => afterResponse(context, work));
    provideUser(context, session.user, session.confirmed);
    context.set(dbContext, session.db);
    const canonical = withNewFormParam(request);
    if (canonical) throw redirect(canonical);
    // Nothing read for a session that has ended (or changed) leaves: its answer replaces the page.
    return session.finish(await next());
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  // The shell's read goes beside the page's own; whether there is a team came with the session.
  const [pending] = await pendingRequestCount(db, user.id, nowInZone(user.profile.timeZone).date);
  return {
    businessName: user.profile.businessName,
    email: user.email,
    badges: { "/solicitacoes": pending?.n ?? 0 },
    team: user.teamMembers > 0,
    theme: { primary: user.profile.primaryColor, secondary: user.profile.secondaryColor },
  };
}

export default function Workspace() {
  const { theme, ...shell } = useLoaderData<typeof loader>();
  const { offline, refused, dismiss } = useWorkspaceWorker();
  return (
    // The page-settings colours are the workspace's theme too.
    <div style={brandTheme(theme.primary, theme.secondary)}>
      {offline || refused ? (
        // Fixed to the bottom: shown after React takes the page over, it moves nothing on it.
        <div className="offline-bar">
          {offline ? (
            <div role="status" className="offline-banner">
              {offline}
            </div>
          ) : null}
          {refused ? (
            <div role="alert" className="offline-banner flex items-center justify-between gap-3">
              <span>{refused}</span>
              <button type="button" onClick={dismiss} className="font-semibold underline">
                Fechar
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
      <WorkspaceShell {...shell}>
        <Outlet />
      </WorkspaceShell>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
