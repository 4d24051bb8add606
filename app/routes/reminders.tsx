import { data, Form, Link, redirect, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/reminders";
import { markReminded, tomorrowsReminders } from "../domain/notifications/reminder-list.server";
import { formatDate } from "../domain/dates";
import { getDb } from "../utils/db.server";
import { whatsappConfig } from "../utils/whatsapp.server";
import { requireUser } from "./workspace.server";

export const meta: Route.MetaFunction = () => [{ title: "Lembretes — Agendo" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { date, rows } = await tomorrowsReminders(getDb(context), user.profile);
  return {
    date,
    rows: rows.map((r) => ({ ...r, remindedAt: r.remindedAt?.toISOString() ?? null })),
    automatic: whatsappConfig() !== null && user.profile.reminderWhatsapp,
  };
}

/**
 * 'Enviar lembrete' marks the appointment as reminded, then sends the browser to WhatsApp with the
 * message ready (a plain form and a redirect: the same with JavaScript off). 'Desfazer' unmarks.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const intent = form.get("intent");
  if (intent !== "sent" && intent !== "unsent") throw data("Ação desconhecida.", { status: 400 });
  if (!(await markReminded(db, user.id, id, intent === "sent" ? new Date() : null))) throw data(null, { status: 404 });
  if (intent === "unsent") return redirect("/lembretes");
  const { rows } = await tomorrowsReminders(db, user.profile);
  const link = rows.find((r) => r.id === id)?.link;
  return redirect(link ?? "/lembretes");
}

export default function Reminders() {
  const { date, rows, automatic } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? navigation.formData?.get("id") : null;
  const sent = rows.filter((r) => r.remindedAt).length;
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Lembretes</h1>
        <p className="text-slate-600">
          Amanhã, {formatDate(date, true)}: {rows.length === 0 ? "nenhum agendamento." : `${sent} de ${rows.length} lembrete(s) enviado(s) pelo WhatsApp.`}
        </p>
      </header>
      {automatic ? (
        <p className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
          O WhatsApp automático está ligado: os lembretes saem sozinhos. Use esta lista para quem você quiser lembrar pessoalmente.
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="card text-center text-slate-600">
          Nenhum agendamento para amanhã. <Link to="/agenda?novo=1" className="font-medium text-brand underline">Novo agendamento</Link>
        </p>
      ) : (
        <ul className="space-y-3">
          {rows.map((r) => (
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
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
