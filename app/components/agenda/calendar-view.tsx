import { Link } from "react-router";
import { formatDate } from "../../domain/dates";
import { ConfirmDialog } from "../confirm-dialog";
import { DELETE_FORM_ID, DeleteScopeChoice } from "./appointment-list";
import { CalendarDetailPanel } from "./calendar-detail";
import { CalendarGrid } from "./calendar-grid";
import { CalendarRequests } from "./calendar-requests";
import { hatch, withParam } from "./calendar-shared";
import { DateNav } from "./calendar-toolbar";
import type { CalendarPage } from "../../domain/appointments/calendar-types";
import { CalendarWeekList } from "./calendar-week-list";

/**
 * 'Dia' and 'Semana': the date's navigation, the pending requests, the time grid (on a phone the
 * week is a list per day), the cancelled appointments apart, and the panels a link opens (an
 * appointment's actions, the delete confirmation).
 */
export function AgendaCalendar({ cal, loading }: { cal: CalendarPage; loading: boolean }) {
  const week = cal.view === "semana";
  const day = cal.days[0]!;
  const cancelled = cal.days.flatMap((d) => d.cancelled);
  const showingToday = week ? cal.days.some((d) => d.isToday) : day.isToday;
  const confirm = cal.confirmDelete;
  return (
    <div className="space-y-4">
      <DateNav view={cal.view} title={cal.title} links={cal.links} showingToday={showingToday} />
      {!week && (day.holiday || day.closed) ? (
        <p className="flex flex-wrap gap-2 text-sm">
          {day.holiday ? <span className="rounded-full bg-sky-100 px-2.5 py-0.5 font-medium text-sky-900">Feriado: {day.holiday}</span> : null}
          {day.closed ? <span className="rounded-full bg-slate-200 px-2.5 py-0.5 font-medium text-slate-800">{day.closed.label}</span> : null}
        </p>
      ) : null}

      <p className="sr-only" role="status">
        {loading ? "Carregando agenda..." : ""}
      </p>
      <div className={`space-y-4 ${loading ? "opacity-60 transition-opacity" : ""}`}>
        <CalendarRequests requests={cal.pending} withDate={week} />
        {week ? (
          <>
            <div className="hidden md:block">
              <CalendarGrid days={cal.days} axis={cal.axis} stepMinutes={cal.stepMinutes} nowMinute={cal.nowMinute} selfHref={cal.links.self} />
            </div>
            <div className="md:hidden">
              <CalendarWeekList days={cal.days} selfHref={cal.links.self} />
            </div>
          </>
        ) : (
          <CalendarGrid days={cal.days} axis={cal.axis} stepMinutes={cal.stepMinutes} nowMinute={cal.nowMinute} selfHref={cal.links.self} />
        )}
        <Legend week={week} />
        {cancelled.length > 0 ? <CancelledList cancelled={cancelled} week={week} selfHref={cal.links.self} /> : null}
      </div>

      {cal.detail ? <CalendarDetailPanel detail={cal.detail} closeHref={cal.closeDetail} /> : null}
      {confirm ? (
        <ConfirmDialog
          title="Excluir agendamento"
          question="Tem certeza que deseja excluir este agendamento?"
          intent="delete"
          id={confirm.id}
          confirmLabel="Excluir"
          cancelHref={cal.links.self}
          formId={DELETE_FORM_ID}
        >
          <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
            {formatDate(confirm.date)} às {confirm.time} · {confirm.clientName ?? "Cliente não encontrado"} ·{" "}
            {confirm.serviceName || "Serviço não encontrado"}
          </p>
          {confirm.recurring ? <DeleteScopeChoice /> : null}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** 'Cancelados': kept apart from the grid, each still opening its actions. */
function CancelledList({ cancelled, week, selfHref }: { cancelled: CalendarPage["days"][number]["cancelled"]; week: boolean; selfHref: string }) {
  return (
    <section aria-labelledby="calendar-cancelled-title" className="space-y-2">
      <h2 id="calendar-cancelled-title" className="text-sm font-semibold text-slate-700">
        Cancelados ({cancelled.length})
      </h2>
      <ul className="flex flex-wrap gap-2">
        {cancelled.map((a) => (
          <li key={a.id}>
            <Link
              to={withParam(selfHref, "ver", a.id)}
              preventScrollReset
              className="inline-flex items-center gap-1.5 rounded-lg border border-slate-200 bg-white px-2.5 py-1.5 text-sm text-slate-700 hover:bg-slate-50"
              data-testid="calendar-cancelled"
            >
              <span className="tabular-nums line-through">
                {week ? `${formatDate(a.date)} ` : ""}
                {a.time}
              </span>
              <span>{a.clientName ?? "Cliente não encontrado"}</span>
              <span className="text-slate-600">· {a.serviceName || "Serviço não encontrado"}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Legend({ week }: { week: boolean }) {
  const item = "inline-flex items-center gap-1.5";
  const swatch = "inline-block size-3 shrink-0 rounded-sm";
  return (
    <p className={`flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 ${week ? "hidden md:flex" : "flex"}`}>
      <span className={item}>
        <span aria-hidden className={`${swatch} border-2 border-dashed border-slate-500`} style={{ backgroundImage: hatch("#e2e8f0", "#ffffff") }} />
        Solicitação pendente
      </span>
      <span className={item}>
        <span aria-hidden className={swatch} style={{ backgroundImage: hatch("#cbd5e1", "#f1f5f9") }} />
        Intervalo ou bloqueio
      </span>
      <span className={item}>
        <span aria-hidden className={`${swatch} bg-slate-100 ring-1 ring-slate-200`} />
        Fora do horário
      </span>
      <span className={item}>Toque num horário livre para agendar.</span>
    </p>
  );
}
