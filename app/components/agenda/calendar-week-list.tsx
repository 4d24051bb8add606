import { Link } from "react-router";
import { STATUS_LABELS } from "../../domain/appointments/statuses";
import type { CalendarDay } from "../../domain/appointments/calendar-types";
import { hatch, tint, withParam } from "./calendar-shared";
import { plural } from "../../domain/words";

/**
 * The week on a phone: seven time columns cannot fit 360 px with anything readable in them, so
 * each day is a short list in time order. A day's header opens its day view.
 */
export function CalendarWeekList({ days, selfHref }: { days: CalendarDay[]; selfHref: string }) {
  return (
    <ol className="space-y-2" aria-label="Dias da semana" data-testid="week-list">
      {days.map((day) => (
        <WeekListDay key={day.date} day={day} selfHref={selfHref} />
      ))}
    </ol>
  );
}

/** Closed or holiday, and how many appointments and requests; 'Nenhum agendamento' when nothing. */
function daySummary(day: CalendarDay) {
  return (
    [
      day.closed ? day.closed.label : null,
      day.holiday,
      day.appointments.length ? plural(day.appointments.length, "agendamento", "agendamentos") : null,
      day.requests.length ? plural(day.requests.length, "solicitação", "solicitações") : null,
    ]
      .filter(Boolean)
      .join(" · ") || "Nenhum agendamento"
  );
}

/** A day: its header (a link to its day view) over its appointments and requests in time order. */
function WeekListDay({ day, selfHref }: { day: CalendarDay; selfHref: string }) {
  const items = [
    ...day.appointments.map((a) => ({ kind: "appointment" as const, start: a.startMinute, a })),
    ...day.requests.map((r) => ({ kind: "request" as const, start: r.startMinute, r })),
  ].sort((x, y) => x.start - y.start);
  const summary = daySummary(day);
  return (
    <li className={`card overflow-hidden p-0 ${day.isToday ? "ring-2 ring-brand/40" : ""}`} data-testid="week-list-day">
      <Link
        to={day.dayHref}
        prefetch="intent"
        className={`flex items-center gap-3 border-b border-slate-100 px-3 py-2 hover:bg-slate-50 ${day.closed ? "bg-slate-50" : ""}`}
      >
        <span className="sr-only">
          Ver o dia: {day.longLabel} ({summary})
        </span>
        <span
          aria-hidden
          className={`flex size-9 shrink-0 flex-col items-center justify-center rounded-lg text-center leading-none ${
            day.isToday ? "bg-brand text-white" : "bg-slate-100 text-slate-800"
          }`}
        >
          <span className="text-[10px] font-medium uppercase">{day.weekdayShort}</span>
          <span className="text-sm font-bold tabular-nums">{day.dayOfMonth}</span>
        </span>
        <span aria-hidden className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold first-letter:uppercase">{day.longLabel}</span>
          <span className="block truncate text-xs text-slate-600">{summary}</span>
        </span>
        <span aria-hidden className="text-slate-400">
          ›
        </span>
      </Link>
      {items.length > 0 ? (
        <ul className="divide-y divide-slate-100">
          {items.map((item) =>
            item.kind === "appointment" ? (
              <WeekListAppointment key={item.a.id} a={item.a} selfHref={selfHref} />
            ) : (
              <WeekListRequest key={item.r.id} r={item.r} />
            ),
          )}
        </ul>
      ) : null}
    </li>
  );
}

/** An appointment: its colour, time, client, service and status; a link to its detail. */
function WeekListAppointment({ a, selfHref }: { a: CalendarDay["appointments"][number]; selfHref: string }) {
  return (
    <li>
      <Link
        to={withParam(selfHref, "ver", a.id)}
        preventScrollReset
        className="flex items-center gap-2.5 px-3 py-2 hover:bg-slate-50"
        data-testid="week-list-item"
      >
        <span aria-hidden className="h-9 w-1.5 shrink-0 rounded-full" style={{ backgroundColor: a.color }} />
        <span className="w-11 shrink-0 text-sm font-semibold tabular-nums">{a.time}</span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium">{a.clientName ?? "Cliente não encontrado"}</span>
          <span className="block truncate text-xs text-slate-600">
            {a.serviceName || "Serviço não encontrado"} · {STATUS_LABELS[a.status]}
            {a.rescheduledByCustomer ? " · Remarcado pelo cliente" : ""}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** A pending request, hatched; a link to its card among the pending requests. */
function WeekListRequest({ r }: { r: CalendarDay["requests"][number] }) {
  return (
    <li>
      <a href={`#pedido-${r.id}`} className="flex items-center gap-2.5 px-3 py-2 hover:bg-slate-50" data-testid="week-list-request">
        <span
          aria-hidden
          className="h-9 w-1.5 shrink-0 rounded-full"
          style={{ backgroundImage: hatch(r.color, tint(r.color, 0.3)) }}
        />
        <span className="w-11 shrink-0 text-sm font-semibold tabular-nums">{r.time}</span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium">{r.customerName}</span>
          <span className="block truncate text-xs text-slate-600">
            {r.serviceName} · Solicitação pendente
            {r.rescheduledByCustomer ? " · Remarcado pelo cliente" : ""}
          </span>
        </span>
      </a>
    </li>
  );
}
