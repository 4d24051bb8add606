import { Link } from "react-router";
import { minutesToTime } from "../../domain/dates";
import type { MinuteRange } from "../../domain/appointments/calendar-types";
import { hoursOf, lanePosition, offHours, PX_PER_MINUTE, scaleOf } from "../agenda/calendar-grid";
import { hatch, tint, useNowMinute } from "../agenda/calendar-shared";
import type { TeamColumn } from "../../domain/team/team-types";
import { APPOINTMENT_STATUS, isCompleted } from "../../domain/status-rules";

/**
 * The salon's day: hours down the side, a column per professional (the owner first), each
 * appointment a block in its service's colour (a link to its detail), pending requests hatched,
 * breaks and blocks greyed, time outside each one's hours shaded. On a phone the columns keep a
 * readable width and the grid scrolls sideways inside its card; the page itself does not.
 */
export function TeamDayGrid({ columns, axis, nowMinute, isToday }: { columns: TeamColumn[]; axis: MinuteRange; nowMinute: number; isToday: boolean }) {
  const height = (axis.end - axis.start) * PX_PER_MINUTE;
  const now = useNowMinute(nowMinute);
  const { top } = scaleOf(axis);
  const template = { gridTemplateColumns: `2.75rem repeat(${columns.length}, minmax(5.5rem, 1fr))` };
  const showNow = isToday && now >= axis.start && now <= axis.end;
  return (
    <div className="card overflow-x-auto p-0" data-testid="team-grid">
      <div className="min-w-fit">
        <div className="grid border-b border-slate-200" style={template}>
          <div />
          {columns.map((c) => (
            <div key={c.userId} className="min-w-0 border-l border-slate-100 px-2 py-2 text-center" data-testid="team-column-header">
              <p className="truncate text-sm font-semibold">{c.name}</p>
              <p className="h-4 truncate text-[11px] text-slate-600">{c.isOwner ? "Você" : c.closed ? c.closed.label : ""}</p>
            </div>
          ))}
        </div>
        <div className="grid py-2" style={template}>
          <div className="relative" style={{ height }} aria-hidden>
            {hoursOf(axis).map((m) => (
              <span key={m} className="absolute right-1.5 -translate-y-1/2 text-[11px] leading-none text-slate-500 tabular-nums" style={{ top: top(m) }}>
                {minutesToTime(m % (24 * 60))}
              </span>
            ))}
          </div>
          {columns.map((c) => (
            <TeamColumnView key={c.userId} c={c} axis={axis} height={height} now={showNow ? now : null} />
          ))}
        </div>
      </div>
    </div>
  );
}

/** One professional's column: hours outside theirs shaded, breaks and blocks, appointments, requests, the time now. */
function TeamColumnView({ c, axis, height, now }: { c: TeamColumn; axis: MinuteRange; height: number; now: number | null }) {
  const { top, span } = scaleOf(axis);
  return (
    <div role="group" aria-label={c.name} className="relative border-l border-slate-200" style={{ height }} data-testid="team-column">
      {(c.closed ? [axis] : offHours(axis, c.windows)).map((r) => (
        <div key={r.start} aria-hidden className="absolute inset-x-0 bg-slate-100/80" style={{ top: top(r.start), height: span(r.start, r.end) }} />
      ))}
      {hoursOf(axis).map((m) => (
        <div key={m} aria-hidden className="absolute inset-x-0 border-t border-slate-200" style={{ top: top(m) }} />
      ))}
      {c.blocks.map((b) => (
        <div
          key={`b${b.start}`}
          className="absolute inset-x-0 z-[2] overflow-hidden border-y border-slate-300/70 px-1.5 py-0.5"
          style={{ top: top(b.start), height: span(b.start, b.end), backgroundImage: hatch("#cbd5e1", "#f1f5f9") }}
        >
          <span className="rounded bg-white/80 px-1 text-[11px] font-medium text-slate-700">{b.label}</span>
        </div>
      ))}
      {c.closed ? (
        <div className="absolute inset-x-0 top-3 z-[2] flex justify-center px-1">
          <span className="max-w-full truncate rounded-full bg-white px-2.5 py-1 text-xs font-semibold text-slate-700 shadow-sm ring-1 ring-slate-200">
            {c.closed.label}
          </span>
        </div>
      ) : null}
      {c.appointments.map((a) => (
        <TeamEvent key={a.id} a={a} column={c.name} axis={axis} />
      ))}
      {c.requests.map((r) => (
        <TeamRequest key={r.id} r={r} column={c.name} axis={axis} />
      ))}
      {now !== null ? <div aria-hidden className="absolute inset-x-0 z-[5] h-0.5 bg-red-500" style={{ top: top(now) }} /> : null}
    </div>
  );
}

/** An appointment in a professional's column: a link to its detail, in its service's colour. */
function TeamEvent({ a, column, axis }: { a: TeamColumn["appointments"][number]; column: string; axis: MinuteRange }) {
  const { top, span } = scaleOf(axis);
  const h = Math.max(span(a.startMinute, a.startMinute + a.durationMinutes), 18);
  const client = a.clientName ?? "Cliente não encontrado";
  const label = `${column}: ${a.time}–${a.endTime}, ${client}, ${a.serviceName}, ${a.statusLabel}`;
  return (
    <Link
      to={a.href}
      preventScrollReset
      title={label}
      className="absolute z-[4] flex flex-col overflow-hidden rounded-md border-l-4 px-1.5 py-0.5 text-xs leading-4 text-slate-900 shadow-sm ring-1 ring-black/5 hover:shadow-md"
      style={{ ...lanePosition(a), top: top(a.startMinute), height: h, backgroundColor: tint(a.color, isCompleted(a.status) ? 0.1 : 0.18), borderLeftColor: a.color }}
      data-testid="team-event"
      data-status={a.status}
    >
      <span className="sr-only">{label}</span>
      <span aria-hidden className="contents">
        <span className="truncate font-semibold tabular-nums">
          {a.time}
          {a.status === APPOINTMENT_STATUS.confirmed ? " ✓" : ""}
        </span>
        <span className="truncate font-medium">{client}</span>
        {h >= 50 ? <span className="truncate text-slate-700">{a.serviceName}</span> : null}
      </span>
    </Link>
  );
}

/** A pending request in a professional's column, hatched. */
function TeamRequest({ r, column, axis }: { r: TeamColumn["requests"][number]; column: string; axis: MinuteRange }) {
  const { top, span } = scaleOf(axis);
  const h = Math.max(span(r.startMinute, r.startMinute + r.durationMinutes), 18);
  const label = `Solicitação pendente para ${column}: ${r.time}–${r.endTime}, ${r.customerName}, ${r.serviceName}`;
  return (
    <div
      title={label}
      className="absolute z-[4] flex flex-col overflow-hidden rounded-md border-2 border-dashed px-1.5 py-0.5 text-xs leading-4 text-slate-900"
      style={{ ...lanePosition(r), top: top(r.startMinute), height: h, borderColor: r.color, backgroundImage: hatch(tint(r.color, 0.22), "#ffffff") }}
      data-testid="team-request-block"
    >
      <span className="sr-only">{label}</span>
      <span aria-hidden className="contents">
        <span className="truncate font-semibold">
          <span className="tabular-nums">{r.time}</span> · Solicitação
        </span>
        <span className="truncate font-medium">{r.customerName}</span>
      </span>
    </div>
  );
}
