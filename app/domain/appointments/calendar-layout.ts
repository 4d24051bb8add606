// How a day is drawn in the agenda's calendar and in 'Equipe' (pure): each item's colour, its
// working windows, breaks, blocks and closed label, the lanes of overlapping items side by side,
// and the hours the grid shows.
import type { AppointmentStatus } from "../../../db/schema";
import { dayPlan, type DayException, type DayHours } from "../availability/slots";
import { minutesToTime } from "../dates";
import type { CalendarBlock, Lane, MinuteRange } from "./calendar-types";
import { isCancelled } from "../status-rules";

const HEX = /^#[0-9a-f]{6}$/i;

/** Colours for an appointment whose service is gone: one per service name, always the same. */
const PALETTE = ["#4F46E5", "#0D9488", "#DB2777", "#9333EA", "#EA580C", "#2563EB", "#65A30D", "#0891B2"];

export function colourOf(serviceColour: string | null | undefined, serviceName: string): string {
  if (serviceColour && HEX.test(serviceColour)) return serviceColour;
  let hash = 0;
  for (const ch of serviceName) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
}

export type Timed = { startMinute: number; durationMinutes: number; bufferMinutes: number };

/** "HH:mm" of where an item's service time ends (the day's last minute at the latest). */
export function endTimeOf(item: { startMinute: number; durationMinutes: number }): string {
  return minutesToTime(Math.min(item.startMinute + item.durationMinutes, 24 * 60 - 1));
}

/**
 * Side-by-side lanes for items that overlap (their buffer counted): each item gets the first
 * lane free at its start, and every item of a group of overlapping ones the group's lane count.
 */
export function placeInLanes<T extends Timed>(items: readonly T[]): (T & Lane)[] {
  const sorted = [...items].sort((a, b) => a.startMinute - b.startMinute || b.durationMinutes - a.durationMinutes);
  const placed: (T & Lane)[] = [];
  let group: (T & Lane)[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const close = () => {
    for (const item of group) item.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const item of sorted) {
    const end = item.startMinute + Math.max(1, item.durationMinutes) + item.bufferMinutes;
    if (item.startMinute >= groupEnd) close();
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= item.startMinute);
    if (lane === -1) lane = laneEnds.push(end) - 1;
    else laneEnds[lane] = end;
    const withLane = { ...item, lane, lanes: 1 };
    group.push(withLane);
    placed.push(withLane);
    groupEnd = Math.max(groupEnd, end);
  }
  close();
  return placed;
}

/**
 * A day's appointments and pending requests in lanes (a request is what has a customer's name);
 * the cancelled appointments apart, in no lane, drawn in a list of their own.
 */
export function dayLanes<A extends Timed & { status: AppointmentStatus }, R extends Timed & { customerName: string }>(
  appointments: readonly A[],
  requests: readonly R[],
) {
  const placed = placeInLanes<A | R>([...appointments.filter((a) => !isCancelled(a.status)), ...requests]);
  const isRequest = (item: (A | R) & Lane): item is R & Lane => "customerName" in item;
  return {
    appointments: placed.filter((item): item is A & Lane => !isRequest(item)),
    requests: placed.filter(isRequest),
    cancelled: appointments.filter((a) => isCancelled(a.status)).map((a) => ({ ...a, lane: 0, lanes: 1 })),
  };
}

type Exception = DayException & { startDate: string; endDate: string };

/** What a block or day off is called: its reason, or `fallback` (the owner's 'Equipe' may hide a member's). */
export type TimeOffLabel = (exception: DayException, fallback: string) => string;

export const ownLabel: TimeOffLabel = (exception, fallback) => exception.reason.trim() || fallback;

/**
 * A date's working windows, its break and blocked ranges (each with its label) and, when it has
 * no working time, its closed label ('Fechado', or what the day off is called).
 */
export function dayTimes(hours: DayHours | null, exceptions: readonly Exception[], date: string, label: TimeOffLabel) {
  const own = exceptions.filter((e) => e.startDate <= date && e.endDate >= date);
  const plan = dayPlan(hours, own);
  const wholeDayOff = own.find((e) => e.kind === "closed" && e.startMinute === null);
  const blocks: CalendarBlock[] = plan.blocked.map((b) => {
    const off = own.find((e) => e.kind !== "open" && e.startMinute === b.start && e.endMinute === b.end);
    if (!off) return { ...b, kind: "break" as const, label: "Intervalo" };
    return { ...b, kind: "blocked" as const, label: label(off, off.kind === "closed" ? "Fechado" : "Bloqueado") };
  });
  const closed = plan.closed || plan.windows.length === 0 ? { label: wholeDayOff ? label(wholeDayOff, "Fechado") : "Fechado" } : null;
  return { windows: plan.windows, blocks, closed };
}

/** The working windows of a saved week (what a day without hours of its own is drawn against). */
export function weekWindows(hours: readonly DayHours[]): MinuteRange[] {
  return hours.flatMap((h) => dayPlan(h).windows);
}

/**
 * The hours drawn: from the earliest working start to the latest working end of the days shown,
 * widened to anything booked outside them, in whole hours. Days without hours: the week's.
 */
export function axisOf(days: readonly { windows: MinuteRange[]; items: Timed[] }[], week: readonly MinuteRange[]): MinuteRange {
  let start = Infinity;
  let end = -Infinity;
  const widen = (s: number, e: number) => {
    start = Math.min(start, s);
    end = Math.max(end, e);
  };
  for (const day of days) for (const w of day.windows) widen(w.start, w.end);
  if (start === Infinity) for (const w of week) widen(w.start, w.end);
  if (start === Infinity) widen(8 * 60, 18 * 60);
  for (const day of days) {
    for (const item of day.items) widen(item.startMinute, item.startMinute + item.durationMinutes + item.bufferMinutes);
  }
  const from = Math.max(0, Math.floor(start / 60) * 60);
  const to = Math.min(24 * 60, Math.ceil(end / 60) * 60);
  return { start: from, end: Math.max(to, from + 60) };
}
