import { redirect } from "react-router";
import type { Route } from "./+types/settings._index";
import { settingsPathFor } from "../components/settings/tabs";

/** `/configuracoes` and the spec's `?tab=perfil` / `?tab=horarios` open the matching tab route. */
export function loader({ request }: Route.LoaderArgs) {
  const tab = new URL(request.url).searchParams.get("tab");
  return redirect(settingsPathFor(tab));
}
