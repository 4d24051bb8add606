import { describe, expect, it } from "vitest";
import { computeSlots, dayPlan, lastBookableDate, type DayHours } from "./slots";
import { minutesToTime, timeToMinutes } from "../dates";

const SP = "America/Sao_Paulo";
// Monday 2025-03-10 at 08:00 in Sao Paulo (UTC-3): the whole working day is still ahead.
const EARLY_MONDAY = new Date("2025-03-10T11:00:00Z");
const MONDAY = "2025-03-10";

const workday: DayHours = {
  isActive: true,
  startTime: "09:00",
  endTime: "18:00",
  breakStartTime: "12:00",
  breakEndTime: "13:00",
};

function slots(overrides: Partial<Parameters<typeof computeSlots>[0]> = {}) {
  return computeSlots({
    date: MONDAY,
    durationMinutes: 30,
    stepMinutes: 30,
    hours: workday,
    busy: [],
    now: EARLY_MONDAY,
    timeZone: SP,
    ...overrides,
  }).map(minutesToTime);
}

const at = (t: string, durationMinutes: number) => ({ startMinute: timeToMinutes(t), durationMinutes });

describe("computeSlots", () => {
  it("offers the working day on a 30-minute grid, minus the break", () => {
    expect(slots()).toEqual([
      "09:00", "09:30", "10:00", "10:30", "11:00", "11:30",
      "13:00", "13:30", "14:00", "14:30", "15:00", "15:30", "16:00", "16:30", "17:00", "17:30",
    ]);
  });

  it("offers nothing on a day off, inactive or without a row", () => {
    expect(slots({ hours: { ...workday, isActive: false } })).toEqual([]);
    expect(slots({ hours: null })).toEqual([]);
  });

  it("lets a service end exactly when the break starts and start exactly when it ends", () => {
    const s = slots();
    expect(s).toContain("11:30"); // 11:30-12:00
    expect(s).toContain("13:00"); // 13:00-13:30
    expect(s).not.toContain("12:00");
    expect(s).not.toContain("12:30");
  });

  it("never lets a service straddle the break", () => {
    const s = slots({ durationMinutes: 60 });
    expect(s).toContain("11:00"); // 11:00-12:00
    expect(s).not.toContain("11:30"); // would run to 12:30
    expect(s).toContain("13:00");
    expect(s.at(-1)).toBe("17:00");
  });

  it("skips a gap shorter than the service", () => {
    // Free 10:00-11:00 between two bookings: a 90-minute service does not fit there.
    const busy = [at("09:00", 60), at("11:00", 60)];
    const s = slots({ durationMinutes: 90, busy });
    expect(s.filter((t) => t < "12:00")).toEqual([]);
    expect(s[0]).toBe("13:00");
    // A 60-minute one fits exactly.
    expect(slots({ durationMinutes: 60, busy }).filter((t) => t < "12:00")).toEqual(["10:00"]);
  });

  it("lets bookings sit back to back without overlapping", () => {
    const busy = [at("10:00", 30)];
    const s = slots({ busy });
    expect(s).toContain("09:30"); // ends at 10:00
    expect(s).not.toContain("10:00");
    expect(s).toContain("10:30"); // starts when the other ends
    const long = slots({ durationMinutes: 45, busy });
    expect(long).toContain("09:00"); // 09:00-09:45
    expect(long).not.toContain("09:30"); // 09:30-10:15 overlaps
  });

  it("blocks a start inside a busy interval that is off the grid", () => {
    const s = slots({ busy: [at("14:10", 40)] });
    expect(s).toContain("13:30"); // ends 14:00
    expect(s).not.toContain("14:00"); // 14:00-14:30 overlaps 14:10
    expect(s).not.toContain("14:30"); // 14:30-15:00 overlaps 14:10-14:50
    expect(s).toContain("15:00");
  });

  it("lets the last slot end by closing time: 45 min, closing 18:00, step 30 -> 17:00 not 17:30", () => {
    const s = slots({ durationMinutes: 45 });
    expect(s.at(-1)).toBe("17:00");
    expect(s).not.toContain("17:30");
  });

  it("offers nothing today after closing", () => {
    const evening = new Date("2025-03-10T21:30:00Z"); // 18:30 in Sao Paulo
    expect(slots({ now: evening })).toEqual([]);
    // ...but tomorrow is open.
    expect(slots({ now: evening, date: "2025-03-11" })).toHaveLength(16);
  });

  it("offers only future starts today: at 10:07 the first is 10:30", () => {
    const now = new Date("2025-03-10T13:07:00Z");
    const s = slots({ now });
    expect(s[0]).toBe("10:30");
    expect(s).not.toContain("10:00");
  });

  it("treats a start at the current minute as past", () => {
    const now = new Date("2025-03-10T13:00:00Z"); // 10:00 sharp
    expect(slots({ now })[0]).toBe("10:30");
  });

  it("offers nothing on a past date", () => {
    expect(slots({ date: "2025-03-09", hours: workday })).toEqual([]);
  });

  it("stops at the 6-month edge: the last allowed date has slots, the next has none", () => {
    expect(slots({ date: "2025-09-10" })).toHaveLength(16);
    expect(slots({ date: "2025-09-11" })).toEqual([]);
  });

  it("reads 'now' in the professional's zone: the same instant is 1 hour earlier in Manaus", () => {
    const now = new Date("2025-03-10T13:07:00Z"); // 10:07 in Sao Paulo, 09:07 in Manaus
    expect(slots({ now, timeZone: SP })[0]).toBe("10:30");
    expect(slots({ now, timeZone: "America/Manaus" })[0]).toBe("09:30");
  });

  it("counts the notice in real minutes on a day daylight saving moves the clock (São Paulo, 04/11/2018)", () => {
    // Brazil's last daylight saving began at 00:00 on 04/11/2018 (clocks jumped to 01:00, UTC-3 to
    // UTC-2). Ten hours after 23:30 of the 3rd is 10:30 on the 4th, not 09:30.
    const now = new Date("2018-11-04T02:30:00Z");
    expect(slots({ now, date: "2018-11-04", noticeMinutes: 600, maxDate: "2019-01-01" })[0]).toBe("10:30");
    // And in April 2018, when it ended (00:00 happened twice), ten hours after 23:30 is 08:30.
    const autumn = new Date("2018-02-18T01:30:00Z"); // 23:30 of the 17th, still UTC-2
    expect(slots({ now: autumn, date: "2018-02-18", noticeMinutes: 600, maxDate: "2018-06-01", hours: { ...workday, startTime: "08:00" } })[0]).toBe("08:30");
  });

  it("uses the Manaus date near midnight", () => {
    // 00:30 of Tuesday in Sao Paulo is 23:30 of Monday in Manaus.
    const now = new Date("2025-03-11T03:30:00Z");
    expect(slots({ now, date: "2025-03-10", timeZone: SP })).toEqual([]);
    expect(slots({ now, date: "2025-03-10", timeZone: "America/Manaus" })).toEqual([]);
    expect(slots({ now, date: "2025-03-11", timeZone: SP })[0]).toBe("09:00");
    // In Manaus Tuesday is tomorrow; the 6-month edge follows the local date too.
    expect(slots({ now, date: "2025-09-11", timeZone: SP })).toHaveLength(16);
    expect(slots({ now, date: "2025-09-11", timeZone: "America/Manaus" })).toEqual([]);
  });

  it("follows a 15-minute step", () => {
    const s = slots({ stepMinutes: 15, durationMinutes: 45 });
    expect(s.slice(0, 4)).toEqual(["09:00", "09:15", "09:30", "09:45"]);
    expect(s).toContain("11:15"); // ends 12:00
    expect(s).not.toContain("11:30");
    expect(s.at(-1)).toBe("17:15");
  });

  it("follows a 60-minute step from the day's start time", () => {
    const s = slots({ stepMinutes: 60, durationMinutes: 60, hours: { ...workday, startTime: "09:30", breakStartTime: null, breakEndTime: null } });
    expect(s).toEqual(["09:30", "10:30", "11:30", "12:30", "13:30", "14:30", "15:30", "16:30"]);
  });

  it("works without a break and rejects nonsense hours and durations", () => {
    expect(slots({ hours: { ...workday, breakStartTime: null, breakEndTime: null } })).toHaveLength(18);
    expect(slots({ hours: { ...workday, startTime: "18:00", endTime: "09:00" } })).toEqual([]);
    expect(slots({ hours: { ...workday, startTime: "9h" } })).toEqual([]);
    expect(slots({ durationMinutes: 0 })).toEqual([]);
    expect(slots({ durationMinutes: 600 })).toEqual([]);
    expect(slots({ date: "2025-02-30" })).toEqual([]);
  });
});

describe("days off, blocks and extra hours ('Folgas e bloqueios')", () => {
  const closed = (reason = "", showReason = false) => ({ kind: "closed" as const, startMinute: null, endMinute: null, reason, showReason });
  const range = (kind: "blocked" | "open", from: string, to: string) => ({
    kind,
    startMinute: timeToMinutes(from),
    endMinute: timeToMinutes(to),
    reason: "",
    showReason: false,
  });

  it("a closed day offers nothing, and says why only when the reason is public", () => {
    expect(slots({ exceptions: [closed()] })).toEqual([]);
    expect(dayPlan(workday, [closed("Feriado", true)]).closed).toEqual({ reason: "Feriado" });
    expect(dayPlan(workday, [closed("Médico", false)]).closed).toEqual({ reason: null });
  });

  it("a blocked range is never offered, and a service may not run into it", () => {
    const s = slots({ exceptions: [range("blocked", "14:00", "16:00")], durationMinutes: 60 });
    expect(s).toContain("13:00"); // 13:00-14:00 ends as the block starts
    expect(s).not.toContain("13:30");
    expect(s).not.toContain("14:00");
    expect(s).not.toContain("15:30");
    expect(s).toContain("16:00");
  });

  it("extra hours open a date the professional does not normally work", () => {
    const sunday = { ...workday, isActive: false };
    expect(slots({ hours: sunday })).toEqual([]);
    expect(slots({ hours: sunday, exceptions: [range("open", "09:00", "11:00")] })).toEqual(["09:00", "09:30", "10:00", "10:30"]);
  });

  it("extra hours replace the week's hours on that date", () => {
    expect(slots({ exceptions: [range("open", "18:00", "20:00")] })).toEqual(["18:00", "18:30", "19:00", "19:30"]);
  });
});

describe("'Intervalo após' (buffers)", () => {
  it("an appointment's buffer pushes the next free time", () => {
    const busy = [{ ...at("09:00", 30), bufferMinutes: 10 }];
    const s = slots({ busy, stepMinutes: 10 });
    expect(s).not.toContain("09:30"); // 09:00-09:30 + 10 min cleaning
    expect(s).toContain("09:40");
  });

  it("the new service's own buffer must not run into the next appointment", () => {
    const busy = [at("10:00", 30)];
    const s = slots({ busy, bufferMinutes: 15 });
    expect(s).not.toContain("09:30"); // 09:30-10:00 + 15 min would reach 10:15
    expect(s).toContain("09:00");
  });

  it("a buffer may run past closing or into the break", () => {
    const s = slots({ bufferMinutes: 30 });
    expect(s).toContain("17:30");
    expect(s).toContain("11:30");
  });
});

describe("notice and how far ahead", () => {
  it("no start sooner than the minimum notice, across midnight too", () => {
    // 08:00 now: with 2 hours' notice the first start is 10:00.
    expect(slots({ noticeMinutes: 120 })[0]).toBe("10:00");
    // 23:30 on Sunday: 60 minutes' notice keeps Monday 00:00-00:29 shut.
    const lateSunday = new Date("2025-03-10T02:30:00Z");
    const night = { ...workday, startTime: "00:00", endTime: "02:00", breakStartTime: null, breakEndTime: null };
    expect(slots({ now: lateSunday, hours: night, noticeMinutes: 60 })[0]).toBe("00:30");
  });

  it("nothing after the last bookable date", () => {
    expect(slots({ maxDate: "2025-03-09" })).toEqual([]);
    expect(lastBookableDate("2025-03-10", "1s")).toBe("2025-03-17");
    expect(lastBookableDate("2025-03-10", "2s")).toBe("2025-03-24");
    expect(lastBookableDate("2025-08-31", "6m")).toBe("2026-02-28");
    expect(lastBookableDate("2025-01-31", "1m")).toBe("2025-02-28");
  });
});
