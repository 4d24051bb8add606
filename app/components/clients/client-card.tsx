import { Link } from "react-router";
import type { ClientListItem } from "../../domain/clients/client-types";
import { Avatar } from "../avatar";
import { phoneHref } from "../../domain/phone";
import { ClientBadges, NoShowBadge } from "./badges";

/** Phone, e-mail and address, each only when present. */
export function ClientContacts({ client }: { client: ClientListItem }) {
  return (
    <ul className="space-y-1 text-sm text-slate-700">
      <li className="flex items-center gap-2">
        <span aria-hidden className="w-4 text-center text-slate-500">☏</span>
        <span className="sr-only">Telefone: </span>
        <a href={phoneHref(client.phoneDigits)} className="hover:underline">
          {client.phone}
        </a>
      </li>
      {client.email ? (
        <li className="flex min-w-0 items-center gap-2">
          <span aria-hidden className="w-4 text-center text-slate-500">✉</span>
          <span className="sr-only">E-mail: </span>
          <a href={`mailto:${client.email}`} className="truncate hover:underline">
            {client.email}
          </a>
        </li>
      ) : null}
      {client.address ? (
        <li className="flex items-start gap-2">
          <span aria-hidden className="w-4 text-center text-slate-500">⌂</span>
          <span className="sr-only">Endereço: </span>
          <span className="min-w-0 break-words">{client.address}</span>
        </li>
      ) : null}
    </ul>
  );
}

/** Visitas (completed), Total Gasto, Última Visita: three columns when there is room, rows otherwise. */
export function ClientMetrics({ client }: { client: ClientListItem }) {
  const items = [
    { label: "Visitas", value: String(client.visitCount) },
    { label: "Total Gasto", value: client.totalSpent },
    { label: "Última Visita", value: client.lastVisit ?? "Nunca" },
  ];
  return (
    <div className="@container rounded-lg bg-slate-50 px-3 py-2">
      <dl className="grid grid-cols-1 gap-1 @[18rem]:grid-cols-3 @[18rem]:gap-2 @[18rem]:py-1">
        {items.map((item) => (
          <div
            key={item.label}
            className="flex items-baseline justify-between gap-2 @[18rem]:block @[18rem]:min-w-0 @[18rem]:text-center"
          >
            <dt className="text-xs font-medium text-slate-500 @[18rem]:text-[11px] @[18rem]:uppercase">
              {item.label}
            </dt>
            <dd className="text-sm font-semibold whitespace-nowrap text-slate-900 @[18rem]:mt-0.5">{item.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Editar and Excluir: links to the form and to the confirmation step (work without JS). */
export function ClientActions({ client, editHref, deleteHref }: { client: ClientListItem; editHref: string; deleteHref: string }) {
  return (
    <div className="flex gap-2">
      <Link to={editHref} className="btn-secondary flex-1 py-2" aria-label={`Editar ${client.name}`}>
        Editar
      </Link>
      <Link
        to={deleteHref}
        preventScrollReset
        className="btn flex-1 border border-red-200 bg-white py-2 text-red-700 hover:bg-red-50"
        aria-label={`Excluir ${client.name}`}
      >
        Excluir
      </Link>
    </div>
  );
}

type ItemProps = { client: ClientListItem; editHref: string; deleteHref: string; viewHref: string };

export function ClientCard({ client, editHref, deleteHref, viewHref }: ItemProps) {
  return (
    <article className="card flex flex-col gap-4 p-4" aria-labelledby={`client-${client.id}`} data-testid="client-card">
      <header className="flex items-start gap-3">
        <Avatar name={client.name} size="sm" />
        <div className="min-w-0 flex-1">
          <h3 id={`client-${client.id}`} className="truncate font-semibold text-slate-900">
            <Link to={viewHref} className="hover:underline">
              {client.name}
            </Link>
          </h3>
          <div className="mt-1 flex flex-wrap gap-1">
            <ClientBadges type={client.type} loyal={client.loyal} />
            <NoShowBadge count={client.noShowCount} />
          </div>
          <p className="mt-1 text-xs text-slate-500">Cliente desde {client.since}</p>
        </div>
      </header>
      <ClientContacts client={client} />
      <div className="mt-auto space-y-3">
        <ClientMetrics client={client} />
        <ClientActions client={client} editHref={editHref} deleteHref={deleteHref} />
      </div>
    </article>
  );
}
