import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { getDb } from "../utils/db.server";
import { destroySessionCookie, endSession } from "../utils/session.server";

/** Sign out ends the session row on the server, then clears the cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  await endSession(getDb(context), request);
  return redirect("/login", { headers: { "Set-Cookie": await destroySessionCookie(request) } });
}

export function loader() {
  return redirect("/dashboard");
}
