import { describe, expect, it } from "vitest";
import { AGENDA_PERIOD_RULES, PERIOD_ERRORS, periodRange, resolvePeriod, type PeriodRules } from "./periods";

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

describe("resolvePeriod with the agenda's periods", () => {
  const today = "2025-06-18";
  const resolve = (params: Parameters<typeof resolvePeriod>[1]) => resolvePeriod(AGENDA_PERIOD_RULES, params, today);

  it("defaults to hoje, also for an unknown period", () => {
    expect(resolve({})).toMatchObject({ period: "hoje", range: { from: today, to: today }, error: null });
    expect(resolve({ periodo: "semana-que-vem" }).period).toBe("hoje");
  });

  it("accepts a custom range in order, a single day included", () => {
    expect(resolve({ periodo: "customizado", de: "2025-06-01", ate: "2025-06-10" })).toMatchObject({
      range: { from: "2025-06-01", to: "2025-06-10" },
      error: null,
    });
    expect(resolve({ periodo: "customizado", de: today, ate: today }).range).toEqual({
      from: today,
      to: today,
    });
  });

  it("explains a missing, invalid or reversed custom range in Portuguese", () => {
    expect(resolve({ periodo: "customizado", de: "2025-06-01" })).toMatchObject({
      range: null,
      error: PERIOD_ERRORS.missing,
    });
    expect(resolve({ periodo: "customizado", de: "2025-02-30", ate: "2025-03-01" }).error).toBe(
      PERIOD_ERRORS.invalid,
    );
    expect(resolve({ periodo: "customizado", de: "01/06/2025", ate: "2025-06-10" }).error).toBe(
      PERIOD_ERRORS.invalid,
    );
    expect(resolve({ periodo: "customizado", de: "2025-06-10", ate: "2025-06-01" })).toMatchObject({
      range: null,
      error: PERIOD_ERRORS.reversed,
      de: "2025-06-10",
      ate: "2025-06-01",
    });
  });

  it("takes any real dates, however far apart", () => {
    expect(resolve({ periodo: "customizado", de: "1899-12-31", ate: "3000-01-01" })).toMatchObject({
      range: { from: "1899-12-31", to: "3000-01-01" },
      error: null,
    });
  });
});

describe("resolvePeriod with a screen's own rules", () => {
  const rules: PeriodRules<"semana" | "customizado"> = {
    periods: [
      { value: "semana", label: "Semana" },
      { value: "customizado", label: "Personalizado" },
    ],
    fallback: "semana",
    range: (_, today) => ({ from: today, to: today }),
    earliest: "2000-01-01",
    latest: "2099-12-31",
    maxDays: 7,
  };
  const custom = (de: string, ate: string) => resolvePeriod(rules, { periodo: "customizado", de, ate }, "2025-06-18");

  it("offers only its periods, with its default", () => {
    expect(resolvePeriod(rules, { periodo: "hoje" }, "2025-06-18")).toMatchObject({ period: "semana", error: null });
  });

  it("refuses dates outside its limits as invalid, and a longer range as too long", () => {
    expect(custom("1999-12-31", "2000-01-01").error).toBe(PERIOD_ERRORS.invalid);
    expect(custom("2099-12-31", "2100-01-01").error).toBe(PERIOD_ERRORS.invalid);
    expect(custom("2025-06-01", "2025-06-07")).toMatchObject({ range: { from: "2025-06-01", to: "2025-06-07" }, error: null });
    expect(custom("2025-06-01", "2025-06-08")).toMatchObject({ range: null, error: PERIOD_ERRORS.tooLong });
  });
});
