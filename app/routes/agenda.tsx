import { data, Link, useActionData, useLoaderData, useLocation, useNavigation } from "react-router";
import { opensNewForm } from "../components/new-form";
import type { Route } from "./+types/agenda";
import { AppointmentForm } from "../components/agenda/appointment-form";
import { AppointmentList, DELETE_FORM_ID, DeleteScopeChoice, EmptyAgenda, listHref, Pagination } from "../components/agenda/appointment-list";
import { AgendaFilter } from "../components/agenda/agenda-filter";
import { AgendaCalendar } from "../components/agenda/calendar-view";
import { CalendarRequests } from "../components/agenda/calendar-requests";
import { LIST_VIEW_LINKS, ViewSwitch } from "../components/agenda/calendar-toolbar";
import { SummaryCards } from "../components/agenda/summary-cards";
import { WaitlistDays } from "../components/agenda/waitlist-days";
import { ConfirmDialog } from "../components/confirm-dialog";
import { CancelDialog } from "../components/agenda/cancel-dialog";
import { formatDate } from "../domain/dates";
import { requireUser } from "./workspace.server";
import { readForm } from "../utils/actions.server";
import { getDb } from "../utils/db.server";
import { isStatusAction } from "../domain/appointments/statuses";
import {
  backToList,
  changeStatus,
  deleteAppointment,
  loadForm,
  loadList,
  saveAppointment,
  undoAppointmentStatus,
  type SaveFailure,
  type StatusFailure,
} from "./agenda.server";
import { loadCalendar, resolveAgendaView, type CalendarData } from "./agenda.calendar.server";
import { answerAndReply, answerOfIntent, isRequestIntent, readAnswerForm } from "./shared/request-answers.server";
import { isDepositIntent, markDepositAndReply } from "./shared/deposit-marks.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title:
      loaderData?.mode === "form"
        ? `${loaderData.form.editing ? "Editar" : "Novo"} Agendamento — Agendo`
        : "Agenda — Agendo",
  },
];

/** A view chosen in the address is remembered on this device (the loader reads it back). */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    const response = await next();
    if (request.method !== "GET" || !(response instanceof Response)) return response;
    const { header } = await resolveAgendaView(request, new URL(request.url).searchParams);
    if (header) response.headers.append("Set-Cookie", header);
    return response;
  },
];

/**
 * The full-page form for ?novo=1 and ?editar=<id>; otherwise the calendar ('Dia', 'Semana') or
 * the list with its period filter ('Lista'), the view chosen by the address or remembered per
 * device.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const url = new URL(request.url);
  if (opensNewForm(url.searchParams) || url.searchParams.has("editar")) {
    return { mode: "form" as const, form: await loadForm(db, user, url) };
  }
  const { view } = await resolveAgendaView(request, url.searchParams);
  if (view === "lista") return { mode: "list" as const, list: await loadList(db, user, url) };
  return { mode: "calendar" as const, calendar: await loadCalendar(db, user, url, view) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  const rawId = form.get("id");
  const id = typeof rawId === "string" ? rawId : null;
  if (intent === "create") return saveAppointment(db, user, request, form, null);
  if (intent === "preview") return saveAppointment(db, user, request, form, null, new Date(), "preview");
  if (intent === "update") return saveAppointment(db, user, request, form, id ?? "");
  // 'Só este' (the default) or 'Este e os próximos' of a recurring appointment.
  const scope = form.get("scope") ?? "this";
  if (scope !== "this" && scope !== "following") throw data("Ação inválida.", { status: 400 });
  if (intent === "delete") return deleteAppointment(db, user, request, id, scope);
  if (intent === "undo") return undoAppointmentStatus(db, user, request, id, { scope, context });
  if (isStatusAction(intent)) return changeStatus(db, user, request, intent, id, scope, form);
  if (isDepositIntent(intent)) return markDepositAndReply(context, request, { professionalId: user.id, form, intent, back: backToList(request) });
  if (isRequestIntent(intent)) {
    const asked = readAnswerForm(form);
    return answerAndReply(context, request, { professionalId: user.id, ...asked, answer: answerOfIntent(intent), back: backToList(request) });
  }
  throw data("Ação inválida.", { status: 400 });
}

export default function Agenda() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<SaveFailure | StatusFailure>();
  const navigation = useNavigation();
  if (loaderData.mode === "form") {
    const saveData = actionData && "result" in actionData ? actionData : undefined;
    return (
      <AppointmentForm
        data={loaderData.form}
        lastResult={navigation.state === "idle" ? (saveData?.result ?? null) : null}
        actionTimes={saveData?.times}
        walkIn={saveData?.walkIn ?? null}
        preview={saveData?.preview ?? null}
      />
    );
  }
  const statusError = actionData && "statusError" in actionData && navigation.state === "idle" ? actionData.statusError : null;
  const reasonError = statusError && actionData && "field" in actionData && actionData.field === "motivo" ? statusError : null;
  return (
    <>
      {statusError && !reasonError ? (
        <p role="alert" className="mx-auto mb-4 max-w-5xl rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {statusError}
        </p>
      ) : null}
      {loaderData.mode === "calendar" ? (
        <AgendaCalendarPage calendar={loaderData.calendar} reasonError={reasonError} />
      ) : (
        <AgendaList list={loaderData.list} reasonError={reasonError} />
      )}
    </>
  );
}

/** The page's title and 'Novo Agendamento', the view switch and the summary cards. */
function AgendaHeader({ newHref }: { newHref: string }) {
  return (
    // The button sits under the title, clear of the toast in the top right corner.
    <header className="space-y-3">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Agenda</h1>
        <p className="text-slate-600">Gerencie seus agendamentos</p>
      </div>
      <Link to={newHref} className="btn-primary">
        + Novo Agendamento
      </Link>
    </header>
  );
}

function useAgendaLoading() {
  const navigation = useNavigation();
  return navigation.state === "loading" && navigation.location.pathname === "/agenda" && !navigation.formMethod;
}

function AgendaCalendarPage({ calendar, reasonError }: { calendar: CalendarData; reasonError: string | null }) {
  const loading = useAgendaLoading();
  return (
    // On a phone the calendar comes straight after the view switch and the cards go under it.
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <AgendaHeader newHref={calendar.links.newAppointment} />
      <ViewSwitch current={calendar.view} links={calendar.links} />
      <div className="order-last sm:order-none">
        <SummaryCards summary={calendar.summary} today={calendar.today} periodLabel={calendar.periodLabel} />
      </div>
      <WaitlistDays days={calendar.waitlist} single={calendar.view === "dia"} />
      <AgendaCalendar cal={calendar} loading={loading} />
      {calendar.confirmCancel ? <CancelDialog ask={calendar.confirmCancel} closeHref={calendar.links.self} reasonError={reasonError} /> : null}
    </div>
  );
}

function AgendaList({ list, reasonError }: { list: Awaited<ReturnType<typeof loadList>>; reasonError: string | null }) {
  const location = useLocation();
  const loading = useAgendaLoading();
  const confirm = list.confirmDelete;
  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <AgendaHeader newHref="/agenda?novo=1" />
      <ViewSwitch current="lista" links={LIST_VIEW_LINKS} />

      <SummaryCards summary={list.summary} today={list.today} />

      <AgendaFilter
        key={location.search}
        period={list.filter.period}
        de={list.filter.de}
        ate={list.filter.ate}
        error={list.filter.error}
      />

      <p className="sr-only" role="status">
        {loading ? "Carregando agenda..." : ""}
      </p>
      {list.filter.error ? null : <CalendarRequests requests={list.requests} withDate />}
      {list.otherPendingCount > 0 ? (
        <p className="text-sm text-slate-600" data-testid="other-pending">
          {list.otherPendingCount === 1
            ? "1 solicitação pendente em outra data."
            : `${list.otherPendingCount} solicitações pendentes em outras datas.`}{" "}
          <Link to="/solicitacoes" className="btn-link">
            Ver solicitações
          </Link>
        </p>
      ) : null}

      <div className={loading ? "opacity-60 transition-opacity" : undefined}>
        {list.filter.error ? null : list.rows.length === 0 ? (
          <EmptyAgenda hasAny={list.hasAny || list.requests.length > 0} />
        ) : (
          <div className="space-y-4">
            <AppointmentList rows={list.rows} search={location.search} />
            <Pagination page={list.page} pageCount={list.pageCount} total={list.total} search={location.search} />
          </div>
        )}
      </div>

      {confirm ? (
        <ConfirmDialog
          title="Excluir agendamento"
          question="Tem certeza que deseja excluir este agendamento?"
          intent="delete"
          id={confirm.id}
          confirmLabel="Excluir"
          cancelHref={listHref(location.search, { "confirmar-exclusao": null })}
          formId={DELETE_FORM_ID}
        >
          <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
            {formatDate(confirm.date)} às {confirm.time} · {confirm.clientName ?? "Cliente não encontrado"} ·{" "}
            {confirm.serviceName || "Serviço não encontrado"}
          </p>
          {confirm.recurring ? <DeleteScopeChoice /> : null}
        </ConfirmDialog>
      ) : null}
      {list.confirmCancel ? (
        <CancelDialog
          ask={list.confirmCancel}
          closeHref={listHref(location.search, { "confirmar-cancelamento": null })}
          reasonError={reasonError}
        />
      ) : null}
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
