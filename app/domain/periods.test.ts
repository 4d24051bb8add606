import { describe, expect, it } from "vitest";
import { PERIOD_ERRORS, periodRange, resolvePeriod } from "./periods";

describe("periodRange", () => {
  it("hoje is the day itself", () => {
    expect(periodRange("hoje", "2025-06-18")).toEqual({ from: "2025-06-18", to: "2025-06-18" });
  });

  it("esta-semana runs Monday to Sunday", () => {
    // Wednesday 18/06/2025.
    expect(periodRange("esta-semana", "2025-06-18")).toEqual({ from: "2025-06-16", to: "2025-06-22" });
    // A Monday starts its own week.
    expect(periodRange("esta-semana", "2025-06-16")).toEqual({ from: "2025-06-16", to: "2025-06-22" });
  });

  it("a Sunday belongs to the week that began the Monday before", () => {
    expect(periodRange("esta-semana", "2025-06-22")).toEqual({ from: "2025-06-16", to: "2025-06-22" });
  });

  it("a week may cross months and years", () => {
    // Thursday 01/01/2026.
    expect(periodRange("esta-semana", "2026-01-01")).toEqual({ from: "2025-12-29", to: "2026-01-04" });
    // Sunday 02/03/2025.
    expect(periodRange("esta-semana", "2025-03-02")).toEqual({ from: "2025-02-24", to: "2025-03-02" });
  });

  it("este-mes covers the whole month, leap February included", () => {
    expect(periodRange("este-mes", "2025-06-18")).toEqual({ from: "2025-06-01", to: "2025-06-30" });
    expect(periodRange("este-mes", "2024-02-10")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(periodRange("este-mes", "2025-02-28")).toEqual({ from: "2025-02-01", to: "2025-02-28" });
    expect(periodRange("este-mes", "2025-12-31")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
  });

  it("ultimo-mes is the previous calendar month, across the year edge", () => {
    expect(periodRange("ultimo-mes", "2025-03-31")).toEqual({ from: "2025-02-01", to: "2025-02-28" });
    expect(periodRange("ultimo-mes", "2026-01-15")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
  });

  it("ultimos-3-meses is the two previous months and the current one", () => {
    expect(periodRange("ultimos-3-meses", "2025-06-18")).toEqual({ from: "2025-04-01", to: "2025-06-30" });
    expect(periodRange("ultimos-3-meses", "2026-02-01")).toEqual({ from: "2025-12-01", to: "2026-02-28" });
  });

  it("este-ano is 1 January to 31 December", () => {
    expect(periodRange("este-ano", "2025-06-18")).toEqual({ from: "2025-01-01", to: "2025-12-31" });
  });
});

describe("resolvePeriod", () => {
  const today = "2025-06-18";

  it("defaults to hoje, also for an unknown period", () => {
    expect(resolvePeriod({}, today)).toMatchObject({ period: "hoje", range: { from: today, to: today }, error: null });
    expect(resolvePeriod({ periodo: "semana-que-vem" }, today).period).toBe("hoje");
  });

  it("accepts a custom range in order, a single day included", () => {
    expect(resolvePeriod({ periodo: "customizado", de: "2025-06-01", ate: "2025-06-10" }, today)).toMatchObject({
      range: { from: "2025-06-01", to: "2025-06-10" },
      error: null,
    });
    expect(resolvePeriod({ periodo: "customizado", de: today, ate: today }, today).range).toEqual({
      from: today,
      to: today,
    });
  });

  it("explains a missing, invalid or reversed custom range in Portuguese", () => {
    expect(resolvePeriod({ periodo: "customizado", de: "2025-06-01" }, today)).toMatchObject({
      range: null,
      error: PERIOD_ERRORS.missing,
    });
    expect(resolvePeriod({ periodo: "customizado", de: "2025-02-30", ate: "2025-03-01" }, today).error).toBe(
      PERIOD_ERRORS.invalid,
    );
    expect(resolvePeriod({ periodo: "customizado", de: "01/06/2025", ate: "2025-06-10" }, today).error).toBe(
      PERIOD_ERRORS.invalid,
    );
    expect(resolvePeriod({ periodo: "customizado", de: "2025-06-10", ate: "2025-06-01" }, today)).toMatchObject({
      range: null,
      error: PERIOD_ERRORS.reversed,
      de: "2025-06-10",
      ate: "2025-06-01",
    });
  });
});
