import { Link } from "react-router";
import { capitalize, dayOfWeek, formatDate, weekdayName } from "../../domain/dates";

// The agenda's '3 na lista de espera' (issue 24): the days shown on which customers wait for a
// time to open, each a link to that day's list (routes/waitlist.tsx).

export function WaitlistDays({ days, single }: { days: { date: string; n: number }[]; single: boolean }) {
  if (days.length === 0) return null;
  const label = (n: number) => `${n} na lista de espera`;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Lista de espera" data-testid="agenda-waitlist">
      {days.map((d) => (
        <li key={d.date}>
          <Link
            to={`/lista-de-espera?data=${d.date}`}
            className="inline-flex items-center gap-1.5 rounded-full border border-violet-200 bg-violet-50 px-3 py-1 text-sm font-medium text-violet-900 hover:bg-violet-100"
          >
            {single ? label(d.n) : `${capitalize(weekdayName(dayOfWeek(d.date), "short"))} ${formatDate(d.date)}: ${label(d.n)}`}
          </Link>
        </li>
      ))}
    </ul>
  );
}
