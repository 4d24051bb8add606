import { describe, expect, it } from "vitest";
import { appointmentIcs, calendarFeed, escapeIcsText, foldIcsLine } from "./icalendar";

const base = {
  uid: "apt-123@agendo",
  title: "Corte Masculino - Studio Demo",
  description: "Agendamento de Corte Masculino",
  location: "Rua das Flores, 100",
  date: "2026-12-01",
  startMinute: 14 * 60,
  durationMinutes: 45,
  timeZone: "America/Sao_Paulo",
  status: "TENTATIVE" as const,
  sequence: 0,
  stamp: new Date("2026-11-24T09:00:00.000Z"),
  createdAt: new Date("2026-11-20T12:34:56.789Z"),
};

/** Unfolded content lines (RFC 5545: CRLF followed by one space continues a line). */
function unfold(ics: string): string[] {
  return ics.replace(/\r\n /g, "").split("\r\n");
}

function prop(ics: string, name: string): string | undefined {
  const line = unfold(ics).find((l) => l.startsWith(`${name}:`));
  return line?.slice(name.length + 1);
}

describe("appointmentIcs", () => {
  it("follows the booking: tentative, confirmed, then a cancellation with a higher sequence", () => {
    const pending = appointmentIcs(base);
    expect(prop(pending, "METHOD")).toBe("PUBLISH");
    expect(prop(pending, "STATUS")).toBe("TENTATIVE");
    expect(prop(pending, "SEQUENCE")).toBe("0");
    const confirmed = appointmentIcs({ ...base, status: "CONFIRMED", sequence: 60 });
    expect(prop(confirmed, "METHOD")).toBe("PUBLISH");
    expect(prop(confirmed, "STATUS")).toBe("CONFIRMED");
    expect(prop(confirmed, "SEQUENCE")).toBe("60");
    const cancelled = appointmentIcs({ ...base, status: "CANCELLED", sequence: 3600 });
    expect(prop(cancelled, "METHOD")).toBe("CANCEL");
    expect(prop(cancelled, "STATUS")).toBe("CANCELLED");
    expect(prop(cancelled, "UID")).toBe(prop(pending, "UID"));
  });

  it("computes DTSTART/DTEND in UTC from the local time in America/Sao_Paulo", () => {
    const ics = appointmentIcs(base);
    expect(prop(ics, "DTSTART")).toBe("20261201T170000Z");
    expect(prop(ics, "DTEND")).toBe("20261201T174500Z");
  });

  it("uses the zone: America/Manaus is UTC-4", () => {
    const ics = appointmentIcs({ ...base, timeZone: "America/Manaus" });
    expect(prop(ics, "DTSTART")).toBe("20261201T180000Z");
    expect(prop(ics, "DTEND")).toBe("20261201T184500Z");
  });

  it("crosses midnight in UTC", () => {
    const ics = appointmentIcs({ ...base, startMinute: 22 * 60 + 30, durationMinutes: 90 });
    expect(prop(ics, "DTSTART")).toBe("20261202T013000Z");
    expect(prop(ics, "DTEND")).toBe("20261202T030000Z");
  });

  it("has one VEVENT with DTSTAMP, UID, SUMMARY, DESCRIPTION and LOCATION", () => {
    const ics = appointmentIcs(base);
    const lines = unfold(ics);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(1);
    expect(lines.filter((l) => l === "END:VEVENT")).toHaveLength(1);
    expect(lines.at(-2)).toBe("END:VCALENDAR");
    expect(lines.at(-1)).toBe(""); // ends with CRLF
    expect(prop(ics, "PRODID")).toBeTruthy();
    expect(prop(ics, "UID")).toBe("apt-123@agendo");
    expect(prop(ics, "DTSTAMP")).toBe("20261124T090000Z");
    expect(prop(ics, "CREATED")).toBe("20261120T123456Z");
    expect(prop(ics, "SUMMARY")).toBe("Corte Masculino - Studio Demo");
    expect(prop(ics, "DESCRIPTION")).toBe("Agendamento de Corte Masculino");
    expect(prop(ics, "LOCATION")).toBe("Rua das Flores\\, 100");
  });

  it("uses CRLF line endings only", () => {
    const ics = appointmentIcs(base);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("leaves out an empty description or location", () => {
    const ics = appointmentIcs({ ...base, description: "", location: undefined });
    expect(prop(ics, "DESCRIPTION")).toBeUndefined();
    expect(prop(ics, "LOCATION")).toBeUndefined();
  });

  it("escapes text values", () => {
    const ics = appointmentIcs({
      ...base,
      title: "Corte; Barba, e\\ mais",
      description: "Linha 1\nLinha 2\r\nLinha 3",
    });
    expect(prop(ics, "SUMMARY")).toBe("Corte\\; Barba\\, e\\\\ mais");
    expect(prop(ics, "DESCRIPTION")).toBe("Linha 1\\nLinha 2\\nLinha 3");
  });

  it("folds long lines at 75 octets and unfolds to the original", () => {
    const description = `Observações: ${"ção ".repeat(60)}fim`;
    const ics = appointmentIcs({ ...base, description });
    const encoder = new TextEncoder();
    for (const line of ics.split("\r\n")) {
      expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    }
    expect(ics).toContain("\r\n ");
    expect(prop(ics, "DESCRIPTION")).toBe(escapeIcsText(description));
  });

  it("rejects an invalid date, time, duration or zone", () => {
    expect(() => appointmentIcs({ ...base, date: "2026-02-30" })).toThrow();
    expect(() => appointmentIcs({ ...base, date: "01/12/2026" })).toThrow();
    expect(() => appointmentIcs({ ...base, startMinute: 24 * 60 })).toThrow();
    expect(() => appointmentIcs({ ...base, durationMinutes: 0 })).toThrow();
    expect(() => appointmentIcs({ ...base, timeZone: "Mars/Olympus" })).toThrow();
  });
});

describe("escapeIcsText", () => {
  it("escapes backslash first, then ; , and newlines", () => {
    expect(escapeIcsText("a\\b;c,d\ne")).toBe("a\\\\b\\;c\\,d\\ne");
    expect(escapeIcsText("sem nada")).toBe("sem nada");
  });
});

describe("foldIcsLine", () => {
  it("keeps a 75-octet line whole and folds a 76-octet one", () => {
    expect(foldIcsLine("a".repeat(75))).toBe("a".repeat(75));
    expect(foldIcsLine("a".repeat(76))).toBe(`${"a".repeat(75)}\r\n a`);
  });

  it("continuation lines hold 74 octets after the space", () => {
    const folded = foldIcsLine("b".repeat(75 + 74 + 1));
    expect(folded).toBe(`${"b".repeat(75)}\r\n ${"b".repeat(74)}\r\n b`);
  });

  it("never splits a multi-byte character", () => {
    // 74 ASCII octets then "ç" (2 octets) would be 76: the "ç" moves to the next line.
    const folded = foldIcsLine(`${"a".repeat(74)}çx`);
    expect(folded).toBe(`${"a".repeat(74)}\r\n çx`);
  });
});

// The bytes as the hand-written writer gave them before ical.js wrote them (docs/decisions/1141):
// an upgrade of ical.js that changes a byte fails here.
describe("the bytes written", () => {
  const pinned = { ...base, title: "Corte; Barba, e\\ mais", description: `Observações: Linha 1\r\n${"ção ".repeat(20)}fim`, status: "CONFIRMED" as const, sequence: 60 };
  const lines = (...l: string[]) => `${l.join("\r\n")}\r\n`;

  it("of the customer's file", () => {
    expect(appointmentIcs(pinned)).toBe(
      lines(
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Agendo//Agendamento//PT-BR",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        "BEGIN:VEVENT",
        "UID:apt-123@agendo",
        "SEQUENCE:60",
        "STATUS:CONFIRMED",
        "DTSTAMP:20261124T090000Z",
        "CREATED:20261120T123456Z",
        "DTSTART:20261201T170000Z",
        "DTEND:20261201T174500Z",
        "SUMMARY:Corte\\; Barba\\, e\\\\ mais",
        `DESCRIPTION:Observações: Linha 1\\n${"ção ".repeat(6)}ç`,
        ` ão ${"ção ".repeat(11)}çã`,
        " o ção fim",
        "LOCATION:Rua das Flores\\, 100",
        "END:VEVENT",
        "END:VCALENDAR",
      ),
    );
  });

  const events = [
    { ...pinned, description: "", location: "", lastModified: new Date("2026-11-21T10:00:00Z") },
    { ...pinned, uid: "apt-456@agendo", title: "Carla — Escova", status: "CANCELLED" as const, sequence: 2, description: "", location: "", startMinute: 23 * 60 + 30, durationMinutes: 60, lastModified: new Date("2026-11-22T10:00:00Z") },
  ];
  const head = (zone: string) => [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Agendo//Agenda//PT-BR",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "X-WR-CALNAME:Agendo — Studio Flor",
    `X-WR-TIMEZONE:${zone}`,
    "REFRESH-INTERVAL;VALUE=DURATION:PT15M",
    "X-PUBLISHED-TTL:PT15M",
  ];
  const event = (uid: string, sequence: number, status: string, modified: string, start: string, end: string, summary: string) => [
    "BEGIN:VEVENT",
    `UID:${uid}`,
    `SEQUENCE:${sequence}`,
    `STATUS:${status}`,
    "DTSTAMP:20261124T090000Z",
    "CREATED:20261120T123456Z",
    `LAST-MODIFIED:${modified}`,
    start,
    end,
    `SUMMARY:${summary}`,
    "END:VEVENT",
  ];

  it("of the feed in a zone of one offset: its VTIMEZONE, local times, UTC for an end past midnight", () => {
    expect(calendarFeed({ name: "Agendo — Studio Flor", timeZone: "America/Sao_Paulo", events, stamp: base.stamp })).toBe(
      lines(
        ...head("America/Sao_Paulo"),
        "BEGIN:VTIMEZONE",
        "TZID:America/Sao_Paulo",
        "BEGIN:STANDARD",
        "DTSTART:19700101T000000",
        "TZOFFSETFROM:-0300",
        "TZOFFSETTO:-0300",
        "END:STANDARD",
        "END:VTIMEZONE",
        ...event("apt-123@agendo", 60, "CONFIRMED", "20261121T100000Z", "DTSTART;TZID=America/Sao_Paulo:20261201T140000", "DTEND;TZID=America/Sao_Paulo:20261201T144500", "Corte\\; Barba\\, e\\\\ mais"),
        ...event("apt-456@agendo", 2, "CANCELLED", "20261122T100000Z", "DTSTART;TZID=America/Sao_Paulo:20261201T233000", "DTEND:20261202T033000Z", "Carla — Escova"),
        "END:VCALENDAR",
      ),
    );
  });

  it("of the feed in a zone whose offset changes: UTC times, no VTIMEZONE", () => {
    const summer = [events[0]!, { ...events[1]!, date: "2026-07-01" }];
    expect(calendarFeed({ name: "Agendo — Studio Flor", timeZone: "Europe/London", events: summer, stamp: base.stamp })).toBe(
      lines(
        ...head("Europe/London"),
        ...event("apt-123@agendo", 60, "CONFIRMED", "20261121T100000Z", "DTSTART:20261201T140000Z", "DTEND:20261201T144500Z", "Corte\\; Barba\\, e\\\\ mais"),
        ...event("apt-456@agendo", 2, "CANCELLED", "20261122T100000Z", "DTSTART:20260701T223000Z", "DTEND:20260701T233000Z", "Carla — Escova"),
        "END:VCALENDAR",
      ),
    );
  });
});
