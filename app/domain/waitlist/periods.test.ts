import { describe, expect, it } from "vitest";
import { inPeriod, timesInPeriod } from "./periods";

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
});
