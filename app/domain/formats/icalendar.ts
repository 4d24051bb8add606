// An appointment as an iCalendar file (RFC 5545) the client can add to their calendar, and the
// professional's calendar feed: built with ical.js (ICAL.Component, ICAL.Event, ICAL.Time), each
// content line written by ical.js and folded here at 75 octets (docs/decisions/1141).
// Pure: no Node or browser APIs beyond TextEncoder, so it runs on Workers too.
import ICAL from "ical.js";
import { localToUtc, zoneOffsetMinutes } from "../dates";

export type AppointmentIcsInput = {
  /** Stable identifier of the event, e.g. "<appointment id>@agendo" (same uid = same event). */
  uid: string;
  title: string;
  description?: string;
  location?: string;
  /** Local date in the professional's zone, yyyy-MM-dd. */
  date: string;
  /** Local start, minutes after midnight. */
  startMinute: number;
  durationMinutes: number;
  /** IANA zone of the professional, e.g. "America/Sao_Paulo". */
  timeZone: string;
  /** Pending (TENTATIVE), accepted (CONFIRMED) or cancelled/declined (CANCELLED). */
  status: IcsStatus;
  /** Revision of the event: grows with every change, so a calendar takes the newer copy. */
  sequence: number;
  /** When this copy is made (DTSTAMP): the time of download. */
  stamp: Date;
  /** When the booking was made (CREATED). */
  createdAt: Date;
};

export type IcsStatus = "TENTATIVE" | "CONFIRMED" | "CANCELLED";

const CRLF = "\r\n";
const MAX_OCTETS = 75;
const design = ICAL.design.icalendar;
const encoder = new TextEncoder();
const ASCII = /^[\x00-\x7F]*$/;

/** TEXT value escaping (RFC 5545 3.3.11) as ical.js writes it: \ ; , and line breaks (any of CRLF, CR, LF). */
export function escapeIcsText(value: string): string {
  return design.value.text!.toICAL!(value.replace(/\r\n?/g, "\n")) as string;
}

/**
 * Folds a content line at 75 octets (RFC 5545 3.1): continuation lines start with one space,
 * which counts toward their 75. Never splits a UTF-8 character. (ical.js's own folding leaves a
 * continuation line 76 octets long: it does not count the space.)
 */
export function foldIcsLine(line: string): string {
  if (line.length <= MAX_OCTETS && ASCII.test(line)) return line;
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > MAX_OCTETS) {
      parts.push(current);
      current = " ";
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(CRLF);
}

/** The component as text: ical.js writes each property's line, folded here, CRLF after every line. */
function icsText(component: ICAL.Component): string {
  const lines: string[] = [];
  const walk = (jCal: unknown[]) => {
    const [name, properties, children] = jCal as [string, unknown[][], unknown[][]];
    lines.push(`BEGIN:${name.toUpperCase()}`);
    for (const property of properties) lines.push(ICAL.stringify.property(property, design, true));
    for (const child of children) walk(child);
    lines.push(`END:${name.toUpperCase()}`);
  };
  walk(component.toJSON());
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}

/** A property ical.js does not know (X-WR-CALNAME), as TEXT without a VALUE=TEXT parameter. */
function addTextExtension(component: ICAL.Component, name: string, value: string) {
  component.addPropertyWithValue(name, escapeIcsText(value));
}

const utc = (date: Date) => ICAL.Time.fromJSDate(date, true);

/** yyyy-MM-dd + minutes after midnight, as a time in `zone` (floating when none). */
function localTime(date: string, minute: number, zone?: ICAL.Timezone): ICAL.Time {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return ICAL.Time.fromData({ year, month, day, hour: Math.floor(minute / 60), minute: minute % 60, second: 0, isDate: false }, zone);
}

function calendar(prodid: string, method: string): ICAL.Component {
  const vcalendar = new ICAL.Component("vcalendar");
  vcalendar.addPropertyWithValue("version", "2.0");
  vcalendar.addPropertyWithValue("prodid", prodid);
  vcalendar.addPropertyWithValue("calscale", "GREGORIAN");
  vcalendar.addPropertyWithValue("method", method);
  return vcalendar;
}

type EventFields = Pick<AppointmentIcsInput, "uid" | "sequence" | "status" | "title" | "description" | "location" | "createdAt"> & {
  stamp: Date;
  lastModified?: Date;
  start: ICAL.Time;
  end: ICAL.Time;
};

/** One VEVENT, its properties in the order calendars have always read from us. */
function vevent({ uid, sequence, status, stamp, createdAt, lastModified, start, end, title, description, location }: EventFields): ICAL.Component {
  const event = new ICAL.Event();
  event.uid = uid;
  event.sequence = sequence;
  event.component.addPropertyWithValue("status", status);
  event.component.addPropertyWithValue("dtstamp", utc(stamp));
  event.component.addPropertyWithValue("created", utc(createdAt));
  if (lastModified) event.component.addPropertyWithValue("last-modified", utc(lastModified));
  event.startDate = start;
  event.endDate = end;
  event.summary = title.replace(/\r\n?/g, "\n");
  if (description) event.description = description.replace(/\r\n?/g, "\n");
  if (location) event.location = location.replace(/\r\n?/g, "\n");
  return event.component;
}

/**
 * A VCALENDAR with one VEVENT; times in UTC, CRLF line endings, folded lines. A cancelled one is
 * a cancellation (METHOD:CANCEL, STATUS:CANCELLED) a calendar applies to the event it holds.
 */
export function appointmentIcs(input: AppointmentIcsInput): string {
  if (!Number.isInteger(input.durationMinutes) || input.durationMinutes <= 0) {
    throw new RangeError("Invalid appointment duration");
  }
  if (Number.isNaN(input.createdAt.getTime()) || Number.isNaN(input.stamp.getTime())) throw new RangeError("Invalid date");
  if (!Number.isInteger(input.sequence) || input.sequence < 0) throw new RangeError("Invalid sequence");
  const start = localToUtc(input.date, input.startMinute, input.timeZone);
  const end = new Date(start.getTime() + input.durationMinutes * 60_000);

  const vcalendar = calendar("-//Agendo//Agendamento//PT-BR", input.status === "CANCELLED" ? "CANCEL" : "PUBLISH");
  vcalendar.addSubcomponent(vevent({ ...input, start: utc(start), end: utc(end) }));
  return icsText(vcalendar);
}

// ---------------------------------------------------------------- the professional's feed

export type FeedEvent = Omit<AppointmentIcsInput, "stamp" | "timeZone"> & { lastModified: Date };

/** The zone's one offset as a VTIMEZONE (from 1970, STANDARD only). */
function vtimezone(tzid: string, offsetMinutes: number): ICAL.Component {
  const zone = new ICAL.Component("vtimezone");
  zone.addPropertyWithValue("tzid", tzid);
  const standard = new ICAL.Component("standard");
  standard.addPropertyWithValue("dtstart", localTime("1970-01-01", 0));
  const offset = ICAL.UtcOffset.fromSeconds(offsetMinutes * 60);
  standard.addPropertyWithValue("tzoffsetfrom", offset);
  standard.addPropertyWithValue("tzoffsetto", offset);
  zone.addSubcomponent(standard);
  return zone;
}

/**
 * The professional's calendar feed (a subscription: webcal://…): every event with its stable UID
 * and SEQUENCE, cancelled ones as STATUS:CANCELLED, times in the professional's zone (TZID with
 * its VTIMEZONE; the allowed zones keep one offset all year — a zone whose offset changes within
 * the feed gets UTC times instead, which every calendar shows right too).
 */
export function calendarFeed(input: { name: string; timeZone: string; events: readonly FeedEvent[]; stamp: Date }): string {
  const starts = input.events.map((e) => localToUtc(e.date, e.startMinute, input.timeZone));
  const offsets = new Set([zoneOffsetMinutes(input.timeZone, input.stamp), ...starts.map((s) => zoneOffsetMinutes(input.timeZone, s))]);
  const vcalendar = calendar("-//Agendo//Agenda//PT-BR", "PUBLISH");
  addTextExtension(vcalendar, "x-wr-calname", input.name);
  addTextExtension(vcalendar, "x-wr-timezone", input.timeZone);
  const refresh = new ICAL.Property("refresh-interval");
  refresh.resetType("duration"); // RFC 7986, unknown to ical.js: written with VALUE=DURATION
  refresh.setValue(ICAL.Duration.fromString("PT15M"));
  vcalendar.addProperty(refresh);
  vcalendar.addPropertyWithValue("x-published-ttl", "PT15M");
  let zone: ICAL.Timezone | undefined;
  if (offsets.size === 1) {
    const component = vtimezone(input.timeZone, [...offsets][0]!);
    vcalendar.addSubcomponent(component);
    zone = new ICAL.Timezone(component);
  }
  input.events.forEach((e, i) => {
    if (!Number.isInteger(e.durationMinutes) || e.durationMinutes <= 0) throw new RangeError("Invalid appointment duration");
    const start = starts[i]!;
    const endLocal = e.startMinute + e.durationMinutes;
    // An event past midnight ends in UTC: its local end would need tomorrow's date.
    const zonedEnd = zone && endLocal < 24 * 60 ? localTime(e.date, endLocal, zone) : utc(new Date(start.getTime() + e.durationMinutes * 60_000));
    vcalendar.addSubcomponent(
      vevent({ ...e, stamp: input.stamp, start: zone ? localTime(e.date, e.startMinute, zone) : utc(start), end: zonedEnd }),
    );
  });
  return icsText(vcalendar);
}
