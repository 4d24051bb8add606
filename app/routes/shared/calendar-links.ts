// The addresses of a day or a week, in the agenda's calendar and in 'Equipe': the date in the
// address only when it is not today's, so 'Hoje' is one stable address.
import { addDays } from "../../domain/dates";

type Screen = "/agenda" | "/equipe";
type View = "dia" | "semana";

export function viewHref(screen: Screen, view: View, date: string, today: string, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({ vista: view });
  if (date !== today) params.set("data", date);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return `${screen}?${params.toString()}`;
}

/** Previous and next (a day or a week), 'Hoje', the day and week views of the date, and the page itself. */
export function viewLinks(screen: Screen, view: View, date: string, today: string) {
  const step = view === "dia" ? 1 : 7;
  const href = (v: View, d: string) => viewHref(screen, v, d, today);
  return {
    prev: href(view, addDays(date, -step)),
    next: href(view, addDays(date, step)),
    today: href(view, today),
    dia: href("dia", date),
    semana: href("semana", date),
    self: href(view, date),
  };
}

/** An id the address asks about: null when the parameter is absent (an unusable one is not found). */
export function askedId(params: URLSearchParams, name: string): string | null {
  return params.has(name) ? (params.get(name) ?? "") : null;
}
