import { Form, Link, useLocation, useNavigation } from "react-router";
import { ConfirmDialog } from "../confirm-dialog";
import { formatDuration, formatMoney } from "../../domain/money";
import type { PendingRequest } from "../../domain/appointments/calendar-types";
import { hatch } from "./calendar-shared";
import { DepositActions, DepositBadge, refundHref } from "../deposits/deposit-controls";

/**
 * The fields every 'Aceitar'/'Recusar' form sends: the request and the time the page shows, so
 * that a request the customer has just moved is not answered at a time never seen.
 */
export function AnsweredAt({ id, date, time }: { id: string; date: string; time: string }) {
  return (
    <>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="date" value={date} />
      <input type="hidden" name="time" value={time} />
    </>
  );
}

/** 'Aceitar': one tap (it is what the customer asked for), posting `intent` with the time shown. */
export function AcceptForm(p: { id: string; date: string; time: string; intent: string; className: string; busy: boolean; label?: string }) {
  return (
    <Form method="post" preventScrollReset>
      <AnsweredAt id={p.id} date={p.date} time={p.time} />
      <button type="submit" name="intent" value={p.intent} className={p.className} disabled={p.busy} aria-label={p.label}>
        Aceitar
      </button>
    </Form>
  );
}

const DECLINE_PARAM = "recusar";

/** This page with 'Recusar' asked for one request (`?recusar=<id>`), or with the question closed (null). */
function useDeclineHref() {
  const { pathname, search } = useLocation();
  return (id: string | null) => {
    const params = new URLSearchParams(search);
    if (id === null) params.delete(DECLINE_PARAM);
    else params.set(DECLINE_PARAM, id);
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
}

/** The request 'Recusar' asks about on this page, if any. */
export function useDeclining<R extends { id: string }>(requests: readonly R[]): R | undefined {
  const { search } = useLocation();
  const id = new URLSearchParams(search).get(DECLINE_PARAM);
  return id ? requests.find((r) => r.id === id) : undefined;
}

/**
 * 'Recusar': a link to this page with the question open (DeclineDialog), so declining asks first
 * with or without JavaScript, as every action the customer cannot take back.
 */
export function DeclineLink({ id, label, className }: { id: string; label: string; className: string }) {
  const href = useDeclineHref();
  return (
    <Link to={href(id)} preventScrollReset className={className} aria-label={label}>
      Recusar
    </Link>
  );
}

/**
 * The question before declining: the form posts `intent` with the request and the time shown
 * (AnsweredAt's fields); 'Voltar' closes it and keeps the request.
 */
export function DeclineDialog({
  request,
  intent,
}: {
  request: { id: string; date: string; time: string; customerName: string; when: string } | undefined;
  intent: string;
}) {
  const href = useDeclineHref();
  if (!request) return null;
  const formId = `recusar-${request.id}`;
  return (
    <ConfirmDialog
      title="Recusar solicitação"
      question={`Recusar a solicitação de ${request.customerName} para ${request.when}?`}
      intent={intent}
      id={request.id}
      confirmLabel="Recusar"
      pendingLabel="Recusando..."
      dismissLabel="Voltar"
      cancelHref={href(null)}
      formId={formId}
    >
      <p className="text-sm text-slate-600">O horário fica livre de novo. Se o cliente deixou e-mail, ele recebe o aviso.</p>
      <input type="hidden" form={formId} name="date" value={request.date} />
      <input type="hidden" form={formId} name="time" value={request.time} />
    </ConfirmDialog>
  );
}

/**
 * The pending requests of the days shown (Dia, Semana; the list's period in Lista), apart from
 * the grid (where they are hatched), each with 'Aceitar' and 'Recusar' (plain forms posting to
 * the agenda) and a WhatsApp link. A request's block in the grid links here (#pedido-<id>).
 */
export function CalendarRequests({ requests, withDate }: { requests: PendingRequest[]; withDate: boolean }) {
  const navigation = useNavigation();
  const busyId = navigation.state !== "idle" ? navigation.formData?.get("id") : null;
  const declining = useDeclining(requests);
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby="calendar-requests-title" className="rounded-xl border border-amber-200 bg-amber-50/60 p-3 sm:p-4">
      <h2 id="calendar-requests-title" className="flex items-center gap-2 text-sm font-semibold text-amber-950">
        <span aria-hidden className="inline-block size-3 rounded-sm border border-amber-700" style={{ backgroundImage: hatch("#b45309", "#fef3c7") }} />
        Solicitações pendentes ({requests.length})
      </h2>
      <p className="mt-0.5 text-xs text-amber-900">O horário fica reservado até você responder ou a solicitação expirar.</p>
      <ul className="mt-3 space-y-2">
        {requests.map((r) => (
          <RequestItem key={r.id} request={r} withDate={withDate} busy={busyId === r.id} />
        ))}
      </ul>
      <DeclineDialog request={declining && { ...declining, when: `${declining.dateLabel} às ${declining.time}` }} intent="decline-request" />
    </section>
  );
}

function RequestItem({ request: r, withDate, busy }: { request: PendingRequest; withDate: boolean; busy: boolean }) {
  const when = `${withDate ? `${r.dateLabel} ` : ""}${r.time}–${r.endTime}`;
  return (
    <li
      id={`pedido-${r.id}`}
      className="scroll-mt-24 rounded-lg border-2 border-dashed bg-white p-3 target:ring-4 target:ring-amber-300"
      style={{ borderColor: r.color }}
      data-testid="calendar-request"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0">
          <p className="font-semibold">
            <span className="tabular-nums">{when}</span> · {r.customerName}
          </p>
          <p className="text-sm text-slate-700">
            {r.serviceName} · {formatDuration(r.durationMinutes)} · {formatMoney(r.priceCents)}
          </p>
          <p className="text-sm text-slate-600">{r.phone}</p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {r.rescheduledByCustomer ? (
            <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900">Remarcado pelo cliente</span>
          ) : null}
          {r.deposit ? <DepositBadge deposit={r.deposit} /> : null}
          {r.expires ? <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-950">Expira em {r.expires}</span> : null}
        </div>
      </div>
      {r.notes ? <p className="mt-2 rounded-md bg-slate-50 p-2 text-sm text-slate-700">{r.notes}</p> : null}
      {r.deposit ? (
        <div className="mt-2">
          <DepositActions id={r.id} deposit={r.deposit} seen={{ date: r.date, time: r.time }} refundHref={refundHref(r.id)} busy={busy} />
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <AcceptForm id={r.id} date={r.date} time={r.time} intent="accept-request" className="btn-primary px-3 py-2" busy={busy} label={`Aceitar: ${r.customerName}, ${r.dateLabel} às ${r.time}`} />
        <DeclineLink id={r.id} className="btn-secondary px-3 py-2" label={`Recusar: ${r.customerName}, ${r.dateLabel} às ${r.time}`} />
        <a href={r.whatsapp} target="_blank" rel="noopener" className="btn-link">
          WhatsApp
        </a>
      </div>
    </li>
  );
}

