import type { AppointmentStatus } from "../../../db/schema";
import { STATUS_LABELS } from "../../domain/appointments/statuses";
import { isCompleted } from "../../domain/status-rules";

// The one palette of the appointment statuses (docs/decisions/0162), on every screen that shows
// one: the agenda's list and calendar, 'Equipe', the dashboard and the client's card.
const STYLES: Record<AppointmentStatus, string> = {
  scheduled: "bg-blue-100 text-blue-800 ring-blue-200",
  confirmed: "bg-green-100 text-green-800 ring-green-200",
  completed: "bg-slate-200 text-slate-800 ring-slate-300",
  cancelled: "bg-red-100 text-red-800 ring-red-200",
  no_show: "bg-amber-100 text-amber-900 ring-amber-200",
};

export function StatusBadge({ status }: { status: AppointmentStatus }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STYLES[status]}`}
    >
      {isCompleted(status) ? "✓ " : ""}
      {STATUS_LABELS[status]}
    </span>
  );
}
