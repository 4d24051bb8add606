import { describe, expect, it } from "vitest";
import {
  centsToDecimal,
  centsToDecimalReais,
  decimalReaisToCents,
  formatDuration,
  formatDurationRange,
  formatMoney,
  formatMoneyInput,
  formatMoneyRange,
  parseMoneyToCents,
} from "./money";

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

describe("decimal reais of a payment provider", () => {
  it.each([
    [0, 0],
    [1, 0.01],
    [10, 0.1],
    [1550, 15.5],
    [1999, 19.99],
    [100000, 1000],
    [123456789, 1234567.89],
  ])("%d centavos go out as %d and come back", (cents, reais) => {
    expect(centsToDecimalReais(cents)).toBe(reais);
    expect(JSON.stringify({ amount: centsToDecimalReais(cents) })).toBe(`{"amount":${reais}}`);
    expect(decimalReaisToCents(centsToDecimalReais(cents))).toBe(cents);
  });

  it("every amount up to R$ 1.000,00 round-trips exactly", () => {
    let drift: number | undefined;
    for (let cents = 0; cents <= 100_000 && drift === undefined; cents++) {
      if (decimalReaisToCents(centsToDecimalReais(cents)) !== cents) drift = cents;
    }
    expect(drift).toBeUndefined();
  });

  it("reads what floats would get wrong without drift", () => {
    // 0.29 * 100 is 28.999999999999996 and 1.005 * 100 is 100.49999999999999 in floats.
    expect(decimalReaisToCents(0.29)).toBe(29);
    expect(decimalReaisToCents(19.99)).toBe(1999);
    expect(decimalReaisToCents("15.50")).toBe(1550);
  });

  it.each([0.1 + 0.2, 1.005, -5, Number.NaN, Infinity, 1e21, "15,50", "", null, undefined, { amount: 1 }])("%j is not an exact amount", (value) => {
    expect(decimalReaisToCents(value)).toBeNull();
  });

  it("refuses what is not centavos on the way out", () => {
    expect(() => centsToDecimalReais(15.5)).toThrow(RangeError);
    expect(() => centsToDecimalReais(-1)).toThrow(RangeError);
  });

  it("writes centavos as decimal text from their digits, with either separator", () => {
    expect(centsToDecimal(12345)).toBe("123,45");
    expect(centsToDecimal(12345, ".")).toBe("123.45");
    expect(centsToDecimal(5)).toBe("0,05");
    expect(centsToDecimal(0, ".")).toBe("0.00");
    expect(centsToDecimal(-150)).toBe("-1,50");
    expect(centsToDecimal(123456789012)).toBe("1234567890,12");
    // What the former writers (toFixed, the Pix code's digits, cents / 100) wrote, cent by cent.
    for (let cents = -1000; cents <= 200_000; cents += 7) {
      if (centsToDecimal(cents) !== (cents / 100).toFixed(2).replace(".", ",")) throw new Error(`differs at ${cents}`);
      if (Number(centsToDecimal(cents, ".")) !== cents / 100) throw new Error(`not the same number at ${cents}`);
    }
  });
});
