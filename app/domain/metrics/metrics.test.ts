import { describe, expect, it } from "vitest";
import {
  atRiskCutoff,
  availableMinutes,
  averageDuration,
  averageTicket,
  barPercent,
  chartMonths,
  dailyAverage,
  daysElapsed,
  isAtRisk,
  isRecurring,
  mondayFirst,
  occupancy,
  percentLabel,
  previousRange,
  recentMonths,
  recurringShare,
  REPORT_PERIOD_RULES,
  reportRange,
  variation,
  workingMinutes,
  type WorkingHourRow,
} from "./metrics";
import { PERIOD_ERRORS, resolvePeriod } from "../periods";

/** Mon-Sat 09:00-18:00 with a 12:00-13:00 break (480 min a day), Sunday closed. */
const WEEK: WorkingHourRow[] = Array.from({ length: 7 }, (_, day) => ({
  dayOfWeek: day,
  isActive: day !== 0,
  startTime: "09:00",
  endTime: "18:00",
  breakStartTime: "12:00",
  breakEndTime: "13:00",
}));

describe("variation", () => {
  it("compares with the previous period, rounded, with its sign", () => {
    expect(variation(150, 100)).toEqual({ pct: 50, label: "+50% vs período anterior", trend: "up" });
    expect(variation(90, 120)).toEqual({ pct: -25, label: "-25% vs período anterior", trend: "down" });
    expect(variation(100, 100).label).toBe("0% vs período anterior");
  });

  it("says there is no data instead of inventing +100%", () => {
    expect(variation(5000, 0)).toEqual({ pct: null, label: "Sem dados do período anterior", trend: "none" });
    expect(variation(0, 0).label).toBe("0% vs período anterior");
  });
});

describe("days", () => {
  it("counts the days lived so far, today included", () => {
    const march = { from: "2025-03-01", to: "2025-03-31" };
    expect(daysElapsed(march, "2025-03-01")).toBe(1); // the first day of the month
    expect(daysElapsed(march, "2025-03-10")).toBe(10);
    expect(daysElapsed(march, "2025-04-15")).toBe(31); // a past range counts whole
    expect(daysElapsed(march, "2025-02-20")).toBe(0); // a future range has none yet
  });
});

describe("money and count figures", () => {
  it("average ticket is revenue / completed, rounded to the centavo", () => {
    expect(averageTicket(13500, 3)).toBe(4500);
    expect(averageTicket(10000, 3)).toBe(3333);
    expect(averageTicket(10_000, 4)).toBe(2_500);
    expect(averageTicket(0, 0)).toBeNull();
  });

  it("daily average divides by the days elapsed in the period so far", () => {
    const march = { from: "2025-03-01", to: "2025-03-31" };
    expect(dailyAverage(30000, march, "2025-03-10")).toBe(3000);
    expect(dailyAverage(4500, march, "2025-03-01")).toBe(4500); // first day of the month
    expect(dailyAverage(0, march, "2025-03-01")).toBe(0);
    expect(dailyAverage(31000, march, "2025-05-01")).toBe(1000); // whole past month
    expect(dailyAverage(1000, march, "2025-02-28")).toBeNull(); // not started yet
  });

  it("average duration and recurring share", () => {
    expect(averageDuration(45 + 90 + 30, 3)).toBe(55);
    expect(averageDuration(0, 0)).toBeNull();
    expect(recurringShare(2, 5)).toBeCloseTo(0.4);
    expect(recurringShare(0, 0)).toBeNull();
    expect(isRecurring(1, 0)).toBe(false); // a first visit
    expect(isRecurring(2, 0)).toBe(true); // twice in the period
    expect(isRecurring(1, 3)).toBe(true); // came back
    expect(isRecurring(0, 5)).toBe(false); // did not visit in the period
  });

  it("percent labels round and say — without a base", () => {
    expect(percentLabel(0.4)).toBe("40%");
    expect(percentLabel(0.12345)).toBe("12%");
    expect(percentLabel(1.05)).toBe("105%");
    expect(percentLabel(null)).toBe("—");
  });
});

describe("at-risk predicate", () => {
  const at = (lastVisitDate: string | null, lastAppointmentDate: string | null = lastVisitDate) =>
    isAtRisk({ lastVisitDate, lastAppointmentDate }, "2025-03-31");

  it("at risk when the last visit is more than 30 days old and nothing is booked from today on", () => {
    expect(atRiskCutoff("2025-03-31")).toBe("2025-03-01");
    expect(at("2025-03-01")).toBe(false); // exactly 30 days
    expect(at("2025-02-28")).toBe(true); // 31 days
    expect(at("2025-02-28", "2025-03-20")).toBe(true); // a no-show since is no visit
    expect(at("2025-02-28", "2025-04-02")).toBe(false); // a booking ahead
    expect(at("2025-02-28", "2025-03-31")).toBe(false); // a booking today
    expect(at(null, "2025-01-01")).toBe(false); // never came: new, not "at risk"
  });
});

describe("weekdays", () => {
  it("orders Seg..Dom and fills missing days with zeros", () => {
    const days = mondayFirst([
      { dayOfWeek: 0, count: 1, revenueCents: 100 },
      { dayOfWeek: 5, count: 3, revenueCents: 9000 },
    ]);
    expect(days.map((d) => d.short)).toEqual(["Seg", "Ter", "Qua", "Qui", "Sex", "Sáb", "Dom"]);
    expect(days[4]).toMatchObject({ long: "Sexta-feira", count: 3, revenueCents: 9000 });
    expect(days[6]).toMatchObject({ short: "Dom", count: 1, revenueCents: 100 });
    expect(days[0]).toMatchObject({ count: 0, revenueCents: 0 });
    expect(mondayFirst([]).every((d) => d.count === 0)).toBe(true);
  });
});

describe("occupancy", () => {
  it("working minutes of a day: end - start minus the break", () => {
    expect(workingMinutes(WEEK[1]!)).toBe(480);
    expect(workingMinutes({ ...WEEK[1]!, breakStartTime: null, breakEndTime: null })).toBe(540);
    expect(workingMinutes(WEEK[0]!)).toBe(0); // inactive
    expect(workingMinutes({ ...WEEK[1]!, startTime: "18:00", endTime: "09:00" })).toBe(0); // reversed
    // A break running past the end only counts inside working time.
    expect(workingMinutes({ ...WEEK[1]!, endTime: "12:30" })).toBe(180);
  });

  it("available minutes add each active date of the range", () => {
    // Mon 03/03/2025 to Sun 09/03/2025: six working days of 480 min.
    expect(availableMinutes(WEEK, { from: "2025-03-03", to: "2025-03-09" })).toBe(6 * 480);
    // Sunday alone: closed.
    expect(availableMinutes(WEEK, { from: "2025-03-09", to: "2025-03-09" })).toBe(0);
    // March 2025 has 5 Sundays (2, 9, 16, 23, 30): 26 working days.
    expect(availableMinutes(WEEK, { from: "2025-03-01", to: "2025-03-31" })).toBe(26 * 480);
    // First day of a month (Saturday 01/03/2025).
    expect(availableMinutes(WEEK, { from: "2025-03-01", to: "2025-03-01" })).toBe(480);
    // A weekday without a row is closed; no rows, nothing available.
    expect(availableMinutes(WEEK.slice(0, 2), { from: "2025-03-03", to: "2025-03-09" })).toBe(480);
    expect(availableMinutes([], { from: "2025-03-01", to: "2025-03-31" })).toBe(0);
  });

  it("occupancy is booked / available, null with no working time", () => {
    const week = { from: "2025-03-03", to: "2025-03-09" };
    expect(occupancy(720, WEEK, week)).toBeCloseTo(0.25); // 12h of 48h
    expect(occupancy(0, WEEK, week)).toBe(0);
    expect(occupancy(60, [], week)).toBeNull();
  });
});

describe("report periods", () => {
  it("este-mes is month to date, the last N days include today", () => {
    expect(reportRange("este-mes", "2025-03-10")).toEqual({ from: "2025-03-01", to: "2025-03-10" });
    expect(reportRange("este-mes", "2025-03-01")).toEqual({ from: "2025-03-01", to: "2025-03-01" });
    expect(reportRange("7d", "2025-03-10")).toEqual({ from: "2025-03-04", to: "2025-03-10" });
    expect(reportRange("30d", "2025-03-10")).toEqual({ from: "2025-02-09", to: "2025-03-10" });
    expect(reportRange("90d", "2025-03-10")).toEqual({ from: "2024-12-11", to: "2025-03-10" });
    expect(reportRange("365d", "2025-03-10")).toEqual({ from: "2024-03-11", to: "2025-03-10" });
  });

  it("the previous period has the same length, just before", () => {
    expect(previousRange("7d", { from: "2025-03-04", to: "2025-03-10" })).toEqual({ from: "2025-02-25", to: "2025-03-03" });
    expect(previousRange("customizado", { from: "2025-01-01", to: "2025-01-31" })).toEqual({
      from: "2024-12-01",
      to: "2024-12-31",
    });
  });

  it("month to date compares with the same days of the previous month", () => {
    expect(previousRange("este-mes", { from: "2025-03-01", to: "2025-03-10" })).toEqual({ from: "2025-02-01", to: "2025-02-10" });
    // The first day of a month.
    expect(previousRange("este-mes", { from: "2025-03-01", to: "2025-03-01" })).toEqual({ from: "2025-02-01", to: "2025-02-01" });
    // Cut at the previous month's end; January goes back a year.
    expect(previousRange("este-mes", { from: "2025-03-01", to: "2025-03-31" })).toEqual({ from: "2025-02-01", to: "2025-02-28" });
    expect(previousRange("este-mes", { from: "2025-01-01", to: "2025-01-15" })).toEqual({ from: "2024-12-01", to: "2024-12-15" });
  });

  const resolve = (params: Parameters<typeof resolvePeriod>[1]) => resolvePeriod(REPORT_PERIOD_RULES, params, "2025-03-10");

  it("reads the query string, falling back to este-mes", () => {
    const fallback = resolve({});
    expect(fallback).toMatchObject({ period: "este-mes", range: { from: "2025-03-01", to: "2025-03-10" }, error: null });
    expect(previousRange(fallback.period, fallback.range!)).toEqual({ from: "2025-02-01", to: "2025-02-10" });
    expect(resolve({ periodo: "ontem" }).period).toBe("este-mes");
    expect(resolve({ periodo: "hoje" }).period).toBe("este-mes"); // the agenda's period, not the reports'
    expect(resolve({ periodo: "30d" }).range).toEqual({ from: "2025-02-09", to: "2025-03-10" });
    const custom = resolve({ periodo: "customizado", de: "2025-02-01", ate: "2025-02-28" });
    expect(custom).toMatchObject({ range: { from: "2025-02-01", to: "2025-02-28" }, error: null });
    expect(previousRange(custom.period, custom.range!)).toEqual({ from: "2025-01-04", to: "2025-01-31" });
  });

  it("explains wrong custom dates in pt-BR", () => {
    const custom = (de: string, ate: string) => resolve({ periodo: "customizado", de, ate });
    expect(custom("", "2025-03-01")).toMatchObject({ range: null, error: PERIOD_ERRORS.missing });
    expect(custom("2025-02-30", "2025-03-01")).toMatchObject({ range: null, error: PERIOD_ERRORS.invalid });
    expect(custom("hoje", "2025-03-01").error).toBe(PERIOD_ERRORS.invalid);
    expect(custom("0001-01-01", "0001-01-02").error).toBe(PERIOD_ERRORS.invalid);
    expect(custom("2025-03-05", "2025-03-01")).toMatchObject({ range: null, error: PERIOD_ERRORS.reversed, de: "2025-03-05" });
    expect(custom("2020-01-01", "2025-03-01").error).toBe(PERIOD_ERRORS.tooLong);
  });

  it("custom dates run from 1900 to 2999, at most 1096 days", () => {
    const custom = (de: string, ate: string) => resolve({ periodo: "customizado", de, ate }).error;
    expect(custom("1899-12-31", "1900-01-01")).toBe(PERIOD_ERRORS.invalid);
    expect(custom("2999-12-31", "3000-01-01")).toBe(PERIOD_ERRORS.invalid);
    expect(custom("2022-03-10", "2025-03-09")).toBeNull(); // 1096 days
    expect(custom("2022-03-09", "2025-03-09")).toBe(PERIOD_ERRORS.tooLong); // 1097 days
  });
});

describe("revenue chart", () => {
  it("lists the last months, oldest first, across a year", () => {
    const months = recentMonths("2025-02-10", 3);
    expect(months.map((m) => m.key)).toEqual(["2024-12", "2025-01", "2025-02"]);
    expect(months[0]).toEqual({ key: "2024-12", short: "dez/24", long: "dezembro de 2024", from: "2024-12-01", to: "2024-12-31" });
    expect(months[2]!.to).toBe("2025-02-28");
    expect(recentMonths("2025-03-01", 12)).toHaveLength(12);
  });

  it("accepts 3, 6 or 12 months, else 6", () => {
    expect(chartMonths("3")).toBe(3);
    expect(chartMonths("12")).toBe(12);
    expect(chartMonths("7")).toBe(6);
    expect(chartMonths(null)).toBe(6);
  });

  it("bars are at least 5% of the largest, 0 for zero", () => {
    expect(barPercent(100, 100)).toBe(100);
    expect(barPercent(50, 100)).toBe(50);
    expect(barPercent(1, 1000)).toBe(5);
    expect(barPercent(0, 1000)).toBe(0);
    expect(barPercent(0, 0)).toBe(0);
  });
});
