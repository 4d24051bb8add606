import { describe, expect, it } from "vitest";
import { reminderDue } from "./reminder-due";

/** 2026-12-02 14:00 in São Paulo (UTC-3), and instants before it. */
const start = new Date("2026-12-02T17:00:00Z");
const before = (hours: number, minutes = 0) => new Date(start.getTime() - hours * 3_600_000 - minutes * 60_000);
const due = (bookedAt: Date, now: Date, hoursBefore = 24) => reminderDue({ start, bookedAt, hoursBefore }, now);

describe("reminderDue", () => {
  it("booked before the lead time: due from the chosen hours before, until the time itself", () => {
    const bookedAt = before(72);
    expect(due(bookedAt, before(24, 1))).toBe(false);
    expect(due(bookedAt, before(24))).toBe(true);
    expect(due(bookedAt, before(1))).toBe(true);
    expect(due(bookedAt, start)).toBe(false);
  });

  it("booked inside the lead time (20:10 for 10:00 the next day): due at once, at the job's next run", () => {
    const bookedAt = before(13, 50);
    expect(due(bookedAt, bookedAt)).toBe(true);
    expect(due(bookedAt, new Date(bookedAt.getTime() + 5 * 60_000))).toBe(true);
    expect(due(bookedAt, before(1))).toBe(true);
    expect(due(bookedAt, start)).toBe(false);
  });

  it("booked inside the lead time but starting within the next two hours: never (the customer has just booked)", () => {
    expect(due(before(2), before(1, 55))).toBe(false);
    expect(due(before(1, 30), before(1))).toBe(false);
    expect(due(before(2, 1), before(2))).toBe(true);
  });

  it("a short lead time of two hours keeps its own moment: booked before it, reminded at it", () => {
    expect(due(before(5), before(2, 1), 2)).toBe(false);
    expect(due(before(5), before(2), 2)).toBe(true);
    expect(due(before(1, 59), before(1, 50), 2)).toBe(false);
  });

  it("an appointment made for a time already past, or not yet made, is never reminded", () => {
    expect(due(new Date(start.getTime() + 60_000), new Date(start.getTime() + 120_000))).toBe(false);
    expect(due(before(10), before(11))).toBe(false);
  });
});
