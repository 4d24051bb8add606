// A feed's text read into ical.js components line by line, keeping only what busy time needs
// (docs/decisions/1000, 1001). ICAL.parse reads a whole feed in one call (seconds for 5 MB);
// here each line is its own small call between which the reading yields, titles, descriptions,
// alarms and other people's answers are dropped before they cost anything, and a line or an
// event too large to read within a slice is left out.
//
// Time zones are the feed's own: the calendar's root answers ical.js's lookups from the
// VTIMEZONEs of this feed only, so nothing is ever registered in ical.js's process-wide
// TimezoneService, one feed cannot redefine a zone for another, and the zones go with the feed.
import ICAL from "ical.js";
import type { FeedWork } from "./feed-work";

export class FeedParseError extends Error {}

/** A logical line longer than this leaves its event out (64 KB: thousands of EXDATE values). */
export const MAX_LINE_CHARS = 64 * 1024;
/** What is kept of one event, or of one zone (parsed and expanded in one call when first used). */
export const MAX_EVENT_CHARS = 256 * 1024;
export const MAX_ZONE_CHARS = 64 * 1024;

type Block = [name: string, properties: unknown[], components: Block[]];

const TIME_ZONE_PARTS = new Set(["DTSTART", "TZOFFSETFROM", "TZOFFSETTO", "RRULE", "RDATE"]);
/** The properties read, per component; everything else is skipped unparsed. */
const KEPT: Record<string, ReadonlySet<string>> = {
  vcalendar: new Set(["X-WR-CALNAME"]),
  vevent: new Set(["UID", "DTSTART", "DTEND", "DURATION", "RRULE", "RDATE", "EXDATE", "RECURRENCE-ID", "TRANSP", "STATUS", "ATTENDEE"]),
  vtimezone: new Set(["TZID"]),
  standard: TIME_ZONE_PARTS,
  daylight: TIME_ZONE_PARTS,
};
/** The components read inside each; any other (VALARM, VTODO, X-…) is skipped whole. */
const NESTED: Record<string, ReadonlySet<string>> = {
  vcalendar: new Set(["vevent", "vtimezone"]),
  vtimezone: new Set(["standard", "daylight"]),
};

/**
 * A zone's lines parsed when the zone is first needed (a feed may define thousands and use one):
 * its observances' properties are kept as text until then. Null when a line cannot be read.
 */
function parsedZone(zone: Block, zonesFrom: number): Block | null {
  try {
    const observances = zone[2].map((o): Block => [o[0], o[1].map((p) => (typeof p === "string" ? ICAL.parse.property(p) : p)), []]);
    for (const observance of observances) walkZoneFrom(observance, zonesFrom);
    return [zone[0], zone[1], observances];
  } catch {
    return null;
  }
}

/** A calendar whose time zones are its own VTIMEZONEs, built when first asked for. */
class FeedCalendar extends ICAL.Component {
  private readonly built = new Map<string, ICAL.Timezone | null>();

  constructor(
    properties: unknown[],
    private readonly definitions: ReadonlyMap<string, Block>,
    private readonly zonesFrom: number,
  ) {
    super(["vcalendar", properties, []]);
  }

  /** ical.js asks here for every TZID of the feed; null (not defined here, or unreadable) means floating. */
  override getTimeZoneByID(tzid: string): ICAL.Timezone {
    let zone = this.built.get(tzid);
    if (zone === undefined) {
      const definition = this.definitions.get(tzid);
      const block = definition ? parsedZone(definition, this.zonesFrom) : null;
      zone = block ? new ICAL.Timezone({ component: new ICAL.Component(block), tzid }) : null;
      this.built.set(tzid, zone);
    }
    return zone as ICAL.Timezone;
  }
}

export type ReadFeed = { calendar: ICAL.Component; events: ICAL.Component[] };

type Open = { block: Block; broken: boolean; chars: number };

/** The property's name: what comes before its first ';' or ':'. */
function propertyName(line: string): string {
  const end = line.search(/[;:]/);
  return (end < 0 ? line : line.slice(0, end)).toUpperCase();
}

function textValue(block: Block, name: string): string | null {
  const found = block[1].find((p) => Array.isArray(p) && p[0] === name) as unknown[] | undefined;
  return typeof found?.[3] === "string" ? found[3] : null;
}

/**
 * A zone's yearly rule walked from `fromYear` rather than from its DTSTART (Outlook dates its
 * zones from 1601: four centuries of changes before the first one needed). Only an open-ended
 * yearly rule moves, by whole intervals, so each change from that year on stays what it was.
 */
function walkZoneFrom(observance: Block, fromYear: number) {
  const property = (name: string) => observance[1].find((p) => Array.isArray(p) && p[0] === name) as unknown[] | undefined;
  const dtstart = property("dtstart");
  const rule = property("rrule")?.[3] as { freq?: string; count?: number; until?: string; interval?: number } | undefined;
  if (!dtstart || typeof dtstart[3] !== "string" || !rule || rule.freq !== "YEARLY" || rule.count !== undefined) return;
  if (typeof rule.until === "string" && Number(rule.until.slice(0, 4)) <= fromYear) return;
  const year = Number(dtstart[3].slice(0, 4));
  if (!(year < fromYear)) return;
  const interval = Math.max(1, Math.floor(Number(rule.interval) || 1));
  dtstart[3] = String(fromYear - ((fromYear - year) % interval)).padStart(4, "0") + dtstart[3].slice(4);
}

/** The components and properties kept while the feed's logical lines go by, in order. */
class Reader {
  private readonly stack: Open[] = [];
  readonly events: Block[] = [];
  readonly zones = new Map<string, Block>();
  rootProperties: unknown[] = [];
  private skipDepth = 0;
  ended = false;
  /** The work of the lines read since it was last taken (feed-work.ts units). */
  units = 0;

  /** Whether a logical line that starts with this one is read (BEGIN, END or a kept property). */
  wants(name: string): boolean {
    if (name === "BEGIN" || name === "END") return true;
    const open = this.stack.at(-1);
    return this.skipDepth === 0 && !!open && !open.broken && !!KEPT[open.block[0]]?.has(name);
  }

  /** An event or zone that cannot be read is left out whole. */
  breakTopLevel() {
    if (this.stack[1]) this.stack[1].broken = true;
  }

  read(line: string) {
    const name = propertyName(line);
    if (name !== "BEGIN" && name !== "END") return this.property(name, line);
    const component = line.slice(line.indexOf(":") + 1).trim().toLowerCase();
    if (name === "BEGIN") this.begin(component);
    else this.end(component);
  }

  private begin(component: string) {
    if (this.skipDepth > 0) this.skipDepth++;
    else if (this.stack.length === 0) {
      if (component !== "vcalendar") throw new FeedParseError("not a calendar");
      this.stack.push({ block: ["vcalendar", [], []], broken: false, chars: 0 });
    } else if (NESTED[this.stack.at(-1)!.block[0]]?.has(component)) this.stack.push({ block: [component, [], []], broken: false, chars: 0 });
    else this.skipDepth = 1;
  }

  private end(component: string) {
    if (this.skipDepth > 0) return void this.skipDepth--;
    const open = this.stack.pop();
    if (!open || open.block[0] !== component) throw new FeedParseError("unreadable calendar");
    const parent = this.stack.at(-1);
    if (!parent) {
      this.rootProperties = open.block[1];
      this.ended = true;
    } else if (open.broken) return;
    else if (this.stack.length > 1) parent.block[2].push(open.block);
    else if (open.block[0] === "vevent") this.events.push(open.block);
    else {
      const tzid = textValue(open.block, "tzid");
      if (tzid !== null && !this.zones.has(tzid)) this.zones.set(tzid, open.block);
    }
  }

  private property(name: string, line: string) {
    const open = this.stack.at(-1);
    if (!open || !this.wants(name)) return;
    // Only the owner's declined invitations matter (docs/decisions/0957): other answers are skipped.
    if (name === "ATTENDEE" && !/PARTSTAT=DECLINED/i.test(line)) return;
    const topLevel = this.stack[1];
    const most = topLevel?.block[0] === "vtimezone" ? MAX_ZONE_CHARS : MAX_EVENT_CHARS;
    if (topLevel && (topLevel.chars += line.length) > most) return this.breakTopLevel();
    // A zone's observances are parsed only if the zone is used (parsedZone).
    if (this.stack.length > 2 && topLevel?.block[0] === "vtimezone") return void open.block[1].push(line);
    this.units += 10 + (line.length >> 4);
    try {
      open.block[1].push(ICAL.parse.property(line));
    } catch {
      if (this.stack.length > 1) this.breakTopLevel();
    }
  }
}

/**
 * The feed's calendar and its events (VEVENTs as ical.js components under it). Throws
 * FeedParseError when the text is not one whole calendar. `zonesFrom`: the first year whose
 * time zone changes are needed.
 */
export async function readFeedText(text: string, work: FeedWork, options: { zonesFrom: number }): Promise<ReadFeed> {
  const reader = new Reader();
  let pending: string | null = null;
  let position = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (let lines = 1; position < text.length && !reader.ended; lines++) {
    let end = text.indexOf("\n", position);
    if (end < 0) end = text.length;
    const line = text.slice(position, text.charCodeAt(end - 1) === 13 ? end - 1 : end);
    position = end + 1;
    reader.units++;
    if ((lines & 255) === 0 || reader.units >= 1_000) {
      await work.pause(reader.units);
      reader.units = 0;
    }
    if (line.startsWith(" ") || line.startsWith("\t")) {
      // A continuation: joined to a line being read, within the length a line may have.
      if (pending !== null && pending.length + line.length > MAX_LINE_CHARS) {
        pending = null;
        reader.breakTopLevel();
      } else if (pending !== null) pending += line.slice(1);
      continue;
    }
    if (pending !== null) reader.read(pending);
    pending = null;
    if (line === "") continue;
    // A property this reading skips is not even joined with its continuation lines.
    if (!reader.wants(propertyName(line))) continue;
    if (line.length > MAX_LINE_CHARS) reader.breakTopLevel();
    else pending = line;
  }
  if (pending !== null) reader.read(pending);
  if (!reader.ended) throw new FeedParseError("not a whole calendar");

  const calendar = new FeedCalendar(reader.rootProperties, reader.zones, options.zonesFrom);
  const events: ICAL.Component[] = [];
  for (let i = 0; i < reader.events.length; i++) {
    if ((i & 255) === 255) await work.pause(256);
    events.push(new ICAL.Component(reader.events[i]!, calendar));
  }
  return { calendar, events };
}
