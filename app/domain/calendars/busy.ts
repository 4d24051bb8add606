// An iCal feed's events as busy time on the professional's local dates (docs/decisions/0957).
// ical.js reads the feed and expands recurring events with their exceptions (RRULE, RDATE,
// EXDATE, RECURRENCE-ID) in the feed's own time zones; only start and end survive, never a
// title. Not busy: events marked free (TRANSP:TRANSPARENT), cancelled ones, and invitations the
// calendar's owner declined.
import ICAL from "ical.js";
import { addDays, localToUtc, nowInZone } from "../dates";

export type BusyRow = { date: string; startMinute: number; endMinute: number };

/** Bounds on what one feed may cost: occurrences walked per event, and rows kept. */
const MAX_STEPS_PER_EVENT = 20_000;
export const MAX_BUSY_ROWS = 20_000;
const DAY = 24 * 60;

export class FeedParseError extends Error {}

type Window = { from: string; to: string; timeZone: string; ownerEmails: readonly string[] };

/** An ical.js time as an instant; a floating time (no zone) is the professional's local time. */
function instantOf(time: ICAL.Time, timeZone: string): number {
  const floating = !time.zone || time.zone === ICAL.Timezone.localTimezone;
  if (!floating) return time.toUnixTime() * 1000;
  const date = `${String(time.year).padStart(4, "0")}-${String(time.month).padStart(2, "0")}-${String(time.day).padStart(2, "0")}`;
  return localToUtc(date, time.hour * 60 + time.minute, timeZone).getTime();
}

/** [start, end) in local minutes of each local date it touches. */
function splitByDate(startMs: number, endMs: number, timeZone: string): BusyRow[] {
  const start = nowInZone(timeZone, new Date(startMs));
  const end = nowInZone(timeZone, new Date(endMs));
  if (start.date === end.date) return end.minute > start.minute ? [{ date: start.date, startMinute: start.minute, endMinute: end.minute }] : [];
  const rows: BusyRow[] = [{ date: start.date, startMinute: start.minute, endMinute: DAY }];
  for (let d = addDays(start.date, 1); d < end.date; d = addDays(d, 1)) rows.push({ date: d, startMinute: 0, endMinute: DAY });
  if (end.minute > 0) rows.push({ date: end.date, startMinute: 0, endMinute: end.minute });
  return rows.filter((r) => r.endMinute > r.startMinute);
}

/** An all-day event's dates (its DTEND is the day after its last). */
function allDayRows(start: ICAL.Time, end: ICAL.Time): BusyRow[] {
  const rows: BusyRow[] = [];
  const last = end.compare(start) > 0 ? end.toString().slice(0, 10) : addDays(start.toString().slice(0, 10), 1);
  for (let d = start.toString().slice(0, 10); d < last && rows.length < 400; d = addDays(d, 1)) rows.push({ date: d, startMinute: 0, endMinute: DAY });
  return rows;
}

/** Free, cancelled, or declined by the calendar's owner: not busy. */
function isFree(component: ICAL.Component, ownerEmails: readonly string[]): boolean {
  if (String(component.getFirstPropertyValue("transp") ?? "").toUpperCase() === "TRANSPARENT") return true;
  if (String(component.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED") return true;
  return component.getAllProperties("attendee").some((attendee) => {
    const address = String(attendee.getFirstValue() ?? "").replace(/^mailto:/i, "").toLowerCase();
    return ownerEmails.includes(address) && String(attendee.getParameter("partstat") ?? "").toUpperCase() === "DECLINED";
  });
}

function occurrenceRows(item: ICAL.Event, start: ICAL.Time, end: ICAL.Time, window: Window): BusyRow[] {
  if (isFree(item.component, window.ownerEmails)) return [];
  if (start.isDate) return allDayRows(start, end);
  const startMs = instantOf(start, window.timeZone);
  const endMs = Math.max(startMs, instantOf(end, window.timeZone));
  return splitByDate(startMs, endMs, window.timeZone);
}

/** The feed's owner as Google names a primary calendar (X-WR-CALNAME: the account's e-mail). */
function feedOwner(calendar: ICAL.Component): string[] {
  const name = String(calendar.getFirstPropertyValue("x-wr-calname") ?? "").trim().toLowerCase();
  return name.includes("@") ? [name] : [];
}

function parseCalendar(text: string): ICAL.Component {
  try {
    const parsed = ICAL.parse(text);
    const root = Array.isArray(parsed[0]) ? parsed[0] : parsed;
    const calendar = new ICAL.Component(root as unknown as [string, unknown[], unknown[]]);
    if (calendar.name !== "vcalendar") throw new FeedParseError("not a calendar");
    return calendar;
  } catch (error) {
    throw error instanceof FeedParseError ? error : new FeedParseError("unreadable calendar");
  }
}

/**
 * The busy time of the feed on the dates `from` to `to` (yyyy-MM-dd, the professional's zone),
 * merged per date. `ownerEmails`: whose declined invitations are not busy.
 */
export function busyFromFeed(text: string, window: Window): BusyRow[] {
  const calendar = parseCalendar(text);
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const scope = { ...window, ownerEmails: [...window.ownerEmails.map((e) => e.toLowerCase()), ...feedOwner(calendar)] };
  const masters = new Map<string, ICAL.Event>();
  const exceptions: ICAL.Event[] = [];
  for (const component of calendar.getAllSubcomponents("vevent")) {
    const event = new ICAL.Event(component);
    if (event.isRecurrenceException()) exceptions.push(event);
    else masters.set(event.uid ?? crypto.randomUUID(), event);
  }
  for (const exception of exceptions) {
    const master = masters.get(exception.uid);
    // A moved occurrence whose series is not in the feed counts on its own.
    if (master?.isRecurring()) master.relateException(exception);
    else masters.set(`${exception.uid}|${exception.recurrenceId?.toString()}`, exception);
  }
  const fromMs = localToUtc(window.from, 0, window.timeZone).getTime() - DAY * 60_000;
  const toMs = localToUtc(addDays(window.to, 1), 0, window.timeZone).getTime() + DAY * 60_000;
  const rows: BusyRow[] = [];
  for (const event of masters.values()) {
    if (!event.startDate) continue;
    if (!event.isRecurring()) {
      rows.push(...occurrenceRows(event, event.startDate, event.endDate ?? event.startDate, scope));
    } else {
      const iterator = event.iterator();
      for (let step = 0, next = iterator.next(); next && step < MAX_STEPS_PER_EVENT; step++, next = iterator.next()) {
        if (instantOf(next, window.timeZone) > toMs) break;
        const details = event.getOccurrenceDetails(next);
        if (instantOf(details.endDate, window.timeZone) < fromMs) continue;
        rows.push(...occurrenceRows(details.item, details.startDate, details.endDate, scope));
      }
    }
    if (rows.length > MAX_BUSY_ROWS * 4) break;
  }
  return mergeRows(rows.filter((r) => r.date >= window.from && r.date <= window.to)).slice(0, MAX_BUSY_ROWS);
}

/** Overlapping or touching ranges of a date as one. */
export function mergeRows(rows: BusyRow[]): BusyRow[] {
  const sorted = [...rows].sort((a, b) => a.date.localeCompare(b.date) || a.startMinute - b.startMinute);
  const merged: BusyRow[] = [];
  for (const row of sorted) {
    const last = merged.at(-1);
    if (last && last.date === row.date && row.startMinute <= last.endMinute) last.endMinute = Math.max(last.endMinute, row.endMinute);
    else merged.push({ ...row });
  }
  return merged;
}
