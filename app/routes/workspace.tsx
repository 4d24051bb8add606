import { Outlet, useLoaderData } from "react-router";
import type { Route } from "./+types/workspace";
import { WorkspaceShell } from "../components/workspace-shell";
import { requireUser, requireWorkspaceUser, userContext } from "../utils/auth.server";
import { getDb } from "../utils/db.server";

/** Guards every signed-in screen: session, then access (spec section 2, guards 1 and 2). */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    context.set(userContext, await requireWorkspaceUser(getDb(context), request));
    return next();
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  return { businessName: user.profile.businessName, email: user.email };
}

export default function Workspace() {
  const { businessName, email } = useLoaderData<typeof loader>();
  return (
    <WorkspaceShell businessName={businessName} email={email}>
      <Outlet />
    </WorkspaceShell>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
