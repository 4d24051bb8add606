import { Link } from "react-router";
import { StatusBadge } from "../agenda/status-badge";
import type { TeamWeekDay } from "../../domain/team/team-types";
import { isCancelled } from "../../domain/status-rules";

/** The salon's week: each day, each professional's appointments and pending requests in order. */
export function TeamWeek({ days }: { days: TeamWeekDay[] }) {
  return (
    <ol className="space-y-3" data-testid="team-week">
      {days.map((day) => (
        <li key={day.date} className={`card p-3 sm:p-4 ${day.isToday ? "ring-2 ring-brand/40" : ""}`}>
          <h3 className="font-semibold first-letter:uppercase">
            <Link to={day.dayHref} className="hover:underline">
              {day.label}
            </Link>
            {day.isToday ? <span className="ml-2 rounded-full bg-brand px-2 py-0.5 text-xs text-white">Hoje</span> : null}
          </h3>
          <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {day.people.map((p) => (
              <section key={p.userId} aria-label={`${p.name}, ${day.label}`} className="min-w-0">
                <h4 className="truncate text-sm font-semibold text-slate-700">{p.name}</h4>
                {p.appointments.length === 0 && p.requests.length === 0 ? (
                  <p className="text-sm text-slate-500">{p.closed ? p.closed.label : "Nenhum agendamento"}</p>
                ) : (
                  <ul className="mt-1 space-y-1 text-sm">
                    {p.appointments.map((a) => (
                      <li key={a.id}>
                        <Link
                          to={a.href}
                          className={`flex gap-2 rounded-md border-l-4 bg-slate-50 px-2 py-1 hover:bg-slate-100 ${isCancelled(a.status) ? "line-through opacity-60" : ""}`}
                          style={{ borderLeftColor: a.color }}
                        >
                          <span className="font-semibold tabular-nums">{a.time}</span>
                          <span className="min-w-0 flex-1 truncate">
                            {a.clientName ?? "Cliente não encontrado"} · {a.serviceName}
                          </span>
                          <StatusBadge status={a.status} />
                        </Link>
                      </li>
                    ))}
                    {p.requests.map((r) => (
                      <li key={r.id} className="flex gap-2 rounded-md border-2 border-dashed px-2 py-1" style={{ borderColor: r.color }}>
                        <span className="font-semibold tabular-nums">{r.time}</span>
                        <span className="min-w-0 flex-1 truncate">
                          {r.customerName} · {r.serviceName}
                        </span>
                        <span className="shrink-0 text-xs text-slate-600">Solicitação</span>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            ))}
          </div>
        </li>
      ))}
    </ol>
  );
}
