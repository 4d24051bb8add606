import { data, Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/waitlist";
import { addDays, formatDate, isIsoDate, minutesToTime, nowInZone } from "../domain/dates";
import { formatPhone } from "../domain/phone";
import { endEntry, waitingCountsQuery, waitingOn } from "../domain/waitlist/entries.server";
import { readForm, notFound } from "../utils/actions.server";
import { getDb } from "../utils/db.server";
import { redirectWithToast } from "../utils/toast.server";
import { WaitlistDays } from "../components/agenda/waitlist-days";
import { ConfirmDialog } from "../components/confirm-dialog";
import { requireUser } from "./workspace.server";
import { plural } from "../domain/words";

// 'Lista de espera' (issue 24): who waits on a day for a time to open, in order of arrival (the
// order the openings go in), from the menu (on the first day someone waits on) or the agenda's
// '3 na lista de espera', with the other days that have a list. 'Remover' asks first
// (?remover=<id>, the same page state with JavaScript off).

export const meta: Route.MetaFunction = () => [{ title: "Lista de espera — Agendo" }];

const listHref = (date: string) => `/lista-de-espera?data=${date}`;

/** How far ahead the other days with people waiting are looked for (beyond the longest booking window). */
const DAYS_AHEAD = 200;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const url = new URL(request.url);
  const today = nowInZone(user.profile.timeZone).date;
  const asked = url.searchParams.get("data");
  const days = await waitingCountsQuery(db, user.id, today, addDays(today, DAYS_AHEAD));
  // From the menu: the first day someone waits on (today when nobody does).
  const date = isIsoDate(asked) && asked >= today ? asked : (days[0]?.date ?? today);
  const rows = await waitingOn(db, user.id, date);
  const removing = rows.find((r) => r.id === url.searchParams.get("remover")) ?? null;
  return {
    date,
    today,
    /** The other days with people waiting, from today. */
    otherDays: days.filter((d) => d.date !== date),
    enabled: user.profile.waitlistEnabled,
    removing: removing ? { id: removing.id, name: removing.name } : null,
    rows: rows.map((r) => ({
      ...r,
      phone: formatPhone(r.phone),
      joined: `${formatDate(nowInZone(user.profile.timeZone, r.joinedAt).date)} às ${minutesToTime(nowInZone(user.profile.timeZone, r.joinedAt).minute)}`,
      joinedAt: r.joinedAt.toISOString(),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const form = await readForm(request);
  if (form.get("intent") !== "remove") throw data("Ação desconhecida.", { status: 400 });
  const date = new URL(request.url).searchParams.get("data");
  if (!(await endEntry(getDb(context), String(form.get("id") ?? ""), "removed", user.id))) notFound();
  return redirectWithToast(request, listHref(isIsoDate(date) ? date : nowInZone(user.profile.timeZone).date), {
    type: "success",
    title: "Removido da lista de espera",
    description: "Essa pessoa não receberá avisos de horários deste dia.",
  });
}

export default function Waitlist() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Lista de espera</h1>
          <p className="text-slate-600" data-testid="waitlist-day">
            {formatDate(d.date, true)}: {d.rows.length === 0 ? "ninguém esperando" : plural(d.rows.length, "pessoa esperando", "pessoas esperando")}
          </p>
        </div>
        <Link to={`/agenda?data=${d.date}`} className="btn-secondary">
          Ver agenda do dia
        </Link>
      </header>
      <nav aria-label="Escolher o dia" className="flex flex-wrap items-end gap-2">
        {d.date > d.today ? (
          <Link to={listHref(addDays(d.date, -1))} className="btn-secondary">
            ← Dia anterior
          </Link>
        ) : null}
        <Link to={listHref(addDays(d.date, 1))} className="btn-secondary">
          Próximo dia →
        </Link>
        <Form method="get" className="flex items-end gap-2">
          <div>
            <label htmlFor="waitlist-date" className="block text-sm font-medium text-slate-700">
              Outro dia
            </label>
            <input id="waitlist-date" type="date" name="data" min={d.today} defaultValue={d.date} required className="input mt-1" />
          </div>
          <button type="submit" className="btn-secondary">
            Ver dia
          </button>
        </Form>
      </nav>
      {d.otherDays.length > 0 ? (
        <section aria-labelledby="waitlist-other-days" className="space-y-2">
          <h2 id="waitlist-other-days" className="text-sm font-semibold text-slate-700">
            Outros dias com lista de espera
          </h2>
          <WaitlistDays days={d.otherDays} single={false} />
        </section>
      ) : null}
      {!d.enabled ? (
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          A lista de espera está desligada: a página de agendamento não oferece mais "Avise-me se abrir um horário". Ligue em{" "}
          <Link to="/configuracoes/horarios" className="font-medium underline">
            Regras de agendamento
          </Link>
          .
        </p>
      ) : null}
      {d.rows.length === 0 ? (
        <p className="card text-center text-slate-600">Ninguém na lista de espera deste dia.</p>
      ) : (
        <ol className="space-y-3">
          {d.rows.map((r, i) => (
            <li key={r.id} className="card flex flex-wrap items-center justify-between gap-3" data-testid="waitlist-row">
              <div className="min-w-0">
                <p className="font-semibold">
                  {i + 1}º · {r.name}
                </p>
                <p className="text-sm text-slate-600">
                  {r.service} · {r.periodLabel} · {r.phone}
                  {r.email ? ` · ${r.email}` : ""}
                </p>
                <p className="text-xs text-slate-500">
                  Entrou em {r.joined}
                  {r.offers ? ` · ${plural(r.offers, "horário oferecido", "horários oferecidos")}` : ""}
                </p>
              </div>
              <Link to={`${listHref(d.date)}&remover=${r.id}`} className="btn-secondary text-red-700">
                Remover
              </Link>
            </li>
          ))}
        </ol>
      )}
      {d.removing ? (
        <ConfirmDialog
          title="Remover da lista de espera"
          question={`Remover ${d.removing.name} da lista de espera de ${formatDate(d.date)}?`}
          intent="remove"
          id={d.removing.id}
          confirmLabel="Remover"
          pendingLabel="Removendo..."
          cancelHref={listHref(d.date)}
        >
          <p className="text-sm text-slate-600">Essa pessoa não receberá avisos de horários que abrirem neste dia.</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
