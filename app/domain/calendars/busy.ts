// An iCal feed's events as busy time on the professional's local dates (docs/decisions/0957).
// ical.js expands recurring events with their exceptions (RRULE, RDATE, EXDATE, RECURRENCE-ID)
// in the feed's own time zones; only start and end survive, never a title. Not busy: events
// marked free (TRANSP:TRANSPARENT), cancelled ones, and invitations the calendar's owner declined.
//
// Bounded in work, not only in events (docs/decisions/1000): the feed is read line by line
// (feed-reader.ts), each event's rules are walked only up to the end of the window and within
// its steps, the feed within its time and steps (feed-work.ts), one feed at a time per process,
// yielding to the event loop between slices.
import ICAL from "ical.js";
import { addDays, localToUtc, nowInZone } from "../dates";
import { readFeedText } from "./feed-reader";
import { EVENT_UNITS, FeedTooComplexError, inLane, type FeedWork, type Meter } from "./feed-work";

export { FeedParseError } from "./feed-reader";

export type BusyRow = { date: string; startMinute: number; endMinute: number };

export const MAX_BUSY_ROWS = 20_000;
const DAY = 24 * 60;
/** What placing one occurrence on the professional's dates costs, in units of feed-work.ts. */
const PLACING = 40;
const DAY_MS = DAY * 60_000;

type Window = { from: string; to: string; timeZone: string; ownerEmails: readonly string[] };
type Scope = Window & { fromMs: number; toMs: number; zones: Map<string, string | null> };

/**
 * The IANA zone a TZID names, when the feed uses it without defining it (canonical, so a name
 * spelled in other cases is one zone); null when it is no zone the runtime knows.
 */
function namedZone(tzid: string | null, scope: Scope): string | null {
  if (tzid === null) return null;
  let zone = scope.zones.get(tzid);
  if (zone === undefined) {
    try {
      zone = new Intl.DateTimeFormat("en-US", { timeZone: tzid }).resolvedOptions().timeZone;
    } catch {
      zone = null;
    }
    scope.zones.set(tzid, zone);
  }
  return zone;
}

/**
 * An ical.js time as an instant. A time whose TZID this feed does not define is floating for
 * ical.js: it is read in the zone that TZID names when it is a real one, else (a floating time,
 * a made-up name) in the professional's zone.
 */
function instantOf(time: ICAL.Time, tzid: string | null, scope: Scope): number {
  const floating = !time.zone || time.zone === ICAL.Timezone.localTimezone;
  if (!floating) return time.toUnixTime() * 1000;
  const date = `${String(time.year).padStart(4, "0")}-${String(time.month).padStart(2, "0")}-${String(time.day).padStart(2, "0")}`;
  return localToUtc(date, time.hour * 60 + time.minute, namedZone(tzid, scope) ?? scope.timeZone).getTime();
}

/** [start, end) in local minutes of each local date it touches, within the window. */
function splitByDate(startMs: number, endMs: number, scope: Scope): BusyRow[] {
  const start = nowInZone(scope.timeZone, new Date(Math.max(startMs, scope.fromMs)));
  const end = nowInZone(scope.timeZone, new Date(Math.min(endMs, scope.toMs)));
  if (startMs >= endMs || start.date > end.date) return [];
  if (start.date === end.date) return end.minute > start.minute ? [{ date: start.date, startMinute: start.minute, endMinute: end.minute }] : [];
  const rows: BusyRow[] = [{ date: start.date, startMinute: start.minute, endMinute: DAY }];
  for (let d = addDays(start.date, 1); d < end.date; d = addDays(d, 1)) rows.push({ date: d, startMinute: 0, endMinute: DAY });
  if (end.minute > 0) rows.push({ date: end.date, startMinute: 0, endMinute: end.minute });
  return rows.filter((r) => r.endMinute > r.startMinute);
}

/** An all-day event's dates within the window (its DTEND is the day after its last). */
function allDayRows(start: ICAL.Time, end: ICAL.Time, window: Window): BusyRow[] {
  const first = start.toString().slice(0, 10);
  const last = end.compare(start) > 0 ? end.toString().slice(0, 10) : addDays(first, 1);
  const rows: BusyRow[] = [];
  const stop = last < addDays(window.to, 1) ? last : addDays(window.to, 1);
  for (let d = first > window.from ? first : window.from; d < stop; d = addDays(d, 1)) rows.push({ date: d, startMinute: 0, endMinute: DAY });
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

const tzidOf = (component: ICAL.Component, property: string) => {
  const value = component.getFirstProperty(property)?.getParameter("tzid");
  return typeof value === "string" ? value : null;
};

/** One occurrence's rows; `recurring`: its end follows its start's zone (start + duration). */
function occurrenceRows(item: ICAL.Event, start: ICAL.Time, end: ICAL.Time, scope: Scope, recurring: boolean): BusyRow[] {
  if (isFree(item.component, scope.ownerEmails)) return [];
  if (start.isDate) return allDayRows(start, end, scope);
  const startZone = tzidOf(item.component, "dtstart");
  const startMs = instantOf(start, startZone, scope);
  const endMs = Math.max(startMs, instantOf(end, recurring ? startZone : (tzidOf(item.component, "dtend") ?? startZone), scope));
  return splitByDate(startMs, endMs, scope);
}

/** The feed's owner as Google names a primary calendar (X-WR-CALNAME: the account's e-mail). */
function feedOwner(calendar: ICAL.Component): string[] {
  const name = String(calendar.getFirstPropertyValue("x-wr-calname") ?? "").trim().toLowerCase();
  return name.includes("@") ? [name] : [];
}

/** Most values a rule's BY part can have (its whole range, each sign); more is no real rule. */
const BY_PART_MAX: Record<string, number> = {
  BYSECOND: 61, BYMINUTE: 60, BYHOUR: 24, BYDAY: 742, BYMONTHDAY: 62, BYYEARDAY: 732, BYWEEKNO: 106, BYMONTH: 12, BYSETPOS: 732,
};
const MAX_RULES = 10;
const MAX_DATES = 2_000;
/** An event lasting longer than a century is no busy time (ical.js finds its end month by month). */
const MAX_EVENT_SECONDS = 36_525 * 86_400;

class UnreadableEventError extends Error {}

/**
 * What ical.js would walk without counting: each step checks every value of the rule's lists,
 * the RDATE and EXDATE values are sorted by insertion, an occurrence's end is found month by month.
 */
function assertReadable(event: ICAL.Event) {
  const rules = event.component.getAllProperties("rrule");
  if (rules.length > MAX_RULES) throw new UnreadableEventError("too many rules");
  for (const property of rules) {
    const parts = (property.getFirstValue() as ICAL.Recur).parts as Record<string, unknown[]>;
    for (const [part, values] of Object.entries(parts)) {
      if (values.length > (BY_PART_MAX[part] ?? 0)) throw new UnreadableEventError(`${part} too long`);
    }
  }
  for (const name of ["rdate", "exdate"]) {
    const count = event.component.getAllProperties(name).reduce((sum, p) => sum + p.getValues().length, 0);
    if (count > MAX_DATES) throw new UnreadableEventError(`too many ${name} values`);
  }
  if (Math.abs(event.duration.toSeconds()) > MAX_EVENT_SECONDS) throw new UnreadableEventError("too long");
}

/** Its rules end where the window ends: ical.js then stops looking for years that never come. */
function endRulesAt(event: ICAL.Event, until: ICAL.Time) {
  for (const property of event.component.getAllProperties("rrule")) {
    const rule = property.getFirstValue() as ICAL.Recur;
    if (!rule.until || rule.until.compare(until) > 0) rule.until = until.clone();
  }
}

/** Overlapping or touching ranges of a date as one. */
export function mergeRows(rows: BusyRow[]): BusyRow[] {
  const sorted = [...rows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.startMinute - b.startMinute));
  const merged: BusyRow[] = [];
  for (const row of sorted) {
    const last = merged.at(-1);
    if (last && last.date === row.date && row.startMinute <= last.endMinute) last.endMinute = Math.max(last.endMinute, row.endMinute);
    else merged.push({ ...row });
  }
  return merged;
}

/** The rows found so far, kept to the window's dates and merged whenever they doubled. */
class Rows {
  private rows: BusyRow[] = [];
  private mergedAt = 0;
  constructor(private readonly window: Window) {}
  get full() {
    return this.mergedAt >= MAX_BUSY_ROWS;
  }
  add(rows: BusyRow[]) {
    for (const row of rows) if (row.date >= this.window.from && row.date <= this.window.to) this.rows.push(row);
    if (this.rows.length > 2 * this.mergedAt + 2_000) {
      this.rows = mergeRows(this.rows);
      this.mergedAt = this.rows.length;
    }
  }
  result() {
    return mergeRows(this.rows).slice(0, MAX_BUSY_ROWS);
  }
}

/** The rules whose occurrences fall on a fixed lattice of the wall clock: their period in seconds. */
const PERIOD_SECONDS: Record<string, number> = { SECONDLY: 1, MINUTELY: 60, HOURLY: 3_600, DAILY: 86_400, WEEKLY: 7 * 86_400 };

/**
 * Where to start walking a series that began long before the window: its DTSTART moved on by
 * whole periods (interval x frequency), so the same wall-clock times follow, to a couple of
 * periods before the window. Only for one open-ended rule (no COUNT, whose occurrences would be
 * counted from the real start, no BYSETPOS) and no exception (a moved occurrence is found by its
 * original time); otherwise the walk starts at DTSTART.
 */
function walkFrom(event: ICAL.Event, related: boolean, durationMs: number, scope: Scope): ICAL.Time | undefined {
  const rules = event.component.getAllProperties("rrule").map((p) => p.getFirstValue() as ICAL.Recur);
  const rule = rules[0];
  const seconds = rule ? PERIOD_SECONDS[rule.freq] : undefined;
  if (related || rules.length !== 1 || !rule || !seconds || rule.count || rule.parts.BYSETPOS) return undefined;
  const step = seconds * Math.max(1, rule.interval || 1);
  const start = event.startDate;
  const periods = Math.floor((scope.fromMs - instantOf(start, tzidOf(event.component, "dtstart"), scope) - Math.max(durationMs, 0)) / (step * 1000)) - 2;
  if (periods < 1) return undefined;
  const from = start.clone();
  if (seconds >= 86_400) from.adjust((periods * step) / 86_400, 0, 0, 0);
  else from.adjust(0, 0, 0, periods * step);
  return from;
}

/** A recurring event's occurrences within the window, each ical.js call on the event's meter. */
async function expandRecurring(event: ICAL.Event, related: boolean, scope: Scope, rows: Rows, work: FeedWork, meter: Meter) {
  const startZone = tzidOf(event.component, "dtstart");
  const durationMs = work.metered(meter, () => event.duration.toSeconds() * 1000);
  const iterator = work.metered(meter, () => {
    endRulesAt(event, ICAL.Time.fromJSDate(new Date(scope.toMs + DAY_MS), true));
    return event.iterator(walkFrom(event, related, durationMs, scope));
  });
  for (let n = 0; !rows.full; n++) {
    if ((n & 63) === 0) await work.pause();
    const next = work.metered(meter, () => iterator.next());
    if (!next) return;
    const startMs = work.metered(meter, () => instantOf(next, startZone, scope));
    if (startMs > scope.toMs) return;
    // Before the window and not moved by an exception: nothing to look at.
    if (!related && startMs + Math.max(durationMs, 0) < scope.fromMs) continue;
    rows.add(
      work.metered(meter, () => {
        const details = event.getOccurrenceDetails(next);
        if (instantOf(details.endDate, startZone, scope) < scope.fromMs) return [];
        return occurrenceRows(details.item, details.startDate, details.endDate, scope, details.item === event);
      }, PLACING),
    );
  }
}

async function expand(text: string, window: Window, work: FeedWork): Promise<BusyRow[]> {
  // Zones' yearly rules are walked from two years before the window, not from 1601 (Outlook's).
  const { calendar, events } = await readFeedText(text, work, { zonesFrom: Number(window.from.slice(0, 4)) - 2 });
  const fromMs = localToUtc(window.from, 0, window.timeZone).getTime() - DAY_MS;
  const toMs = localToUtc(addDays(window.to, 1), 0, window.timeZone).getTime() + DAY_MS;
  const scope: Scope = { ...window, ownerEmails: [...window.ownerEmails.map((e) => e.toLowerCase()), ...feedOwner(calendar)], fromMs, toMs, zones: new Map() };
  // Each event on its own meter: one whose rules cannot be read, or run out of steps, is left out.
  const meters = new Map<ICAL.Event, Meter>();
  const attempt = async (meter: Meter, run: () => unknown) => {
    if (meter.left < 0) return;
    try {
      await run();
    } catch (error) {
      if (error instanceof FeedTooComplexError) throw error;
      meter.left = -1;
    }
  };

  const masters = new Map<string, ICAL.Event>();
  const exceptions: ICAL.Event[] = [];
  for (const component of events) {
    await work.pause();
    const meter = { left: EVENT_UNITS };
    await attempt(meter, () =>
      work.metered(meter, () => {
        const event = new ICAL.Event(component);
        meters.set(event, meter);
        if (!event.startDate) return;
        assertReadable(event);
        if (event.isRecurrenceException()) exceptions.push(event);
        else masters.set(event.uid ?? crypto.randomUUID(), event);
      }),
    );
  }
  const related = new Set<ICAL.Event>();
  for (const exception of exceptions) {
    await work.pause();
    const meter = meters.get(exception)!;
    await attempt(meter, () =>
      work.metered(meter, () => {
        const master = masters.get(exception.uid);
        // A moved occurrence whose series is not in the feed counts on its own.
        if (master?.isRecurring()) {
          master.relateException(exception);
          related.add(master);
        } else masters.set(`${exception.uid}|${exception.recurrenceId?.toString()}`, exception);
      }),
    );
  }

  const rows = new Rows(window);
  for (const event of masters.values()) {
    if (rows.full) break;
    await work.pause();
    const meter = meters.get(event)!;
    await attempt(meter, async () => {
      if (!work.metered(meter, () => event.startDate)) return;
      if (work.metered(meter, () => event.isRecurring())) return expandRecurring(event, related.has(event), scope, rows, work, meter);
      rows.add(work.metered(meter, () => occurrenceRows(event, event.startDate, event.endDate ?? event.startDate, scope, false), PLACING));
    });
  }
  return rows.result();
}

/**
 * The busy time of the feed on the dates `from` to `to` (yyyy-MM-dd, the professional's zone),
 * merged per date. `ownerEmails`: whose declined invitations are not busy. Throws
 * FeedParseError (not a calendar) or FeedTooComplexError (over what a feed may cost).
 */
export function busyFromFeed(text: string, window: Window): Promise<BusyRow[]> {
  return inLane((work) => expand(text, window, work));
}
