import { Link } from "react-router";
import { FIGURE_CHOICES, FIGURE_CHOICE_LABELS, figuresCaption, type FiguresView } from "../domain/salon";

/**
 * 'Meu' or 'Salão' (docs/decisions/1050): two links, so it works before JavaScript, keeping the
 * period and filters of the address; the line beside it says whose the figures are.
 */
export function FiguresSwitch({ view, className = "" }: { view: FiguresView; className?: string }) {
  return (
    <div className={`flex flex-wrap items-center gap-x-3 gap-y-1 ${className}`} data-testid="figures-switch">
      <nav aria-label="Números de quem" className="inline-grid w-48 grid-cols-2 rounded-xl border border-slate-200 bg-white p-1 shadow-sm">
        {FIGURE_CHOICES.map((choice) => {
          const current = choice === view.choice;
          return (
            <Link
              key={choice}
              to={view.hrefs[choice]}
              preventScrollReset
              aria-current={current ? "page" : undefined}
              className={`rounded-lg px-3 py-1.5 text-center text-sm font-semibold transition ${current ? "bg-brand text-white shadow-sm" : "text-slate-700 hover:bg-slate-100"}`}
            >
              {FIGURE_CHOICE_LABELS[choice]}
            </Link>
          );
        })}
      </nav>
      <p className="text-sm text-slate-600">{figuresCaption(view)}</p>
    </div>
  );
}
