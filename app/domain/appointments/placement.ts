// Where a chosen time falls on a date, for the professional's own bookings: free, taken by
// another appointment or request, blocked or closed ('Folgas e bloqueios'), outside working
// hours (or in the break), or already past. The walk-in ('Encaixe') question and the recurring
// series' preview both read it (docs/decisions/0651, 0653). Pure: the server modules feed it rows.
import { dayPlan, overlaps, type BusyInterval, type DayException, type DayHours } from "../availability/slots";
import type { LocalNow } from "./statuses";

export type Placement =
  | { state: "free" }
  | { state: "taken" }
  | { state: "blocked"; closed: boolean; reason: string | null }
  | { state: "outside" }
  | { state: "past" };

export type PlacementState = Placement["state"];

/** How the preview names each state (pt-BR, lower case as a tag). */
export const PLACEMENT_LABELS: Record<PlacementState, string> = {
  free: "livre",
  taken: "ocupado",
  blocked: "bloqueado",
  outside: "fora do horário",
  past: "já passou",
};

/** The tag of a placement ('fechado' for a closed day, with the professional's own reason). */
export function placementLabel(placement: Placement): string {
  if (placement.state !== "blocked") return PLACEMENT_LABELS[placement.state];
  const word = placement.closed ? "fechado" : "bloqueado";
  return placement.reason ? `${word} (${placement.reason})` : word;
}

export type PlacementInput = {
  date: string;
  startMinute: number;
  durationMinutes: number;
  bufferMinutes?: number;
  hours: DayHours | null;
  exceptions: readonly DayException[];
  /** Appointments (not cancelled) and held requests of the date, the row itself left out. */
  busy: readonly BusyInterval[];
  now: LocalNow;
};

/**
 * The state of one time, in this order: past (before now), taken (its time and buffer meet
 * another's), blocked (a closed day, or a block over its service time), outside (not inside a
 * working window, or over the break), free. Off the slot grid is still free: the grid is how
 * times are offered, not a rule of the day.
 */
export function placementOf(input: PlacementInput): Placement {
  const { date, startMinute: start, durationMinutes: duration, now } = input;
  const buffer = input.bufferMinutes && input.bufferMinutes > 0 ? input.bufferMinutes : 0;
  const end = start + duration;
  if (date < now.date || (date === now.date && start < now.minute)) return { state: "past" };
  if (input.busy.some((b) => overlaps(start, duration + buffer, b))) return { state: "taken" };

  const closing = input.exceptions.find((e) => e.kind === "closed" && e.startMinute === null);
  if (closing) return { state: "blocked", closed: true, reason: closing.reason || null };
  const block = input.exceptions.find(
    (e) => e.kind !== "open" && e.startMinute !== null && e.endMinute !== null && e.startMinute < end && start < e.endMinute,
  );
  if (block) return { state: "blocked", closed: false, reason: block.reason || null };

  const plan = dayPlan(input.hours, input.exceptions);
  const inside = plan.windows.some((w) => w.start <= start && end <= w.end);
  const inBreak = plan.blocked.some((b) => b.start < end && start < b.end);
  return inside && !inBreak ? { state: "free" } : { state: "outside" };
}
