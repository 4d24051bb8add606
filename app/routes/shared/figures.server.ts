// 'Meu' or 'Salão' from the request (docs/decisions/1050): the choice in the address (`?visao=`),
// else the one remembered on this device, else the salon's, for an owner with members only. The
// dashboard, the Caixa and Relatórios (and their CSVs) ask here, so the three screens agree and
// remember one choice.
import { createCookie, type RouterContextProvider } from "react-router";
import type { CurrentUser } from "../../domain/accounts/access.server";
import { chooseFigures, figuresView, FIGURES_PARAM, scopeOf, type FigureChoice, type FigureScope, type FiguresView } from "../../domain/salon";
import { isSecure } from "../../utils/session.server";
import { requireUser } from "../workspace.server";

/** The choice last made on this device, for a year; not sensitive (it widens nothing: the salon is checked on every read), so unsigned. */
const figuresCookie = createCookie("agendo_visao", {
  // "/": the three screens, their CSVs and their data requests all carry it.
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
});

async function savedChoice(request: Request): Promise<unknown> {
  try {
    return await figuresCookie.parse(request.headers.get("Cookie"));
  } catch {
    return null; // a mangled cookie is as good as none
  }
}

export type Figures = { choice: FigureChoice | null; scope: FigureScope; view: FiguresView | null };

/** Whose figures this request's screen shows, and what its switch offers (null: no switch). */
export async function resolveFigures(request: Request, user: Pick<CurrentUser, "id" | "linkedOwnerId" | "teamMembers">): Promise<Figures> {
  const url = new URL(request.url);
  const choice = chooseFigures({ members: user.teamMembers, linkedOwnerId: user.linkedOwnerId, asked: url.searchParams.get(FIGURES_PARAM), saved: await savedChoice(request) });
  return { choice, scope: scopeOf(user.id, choice), view: figuresView(url, choice, user.teamMembers) };
}

/**
 * The route middleware of the three screens: a choice made in the address is remembered on the
 * device (only for an owner with members, and only when it changes), so the loader's answer
 * stays plain data.
 */
export async function rememberFigures({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }, next: () => Promise<Response>) {
  const response = await next();
  if (request.method !== "GET" || !(response instanceof Response)) return response;
  const user = requireUser(context);
  const asked = new URL(request.url).searchParams.get(FIGURES_PARAM);
  const choice = chooseFigures({ members: user.teamMembers, linkedOwnerId: user.linkedOwnerId, asked, saved: null });
  if (!choice || choice !== asked || (await savedChoice(request)) === choice) return response;
  response.headers.append("Set-Cookie", await figuresCookie.serialize(choice, { secure: isSecure(request) }));
  return response;
}
