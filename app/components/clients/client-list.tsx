import { Form, Link } from "react-router";
import { SEARCH_MAX, type ClientListItem, type ClientView } from "../../domain/clients/client-types";
import { NEW_FORM } from "../new-form";
import { ClientCard } from "./client-card";
import { ClientTimeline } from "./client-timeline";

// The 'Clientes' list: its search and view switch, and what it shows for the search.

/** 'Buscar' by name, phone or e-mail, and the 'Cards' / 'Timeline' switch. */
export function ClientSearch({ q, current, viewHref }: { q: string; current: ClientView; viewHref: (view: ClientView) => string }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <Form method="get" role="search" className="flex flex-1 gap-2">
        <label htmlFor="client-search" className="sr-only">
          Buscar por nome, telefone ou e-mail
        </label>
        <input
          id="client-search"
          type="search"
          name="q"
          defaultValue={q}
          key={q}
          maxLength={SEARCH_MAX}
          placeholder="Nome, telefone ou e-mail"
          className="input"
        />
        <button type="submit" className="btn-secondary">
          Buscar
        </button>
      </Form>
      <nav aria-label="Visualização" className="flex rounded-lg border border-slate-300 bg-white p-1 text-sm">
        {(
          [
            ["cards", "Cards"],
            ["timeline", "Timeline"],
          ] as const
        ).map(([view, label]) => (
          <Link
            key={view}
            to={viewHref(view)}
            aria-current={current === view ? "page" : undefined}
            className={`flex-1 rounded-md px-3 py-1.5 text-center font-medium ${
              current === view ? "bg-brand text-white" : "text-slate-700 hover:bg-slate-100"
            }`}
          >
            {label}
          </Link>
        ))}
      </nav>
    </div>
  );
}

/** 'Todos' or 'Hora de voltar' (issue 24): the regulars past their usual interval, with nothing booked. */
export function ClientFilter({ comeback, href }: { comeback: boolean; href: (comeback: boolean) => string }) {
  const chip = (on: boolean, label: string) => (
    <Link
      to={href(on)}
      aria-current={comeback === on ? "page" : undefined}
      className={`rounded-full border px-3 py-1.5 text-sm font-medium ${
        comeback === on ? "border-brand bg-brand text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
      }`}
    >
      {label}
    </Link>
  );
  return (
    <div className="space-y-2">
      <nav aria-label="Filtro" className="flex flex-wrap gap-2">
        {chip(false, "Todos")}
        {chip(true, "Hora de voltar")}
      </nav>
      {comeback ? (
        <p className="text-sm text-slate-600" data-testid="comeback-hint">
          Clientes com 3 ou mais visitas que já passaram do intervalo de sempre e não têm nada marcado.{" "}
          <Link to="/lembretes#hora-de-voltar" className="font-medium text-brand underline">
            Chamar no WhatsApp
          </Link>
        </p>
      ) : null}
    </div>
  );
}

type Hrefs = { editHref: (id: string) => string; deleteHref: (id: string) => string; cardHref: (id: string) => string };

/** No client yet, none for the search, or the clients as cards or a timeline. */
export function ClientResults({
  noClients,
  clients,
  q,
  view,
  hrefs: { editHref, deleteHref, cardHref },
}: {
  noClients: boolean;
  clients: ClientListItem[];
  /** The search typed; null for the 'Hora de voltar' filter (its own empty state). */
  q: string | null;
  view: ClientView;
  hrefs: Hrefs;
}) {
  return (
    <>
      {noClients ? (
        <div className="card flex flex-col items-center gap-3 py-12 text-center">
          <p className="text-4xl" aria-hidden>
            ☺
          </p>
          <h2 className="text-lg font-semibold">Nenhum cliente cadastrado</h2>
          <p className="max-w-sm text-sm text-slate-600">
            Cadastre seus clientes para acompanhar visitas, gastos e preferências de cada um.
          </p>
          <Link to={`/clientes?${NEW_FORM}`} className="btn-primary">
            Cadastrar Primeiro Cliente
          </Link>
        </div>
      ) : clients.length === 0 ? (
        <div className="card flex flex-col items-center gap-3 py-12 text-center">
          <h2 className="text-lg font-semibold">{q === null ? "Ninguém atrasado" : "Nenhum cliente encontrado"}</h2>
          <p className="text-sm text-slate-600">
            {q === null ? "Nenhum cliente frequente passou do intervalo de sempre. Bom sinal!" : `Nenhum cliente corresponde a “${q}”.`}
          </p>
          <Link to="/clientes" className="btn-secondary">
            {q === null ? "Ver todos" : "Limpar busca"}
          </Link>
        </div>
      ) : view === "timeline" ? (
        <ClientTimeline clients={clients} editHref={editHref} deleteHref={deleteHref} viewHref={cardHref} />
      ) : (
        <section aria-labelledby="lista-clientes" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {/* The cards' names are h3: the list has its heading, read by screen readers only. */}
          <h2 id="lista-clientes" className="sr-only">
            Lista de clientes
          </h2>
          {clients.map((client) => (
            <ClientCard
              key={client.id}
              client={client}
              editHref={editHref(client.id)}
              deleteHref={deleteHref(client.id)}
              viewHref={cardHref(client.id)}
            />
          ))}
        </section>
      )}
    </>
  );
}
