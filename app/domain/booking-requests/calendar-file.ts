// An appointment as an iCalendar file (RFC 5545) the client can add to their calendar.
// Pure: no Node or browser APIs beyond TextEncoder, so it runs on Workers too.
import { TZDate } from "@date-fns/tz";

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

/** The instant of a local date and minute in an IANA zone; throws on bad input. */
export function localToUtc(date: string, minute: number, timeZone: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match || !Number.isInteger(minute) || minute < 0 || minute >= 24 * 60) {
    throw new RangeError("Invalid appointment date or time");
  }
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const local = new TZDate(y, m - 1, d, Math.floor(minute / 60), minute % 60, timeZone);
  if (Number.isNaN(local.getTime()) || local.getDate() !== d || local.getMonth() !== m - 1) {
    throw new RangeError("Invalid appointment date or time zone");
  }
  return new Date(local.getTime());
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
