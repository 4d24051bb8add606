import { data, Form, useLoaderData } from "react-router";
import type { Route } from "./+types/stop-reminders";
import { resumeReminders, stopLinkTarget, stopReminders } from "../domain/notifications/opt-outs.server";
import { getDb } from "../utils/db.server";
import { LegalLinks } from "../components/legal-page";
import { readForm, requireFound } from "../utils/actions.server";
import { customerPageHandle } from "./shared/customer-page";

// 'Não quero receber lembretes' (/lembretes/parar/<signed token>), linked from every message a
// customer gets. Opening the link asks (mail scanners open links too); the button stops at once,
// and 'Voltar a receber lembretes' on the same page undoes it (plain POSTs).

export const handle = customerPageHandle;

export const meta: Route.MetaFunction = () => [{ title: "Lembretes — Agendo" }, { name: "robots", content: "noindex" }];

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const target = requireFound(await stopLinkTarget(getDb(context), params.token));
  return data({ professional: target.professional, contact: target.contactShown, stopped: target.stopped, resumed: false }, { headers: NO_STORE });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** `intent`: 'stop' (also an older form's post without one) or 'resume'. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const db = getDb(context);
  const target = requireFound(await stopLinkTarget(db, params.token));
  const form = await readForm(request);
  const intent = form.get("intent") ?? "stop";
  if (intent !== "stop" && intent !== "resume") throw data(null, { status: 400 });
  if (intent === "resume") await resumeReminders(db, target.professionalId, target.contact);
  else await stopReminders(db, target.professionalId, target.contact);
  const shown = { professional: target.professional, contact: target.contactShown };
  return data({ ...shown, stopped: intent === "stop", resumed: intent === "resume" }, { headers: NO_STORE });
}

export default function StopReminders({ actionData }: Route.ComponentProps) {
  const loaded = useLoaderData<typeof loader>();
  const d = actionData ?? loaded;
  return (
    <main className="mx-auto max-w-md space-y-4 px-3 py-10">
      <section className="card space-y-3 text-center">
        <h1 className="text-xl font-bold">Lembretes de {d.professional}</h1>
        {d.stopped ? (
          <>
            <p role="status" className="rounded-lg bg-emerald-50 p-3 text-emerald-900">
              Pronto: {d.contact} não recebe mais lembretes de {d.professional}. Seus agendamentos continuam valendo.
            </p>
            <p className="text-sm text-slate-600">Mudou de ideia? Você pode voltar a receber os lembretes quando quiser.</p>
            <Form method="post">
              <button type="submit" name="intent" value="resume" className="btn-secondary w-full">
                Voltar a receber lembretes
              </button>
            </Form>
          </>
        ) : (
          <>
            {d.resumed ? (
              <p role="status" className="rounded-lg bg-emerald-50 p-3 text-emerald-900">
                Pronto: {d.contact} volta a receber os lembretes de {d.professional}.
              </p>
            ) : null}
            <p className="text-slate-700">
              {d.resumed
                ? "Se preferir não receber, é só tocar no botão abaixo."
                : `Você deixará de receber lembretes de ${d.professional} em ${d.contact}. Seus agendamentos continuam valendo.`}
            </p>
            <Form method="post">
              <button type="submit" name="intent" value="stop" className="btn-primary w-full">
                Não quero receber lembretes
              </button>
            </Form>
          </>
        )}
      </section>
      <LegalLinks />
    </main>
  );
}
