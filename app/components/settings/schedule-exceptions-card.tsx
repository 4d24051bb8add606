import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { ConfirmDialog } from "../confirm-dialog";
import { Alert } from "../forms";
import { ExceptionForm } from "./exception-form";
import {
  EXCEPTIONS_ANCHOR,
  EXCEPTION_PARAMS,
  HOURS_PATH,
  type CoveredView,
  type ExceptionView,
  type HolidayView,
} from "./types";
import { plural } from "../../domain/words";

type ExceptionsSection = {
  today: string;
  exceptions: ExceptionView[];
  editing: ExceptionView | null;
  removing: ExceptionView | null;
  covered: { exception: ExceptionView; items: CoveredView[] } | null;
  holidays: HolidayView[];
  holidaysOpen: boolean;
};

const KIND_BADGE = {
  closed: "bg-red-50 text-red-800 ring-red-200",
  blocked: "bg-amber-50 text-amber-900 ring-amber-200",
  open: "bg-emerald-50 text-emerald-800 ring-emerald-200",
} as const;

const KIND_NOUN = { closed: "fechamento", blocked: "bloqueio", open: "horário extra" } as const;

const href = (param: string | null, id?: string) =>
  `${HOURS_PATH}${param ? `?${new URLSearchParams({ [param]: id ?? "1" })}` : ""}#${EXCEPTIONS_ANCHOR}`;


/** 'Folgas e bloqueios': what is coming, who to warn, the form, the holidays. */
export function ScheduleExceptionsCard({
  section,
  formResult,
  holidayError,
}: {
  section: ExceptionsSection;
  /** The exception form's last failed save, and which exception it was editing. */
  formResult: { editing: string | null; result: SubmissionResult<string[]> } | null;
  holidayError: string | null;
}) {
  const { exceptions, editing, removing, covered } = section;
  // The form remounts with the saved values after each save (a new list, another exception).
  const formKey = `${editing?.id ?? "new"}:${exceptions.map((e) => `${e.id}/${e.form.startDate}`).join(",")}`;
  const lastResult = formResult && formResult.editing === (editing?.id ?? null) ? formResult.result : null;
  return (
    <section id={EXCEPTIONS_ANCHOR} className="card scroll-mt-20 space-y-4 p-4 sm:p-6" aria-labelledby="exceptions-title">
      <div>
        <h2 id="exceptions-title" className="text-lg font-semibold">
          Folgas e bloqueios
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Feche dias ou períodos, bloqueie horários de um dia ou abra horários extras em uma data. Sua página de agendamento
          segue na hora.
        </p>
      </div>

      {covered ? <CoveredPanel exception={covered.exception} items={covered.items} /> : null}

      <ExceptionList exceptions={exceptions} />

      <ExceptionForm key={formKey} editing={editing} today={section.today} lastResult={lastResult} />

      <Holidays holidays={section.holidays} open={section.holidaysOpen || !!holidayError} error={holidayError} />

      {removing ? (
        <ConfirmDialog
          title="Remover folga ou bloqueio"
          question={`Tem certeza que deseja remover este ${KIND_NOUN[removing.kind]}?`}
          intent="delete-exception"
          id={removing.id}
          confirmLabel="Remover"
          cancelHref={href(null)}
        >
          <p className="font-semibold">
            {removing.when}
            {removing.times ? ` · ${removing.times}` : ""}
          </p>
          {removing.reason ? <p className="text-sm text-slate-600">Motivo: {removing.reason}</p> : null}
          <p className="text-sm text-slate-600">
            {removing.kind === "open"
              ? "Nessa data, sua página volta a seguir seus horários de funcionamento."
              : "Seus clientes voltam a ver horários livres neste período."}
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

function ExceptionList({ exceptions }: { exceptions: ExceptionView[] }) {
  if (exceptions.length === 0) {
    return <p className="rounded-lg bg-slate-50 p-4 text-center text-sm text-slate-600">Nenhuma folga ou bloqueio programado.</p>;
  }
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200" aria-label="Folgas e bloqueios programados">
      {exceptions.map((e) => (
        <li key={e.id} className="flex flex-wrap items-start justify-between gap-3 p-3" data-testid="schedule-exception">
          <div className="min-w-0 space-y-1">
            <p className="flex flex-wrap items-center gap-2">
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${KIND_BADGE[e.kind]}`}>{e.kindLabel}</span>
              <span className="font-medium">{e.when}</span>
              {e.times ? <span className="text-slate-700">{e.times}</span> : null}
            </p>
            {e.reason ? (
              <p className="text-sm text-slate-600">
                {e.reason}
                {e.kind === "closed" ? (
                  <span className="text-slate-500">{e.showReason ? " · visível na página" : " · só para você"}</span>
                ) : null}
              </p>
            ) : null}
            {e.covered > 0 ? (
              <p className="text-sm">
                <Link to={href(EXCEPTION_PARAMS.covered, e.id)} preventScrollReset className="font-medium text-amber-800 underline">
                  {plural(e.covered, "agendamento", "agendamentos")} neste período
                </Link>
              </p>
            ) : null}
          </div>
          <div className="flex shrink-0 gap-2">
            <Link
              to={`${HOURS_PATH}?${new URLSearchParams({ [EXCEPTION_PARAMS.edit]: e.id })}#editar-folga`}
              preventScrollReset
              className="btn-secondary px-3 py-1.5"
              aria-label={`Editar: ${e.kindLabel}, ${e.when}`}
            >
              Editar
            </Link>
            <Link
              to={href(EXCEPTION_PARAMS.remove, e.id)}
              preventScrollReset
              className="btn-secondary px-3 py-1.5 text-red-700"
              aria-label={`Remover: ${e.kindLabel}, ${e.when}`}
            >
              Remover
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** 'Agendamentos neste período': whom to warn, one WhatsApp link each. Nothing was cancelled. */
function CoveredPanel({ exception, items }: { exception: ExceptionView; items: CoveredView[] }) {
  return (
    <div className="space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-4" role="region" aria-labelledby="covered-title">
      <div>
        <h3 id="covered-title" className="font-semibold text-amber-950">
          Agendamentos neste período
        </h3>
        <p className="mt-1 text-sm text-amber-950">
          {exception.kindLabel}: {exception.when}
          {exception.times ? `, ${exception.times}` : ""}.{" "}
          {items.length > 0
            ? "Nada foi cancelado: avise cada cliente e remarque ou cancele pela agenda."
            : "Nenhum agendamento ou solicitação pendente neste período."}
        </p>
      </div>
      {items.length > 0 ? (
        <ul className="space-y-2">
          {items.map((b) => (
            <li key={b.key} className="rounded-lg border border-amber-200 bg-white p-3" data-testid="covered-booking">
              <p className="font-medium">
                {b.when} · {b.time}
              </p>
              <p className="text-sm text-slate-700">
                {b.clientName} · {b.serviceName}
                {b.kind === "request" ? <span className="ml-1 text-xs font-semibold text-amber-800">(solicitação pendente)</span> : null}
              </p>
              {b.phone ? <p className="text-sm text-slate-600">{b.phone}</p> : null}
              <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
                {b.whatsapp ? (
                  <a href={b.whatsapp} target="_blank" rel="noopener" className="btn-link text-emerald-700">
                    Avisar no WhatsApp
                  </a>
                ) : (
                  <span className="text-sm text-slate-500">Sem telefone cadastrado</span>
                )}
                <Link to={b.href} className="btn-link">
                  {b.kind === "appointment" ? "Abrir na agenda" : "Ver solicitações"}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <Link to={href(null)} preventScrollReset className="btn-link">
        Fechar lista
      </Link>
    </div>
  );
}

function Holidays({ holidays, open, error }: { holidays: HolidayView[]; open: boolean; error: string | null }) {
  const navigation = useNavigation();
  const closing = navigation.state === "submitting" && navigation.formData?.get("intent") === "close-holiday" ? navigation.formData.get("date") : null;
  const waiting = holidays.filter((h) => !h.closed).length;
  return (
    <details id="feriados" open={open} className="group/hol scroll-mt-20 rounded-xl border border-slate-200">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 p-4 font-semibold [&::-webkit-details-marker]:hidden">
        <span>
          Feriados nacionais
          <span className="block text-sm font-normal text-slate-600">
            Próximos 12 meses · {waiting === 0 ? "todos fechados" : `${plural(waiting, "aberto", "abertos")} na sua agenda`}
          </span>
        </span>
        <span aria-hidden className="text-slate-500 transition group-open/hol:rotate-180">
          ▾
        </span>
      </summary>
      <div className="space-y-2 border-t border-slate-200 p-3">
        {error ? <Alert title="Erro" text={error} /> : null}
        <ul className="divide-y divide-slate-100">
          {holidays.map((h) => (
            <li key={h.date} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="holiday">
              <div className="min-w-0">
                <p id={`feriado-${h.date}`} className="font-medium">
                  {h.name}
                  {h.optional ? <span className="ml-1 text-xs font-normal text-slate-500">(ponto facultativo)</span> : null}
                </p>
                <p className="text-sm text-slate-600">{h.when}</p>
              </div>
              {h.closed ? (
                <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-700">Fechado</span>
              ) : (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="close-holiday" />
                  <input type="hidden" name="date" value={h.date} />
                  <button type="submit" className="btn-secondary px-3 py-1.5" aria-describedby={`feriado-${h.date}`} disabled={closing === h.date}>
                    {closing === h.date ? "Salvando..." : "Fechar no feriado"}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
