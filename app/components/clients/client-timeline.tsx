import type { ClientListItem } from "../../domain/clients/client-types";
import { Link } from "react-router";
import { ClientBadges, NoShowBadge } from "./badges";
import { ClientActions, ClientContacts, ClientMetrics } from "./client-card";

type Props = {
  clients: ClientListItem[];
  editHref: (id: string) => string;
  deleteHref: (id: string) => string;
  viewHref: (id: string) => string;
};

/** 'Timeline de Clientes': newest first, the creation day/month and year on the left. */
export function ClientTimeline({ clients, editHref, deleteHref, viewHref }: Props) {
  return (
    <section aria-labelledby="timeline-title">
      <h2 id="timeline-title" className="text-lg font-semibold">
        Timeline de Clientes
      </h2>
      <ol className="mt-4 max-w-3xl">
        {clients.map((client, i) => (
          <li key={client.id} className="flex gap-3 sm:gap-4" data-testid="timeline-entry">
            <div className="w-11 shrink-0 pt-1 text-right sm:w-14">
              <p className="text-sm font-bold text-slate-900">{client.createdDay}</p>
              <p className="text-xs text-slate-500">{client.createdYear}</p>
            </div>
            <div className="relative flex flex-col items-center" aria-hidden>
              <span className="mt-2 size-3 shrink-0 rounded-full bg-brand ring-4 ring-brand/15" />
              {i < clients.length - 1 ? <span className="w-px flex-1 bg-slate-200" /> : null}
            </div>
            <article
              className="mb-4 min-w-0 flex-1 space-y-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
              aria-labelledby={`timeline-${client.id}`}
            >
              <header>
                <h3 id={`timeline-${client.id}`} className="truncate font-semibold">
                  <Link to={viewHref(client.id)} className="hover:underline">
                    {client.name}
                  </Link>
                </h3>
                <div className="mt-1 flex flex-wrap gap-1">
                  <ClientBadges type={client.type} loyal={client.loyal} />
                  <NoShowBadge count={client.noShowCount} />
                </div>
              </header>
              <ClientContacts client={client} />
              <ClientMetrics client={client} />
              <ClientActions client={client} editHref={editHref(client.id)} deleteHref={deleteHref(client.id)} />
            </article>
          </li>
        ))}
      </ol>
    </section>
  );
}
