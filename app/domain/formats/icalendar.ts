// An appointment as an iCalendar file (RFC 5545) the client can add to their calendar.
// Pure: no Node or browser APIs beyond TextEncoder, so it runs on Workers too.
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

/** TEXT value escaping (RFC 5545 3.3.11): \ ; , and line breaks. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Folds a content line at 75 octets (RFC 5545 3.1): continuation lines start with one space,
 * which counts toward their 75. Never splits a UTF-8 character.
 */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  let limit = MAX_OCTETS;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = " ";
      octets = 1;
      limit = MAX_OCTETS;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(CRLF);
}

/** 2026-12-01T17:00:00.000Z -> 20261201T170000Z. */
function utcStamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}Z$/, "Z");
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

  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Agendo//Agendamento//PT-BR",
    "CALSCALE:GREGORIAN",
    input.status === "CANCELLED" ? "METHOD:CANCEL" : "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${escapeIcsText(input.uid)}`,
    `SEQUENCE:${input.sequence}`,
    `STATUS:${input.status}`,
    `DTSTAMP:${utcStamp(input.stamp)}`,
    `CREATED:${utcStamp(input.createdAt)}`,
    `DTSTART:${utcStamp(start)}`,
    `DTEND:${utcStamp(end)}`,
    `SUMMARY:${escapeIcsText(input.title)}`,
  ];
  if (input.description) lines.push(`DESCRIPTION:${escapeIcsText(input.description)}`);
  if (input.location) lines.push(`LOCATION:${escapeIcsText(input.location)}`);
  lines.push("END:VEVENT", "END:VCALENDAR");
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}

// ---------------------------------------------------------------- the professional's feed

export type FeedEvent = Omit<AppointmentIcsInput, "stamp" | "timeZone"> & { lastModified: Date };

/** -180 -> "-0300" (TZOFFSETFROM/TZOFFSETTO). */
function icsOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
}

/** 2026-12-01 + 840 -> 20261201T140000 (a local time, for TZID=). */
function localStamp(date: string, minute: number): string {
  return `${date.replace(/-/g, "")}T${String(Math.floor(minute / 60)).padStart(2, "0")}${String(minute % 60).padStart(2, "0")}00`;
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
  const zoned = offsets.size === 1;
  const tzid = escapeIcsText(input.timeZone);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Agendo//Agenda//PT-BR",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeIcsText(input.name)}`,
    `X-WR-TIMEZONE:${tzid}`,
    "REFRESH-INTERVAL;VALUE=DURATION:PT15M",
    "X-PUBLISHED-TTL:PT15M",
  ];
  if (zoned) {
    const offset = icsOffset([...offsets][0]!);
    lines.push(
      "BEGIN:VTIMEZONE",
      `TZID:${tzid}`,
      "BEGIN:STANDARD",
      "DTSTART:19700101T000000",
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      "END:STANDARD",
      "END:VTIMEZONE",
    );
  }
  input.events.forEach((e, i) => {
    if (!Number.isInteger(e.durationMinutes) || e.durationMinutes <= 0) throw new RangeError("Invalid appointment duration");
    const start = starts[i]!;
    const end = new Date(start.getTime() + e.durationMinutes * 60_000);
    const endLocal = e.startMinute + e.durationMinutes;
    const crossesMidnight = endLocal >= 24 * 60;
    lines.push(
      "BEGIN:VEVENT",
      `UID:${escapeIcsText(e.uid)}`,
      `SEQUENCE:${e.sequence}`,
      `STATUS:${e.status}`,
      `DTSTAMP:${utcStamp(input.stamp)}`,
      `CREATED:${utcStamp(e.createdAt)}`,
      `LAST-MODIFIED:${utcStamp(e.lastModified)}`,
      zoned ? `DTSTART;TZID=${tzid}:${localStamp(e.date, e.startMinute)}` : `DTSTART:${utcStamp(start)}`,
      zoned && !crossesMidnight ? `DTEND;TZID=${tzid}:${localStamp(e.date, endLocal)}` : `DTEND:${utcStamp(end)}`,
      `SUMMARY:${escapeIcsText(e.title)}`,
    );
    if (e.description) lines.push(`DESCRIPTION:${escapeIcsText(e.description)}`);
    if (e.location) lines.push(`LOCATION:${escapeIcsText(e.location)}`);
    lines.push("END:VEVENT");
  });
  lines.push("END:VCALENDAR");
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}
