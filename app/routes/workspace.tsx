import { countPendingRequests } from "../domain/booking-requests/booking-requests.server";
import { Outlet, useLoaderData } from "react-router";
import type { Route } from "./+types/workspace";
import { WorkspaceShell } from "../components/workspace-shell";
import { requireUser, requireWorkspaceUser, userContext } from "./workspace.server";
import { getDb } from "../utils/db.server";
import { nowInZone } from "../domain/dates";
import { brandTheme } from "../domain/brand-colours";

/** Guards every signed-in screen: session, then access (spec section 2, guards 1 and 2). */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    context.set(userContext, await requireWorkspaceUser(getDb(context), request));
    return next();
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const pending = await countPendingRequests(getDb(context), user.id, nowInZone(user.profile.timeZone).date);
  return {
    businessName: user.profile.businessName,
    email: user.email,
    badges: { "/solicitacoes": pending },
    theme: { primary: user.profile.primaryColor, secondary: user.profile.secondaryColor },
  };
}

export default function Workspace() {
  const { theme, ...shell } = useLoaderData<typeof loader>();
  return (
    // The page-settings colours are the workspace's theme too.
    <div style={brandTheme(theme.primary, theme.secondary)}>
      <WorkspaceShell {...shell}>
        <Outlet />
      </WorkspaceShell>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
