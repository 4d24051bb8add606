import { describe, expect, it } from "vitest";
import { placementLabel, placementOf, type PlacementInput } from "./placement";
import { nowInZone, timeToMinutes } from "../dates";
import type { DayException, DayHours } from "../availability/slots";

const workday: DayHours = { isActive: true, startTime: "09:00", endTime: "18:00", breakStartTime: "12:00", breakEndTime: "13:00" };
const TUESDAY = "2025-03-11";
const EARLY = { date: "2025-03-10", minute: 8 * 60 };

function at(time: string, over: Partial<PlacementInput> = {}) {
  return placementOf({
    date: TUESDAY,
    startMinute: timeToMinutes(time),
    durationMinutes: 45,
    hours: workday,
    exceptions: [],
    busy: [],
    now: EARLY,
    ...over,
  });
}

const exception = (over: Partial<DayException>): DayException => ({
  kind: "blocked",
  startMinute: null,
  endMinute: null,
  reason: "",
  showReason: false,
  ...over,
});

describe("placementOf", () => {
  it("free inside working hours, off the slot grid too", () => {
    expect(at("09:00")).toEqual({ state: "free" });
    expect(at("10:10")).toEqual({ state: "free" });
    expect(at("17:15")).toEqual({ state: "free" }); // ends at 18:00 sharp
  });

  it("outside: before opening, after closing, over the break, on a day off", () => {
    expect(at("08:30")).toEqual({ state: "outside" });
    expect(at("20:00")).toEqual({ state: "outside" });
    expect(at("17:30")).toEqual({ state: "outside" }); // would end at 18:15
    expect(at("11:30")).toEqual({ state: "outside" }); // runs into the break
    expect(at("10:00", { hours: { ...workday, isActive: false } })).toEqual({ state: "outside" });
    expect(at("10:00", { hours: null })).toEqual({ state: "outside" });
  });

  it("taken when its time and buffer meet another appointment's (theirs counted too)", () => {
    const busy = [{ startMinute: timeToMinutes("14:00"), durationMinutes: 30, bufferMinutes: 15 }];
    expect(at("13:15", { busy })).toEqual({ state: "free" }); // 13:15-14:00, no buffer: touches only
    expect(placementOf({ ...baseOf("13:15"), busy, bufferMinutes: 10 })).toEqual({ state: "taken" }); // its buffer meets 14:00
    expect(at("14:30", { busy })).toEqual({ state: "taken" }); // their buffer runs to 14:45
    expect(at("14:45", { busy })).toEqual({ state: "free" });
    // A walk-in at 20:00 over another walk-in at 20:00 is taken, not just outside.
    expect(at("20:00", { busy: [{ startMinute: 20 * 60, durationMinutes: 30 }] })).toEqual({ state: "taken" });
  });

  it("blocked by a closed day or a block over its service time, with the professional's reason", () => {
    const closed = exception({ kind: "closed", reason: "Feriado" });
    expect(at("10:00", { exceptions: [closed] })).toEqual({ state: "blocked", closed: true, reason: "Feriado" });
    const block = exception({ startMinute: 15 * 60, endMinute: 16 * 60, reason: "Dentista" });
    expect(at("14:30", { exceptions: [block] })).toEqual({ state: "blocked", closed: false, reason: "Dentista" });
    expect(at("14:15", { exceptions: [block] })).toEqual({ state: "free" }); // ends 15:00 as the block starts
    expect(placementLabel(at("10:00", { exceptions: [closed] }))).toBe("fechado (Feriado)");
    expect(placementLabel(at("14:30", { exceptions: [exception({ startMinute: 900, endMinute: 960 })] }))).toBe("bloqueado");
  });

  it("extra hours on a date are its working time", () => {
    const open = exception({ kind: "open", startMinute: 18 * 60, endMinute: 22 * 60 });
    expect(at("20:00", { exceptions: [open] })).toEqual({ state: "free" });
    expect(at("10:00", { exceptions: [open] })).toEqual({ state: "outside" });
  });

  it("past before now in the professional's zone", () => {
    // 13:30 UTC is 10:30 in São Paulo and 09:30 in Manaus.
    const instant = new Date("2025-03-11T13:30:00Z");
    expect(at("10:00", { now: nowInZone("America/Sao_Paulo", instant) })).toEqual({ state: "past" });
    expect(at("10:00", { now: nowInZone("America/Manaus", instant) })).toEqual({ state: "free" });
    expect(at("10:00", { date: "2025-03-10", now: { date: "2025-03-11", minute: 0 } })).toEqual({ state: "past" });
  });
});

function baseOf(time: string): PlacementInput {
  return { date: TUESDAY, startMinute: timeToMinutes(time), durationMinutes: 45, hours: workday, exceptions: [], busy: [], now: EARLY };
}
