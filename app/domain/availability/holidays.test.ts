import { describe, expect, it } from "vitest";
import { easterSunday, holidaysOfYear, upcomingHolidays } from "./holidays";

describe("easterSunday", () => {
  it.each([
    [2000, "2000-04-23"],
    [2019, "2019-04-21"],
    [2024, "2024-03-31"],
    [2025, "2025-04-20"],
    [2026, "2026-04-05"],
    [2027, "2027-03-28"],
    [2038, "2038-04-25"],
    [2285, "2285-03-22"],
  ])("%i: %s", (year, date) => {
    expect(easterSunday(year)).toBe(date);
  });
});

describe("holidaysOfYear", () => {
  it("has the fixed national holidays and the ones that follow Easter", () => {
    const byDate = Object.fromEntries(holidaysOfYear(2027).map((h) => [h.date, h]));
    expect(byDate["2027-01-01"]?.name).toBe("Confraternização Universal");
    expect(byDate["2027-11-20"]?.name).toBe("Dia da Consciência Negra");
    expect(byDate["2027-12-25"]?.name).toBe("Natal");
    // Easter 2027 is 28/03: Carnaval 08-09/02, Good Friday 26/03, Corpus Christi 27/05.
    expect(byDate["2027-02-08"]).toEqual({ date: "2027-02-08", name: "Carnaval (segunda-feira)", optional: true });
    expect(byDate["2027-02-09"]?.optional).toBe(true);
    expect(byDate["2027-03-26"]).toEqual({ date: "2027-03-26", name: "Sexta-feira Santa", optional: false });
    expect(byDate["2027-05-27"]).toEqual({ date: "2027-05-27", name: "Corpus Christi", optional: true });
    expect(holidaysOfYear(2027)).toHaveLength(13);
  });

  it("is in date order, leap years included (Carnaval 2024 on 12-13/02)", () => {
    const dates = holidaysOfYear(2024).map((h) => h.date);
    expect(dates).toEqual([...dates].sort());
    expect(dates).toContain("2024-02-12");
    expect(dates).toContain("2024-02-13");
  });
});

describe("upcomingHolidays", () => {
  it("lists the next twelve months from today, today included", () => {
    const list = upcomingHolidays("2026-11-20");
    expect(list[0]).toMatchObject({ date: "2026-11-20", name: "Dia da Consciência Negra" });
    expect(list.at(-1)).toMatchObject({ date: "2027-11-15" });
    expect(list.map((h) => h.date)).not.toContain("2027-11-20");
    expect(list).toHaveLength(13);
  });
});
