import { Link, useActionData, useLoaderData } from "react-router";
import { Alert } from "../components/forms";
import type { Route } from "./+types/cash-close";
import { ClosingForm } from "../components/cash/closing-form";
import { ClosingHistory } from "../components/cash/closing-history";
import { formatDate, minutesToTime } from "../domain/dates";
import { CLOSING_STATUS_LABELS } from "../domain/cash/history";
import { requireUser } from "./workspace.server";
import { getDb } from "../utils/db.server";
import { readForm } from "../utils/actions.server";
import { closeAction, loadClosePage, type closeAction as CloseAction } from "./cash-close.server";

export const meta: Route.MetaFunction = () => [{ title: "Fechar atendimento — Agendo" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadClosePage(getDb(context), requireUser(context), new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  return closeAction(getDb(context), requireUser(context), request, form);
}

type Reply = Exclude<Awaited<ReturnType<typeof CloseAction>>, Response>["data"];

/** 'Fechar atendimento': a page of its own, reached from 'Concluir' on the agenda (docs/decisions/0900). */
export default function CashClose() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<Reply>();
  const { appointment, closing } = page;
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <header>
        <h1 className="text-2xl font-bold">{closing ? "Fechamento do atendimento" : "Fechar atendimento"}</h1>
        {page.memberName !== null ? (
          <div className="my-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid="member-service">
            <span className="rounded-full bg-sky-100 px-2.5 py-0.5 font-semibold text-sky-900">Atendimento de {page.memberName}</span>
            <span className="text-slate-600">O pagamento entra no Caixa de {page.memberName}.</span>
          </div>
        ) : null}
        <p className="text-slate-600">
          {appointment.clientName ?? "Cliente não encontrado"} · {appointment.serviceName || "Serviço não encontrado"} · {formatDate(appointment.date)} às {minutesToTime(appointment.startMinute)}
        </p>
        {closing ? <p className="mt-1 text-sm font-medium text-slate-700">Situação: {CLOSING_STATUS_LABELS[closing.status]}</p> : null}
      </header>
      {page.refusal ? (
        <section className="card space-y-4 p-4 sm:p-6" data-testid="close-refused">
          <Alert title={page.refusal} tone="info" />
          <Link to={page.back} className="btn-secondary w-full text-center sm:w-auto">Voltar</Link>
        </section>
      ) : (
        <section className="card p-4 sm:p-6">
          <ClosingForm
            appointmentId={appointment.id}
            values={reply?.values ?? page.values}
            errors={reply?.result?.error ?? null}
            formError={reply?.result?.error[""]?.[0] ?? null}
            services={page.services}
            depositCents={page.depositCents}
            editing={closing !== null}
            back={page.back}
          />
        </section>
      )}
      {closing?.history.length ? <ClosingHistory history={closing.history} timeZone={page.timeZone} /> : null}
    </div>
  );
}
