import { describe, expect, it } from "vitest";
import { formatDuration, formatDurationRange, formatMoney, formatMoneyInput, formatMoneyRange, parseMoneyToCents } from "./money";

describe("money and duration", () => {
  // Intl puts a no-break space after 'R$'.
  const plain = (s: string) => s.replace(/\s/g, " ");

  it("formats centavos as BRL", () => {
    expect(plain(formatMoney(4990))).toBe("R$ 49,90");
    expect(plain(formatMoney(0))).toBe("R$ 0,00");
    expect(plain(formatMoney(5))).toBe("R$ 0,05");
    expect(plain(formatMoney(123456))).toBe("R$ 1.234,56");
    expect(plain(formatMoney(115990))).toBe("R$ 1.159,90");
  });

  it.each([
    [0, "0min"],
    [15, "15min"],
    [45, "45min"],
    [59, "59min"],
    [60, "1h"],
    [90, "1h 30min"],
    [120, "2h"],
    [125, "2h 5min"],
    [480, "8h"],
  ])("formatDuration(%i) = %j", (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });
});

describe("parseMoneyToCents", () => {
  it.each([
    ["50", 5000],
    ["50,00", 5000],
    ["50.00", 5000],
    ["50,5", 5050],
    ["0", 0],
    ["0,99", 99],
    [" R$ 35,90 ", 3590],
    ["1.500", 150000],
    ["1.234,56", 123456],
    ["1,234.56", 123456],
    ["1.000.000,00", 100000000],
  ])("%j -> %d centavos", (text, cents) => {
    expect(parseMoneyToCents(text)).toBe(cents);
  });

  it.each(["", " ", "abc", "-5", "5,", ",5", "50,555", "1,2,3", "1.5.00", "1,234,56", "12.34.567", "5e3", "R$"])(
    "%j is not a price",
    (text) => {
      expect(parseMoneyToCents(text)).toBeNull();
    },
  );

  it("round-trips what the edit form shows", () => {
    for (const cents of [0, 5, 99, 5000, 8550, 123456]) {
      expect(parseMoneyToCents(formatMoneyInput(cents))).toBe(cents);
    }
    expect(formatMoneyInput(5000)).toBe("50,00");
  });
});

describe("ranges", () => {
  it("says one figure when the lowest and highest agree, else 'de a'", () => {
    expect(formatMoneyRange(5000, 5000)).toBe(formatMoney(5000));
    expect(formatMoneyRange(5000, 5500)).toBe(`${formatMoney(5000)} a ${formatMoney(5500)}`);
    expect(formatDurationRange(30, 30)).toBe("30min");
    expect(formatDurationRange(30, 90)).toBe("30min a 1h 30min");
  });
});
