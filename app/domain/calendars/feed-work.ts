// What reading one calendar feed may cost, and how it shares the server (docs/decisions/1000).
//
// ical.js expands recurrence rules synchronously, and rules a stranger can write keep one call
// busy for seconds or for ever (`FREQ=SECONDLY` from 1970, a yearly rule on 31 February, a daily
// rule limited to a day that never comes, a time zone that changes every second). So each step
// of its rule iterator is counted here, weighted by what it costs (a unit is about a microsecond
// of a quiet server's time): a call into ical.js runs on a meter and throws when the meter runs
// out. Between calls the reading yields to the event loop after each slice, and one feed at a
// time is read per process (the lane): while any feed is read, a visitor's request waits at most
// about one slice.
//
// Work is counted in units, not only in milliseconds: on Workers the clock stands still while
// code runs, so there the units alone end a slice and a feed; on Node the clock does too. A call
// is bounded by units only, so what is read never depends on how busy the machine is.
import ICAL from "ical.js";

/** A slice of reading before the event loop gets its turn: in units, or in time where time moves. */
export const SLICE_UNITS = 10_000;
export const SLICE_MS = 20;
/** One call into ical.js. */
export const CALL_UNITS = 10_000;
/** One event: its rules, and the time zones it is the first to need. */
export const EVENT_UNITS = 200_000;
/** One feed: every line and every event, in units and in the time of its own slices. */
export const FEED_UNITS = 3_000_000;
export const FEED_MS = 10_000;

/** The feed would cost more than a feed may: it is refused as a whole. */
export class FeedTooComplexError extends Error {}
/** A call ran out of units: the event it was reading is left out. */
export class StepsExhaustedError extends Error {}

export type Meter = { left: number };
let current: Meter | null = null;

/** How much dearer each step of this iterator is for the values its rule lists (BYDAY=MO,TU,…). */
const listWeights = new WeakMap<object, number>();
function listWeight(iterator: { rule?: { parts?: Record<string, unknown[]> } }): number {
  let weight = listWeights.get(iterator);
  if (weight === undefined) {
    const values = Object.values(iterator.rule?.parts ?? {}).reduce((sum, list) => sum + (Array.isArray(list) ? list.length : 1), 0);
    weight = 1 + Math.floor(values / 8);
    listWeights.set(iterator, weight);
  }
  return weight;
}

// The iterator's loops all go through these methods: each second, minute, hour, day, week,
// month or year it moves by, and each year whose days it expands (the costliest, with a month's).
// Each counts against the call in progress; outside a metered call (the app's own .ics files,
// the vCard import) nothing is counted.
const WEIGHTS: Record<string, number> = { expand_year_days: 60, next_month: 40, next_year: 2, _nextByYearDay: 2 };
const METERED = /^(next|next_\w+|increment_\w+|expand_year_days|_nextByYearDay|_byDayAndMonthDay)$/;
/** The loops' own methods: if an ical.js upgrade renames them, feeds would not be bounded. */
const LOOPS = ["next", "next_second", "next_minute", "next_hour", "next_day", "next_week", "next_month", "next_year", "increment_year", "expand_year_days"];
const iterator = ICAL.RecurIterator.prototype as unknown as Record<string, unknown> & { agendoMetered?: true };
if (!iterator.agendoMetered) {
  const missing = LOOPS.filter((name) => typeof iterator[name] !== "function");
  if (missing.length > 0) throw new Error(`ical.js's RecurIterator has no ${missing.join(", ")}: calendar feeds cannot be bounded (feed-work.ts)`);
  iterator.agendoMetered = true;
  for (const name of Object.getOwnPropertyNames(iterator)) {
    const original = iterator[name];
    if (!METERED.test(name) || typeof original !== "function") continue;
    const weight = WEIGHTS[name] ?? 1;
    iterator[name] = function metered(this: object, ...args: unknown[]) {
      if (current && (current.left -= weight * listWeight(this)) < 0) throw new StepsExhaustedError("out of steps");
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export type FeedLimits = { units: number; ms: number };

/** The reading of one feed: its slices, its units, its budget. */
export class FeedWork {
  private sliceStart = performance.now();
  private sliceUnits = 0;
  /** Time spent in this feed's own slices, in ms (never the time it waited for its turn). */
  spentMs = 0;
  units = 0;

  constructor(private readonly limits: FeedLimits = { units: FEED_UNITS, ms: FEED_MS }) {}

  private count(units: number) {
    this.units += units;
    this.sliceUnits += units;
    if (this.units > this.limits.units) throw new FeedTooComplexError(`over its work budget (${this.units} units)`);
  }

  /** After a piece of work of these units: yields when the slice is over, and holds the feed to its budget. */
  async pause(units = 1) {
    this.count(units);
    const elapsed = performance.now() - this.sliceStart;
    if (this.sliceUnits < SLICE_UNITS && elapsed < SLICE_MS) return;
    this.spentMs += elapsed;
    if (this.spentMs > this.limits.ms) throw new FeedTooComplexError(`over its time budget (${Math.round(this.spentMs)} ms)`);
    await yieldToEventLoop();
    this.sliceStart = performance.now();
    this.sliceUnits = 0;
  }

  /**
   * Runs one synchronous call into ical.js within CALL_UNITS of the meter's units; `cost`: the
   * units of what the call does besides the iterator's steps (placing an occurrence on dates).
   */
  metered<T>(meter: Meter, call: () => T, cost = 1): T {
    const outer = current;
    const allowed = Math.max(Math.min(meter.left, CALL_UNITS), 0);
    const running = { left: allowed };
    current = running;
    try {
      return call();
    } finally {
      current = outer;
      const used = allowed - Math.max(running.left, 0) + cost;
      meter.left -= used;
      this.count(used);
    }
  }
}

/** The reading in progress in this process, if any (a token, and when it began). */
let lane: { reader: object; since: number } | null = null;
/** A reading that held the lane this long is taken for gone (a Worker stopped mid-way). */
const LANE_STALE_MS = 3 * FEED_MS;

/**
 * Reads feeds one at a time in this process: two feeds read side by side would each yield to
 * the other as well as to visitors, and a visitor's request would wait behind both. A reader
 * waits on timers of its own, never on another request's promise (on Workers, work resumed from
 * another request's promise runs as that request, and stops with it).
 */
export async function inLane<T>(read: (work: FeedWork) => Promise<T>, limits?: FeedLimits): Promise<T> {
  while (lane && Date.now() - lane.since < LANE_STALE_MS) await new Promise((resolve) => setTimeout(resolve, 10));
  const reader = {};
  lane = { reader, since: Date.now() };
  try {
    return await read(new FeedWork(limits));
  } finally {
    if (lane?.reader === reader) lane = null;
  }
}
