import type { TeamPendingRequest } from "./team-types";

/**
 * The members' pending requests of the period shown: who asked whom, for when. Each member
 * answers their own (the owner sees them so the salon's day has no surprises).
 */
export function TeamPending({ pending }: { pending: TeamPendingRequest[] }) {
  if (pending.length === 0) return null;
  return (
    <section className="card p-3 sm:p-4" aria-labelledby="team-pending-title" data-testid="team-pending">
      <h2 id="team-pending-title" className="font-semibold">
        Solicitações pendentes ({pending.length})
      </h2>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {pending.map((r) => (
          <li key={r.id} className="flex flex-wrap gap-x-2 py-1.5">
            <span className="font-semibold tabular-nums">
              {r.dateLabel} às {r.time}
            </span>
            <span>
              {r.customerName} · {r.serviceName}
            </span>
            <span className="text-slate-600">com {r.professional}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
