import { useId } from "react";
import { Link, useNavigation } from "react-router";
import { formatDuration, formatMoney } from "../../domain/money";
import { RouteDialog } from "../route-dialog";
import { AppointmentActions, ClosingLink, smallButton } from "./appointment-list";
import type { CalendarDetail } from "../../domain/appointments/calendar-types";
import { tint, withParam } from "./calendar-shared";
import { StatusBadge } from "./status-badge";
import { DepositActions, DepositBadge, refundHref } from "../deposits/deposit-controls";

/**
 * An appointment's actions, opened by tapping it in the calendar (?ver=<id>): the status actions
 * the list offers (the same forms, posting to the agenda), edit, delete, WhatsApp. A page state
 * reached by a link, so it is the same without JavaScript; 'Fechar' and the backdrop link back,
 * and with JavaScript Escape closes it too.
 */
export function CalendarDetailPanel({ detail, closeHref }: { detail: CalendarDetail; closeHref: string }) {
  const titleId = useId();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === detail.id;

  const client = detail.clientName ?? "Cliente não encontrado";
  const service = detail.serviceName || "Serviço não encontrado";
  const who = `${client}, ${detail.date.slice(8, 10)}/${detail.date.slice(5, 7)} às ${detail.time}`;
  return (
    <RouteDialog
      closeHref={closeHref}
      backdropCloses
      sheet
      focusKey={detail.id}
      aria-labelledby={titleId}
      className="max-h-[88vh] w-full max-w-md overflow-y-auto rounded-t-2xl bg-white shadow-xl sm:rounded-2xl"
      data-testid="calendar-detail"
    >
      <div className="h-2 rounded-t-2xl" style={{ backgroundColor: detail.color }} />
      <div className="space-y-4 p-5">
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium text-slate-600 first-letter:uppercase">{detail.dateLabel}</p>
            <p className="text-2xl font-bold tabular-nums">
              {detail.time}–{detail.endTime}
            </p>
          </div>
          <Link to={closeHref} preventScrollReset className="btn-secondary px-3 py-2" aria-label="Fechar detalhes">
            Fechar
          </Link>
        </div>

        <div className="space-y-1">
          <h2 id={titleId} className={`text-lg font-semibold ${detail.clientName ? "" : "italic text-slate-600"}`}>
            {client}
          </h2>
          {detail.phone ? <p className="text-sm text-slate-600">{detail.phone}</p> : null}
          <p className="flex items-center gap-2 text-sm text-slate-800">
            <span aria-hidden className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: detail.color }} />
            <span className={detail.serviceName ? "" : "italic"}>{service}</span>
          </p>
          <p className="text-sm text-slate-600">
            {formatDuration(detail.durationMinutes)}
            {detail.bufferMinutes > 0 ? ` + ${formatDuration(detail.bufferMinutes)} de intervalo` : ""} · {formatMoney(detail.priceCents)}
          </p>
        </div>

        <DetailBadges detail={detail} />
        {detail.closing ? <ClosingLink id={detail.id} status={detail.closing} back={closeHref} /> : null}

        {detail.notes || detail.clientNotes ? (
          <div className="space-y-1 rounded-lg p-3 text-sm" style={{ backgroundColor: tint(detail.color, 0.08) }}>
            {detail.notes ? <p>{detail.notes}</p> : null}
            {detail.clientNotes ? <p className="text-slate-700">Do cliente: {detail.clientNotes}</p> : null}
          </div>
        ) : null}

        <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
          <AppointmentActions
            id={detail.id}
            actions={detail.actions}
            who={who}
            confirmHref={(param) => withParam(closeHref, param, detail.id)}
            busy={busy}
          />
          {detail.deposit ? (
            <DepositActions id={detail.deposit.requestId} deposit={detail.deposit.view} refundHref={refundHref(detail.deposit.requestId)} busy={busy} />
          ) : null}
          {detail.whatsapp ? (
            <a href={detail.whatsapp} target="_blank" rel="noopener" className={`${smallButton} border-green-300 text-green-800 hover:bg-green-50`}>
              WhatsApp
            </a>
          ) : null}
        </div>
      </div>
    </RouteDialog>
  );
}

/** Its status, and whether the customer moved it, confirmed it or booked it on the page. */
function DetailBadges({ detail }: { detail: CalendarDetail }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      <StatusBadge status={detail.status} />
      {detail.rescheduledByCustomer ? (
        <span className="rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-900">Remarcado pelo cliente</span>
      ) : null}
      {detail.customerConfirmed ? (
        <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900" data-testid="customer-confirmed">
          Cliente confirmou presença
        </span>
      ) : null}
      {detail.deposit ? <DepositBadge deposit={detail.deposit.view} /> : null}
      {detail.fromBookingPage ? (
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">Pela página de agendamento</span>
      ) : null}
    </div>
  );
}
