import { Link } from "react-router";
import type { Birthday } from "../../domain/clients/birthdays";

/** 'Aniversariantes da semana': today and the next six days, each with a WhatsApp greeting. */
export function WeekBirthdays({ items }: { items: Birthday[] }) {
  return (
    <section className="card" aria-labelledby="birthdays-title" data-testid="week-birthdays">
      <h2 id="birthdays-title" className="font-semibold">
        Aniversariantes da semana
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {items.map((b) => (
          <li key={b.id} className="flex items-center gap-3 py-2" data-testid="birthday">
            <span className={`w-14 shrink-0 text-sm font-semibold ${b.today ? "text-brand" : "text-slate-600"}`}>{b.when}</span>
            <span className="min-w-0 flex-1">
              <Link to={`/clientes?ver=${b.id}`} className="block truncate font-medium hover:underline">
                {b.name}
              </Link>
              {b.turns ? <span className="block text-xs text-slate-500">{b.turns} anos</span> : null}
            </span>
            <a href={b.whatsapp} className="btn-secondary shrink-0 py-1.5 text-sm" target="_blank" rel="noopener" aria-label={`Parabenizar ${b.name} pelo WhatsApp`}>
              Parabenizar
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
