import { describe, expect, it } from "vitest";
import { appointmentIcs, escapeIcsText, foldIcsLine } from "./icalendar";

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
