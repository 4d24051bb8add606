import { parseForm } from "../validation/parse-form";
import { NEW_FORM, opensNewForm } from "../components/new-form";
import { createCookie, data, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/clients";
import { ClientDetails } from "../components/clients/client-details";
import { ClientForm } from "../components/clients/client-form";
import { ClientFilter, ClientResults, ClientSearch } from "../components/clients/client-list";
import { isComebackDue } from "../domain/clients/comeback.server";
import { ClientTiles } from "../components/clients/client-tiles";
import { clientsHref } from "../components/clients/links";
import { Pagination } from "../components/clients/pagination";
import { ConfirmDialog } from "../components/confirm-dialog";
import { requireUser } from "./workspace.server";
import { isClientView, SEARCH_MAX, type ClientView } from "../domain/clients/client-types";
import {
  clientClock,
  createClient,
  deleteClient,
  getClient,
  listClients,
  phoneTaken,
  PhoneTakenError,
  updateClient,
} from "../domain/clients/clients.server";
import { loadClientCard } from "../domain/clients/client-card.server";
import { nowInZone } from "../domain/dates";
import { getDb } from "../utils/db.server";
import { formatPhone } from "../domain/phone";
import { isSecure } from "../utils/session.server";
import { redirectWithToast } from "../utils/toast.server";
import { clientSchema, PHONE_TAKEN } from "../validation/clients";
import { attemptWrite, notFound, readForm, WRITE_FAILED, writeFailed } from "../utils/actions.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData && "mode" in loaderData && loaderData.mode === "card" ? `${loaderData.card.name} — Clientes — Agendo` : "Clientes — Agendo" },
];

/** The chosen view (cards or timeline), remembered for a year; not sensitive, so unsigned. */
const viewCookie = createCookie("clientes_visao", {
  path: "/clientes",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
});

async function resolveView(request: Request, params: URLSearchParams) {
  const asked = params.get("visao");
  if (isClientView(asked)) {
    const header = await viewCookie.serialize(asked, { secure: isSecure(request) });
    return { view: asked, header };
  }
  let saved: unknown = null;
  try {
    saved = await viewCookie.parse(request.headers.get("Cookie"));
  } catch {
    saved = null; // a mangled cookie is as good as none
  }
  return { view: (isClientView(saved) ? saved : "cards") as ClientView, header: null };
}

function pageNumber(value: string | null) {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, 1_000_000) : 1;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const params = new URL(request.url).searchParams;
  const clock = clientClock(user.profile.timeZone);

  if (opensNewForm(params)) {
    return { mode: "form" as const, client: null, today: clock.today };
  }
  const editId = params.get("editar");
  if (editId !== null) {
    const client = (await getClient(db, user.id, editId)) ?? notFound();
    return {
      mode: "form" as const,
      today: clock.today,
      client: {
        id: client.id,
        name: client.name,
        phone: formatPhone(client.phone),
        email: client.email,
        address: client.address,
        birthDate: client.birthDate ?? "",
        notes: client.notes,
      },
    };
  }

  // The client's card ('Ficha do cliente'): ?ver=<id>, with &historico=<n> pages of visits.
  const viewId = params.get("ver");
  if (viewId !== null) {
    const now = nowInZone(user.profile.timeZone);
    const card = await loadClientCard(db, user.id, viewId, { today: now.date, minute: now.minute, pages: pageNumber(params.get("historico")), timeZone: user.profile.timeZone });
    return { mode: "card" as const, card: card ?? notFound() };
  }

  const deleteId = params.get("confirmar-exclusao");
  const toDelete = deleteId === null ? null : ((await getClient(db, user.id, deleteId)) ?? notFound());
  const { view, header } = await resolveView(request, params);
  const q = (params.get("q") ?? "").trim().slice(0, SEARCH_MAX);
  // 'Hora de voltar' (issue 24): only the regulars who are late (domain/clients/comeback.server.ts).
  const comeback = params.get("filtro") === "hora-de-voltar";
  const filter = comeback ? isComebackDue(user.id, clock.today, new Date()) : undefined;
  const list = await listClients(db, user.id, { q, page: pageNumber(params.get("pagina")), view, clock, ...(filter ? { filter } : {}) });
  return data(
    {
      mode: "list" as const,
      view,
      q,
      comeback,
      ...list,
      confirmDelete: toDelete ? { id: toDelete.id, name: toDelete.name } : null,
    },
    { headers: header ? { "Set-Cookie": header } : undefined },
  );
}

const SAVE_FAILED = { title: "Erro", text: "Ocorreu um erro ao salvar o cliente." };

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const params = new URL(request.url).searchParams;
  const form = await readForm(request);
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  const backToList = clientsHref(params);

  if (intent === "delete") {
    if (!(await deleteClient(db, user.id, id))) notFound();
    return redirectWithToast(request, backToList, {
      type: "success",
      title: "Sucesso",
      description: "Cliente removido com sucesso.",
    });
  }
  if (intent !== "create" && intent !== "update") throw data("Ação inválida.", { status: 400 });
  // Someone else's (or a missing) client: 404 before anything else is looked at.
  if (intent === "update" && !(await getClient(db, user.id, id))) notFound();

  const today = clientClock(user.profile.timeZone).today;
  const submission = parseForm(form, { schema: clientSchema(today) });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), alert: null }, { status: 400 });
  }
  const phoneError = () =>
    data({ result: submission.reply({ fieldErrors: { phone: [PHONE_TAKEN] } }), alert: null }, { status: 400 });
  if (await phoneTaken(db, user.id, submission.value.phone, intent === "update" ? id : undefined)) {
    return phoneError();
  }
  const saved = await attemptWrite(
    "client save",
    () => (intent === "create" ? createClient(db, user.id, submission.value) : updateClient(db, user.id, id, submission.value)),
    // The unique index decided a race for the phone: same answer as the check above.
    (error) => (error instanceof PhoneTakenError ? ("phone-taken" as const) : undefined),
  );
  if (saved === "phone-taken") return phoneError();
  if (saved === WRITE_FAILED) return writeFailed({ result: submission.reply(), alert: SAVE_FAILED });
  if (!saved) notFound(); // deleted meanwhile
  return intent === "create"
    ? redirectWithToast(request, "/clientes", {
        type: "success",
        title: "Cliente cadastrado!",
        description: `O cadastro de ${saved.name} foi criado com sucesso.`,
      })
    : redirectWithToast(request, backToList, {
        type: "success",
        title: "Cliente atualizado!",
        description: `O cadastro de ${saved.name} foi atualizado com sucesso.`,
      });
}

export default function Clients() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  if (loaderData.mode === "form") {
    return (
      <ClientForm
        key={loaderData.client?.id ?? "new"}
        client={loaderData.client}
        lastResult={actionData?.result}
        alert={actionData?.alert}
        today={loaderData.today}
        cancelHref={clientsHref(searchParams)}
      />
    );
  }
  if (loaderData.mode === "card") {
    const { card } = loaderData;
    return (
      <ClientDetails
        client={card}
        backHref={clientsHref(searchParams)}
        editHref={clientsHref(searchParams, { editar: card.id })}
        moreHref={clientsHref(searchParams, { ver: card.id, historico: String(card.pages + 1) })}
      />
    );
  }
  return <ClientList data={loaderData} searchParams={searchParams} />;
}

type ListData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { mode: "list" }>;

function ClientList({ data: list, searchParams }: { data: ListData; searchParams: URLSearchParams }) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/clientes";
  const editHref = (id: string) => clientsHref(searchParams, { editar: id });
  const deleteHref = (id: string) => clientsHref(searchParams, { "confirmar-exclusao": id });
  const cardHref = (id: string) => clientsHref(searchParams, { ver: id });
  const viewHref = (view: ClientView) => clientsHref(searchParams, { visao: view, pagina: null });
  const noClients = list.tiles.total === 0;
  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Clientes</h1>
          <p className="text-sm text-slate-600">Gerencie seus clientes e veja o histórico de cada um</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/clientes/importar" className="btn-secondary">
            Importar clientes
          </Link>
          <Link to={`/clientes?${NEW_FORM}`} className="btn-primary">
            <span aria-hidden>+</span> Novo Cliente
          </Link>
        </div>
      </header>

      <ClientTiles tiles={list.tiles} />

      <ClientSearch q={list.q} current={list.view} viewHref={viewHref} />
      <ClientFilter comeback={list.comeback} href={(on) => clientsHref(searchParams, { filtro: on ? "hora-de-voltar" : null, pagina: null })} />

      {loading ? (
        <p role="status" className="text-sm text-slate-500">
          Carregando clientes...
        </p>
      ) : null}

      <ClientResults noClients={noClients} clients={list.clients} q={list.comeback ? null : list.q} view={list.view} hrefs={{ editHref, deleteHref, cardHref }} />

      {!noClients && list.clients.length > 0 ? (
        <Pagination
          page={list.page}
          pageCount={list.pageCount}
          pageSize={list.pageSize}
          matching={list.matching}
          hrefFor={(page) => clientsHref(searchParams, { pagina: page === 1 ? null : String(page) })}
        />
      ) : null}

      {!noClients ? (
        <p className="text-center">
          <a href="/clientes/exportar" download className="btn-link">
            Exportar clientes (CSV)
          </a>
        </p>
      ) : null}

      {list.confirmDelete ? (
        <ConfirmDialog
          title={`Excluir ${list.confirmDelete.name}?`}
          question="Tem certeza que deseja excluir este cliente?"
          intent="delete"
          id={list.confirmDelete.id}
          confirmLabel="Excluir cliente"
          cancelHref={clientsHref(searchParams)}
        >
          <p className="text-sm text-slate-700">
            O cadastro será removido. Os agendamentos já feitos continuam na agenda e nos relatórios como
            histórico, sem cliente vinculado. Esta ação não pode ser desfeita.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
