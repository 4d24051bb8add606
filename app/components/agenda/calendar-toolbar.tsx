import { Link } from "react-router";
import type { AgendaView, CalendarLinks, CalendarView } from "../../domain/appointments/calendar-types";

const VIEW_LABELS: Record<AgendaView, string> = { dia: "Dia", semana: "Semana", lista: "Lista" };

/**
 * 'Dia' | 'Semana' | 'Lista': three links (the view is in the address, and the server remembers
 * the last one chosen on this device), so the switch works without JavaScript and with the back
 * button.
 */
export function ViewSwitch({ current, links }: { current: AgendaView; links: Record<AgendaView, string> }) {
  return (
    <nav aria-label="Visualização da agenda" className="grid grid-cols-3 rounded-xl border border-slate-200 bg-white p-1 shadow-sm sm:inline-grid sm:w-72">
      {(Object.keys(VIEW_LABELS) as AgendaView[]).map((view) => {
        const active = view === current;
        return (
          <Link
            key={view}
            to={links[view]}
            prefetch="intent"
            preventScrollReset
            aria-current={active ? "page" : undefined}
            className={`rounded-lg px-3 py-2 text-center text-sm font-semibold transition ${
              active ? "bg-brand text-white shadow-sm" : "text-slate-700 hover:bg-slate-100"
            }`}
          >
            {VIEW_LABELS[view]}
          </Link>
        );
      })}
    </nav>
  );
}

/** The view switch's links from the list, where no date is shown: today's day and week. */
export const LIST_VIEW_LINKS: Record<AgendaView, string> = {
  dia: "/agenda?vista=dia",
  semana: "/agenda?vista=semana",
  lista: "/agenda?vista=lista",
};

const arrow =
  "inline-flex size-10 items-center justify-center rounded-lg border border-slate-300 bg-white text-lg font-semibold text-slate-700 hover:bg-slate-50";

/** Previous, 'Hoje' and next, as links with the date in the address, and what is shown. */
export function DateNav({
  view,
  title,
  links,
  showingToday,
}: {
  view: CalendarView;
  title: string;
  links: CalendarLinks;
  showingToday: boolean;
}) {
  const unit = view === "dia" ? { prev: "Dia anterior", next: "Próximo dia" } : { prev: "Semana anterior", next: "Próxima semana" };
  return (
    <div className="flex items-center gap-2">
      <h2 className="min-w-0 flex-1 text-lg font-semibold first-letter:uppercase sm:text-xl" aria-live="polite" data-testid="calendar-title">
        {title}
      </h2>
      <nav aria-label="Navegar nas datas" className="flex shrink-0 items-center gap-1.5">
        <Link to={links.prev} prefetch="intent" preventScrollReset className={arrow} aria-label={unit.prev} title={unit.prev}>
          <span aria-hidden>‹</span>
        </Link>
        <Link
          to={links.today}
          prefetch="intent"
          preventScrollReset
          aria-current={showingToday ? "date" : undefined}
          className={`inline-flex h-10 items-center rounded-lg border px-3 text-sm font-semibold ${
            showingToday ? "border-brand bg-white text-brand ring-1 ring-brand" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
          }`}
        >
          Hoje
        </Link>
        <Link to={links.next} prefetch="intent" preventScrollReset className={arrow} aria-label={unit.next} title={unit.next}>
          <span aria-hidden>›</span>
        </Link>
      </nav>
    </div>
  );
}
