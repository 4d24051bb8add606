import { describe, expect, it } from "vitest";
import { inPeriod, timesInPeriod, waitlistPeriods } from "./periods";

describe("waiting-list periods", () => {
  it("splits the day at 12:00 and 18:00", () => {
    expect(["11:30", "12:00", "17:30", "18:00"].map((t) => [inPeriod(t, "manha"), inPeriod(t, "tarde"), inPeriod(t, "noite")])).toEqual([
      [true, false, false],
      [false, true, false],
      [false, true, false],
      [false, false, true],
    ]);
    expect(timesInPeriod(["09:00", "14:00", "19:00"], "qualquer")).toHaveLength(3);
  });

  it("offers the periods in which a time that is not free now could open, and 'Qualquer horário' with them", () => {
    const openable = ["09:00", "09:30", "13:00", "17:30"];
    expect(waitlistPeriods(openable, [])).toEqual(["manha", "tarde", "qualquer"]);
    // The morning is free: nothing to wait for there.
    expect(waitlistPeriods(openable, ["09:00", "09:30"])).toEqual(["tarde", "qualquer"]);
    expect(waitlistPeriods(["18:00", "19:30"], [])).toEqual(["noite", "qualquer"]);
    expect(waitlistPeriods([], [])).toEqual([]);
    expect(waitlistPeriods(openable, openable)).toEqual([]);
  });
});
