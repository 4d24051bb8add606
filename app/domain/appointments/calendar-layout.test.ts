import { describe, expect, it } from "vitest";
import type { DayHours } from "../availability/slots";
import { axisOf, dayLanes, dayTimes, ownLabel, type TimeOffLabel } from "./calendar-layout";

const workday: DayHours = { isActive: true, startTime: "09:00", endTime: "18:00", breakStartTime: "12:00", breakEndTime: "13:00" };
const DAY = "2026-12-01";
const at = (startMinute: number, durationMinutes = 60) => ({ startMinute, durationMinutes, bufferMinutes: 0 });

describe("dayLanes", () => {
  it("puts overlapping appointments and requests side by side and the cancelled ones apart", () => {
    const lanes = dayLanes(
      [
        { id: "a", status: "scheduled" as const, ...at(540) },
        { id: "b", status: "cancelled" as const, ...at(540) },
        { id: "c", status: "confirmed" as const, ...at(660) },
      ],
      [{ id: "r", customerName: "Ana", ...at(570) }],
    );
    expect(lanes.appointments.map((a) => [a.id, a.lane, a.lanes])).toEqual([["a", 0, 2], ["c", 0, 1]]);
    expect(lanes.requests.map((r) => [r.id, r.lane, r.lanes])).toEqual([["r", 1, 2]]);
    expect(lanes.cancelled.map((a) => [a.id, a.lane, a.lanes])).toEqual([["b", 0, 1]]);
  });
});

describe("dayTimes", () => {
  const block = { kind: "blocked" as const, startDate: DAY, endDate: DAY, startMinute: 900, endMinute: 960, reason: "Dentista", showReason: false };

  it("names the break and the professional's own blocks; a day without hours is 'Fechado'", () => {
    const times = dayTimes(workday, [block], DAY, ownLabel);
    expect(times.closed).toBeNull();
    expect(times.blocks.map((b) => b.label)).toEqual(["Intervalo", "Dentista"]);
    expect(dayTimes(null, [], DAY, ownLabel).closed).toEqual({ label: "Fechado" });
  });

  it("lets 'Equipe' hide a member's reason, and a closed day says what it is called", () => {
    const hidden: TimeOffLabel = () => "Indisponível";
    expect(dayTimes(workday, [block], DAY, hidden).blocks[1]?.label).toBe("Indisponível");
    const closed = { ...block, kind: "closed" as const, startMinute: null, endMinute: null, reason: "Feriado" };
    expect(dayTimes(workday, [closed], DAY, ownLabel).closed).toEqual({ label: "Feriado" });
    expect(dayTimes(workday, [{ ...closed, startDate: "2026-12-02", endDate: "2026-12-02" }], DAY, ownLabel).closed).toBeNull();
  });
});

describe("axisOf", () => {
  it("draws the working hours in whole hours, widened to anything booked outside them", () => {
    expect(axisOf([{ windows: [{ start: 540, end: 1080 }], items: [at(1110, 45)] }], [])).toEqual({ start: 540, end: 1200 });
    expect(axisOf([{ windows: [], items: [] }], [])).toEqual({ start: 480, end: 1080 });
  });
});
