// 'Meu' or 'Salão' (issue 32 finding 16, docs/decisions/1050): whose figures the dashboard, the
// Caixa and Relatórios add up. Offered only to an owner with active members; a member, and a
// professional on her own, always see their own. Pure: the SQL of the salon is salon.server.ts.
import { plural } from "./words";

export const FIGURE_CHOICES = ["meu", "salao"] as const;
export type FigureChoice = (typeof FIGURE_CHOICES)[number];

/** The address parameter the choice travels in (`?visao=salao`), on the three screens and their CSVs. */
export const FIGURES_PARAM = "visao";

export const FIGURE_CHOICE_LABELS: Record<FigureChoice, string> = { meu: "Meu", salao: "Salão" };

export function isFigureChoice(value: unknown): value is FigureChoice {
  return FIGURE_CHOICES.includes(value as FigureChoice);
}

/** Whose figures: one professional's, or the salon of the owner `userId` (her and her active members). */
export type FigureScope = { userId: string; salon: boolean };

/**
 * The choice a screen shows: null when there is none to make (a member, or nobody in the team);
 * else the one in the address, else the one remembered on the device, else the salon's (an owner
 * with a team reads the salon first).
 */
export function chooseFigures(input: { members: number; linkedOwnerId: string | null; asked: unknown; saved: unknown }): FigureChoice | null {
  if (input.linkedOwnerId || input.members <= 0) return null;
  if (isFigureChoice(input.asked)) return input.asked;
  return isFigureChoice(input.saved) ? input.saved : "salao";
}

/** A professional's id as her own scope; a scope as it is. */
export function asScope(who: string | FigureScope): FigureScope {
  return typeof who === "string" ? { userId: who, salon: false } : who;
}

export function scopeOf(userId: string, choice: FigureChoice | null): FigureScope {
  return { userId, salon: choice === "salao" };
}

/** The same screen's address with `choice` in it, every other parameter kept (a period, a filter). */
export function figuresHref(url: { pathname: string; search: string }, choice: FigureChoice): string {
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  params.set(FIGURES_PARAM, choice);
  return `${url.pathname.replace(/\.data$/, "")}?${params}`;
}

/** What the switch shows: the choice, the two addresses and how many people the salon adds up. */
export type FiguresView = { choice: FigureChoice; members: number; hrefs: Record<FigureChoice, string> };

export function figuresView(url: { pathname: string; search: string }, choice: FigureChoice | null, members: number): FiguresView | null {
  if (!choice) return null;
  return { choice, members, hrefs: { meu: figuresHref(url, "meu"), salao: figuresHref(url, "salao") } };
}

/** The line under the switch: who the figures are of. */
export function figuresCaption(view: Pick<FiguresView, "choice" | "members">): string {
  if (view.choice === "meu") return "Somente os seus atendimentos.";
  return `Somando você e mais ${plural(view.members, "profissional", "profissionais")} da equipe.`;
}
