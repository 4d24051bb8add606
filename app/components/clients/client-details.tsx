import { Link } from "react-router";
import type { ClientCardData } from "../../domain/clients/client-card.server";
import { Avatar } from "../avatar";
import { phoneHref } from "../../domain/phone";
import { ClientBadges, NoShowBadge } from "./badges";
import { StatusBadge } from "../agenda/status-badge";
import { DepositBadge } from "../deposits/deposit-controls";

type Props = {
  client: ClientCardData;
  backHref: string;
  editHref: string;
  /** The same card with one more page of history. */
  moreHref: string;
};

/** 'Ficha do cliente': contacts, notes, figures, next appointment and visit history. */
export function ClientDetails({ client, backHref, editHref, moreHref }: Props) {
  return (
    <div className="mx-auto max-w-3xl space-y-4" data-testid="client-details">
      <Link to={backHref} className="btn-link inline-block">
        ← Voltar para clientes
      </Link>
      <ClientSummary client={client} editHref={editHref} />

      <NextAppointment next={client.next} />

      <VisitHistory client={client} moreHref={moreHref} />
    </div>
  );
}

/** Name and badges, contacts, notes, figures, and the 'WhatsApp' and 'Editar' buttons. */
function ClientSummary({ client, editHref }: { client: ClientCardData; editHref: string }) {
  return (
    <section className="card space-y-4" aria-labelledby="client-name">
      <header className="flex items-start gap-3">
        <Avatar name={client.name} size="sm" />
        <div className="min-w-0 flex-1">
          <h1 id="client-name" className="text-xl font-bold break-words">
            {client.name}
          </h1>
          <div className="mt-1 flex flex-wrap gap-1">
            <ClientBadges type={client.type} loyal={client.loyal} />
            <NoShowBadge count={client.noShowCount} />
          </div>
        </div>
      </header>
      <ClientContactFacts client={client} />
      <div>
        <h2 className="text-sm font-semibold text-slate-700">Observações</h2>
        <p className="mt-1 text-sm whitespace-pre-line text-slate-800" data-testid="client-notes">
          {client.notes || <span className="text-slate-500">Nenhuma observação.</span>}
        </p>
      </div>
      <ClientFigures client={client} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <a href={client.whatsapp} className="btn-primary flex-1" target="_blank" rel="noopener">
          WhatsApp
        </a>
        <Link to={editHref} className="btn-secondary flex-1">
          Editar
        </Link>
      </div>
    </section>
  );
}

/** 'Telefone' (a call link), then e-mail, address and birth date when known. */
function ClientContactFacts({ client }: { client: ClientCardData }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-slate-500">Telefone</dt>
      <dd className="font-medium">
        <a href={phoneHref(client.phoneDigits)} className="hover:underline">
          {client.phone}
        </a>
      </dd>
      {client.email ? (
        <>
          <dt className="text-slate-500">E-mail</dt>
          <dd className="min-w-0 font-medium break-words">{client.email}</dd>
        </>
      ) : null}
      {client.address ? (
        <>
          <dt className="text-slate-500">Endereço</dt>
          <dd className="min-w-0 font-medium break-words">{client.address}</dd>
        </>
      ) : null}
      {client.birthDate ? (
        <>
          <dt className="text-slate-500">Nascimento</dt>
          <dd className="font-medium">{client.birthDate}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** 'Visitas', 'Total gasto' and 'Faltas'. */
function ClientFigures({ client }: { client: ClientCardData }) {
  return (
    <div className="@container rounded-lg bg-slate-50 px-3 py-2">
      <dl className="grid grid-cols-1 gap-1 @[20rem]:grid-cols-3 @[20rem]:gap-2 @[20rem]:py-1">
        {[
          { label: "Visitas", value: String(client.visitCount), testId: "visit-count" },
          { label: "Total gasto", value: client.totalSpent, testId: "total-spent" },
          { label: "Faltas", value: String(client.noShowCount), testId: "no-show-count" },
        ].map((item) => (
          <div key={item.label} className="flex items-baseline justify-between gap-2 @[20rem]:block @[20rem]:text-center">
            <dt className="text-xs font-medium text-slate-500">{item.label}</dt>
            <dd className="font-semibold whitespace-nowrap" data-testid={item.testId}>
              {item.value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** 'Próximo agendamento', a link to it in the agenda. */
function NextAppointment({ next }: { next: ClientCardData["next"] }) {
  return (
    <section className="card" aria-labelledby="next-title">
      <h2 id="next-title" className="font-semibold">
        Próximo agendamento
      </h2>
      {next ? (
        <p className="mt-2 text-sm" data-testid="next-appointment">
          <Link to={next.agendaHref} className="font-medium hover:underline">
            {next.date} às {next.time}
          </Link>{" "}
          · {next.service} · {next.statusLabel}
          {next.deposit ? (
            <>
              {" "}
              <DepositBadge deposit={next.deposit} />
            </>
          ) : null}
        </p>
      ) : (
        <p className="mt-2 text-sm text-slate-600" data-testid="next-appointment">
          Nenhum agendamento marcado.
        </p>
      )}
    </section>
  );
}

/** 'Histórico de agendamentos', a page at a time ('Ver mais'). */
function VisitHistory({ client, moreHref }: { client: ClientCardData; moreHref: string }) {
  return (
    <section className="card" aria-labelledby="history-title">
      <h2 id="history-title" className="font-semibold">
        Histórico de agendamentos <span className="text-sm font-normal text-slate-500">({client.visits})</span>
      </h2>
      {client.history.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nenhum agendamento até hoje.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" data-testid="client-history">
          {client.history.map((visit) => (
            <li key={visit.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm" data-testid="history-entry">
              <span className="min-w-0">
                <span className="font-medium">{visit.date}</span>
                <span className="text-slate-500"> {visit.time}</span> · {visit.service}
              </span>
              <span className="flex items-center gap-2">
                {visit.deposit ? <DepositBadge deposit={visit.deposit} /> : null}
                <span className="font-medium whitespace-nowrap">{visit.price}</span>
                {visit.paymentPending ? <span className="text-xs font-medium text-amber-800">Pagamento pendente</span> : null}
                <StatusBadge status={visit.status} />
              </span>
            </li>
          ))}
        </ul>
      )}
      {client.hasMore ? (
        <Link to={moreHref} preventScrollReset className="btn-secondary mt-3 w-full">
          Ver mais
        </Link>
      ) : null}
    </section>
  );
}
