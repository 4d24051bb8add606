import { data, Form, redirect, useLoaderData, useSearchParams } from "react-router";
import type { Route } from "./+types/waitlist-status";
import { brandTheme } from "../domain/brand-colours";
import { formatDate } from "../domain/dates";
import { entryIdFromWaitlistToken } from "../domain/notifications/customer-links.server";
import { recordEmailProof } from "../domain/notifications/unrequested-email.server";
import { customerEntry, endEntry } from "../domain/waitlist/entries.server";
import { waitingNotice } from "../domain/waitlist/notice";
import { readForm, requireFound } from "../utils/actions.server";
import { getDb } from "../utils/db.server";
import { whatsappConfig } from "../utils/whatsapp.server";
import { LegalLinks } from "../components/legal-page";
import { customerPageHandle } from "./shared/customer-page";

// The customer's place on a waiting list (/agendamento/espera/{token}, signed: nothing stored):
// what they asked for and 'Sair da lista de espera', which asks first (?sair=1, then a POST).
// Complete as HTML, like the booking status page.

export const handle = customerPageHandle;

export const meta: Route.MetaFunction = () => [{ title: "Lista de espera — Agendo" }, { name: "robots", content: "noindex" }];

async function entryOf(db: ReturnType<typeof getDb>, token: string) {
  const id = await entryIdFromWaitlistToken(token);
  return id ? customerEntry(db, id) : null;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = getDb(context);
  const { email, emailWithheld, ...entry } = requireFound(await entryOf(db, params.token));
  // Opened from the link of the customer's own e-mail: the address is theirs (docs/decisions/1022).
  await recordEmailProof(db, new URL(request.url).searchParams.get("email"));
  const notice = waitingNotice({ professional: entry.professional, email, emailWithheld, automaticWhatsapp: !!whatsappConfig() });
  return data({ ...entry, notice }, { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("intent") !== "leave") throw data(null, { status: 400 });
  const db = getDb(context);
  const entry = requireFound(await entryOf(db, params.token));
  await endEntry(db, entry.id, "left");
  return redirect(`/agendamento/espera/${params.token}`);
}

const STATE_TEXT = {
  waiting: null,
  booked: "Você já agendou um horário neste dia: saiu da lista de espera.",
  left: "Você saiu da lista de espera. Não enviaremos mais avisos sobre este dia.",
  removed: "Este pedido não está mais na lista de espera.",
  over: "Este dia já passou: a lista de espera terminou.",
} as const;

export default function WaitlistStatus() {
  const d = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  const confirming = search.get("sair") === "1" && d.state === "waiting";
  const times = `/agendamento/${d.slug}?servico=${d.serviceId}&data=${d.date}`;
  return (
    <div className="min-h-screen bg-slate-50" style={brandTheme(d.colors.primary, d.colors.secondary)}>
      <div className="h-24 bg-gradient-to-r from-brand to-brand-2" aria-hidden />
      <main className="mx-auto -mt-16 max-w-xl space-y-4 px-3 pb-10">
        <section className="card space-y-3" data-testid="waitlist-status">
          <h1 className="text-xl font-bold">
            {d.state === "waiting" ? (search.get("novo") === "1" ? "Pronto! Você está na lista de espera" : "Você está na lista de espera") : "Lista de espera"}
          </h1>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-500">Com</dt>
            <dd className="font-medium">{d.professional}</dd>
            <dt className="text-slate-500">Serviço</dt>
            <dd className="font-medium">{d.service}</dd>
            <dt className="text-slate-500">Dia</dt>
            <dd className="font-medium">{formatDate(d.date, true)}</dd>
            <dt className="text-slate-500">Período</dt>
            <dd className="font-medium">{d.period}</dd>
          </dl>
          {d.state === "waiting" ? (
            <div className="space-y-2 text-sm" data-testid="waitlist-notice">
              {d.notice.held ? (
                <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-amber-900" role="status">
                  {d.notice.held}
                </p>
              ) : null}
              <p className="text-slate-700">{d.notice.text}</p>
            </div>
          ) : (
            <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-800" role="status">
              {STATE_TEXT[d.state]}
            </p>
          )}
          <a href={times} className="btn-secondary inline-block">
            Ver horários deste dia
          </a>
        </section>
        {d.state === "waiting" ? (
          <section className="card space-y-3">
            {confirming ? (
              <Form method="post" className="space-y-3" role="alertdialog" aria-labelledby="sair-titulo">
                <h2 id="sair-titulo" className="font-semibold">
                  Sair da lista de espera?
                </h2>
                <p className="text-sm text-slate-700">Você não receberá mais avisos de horários que abrirem neste dia.</p>
                <div className="flex flex-wrap gap-2">
                  <button type="submit" name="intent" value="leave" className="btn-danger">
                    Sim, sair da lista
                  </button>
                  <a href="?" className="btn-secondary" autoFocus>
                    Continuar na lista
                  </a>
                </div>
              </Form>
            ) : (
              <a href="?sair=1" className="btn-link text-red-700">
                Sair da lista de espera
              </a>
            )}
          </section>
        ) : null}
        <footer className="text-center text-sm text-slate-600">
          <LegalLinks />
        </footer>
      </main>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
