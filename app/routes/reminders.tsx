import { data, Form, Link, redirect, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/reminders";
import { markReminded, reminderToday, remindersOn } from "../domain/notifications/reminder-list.server";
import { dayName, quickDays, reminderDay, reminderSummary } from "../domain/notifications/reminder-days";
import { formatDate } from "../domain/dates";
import { getDb } from "../utils/db.server";
import { whatsappConfig } from "../utils/whatsapp.server";
import { requireUser } from "./workspace.server";
import { readForm, requireFound } from "../utils/actions.server";
import { ComebackGroup, WaitlistGroup } from "../components/notifications/reminder-groups";
import { ConfirmDialog } from "../components/confirm-dialog";
import { groupAction, isGroupIntent, loadGroups } from "./reminders.groups.server";

export const meta: Route.MetaFunction = () => [{ title: "Lembretes — Agendo" }];

/** The list's address for a day: tomorrow's is plain /lembretes. */
function dayHref(date: string, tomorrow: string) {
  return date === tomorrow ? "/lembretes" : `/lembretes?dia=${date}`;
}

/** `?dia=yyyy-MM-dd` picks the day (today to 30 days on); tomorrow by default. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const today = reminderToday(user.profile);
  const day = reminderDay(new URL(request.url).searchParams.get("dia"), today);
  const rows = await remindersOn(getDb(context), user.profile, day.date);
  const sent = rows.filter((r) => r.remindedAt).length;
  return {
    groups: await loadGroups(getDb(context), user, new URL(request.url).searchParams.get("nao-chamar")),
    ...day,
    dayName: dayName(day.date, today),
    summary: reminderSummary(sent, rows.length),
    days: quickDays(today).map((d) => ({ ...d, href: dayHref(d.date, day.tomorrow) })),
    rows: rows.map((r) => ({ ...r, remindedAt: r.remindedAt?.toISOString() ?? null })),
    automatic: whatsappConfig() !== null && user.profile.reminderWhatsapp,
  };
}

/**
 * 'Enviar lembrete' marks the appointment as reminded, then sends the browser to WhatsApp with the
 * message ready (a plain form and a redirect: the same with JavaScript off). 'Desfazer' unmarks
 * and comes back to the appointment's day.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const form = await readForm(request);
  const id = String(form.get("id") ?? "");
  const intent = form.get("intent");
  if (isGroupIntent(intent)) return groupAction(db, user, intent, id);
  if (intent !== "sent" && intent !== "unsent") throw data("Ação desconhecida.", { status: 400 });
  const date = requireFound(await markReminded(db, user.id, id, intent === "sent" ? new Date() : null));
  const back = dayHref(date, reminderDay(null, reminderToday(user.profile)).tomorrow);
  if (intent === "unsent") return redirect(back);
  const rows = await remindersOn(db, user.profile, date);
  return redirect(rows.find((r) => r.id === id)?.link ?? back);
}

export default function Reminders() {
  const d = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? navigation.formData?.get("id") : null;
  const when = d.date === d.today || d.date === d.tomorrow ? d.dayName.toLowerCase() : `${d.dayName.toLowerCase()}, ${formatDate(d.date)}`;
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Lembretes</h1>
        <p className="text-slate-600" data-testid="reminders-day">
          {d.dayName}, {formatDate(d.date, true)}: {d.summary}
        </p>
      </header>
      <WaitlistGroup rows={d.groups.waitlist} />
      <DayPicker days={d.days} date={d.date} today={d.today} last={d.last} error={d.error} />
      {d.automatic ? (
        <p className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
          O WhatsApp automático está ligado: os lembretes saem sozinhos. Use esta lista para quem você quiser lembrar pessoalmente.
        </p>
      ) : null}
      {d.rows.length === 0 ? (
        <p className="card text-center text-slate-600">
          Nenhum agendamento para {when}. <Link to="/agenda?novo=1" className="font-medium text-brand underline">Novo agendamento</Link>
        </p>
      ) : (
        <ul className="space-y-3">
          {d.rows.map((r) => (
            <li key={r.id} className="card flex flex-wrap items-center justify-between gap-3" data-testid="reminder-row">
              <div className="min-w-0">
                <p className="font-semibold">
                  {r.time} · {r.client}
                </p>
                <p className="text-sm text-slate-600">{r.service}</p>
                <p className="mt-1 flex flex-wrap gap-1.5 text-xs">
                  {r.confirmed ? <span className="rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-900">Presença confirmada</span> : null}
                  {r.remindedAt ? (
                    <span className="rounded-full bg-sky-100 px-2 py-0.5 font-semibold text-sky-900">Lembrete enviado</span>
                  ) : r.stopped ? (
                    <span className="rounded-full bg-slate-200 px-2 py-0.5 font-semibold text-slate-800">Pediu para não receber lembretes</span>
                  ) : !r.link ? (
                    <span className="rounded-full bg-slate-200 px-2 py-0.5 font-semibold text-slate-800">Sem telefone válido</span>
                  ) : (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">A lembrar</span>
                  )}
                </p>
              </div>
              <Form method="post" className="flex gap-2">
                <input type="hidden" name="id" value={r.id} />
                {r.remindedAt ? (
                  <button type="submit" name="intent" value="unsent" className="btn-secondary" disabled={busy === r.id}>
                    Desfazer
                  </button>
                ) : null}
                {r.link ? (
                  <button type="submit" name="intent" value="sent" className={r.remindedAt ? "btn-secondary" : "btn-primary"} disabled={busy === r.id}>
                    {r.remindedAt ? "Enviar de novo" : "Lembrar no WhatsApp"}
                  </button>
                ) : null}
              </Form>
            </li>
          ))}
        </ul>
      )}
      <ComebackGroup rows={d.groups.comeback} />
      {d.groups.confirmNever ? (
        <ConfirmDialog
          title="Não chamar mais"
          question={`Tirar ${d.groups.confirmNever.name} da lista 'Hora de voltar' de vez?`}
          intent="comeback-never"
          id={d.groups.confirmNever.id}
          confirmLabel="Não chamar"
          pendingLabel="Salvando..."
          cancelHref="/lembretes#hora-de-voltar"
        >
          <p className="text-sm text-slate-600">O cliente continua na sua lista de clientes; só não aparece mais para ser chamado.</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** Quick links for today and the next days, and a date field for any day up to `last` (a plain GET). */
function DayPicker({
  days,
  date,
  today,
  last,
  error,
}: {
  days: { date: string; label: string; href: string }[];
  date: string;
  today: string;
  last: string;
  error: string | null;
}) {
  return (
    <nav aria-label="Escolher o dia" className="space-y-3">
      <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
        {days.map((day) => (
          <li key={day.date} className="shrink-0">
            <Link
              to={day.href}
              aria-current={day.date === date ? "date" : undefined}
              className={`inline-block rounded-full border px-3 py-1.5 text-sm font-medium whitespace-nowrap ${
                day.date === date ? "border-brand bg-brand text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
              }`}
            >
              {day.label}
            </Link>
          </li>
        ))}
      </ul>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="reminders-date" className="block text-sm font-medium text-slate-700">
            Outro dia
          </label>
          <input
            id="reminders-date"
            type="date"
            name="dia"
            defaultValue={date}
            min={today}
            max={last}
            required
            className="input mt-1"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "reminders-date-error" : undefined}
          />
        </div>
        <button type="submit" className="btn-secondary">
          Ver dia
        </button>
        {error ? (
          <p id="reminders-date-error" className="w-full text-sm text-red-700" role="alert">
            {error}
          </p>
        ) : null}
      </Form>
    </nav>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
