import { Link } from "react-router";
import { DepositMark } from "../deposits/deposit-controls";
import { STATUS_LABELS } from "../../domain/appointments/statuses";
import { minutesToTime } from "../../domain/dates";
import { formatDuration } from "../../domain/money";
import type { CalendarAppointment, CalendarDay, CalendarRequest, MinuteRange } from "../../domain/appointments/calendar-types";
import { hatch, tint, useNowMinute, withParam } from "./calendar-shared";
import { APPOINTMENT_STATUS, isEnded } from "../../domain/status-rules";

/** Pixels per minute: an hour is 72 px, half an hour (the usual step) a 36 px tap target. */
export const PX_PER_MINUTE = 1.2;

type GridProps = {
  days: CalendarDay[];
  axis: MinuteRange;
  stepMinutes: number;
  nowMinute: number;
  /** This page's address (the detail links add ?ver= to it). */
  selfHref: string;
};

export const hoursOf = (axis: MinuteRange) => Array.from({ length: (axis.end - axis.start) / 60 + 1 }, (_, i) => axis.start + i * 60);

/**
 * The time grid of a day (one column) or a week (seven): hours down the side from the earliest
 * working hour to the latest, the time outside working hours shaded, breaks and blocks greyed
 * with their label, each appointment a block sized by its duration in its service's colour (its
 * 'Intervalo após' drawn lightly under it), pending requests hatched, and a line at the time now.
 * An empty time is a link to the new-appointment form at that time.
 */
export function CalendarGrid({ days, axis, stepMinutes, nowMinute, selfHref }: GridProps) {
  const week = days.length > 1;
  const height = (axis.end - axis.start) * PX_PER_MINUTE;
  const cols = week ? "grid-cols-[2.5rem_repeat(7,minmax(0,1fr))]" : "grid-cols-[2.75rem_minmax(0,1fr)]";
  const now = useNowMinute(nowMinute);
  return (
    <div className="card overflow-hidden p-0" data-testid="calendar-grid">
      {week ? (
        <div className={`grid ${cols} border-b border-slate-200`}>
          <div />
          {days.map((day) => (
            <Link
              key={day.date}
              to={day.dayHref}
              prefetch="intent"
              className={`flex min-w-0 flex-col items-center gap-0.5 border-l border-slate-100 px-1 py-2 hover:bg-slate-50 ${
                day.closed ? "bg-slate-50" : ""
              }`}
              data-testid="week-day-header"
            >
              <span className="sr-only">Ver o dia: {day.longLabel}</span>
              <span aria-hidden className={`text-xs font-medium uppercase ${day.isToday ? "text-brand" : "text-slate-600"}`}>{day.weekdayShort}</span>
              <span
                aria-hidden
                className={`flex size-8 items-center justify-center rounded-full text-base font-semibold tabular-nums ${
                  day.isToday ? "bg-brand text-white" : day.isPast ? "text-slate-500" : "text-slate-900"
                }`}
              >
                {day.dayOfMonth}
              </span>
              <span aria-hidden className="h-4 max-w-full truncate text-[11px] text-slate-600">
                {day.holiday ?? (day.closed ? day.closed.label : "")}
              </span>
            </Link>
          ))}
        </div>
      ) : null}
      <div className={`grid ${cols} py-2`}>
        <div className="relative" style={{ height }} aria-hidden>
          {hoursOf(axis).map((m) => (
            <span
              key={m}
              className="absolute right-1.5 -translate-y-1/2 text-[11px] leading-none text-slate-500 tabular-nums"
              style={{ top: (m - axis.start) * PX_PER_MINUTE }}
            >
              {minutesToTime(m % (24 * 60))}
            </span>
          ))}
        </div>
        {days.map((day) => (
          <DayColumn key={day.date} day={day} axis={axis} height={height} stepMinutes={stepMinutes} now={now} compact={week} selfHref={selfHref} />
        ))}
      </div>
    </div>
  );
}

/** The parts of the axis outside the day's working windows. */
export function offHours(axis: MinuteRange, windows: MinuteRange[]): MinuteRange[] {
  const off: MinuteRange[] = [];
  let cursor = axis.start;
  for (const w of [...windows].sort((a, b) => a.start - b.start)) {
    if (w.start > cursor) off.push({ start: cursor, end: Math.min(w.start, axis.end) });
    cursor = Math.max(cursor, w.end);
  }
  if (cursor < axis.end) off.push({ start: cursor, end: axis.end });
  return off.filter((r) => r.end > r.start);
}

function DayColumn({
  day,
  axis,
  height,
  stepMinutes,
  now,
  compact,
  selfHref,
}: {
  day: CalendarDay;
  axis: MinuteRange;
  height: number;
  stepMinutes: number;
  now: number;
  compact: boolean;
  selfHref: string;
}) {
  const { top, span } = scaleOf(axis);
  const showNow = day.isToday && now >= axis.start && now <= axis.end;
  return (
    <div role="group" aria-label={day.longLabel} className={`relative border-l border-slate-200 ${day.isToday && compact ? "bg-brand/[0.03]" : ""}`} style={{ height }} data-testid="calendar-day" data-date={day.date}>
      <DayBackground day={day} axis={axis} />
      <EmptySlots day={day} axis={axis} stepMinutes={stepMinutes} now={now} />
      <DayBlocks day={day} axis={axis} compact={compact} />
      <BufferMarks day={day} axis={axis} />
      {day.appointments.map((a) => (
        <AppointmentBlock key={a.id} a={a} compact={compact} top={top(a.startMinute)} height={span(a.startMinute, a.startMinute + a.durationMinutes)} href={withParam(selfHref, "ver", a.id)} />
      ))}
      {day.requests.map((r) => (
        <RequestBlock key={r.id} r={r} compact={compact} top={top(r.startMinute)} height={span(r.startMinute, r.startMinute + r.durationMinutes)} />
      ))}
      {showNow ? (
        <div aria-hidden className="pointer-events-none absolute inset-x-0 z-[5] h-0.5 bg-red-500" style={{ top: top(now) }} data-testid="calendar-now">
          <span className="absolute -left-1 -top-1 size-2.5 rounded-full bg-red-500" />
        </div>
      ) : null}
    </div>
  );
}

/** Where a minute sits in a day's column (px from its top) and how tall a range is, clipped to the axis. */
export function scaleOf(axis: MinuteRange) {
  return {
    top: (minute: number) => (Math.max(minute, axis.start) - axis.start) * PX_PER_MINUTE,
    span: (start: number, end: number) => Math.max(0, (Math.min(end, axis.end) - Math.max(start, axis.start)) * PX_PER_MINUTE),
  };
}

/** The hours outside the working ones, shaded, and the hour and half-hour lines. */
function DayBackground({ day, axis }: { day: CalendarDay; axis: MinuteRange }) {
  const { top, span } = scaleOf(axis);
  return (
    <>
      {/* Outside working hours, shaded. */}
      {(day.closed ? [axis] : offHours(axis, day.windows)).map((r) => (
        <div key={r.start} aria-hidden className="pointer-events-none absolute inset-x-0 bg-slate-100/80" style={{ top: top(r.start), height: span(r.start, r.end) }} />
      ))}
      {/* Hour and half-hour lines. */}
      {hoursOf(axis).map((m) => (
        <div key={m} aria-hidden className="pointer-events-none absolute inset-x-0 border-t border-slate-200" style={{ top: top(m) }} />
      ))}
      {hoursOf(axis)
        .slice(0, -1)
        .map((m) => (
          <div key={`h${m}`} aria-hidden className="pointer-events-none absolute inset-x-0 border-t border-dashed border-slate-100" style={{ top: top(m + 30) }} />
        ))}
    </>
  );
}

/** An empty time: the new-appointment form at that time. Only future times: the form refuses the past. */
function EmptySlots({ day, axis, stepMinutes, now }: { day: CalendarDay; axis: MinuteRange; stepMinutes: number; now: number }) {
  const { top, span } = scaleOf(axis);
  const step = stepMinutes > 0 ? stepMinutes : 30;
  const slots: number[] = [];
  if (!day.isPast) {
    for (let m = axis.start; m < axis.end; m += step) if (!day.isToday || m + step > now) slots.push(m);
  }
  return (
    <>
      {slots.map((m) => (
        <Link
          key={`s${m}`}
          to={`/agenda?novo=1&date=${day.date}&time=${minutesToTime(m)}`}
          tabIndex={-1}
          className="group/slot absolute inset-x-0 z-[1] flex items-start px-1.5 pt-0.5 hover:bg-brand/5"
          style={{ top: top(m), height: span(m, m + step) }}
          data-testid="calendar-slot"
        >
          <span className="sr-only">
            Novo agendamento em {day.shortDate} às {minutesToTime(m)}
          </span>
          <span aria-hidden className="hidden text-[11px] font-semibold text-brand group-hover/slot:inline">
            + {minutesToTime(m)}
          </span>
        </Link>
      ))}
    </>
  );
}

/** Breaks and blocks, greyed with their label; a closed day's label on top. */
function DayBlocks({ day, axis, compact }: { day: CalendarDay; axis: MinuteRange; compact: boolean }) {
  const { top, span } = scaleOf(axis);
  return (
    <>
      {day.blocks.map((b) => (
        <div
          key={`b${b.start}-${b.end}`}
          className="pointer-events-none absolute inset-x-0 z-[2] overflow-hidden border-y border-slate-300/70 px-1.5 py-0.5"
          style={{ top: top(b.start), height: span(b.start, b.end), backgroundImage: hatch("#cbd5e1", "#f1f5f9") }}
          data-testid="calendar-block"
        >
          <span className="rounded bg-white/80 px-1 text-[11px] font-medium text-slate-700">
            {b.label}
            {compact ? null : ` · ${minutesToTime(b.start)}–${minutesToTime(b.end)}`}
          </span>
        </div>
      ))}
      {day.closed ? (
        <div className="pointer-events-none absolute inset-x-0 top-3 z-[2] flex justify-center px-1" data-testid="calendar-closed">
          <span className="max-w-full truncate rounded-full bg-white px-2.5 py-1 text-xs font-semibold text-slate-700 shadow-sm ring-1 ring-slate-200">
            {day.closed.label}
          </span>
        </div>
      ) : null}
    </>
  );
}

/** 'Intervalo após' of each appointment and request, drawn lightly. */
function BufferMarks({ day, axis }: { day: CalendarDay; axis: MinuteRange }) {
  const { top, span } = scaleOf(axis);
  return (
    <>
      {[...day.appointments, ...day.requests]
        .filter((item) => item.bufferMinutes > 0)
        .map((item) => (
          <div
            key={`buf${item.id}`}
            aria-hidden
            title={`Intervalo após: ${formatDuration(item.bufferMinutes)}`}
            className="pointer-events-none absolute z-[3] rounded-b-md border-x border-b border-dashed"
            style={{
              ...lanePosition(item),
              top: top(item.startMinute + item.durationMinutes),
              height: span(item.startMinute + item.durationMinutes, item.startMinute + item.durationMinutes + item.bufferMinutes),
              borderColor: item.color,
              backgroundColor: tint(item.color, 0.07),
            }}
          />
        ))}
    </>
  );
}

export function lanePosition(item: { lane: number; lanes: number }) {
  const width = 100 / item.lanes;
  return { left: `calc(${item.lane * width}% + 2px)`, width: `calc(${width}% - 4px)` };
}

const MIN_BLOCK = 18;

function AppointmentBlock({ a, compact, top, height, href }: { a: CalendarAppointment; compact: boolean; top: number; height: number; href: string }) {
  const client = a.clientName ?? "Cliente não encontrado";
  const service = a.serviceName || "Serviço não encontrado";
  const h = Math.max(height, MIN_BLOCK);
  const done = isEnded(a.status);
  const label = `${a.time}–${a.endTime}, ${client}, ${service}, ${STATUS_LABELS[a.status]}${a.rescheduledByCustomer ? ", remarcado pelo cliente" : ""}${a.customerConfirmed ? ", cliente confirmou presença" : ""}${a.deposit ? `, ${a.deposit.label}` : ""}`;
  return (
    <Link
      to={href}
      preventScrollReset
      title={label}
      className="absolute z-[4] flex flex-col overflow-hidden rounded-md border-l-4 px-1.5 py-0.5 text-left text-xs leading-4 text-slate-900 shadow-sm ring-1 ring-black/5 transition hover:shadow-md hover:ring-black/15"
      style={{ ...lanePosition(a), top, height: h, backgroundColor: tint(a.color, done ? 0.1 : 0.18), borderLeftColor: a.color }}
      data-testid="calendar-event"
      data-status={a.status}
    >
      {/* One name for a screen reader (the drawn lines are cut to the block's height). */}
      <span className="sr-only">{label}</span>
      <span aria-hidden className="contents">
        {h < 34 ? (
          <span className="truncate">
            <span className="font-semibold tabular-nums">{a.time}</span> {client}
          </span>
        ) : (
          <>
            <span className="truncate font-semibold tabular-nums">
              {a.time}
              {compact ? "" : `–${a.endTime}`}
              {a.customerConfirmed ? " ✓✓" : a.status === APPOINTMENT_STATUS.confirmed ? " ✓" : ""}
            </span>
            <span className="truncate font-medium">{client}</span>
            {h >= 50 ? <span className="truncate text-slate-700">{service}</span> : null}
            {a.deposit && h >= 66 ? <DepositMark deposit={a.deposit} /> : null}
            {h >= 66 && !compact ? (
              <span className="truncate text-slate-700">
                {STATUS_LABELS[a.status]}
                {a.rescheduledByCustomer ? " · Remarcado pelo cliente" : ""}
              </span>
            ) : a.rescheduledByCustomer && h >= 50 ? (
              <span className="truncate text-slate-700">↻ Remarcado</span>
            ) : null}
          </>
        )}
      </span>
    </Link>
  );
}

function RequestBlock({ r, compact, top, height }: { r: CalendarRequest; compact: boolean; top: number; height: number }) {
  const h = Math.max(height, MIN_BLOCK);
  const label = `Solicitação pendente: ${r.time}–${r.endTime}, ${r.customerName}, ${r.serviceName}${r.rescheduledByCustomer ? ", remarcada pelo cliente" : ""}`;
  return (
    // The request's answers sit in the list above the grid: this block leads there.
    <a
      href={`#pedido-${r.id}`}
      title={label}
      className="absolute z-[4] flex flex-col overflow-hidden rounded-md border-2 border-dashed px-1.5 py-0.5 text-left text-xs leading-4 text-slate-900 transition hover:shadow-md"
      style={{ ...lanePosition(r), top, height: h, borderColor: r.color, backgroundImage: hatch(tint(r.color, 0.22), "#ffffff") }}
      data-testid="calendar-request-block"
    >
      <span className="sr-only">{label}</span>
      <span aria-hidden className="contents">
        {h < 34 ? (
          <span className="truncate">
            <span className="font-semibold tabular-nums">{r.time}</span> {r.customerName}
          </span>
        ) : (
          <>
            <span className="truncate font-semibold">
              <span className="tabular-nums">{r.time}</span> · Solicitação
            </span>
            <span className="truncate font-medium">{r.customerName}</span>
            {h >= 50 ? <span className="truncate text-slate-700">{r.serviceName}</span> : null}
            {h >= 66 && !compact && r.rescheduledByCustomer ? <span className="truncate text-slate-700">Remarcado pelo cliente</span> : null}
          </>
        )}
      </span>
    </a>
  );
}
