import { Link } from "react-router";
import type { AppointmentStatus } from "../../../db/schema";
import { StatusBadge } from "../agenda/status-badge";

type RecentItem = {
  id: string;
  dayLabel: string;
  time: string;
  clientName: string;
  serviceName: string;
  status: AppointmentStatus;
};

/** The 4 most recently created appointments. */
export function RecentAppointments({ items }: { items: RecentItem[] }) {
  return (
    <section className="card" aria-labelledby="recent-title">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="recent-title" className="font-semibold">
          Agendamentos recentes
        </h2>
        <Link to="/agenda" className="btn-link">
          Ver agenda
        </Link>
      </div>
      {items.length === 0 ? (
        <div className="mt-3 text-sm text-slate-600">
          <p>Nenhum agendamento ainda.</p>
          <Link to="/agenda?novo=1" className="btn-link mt-1 inline-block">
            Criar primeiro agendamento
          </Link>
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.id} className="flex items-center gap-3 py-2.5" data-testid="recent-appointment">
              <div className="w-16 shrink-0 text-center">
                <p className="text-xs font-semibold uppercase text-brand">{item.dayLabel}</p>
                <p className="text-sm font-bold tabular-nums">{item.time}</p>
              </div>
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{item.clientName}</p>
                <p className="truncate text-sm text-slate-600">{item.serviceName}</p>
              </div>
              <StatusBadge status={item.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
