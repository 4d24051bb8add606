import { describe, expect, it } from "vitest";
import {
  formatInstant,
  localDate,
  ALLOWED_TIME_ZONES,
  addDays,
  capitalize,
  dayOfWeek,
  daysBetween,
  daysInMonth,
  daysInRange,
  formatDate,
  isIsoDate,
  localMidnightMs,
  localToUtc,
  maxBookingDate,
  minutesToTime,
  monthAndYear,
  monthName,
  nowInZone,
  shiftMonth,
  TIME_CHOICES,
  timeToMinutes,
  WEEK_MONDAY_FIRST,
  weekdayName,
  ymd,
  zoneOffsetMinutes,
} from "./dates";

describe("minutes and HH:mm", () => {
  it("converts both ways", () => {
    expect(minutesToTime(570)).toBe("09:30");
    expect(minutesToTime(0)).toBe("00:00");
    expect(minutesToTime(23 * 60 + 59)).toBe("23:59");
    expect(timeToMinutes("09:30")).toBe(570);
    expect(timeToMinutes("00:00")).toBe(0);
    expect(timeToMinutes("23:59")).toBe(1439);
  });

  it("gives NaN for anything that is not HH:mm", () => {
    for (const bad of ["9:30", "24:00", "12:60", "12h30", "", "09:30:00", " 09:30"]) {
      expect(timeToMinutes(bad), bad).toBeNaN();
    }
  });

  it("offers the spec's choices: every 30 min from 06:00 to 23:30", () => {
    expect(TIME_CHOICES[0]).toBe("06:00");
    expect(TIME_CHOICES[1]).toBe("06:30");
    expect(TIME_CHOICES.at(-1)).toBe("23:30");
    expect(TIME_CHOICES).toHaveLength(36);
  });
});

describe("dates", () => {
  it("adds days across months, years and leap days", () => {
    expect(addDays("2025-01-31", 1)).toBe("2025-02-01");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2025-03-01", -1)).toBe("2025-02-28");
    expect(addDays("2025-03-10", 0)).toBe("2025-03-10");
  });

  it("ends the booking window 6 months ahead, clamped to the month's end", () => {
    expect(maxBookingDate("2025-03-10")).toBe("2025-09-10");
    expect(maxBookingDate("2025-08-31")).toBe("2026-02-28");
    expect(maxBookingDate("2023-08-31")).toBe("2024-02-29");
    expect(maxBookingDate("2025-10-15")).toBe("2026-04-15");
  });

  it("counts days between dates, and the days of a range with both ends", () => {
    expect(daysBetween("2025-03-01", "2025-03-10")).toBe(9);
    expect(daysBetween("2024-12-31", "2025-01-01")).toBe(1);
    expect(daysBetween("2025-03-10", "2025-03-01")).toBe(-9);
    expect(daysInRange({ from: "2025-03-01", to: "2025-03-10" })).toBe(10);
    expect(daysInRange({ from: "2025-03-10", to: "2025-03-10" })).toBe(1);
    expect(daysInRange({ from: "2024-02-01", to: "2024-03-01" })).toBe(30); // leap year
    expect(daysInRange({ from: "2025-03-10", to: "2025-03-01" })).toBe(0);
  });

  it("writes, measures and shifts calendar months", () => {
    expect(ymd(2025, 3, 7)).toBe("2025-03-07");
    expect(ymd(987, 12, 31)).toBe("0987-12-31");
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2025, 2)).toBe(28);
    expect(daysInMonth(2025, 12)).toBe(31);
    expect(shiftMonth(2025, 1, -1)).toEqual({ year: 2024, month: 12 });
    expect(shiftMonth(2025, 11, 3)).toEqual({ year: 2026, month: 2 });
    expect(shiftMonth(2025, 6, 0)).toEqual({ year: 2025, month: 6 });
  });

  it("knows the weekday, 0 = Sunday", () => {
    expect(dayOfWeek("2025-03-09")).toBe(0);
    expect(dayOfWeek("2025-03-10")).toBe(1);
    expect(dayOfWeek("2025-03-15")).toBe(6);
  });

  it("accepts only real yyyy-MM-dd dates", () => {
    expect(isIsoDate("2025-03-10")).toBe(true);
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2025-02-29")).toBe(false);
    expect(isIsoDate("2025-13-01")).toBe(false);
    expect(isIsoDate("10/03/2025")).toBe(false);
    expect(isIsoDate("0001-01-01")).toBe(false);
    expect(isIsoDate("1899-12-31")).toBe(true);
    expect(isIsoDate(undefined)).toBe(false);
  });

  it("formats dd/MM", () => {
    expect(formatDate("2025-03-07")).toBe("07/03");
    expect(formatDate("2025-03-07", true)).toBe("07/03/2025");
  });
});

describe("nowInZone", () => {
  const instant = new Date("2025-03-10T13:07:00Z"); // a Monday

  it("is the professional's wall clock, not the server's", () => {
    expect(nowInZone("America/Sao_Paulo", instant)).toEqual({ date: "2025-03-10", minute: 10 * 60 + 7, dayOfWeek: 1 });
    expect(nowInZone("America/Manaus", instant)).toEqual({ date: "2025-03-10", minute: 9 * 60 + 7, dayOfWeek: 1 });
    expect(nowInZone("America/Recife", instant).minute).toBe(10 * 60 + 7);
  });

  it("changes the date at local midnight: 00:30 in Sao Paulo is still yesterday in Manaus", () => {
    const lateNight = new Date("2025-03-11T03:30:00Z");
    expect(nowInZone("America/Sao_Paulo", lateNight)).toEqual({ date: "2025-03-11", minute: 30, dayOfWeek: 2 });
    expect(nowInZone("America/Manaus", lateNight)).toEqual({ date: "2025-03-10", minute: 23 * 60 + 30, dayOfWeek: 1 });
  });

  it("falls back to Sao Paulo for an unknown zone instead of throwing", () => {
    expect(nowInZone("Mars/Olympus", instant)).toEqual(nowInZone("America/Sao_Paulo", instant));
  });

  it("knows when local midnight begins, falling back to Sao Paulo for an unknown zone", () => {
    expect(localMidnightMs("2025-03-10", "America/Sao_Paulo")).toBe(Date.parse("2025-03-10T03:00:00Z"));
    expect(localMidnightMs("2025-03-10", "America/Manaus")).toBe(Date.parse("2025-03-10T04:00:00Z"));
    expect(localMidnightMs("2025-03-10", "Mars/Olympus")).toBe(Date.parse("2025-03-10T03:00:00Z"));
  });

  it("lists the five allowed zones", () => {
    expect([...ALLOWED_TIME_ZONES].sort()).toEqual([
      "America/Belem",
      "America/Fortaleza",
      "America/Manaus",
      "America/Recife",
      "America/Sao_Paulo",
    ]);
  });
});

describe("names of days and months", () => {
  it("writes weekdays whole or short, Monday first as the screens show a week", () => {
    expect(WEEK_MONDAY_FIRST.map((d) => weekdayName(d))).toEqual([
      "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado", "domingo",
    ]);
    expect(WEEK_MONDAY_FIRST.map((d) => weekdayName(d, "short"))).toEqual(["seg", "ter", "qua", "qui", "sex", "sáb", "dom"]);
    expect(capitalize(weekdayName(dayOfWeek("2026-12-25")))).toBe("Sexta-feira");
    expect(weekdayName(7)).toBe("");
  });

  it("writes months whole or short, and with their year", () => {
    expect(Array.from({ length: 12 }, (_, i) => monthName(i + 1, "short"))).toEqual([
      "jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez",
    ]);
    expect(monthName(3)).toBe("março");
    expect(monthName(0)).toBe("");
    expect(monthAndYear("2025-03-07")).toBe("março de 2025");
    expect(monthAndYear("2024-12")).toBe("dezembro de 2024");
  });
});

describe("localToUtc", () => {
  it("converts a local date and minute to an instant", () => {
    expect(localToUtc("2026-12-01", 9 * 60 + 30, "America/Recife").toISOString()).toBe("2026-12-01T12:30:00.000Z");
  });

  it("refuses a date that does not exist or a minute outside the day", () => {
    expect(() => localToUtc("2026-02-30", 600, "America/Sao_Paulo")).toThrow(RangeError);
    expect(() => localToUtc("2026-12-01", 24 * 60, "America/Sao_Paulo")).toThrow(RangeError);
  });

  it("knows a zone's offset at an instant", () => {
    expect(zoneOffsetMinutes("America/Sao_Paulo", new Date("2026-12-01T12:00:00Z"))).toBe(-180);
    expect(zoneOffsetMinutes("America/Manaus", new Date("2026-12-01T12:00:00Z"))).toBe(-240);
  });

  it("formats an instant as the day it falls on in the professional's zone", () => {
    // 02:30 UTC on the 8th is still the 7th in Brasília and in Manaus.
    const at = new Date("2025-03-08T02:30:00Z");
    expect(localDate(at, "America/Sao_Paulo")).toBe("2025-03-07");
    expect(formatInstant(at, "America/Sao_Paulo")).toBe("07/03/2025");
    expect(formatInstant(at, "America/Manaus", false)).toBe("07/03");
    expect(formatInstant(new Date("2025-03-08T04:30:00Z"), "America/Manaus")).toBe("08/03/2025");
    // The same text as Intl's pt-BR day that three screens wrote by hand before.
    const intl = new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "America/Recife" });
    for (let ms = Date.UTC(2025, 0, 1); ms < Date.UTC(2026, 0, 1); ms += 7 * 3600_000) {
      if (formatInstant(new Date(ms), "America/Recife") !== intl.format(ms)) throw new Error(`differs at ${new Date(ms).toISOString()}`);
    }
  });
});
