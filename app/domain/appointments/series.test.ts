import { describe, expect, it } from "vitest";
import { lastSeriesDate, seriesDates, seriesFingerprint } from "./series";
import { dayOfWeek, nowInZone } from "../dates";

describe("seriesDates", () => {
  it("repeats every 1 to 4 weeks, N times", () => {
    expect(seriesDates("2025-03-11", 1, { count: 3 })).toEqual(["2025-03-11", "2025-03-18", "2025-03-25"]);
    expect(seriesDates("2025-03-11", 2, { count: 6 })).toEqual([
      "2025-03-11",
      "2025-03-25",
      "2025-04-08",
      "2025-04-22",
      "2025-05-06",
      "2025-05-20",
    ]);
    expect(seriesDates("2025-03-11", 3, { count: 2 })).toEqual(["2025-03-11", "2025-04-01"]);
    expect(seriesDates("2025-03-11", 4, { count: 2 })).toEqual(["2025-03-11", "2025-04-08"]);
  });

  it("keeps the weekday across month and year ends and 29 February", () => {
    const dates = seriesDates("2027-12-14", 1, { count: 4 });
    expect(dates).toEqual(["2027-12-14", "2027-12-21", "2027-12-28", "2028-01-04"]);
    expect(seriesDates("2028-02-15", 2, { count: 3 })).toEqual(["2028-02-15", "2028-02-29", "2028-03-14"]);
    expect(seriesDates("2025-01-31", 4, { count: 3 })).toEqual(["2025-01-31", "2025-02-28", "2025-03-28"]);
    for (const date of seriesDates("2025-10-28", 1, { count: 52 })) expect(dayOfWeek(date)).toBe(2);
  });

  it("runs until a date, that date included", () => {
    expect(seriesDates("2025-03-11", 2, { until: "2025-04-08" })).toEqual(["2025-03-11", "2025-03-25", "2025-04-08"]);
    expect(seriesDates("2025-03-11", 2, { until: "2025-04-07" })).toEqual(["2025-03-11", "2025-03-25"]);
    expect(seriesDates("2025-03-11", 1, { until: "2025-03-11" })).toEqual(["2025-03-11"]);
  });

  it("never goes past 12 months after the first date, nor past 52 times", () => {
    expect(lastSeriesDate("2025-03-11")).toBe("2026-03-11");
    expect(lastSeriesDate("2024-02-29")).toBe("2025-02-28");
    const weekly = seriesDates("2025-03-11", 1, { until: "2027-01-01" });
    expect(weekly.at(-1)).toBe("2026-03-10");
    expect(weekly).toHaveLength(53);
    expect(seriesDates("2025-03-11", 1, { count: 100 })).toHaveLength(52);
    expect(seriesDates("2025-03-11", 4, { until: "2026-03-11" }).at(-1)).toBe("2026-03-10");
  });

  it("makes nothing of a date that is not real", () => {
    expect(seriesDates("2025-02-30", 1, { count: 3 })).toEqual([]);
    expect(seriesDates("amanhã", 1, { count: 3 })).toEqual([]);
  });

  it("local dates do not drift with a zone's offset: 2018's daylight saving change in São Paulo", () => {
    // Brazil's last daylight saving time began on 04/11/2018: the dates and the local time stay.
    const dates = seriesDates("2018-10-30", 1, { count: 3 });
    expect(dates).toEqual(["2018-10-30", "2018-11-06", "2018-11-13"]);
    // The same instant is a different local date in São Paulo and in Manaus: "today" (the first
    // date allowed) is always taken in the professional's zone.
    const instant = new Date("2025-12-31T03:30:00Z");
    expect(nowInZone("America/Sao_Paulo", instant).date).toBe("2025-12-31");
    expect(nowInZone("America/Manaus", instant).date).toBe("2025-12-30");
    expect(seriesDates(nowInZone("America/Manaus", instant).date, 1, { count: 2 })).toEqual(["2025-12-30", "2026-01-06"]);
  });
});

describe("seriesFingerprint", () => {
  it("changes with anything that moves the dates or the time", () => {
    const base = { serviceId: "s1", date: "2025-03-11", time: "10:00", everyWeeks: 2 as const, end: { count: 6 } };
    const same = seriesFingerprint(base);
    expect(seriesFingerprint({ ...base })).toBe(same);
    expect(seriesFingerprint({ ...base, time: "10:30" })).not.toBe(same);
    expect(seriesFingerprint({ ...base, everyWeeks: 1 })).not.toBe(same);
    expect(seriesFingerprint({ ...base, end: { count: 5 } })).not.toBe(same);
    expect(seriesFingerprint({ ...base, end: { until: "2025-05-20" } })).not.toBe(same);
    expect(seriesFingerprint({ ...base, serviceId: "s2" })).not.toBe(same);
  });
});
