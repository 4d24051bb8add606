import { describe, expect, it } from "vitest";
import { formatDuration, formatMoney } from "./money";
import { formatPhone, phoneDigits } from "./phone";
import { slugify } from "./slug";

describe("slugify (spec section 5)", () => {
  it("removes accents, lowercases, drops symbols, hyphenates and collapses hyphens", () => {
    expect(slugify("Salão da Maria  --  Unhas & Cia")).toBe("salao-da-maria-unhas-cia");
  });

  it.each([
    ["Cabelo", "cabelo"],
    ["Corte + Escova", "corte-escova"],
    ["Ação Çedilha Pé", "acao-cedilha-pe"],
    ["Barbearia do João 2", "barbearia-do-joao-2"],
    ["já-existe", "ja-existe"],
    ["a---b", "a-b"],
    ["a - b", "a-b"],
    ["  espaços   nas   pontas  ", "espacos-nas-pontas"],
    ["-Olá!-", "ola"],
    ["Studio_Demo.com/ok?", "studiodemocomok"],
    ["tab\tand\nnewline", "tab-and-newline"],
    ["&&&", ""],
    ["", ""],
  ])("%j -> %j", (input, slug) => {
    expect(slugify(input)).toBe(slug);
  });

  it("always yields only lowercase letters, digits and single inner hyphens", () => {
    for (const input of ["ÁÉÍÓÚ âêô ãõ à ü", "Nº 1 — Beleza™", "--x--y--", "Ünïcödé 😀 Spa"]) {
      expect(slugify(input)).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
    }
  });
});

describe("phone helpers", () => {
  it("phoneDigits keeps digits only, at most 11", () => {
    expect(phoneDigits("(11) 98765-4321")).toBe("11987654321");
    expect(phoneDigits("11 3456 7890")).toBe("1134567890");
    expect(phoneDigits("119876543219999")).toBe("11987654321");
    expect(phoneDigits("abc")).toBe("");
  });

  it("formatPhone masks mobile and landline numbers", () => {
    expect(formatPhone("11987654321")).toBe("(11) 98765-4321");
    expect(formatPhone("(11) 98765-4321")).toBe("(11) 98765-4321");
    expect(formatPhone("1134567890")).toBe("(11) 3456-7890");
    expect(formatPhone("1198765432100")).toBe("(11) 98765-4321");
  });

  it("formatPhone leaves partial input partial", () => {
    expect(formatPhone("")).toBe("");
    expect(formatPhone("1")).toBe("(1");
    expect(formatPhone("11")).toBe("(11");
    expect(formatPhone("119")).toBe("(11) 9");
    expect(formatPhone("119876")).toBe("(11) 9876");
    expect(formatPhone("1198765")).toBe("(11) 9876-5");
  });

  it("formatted numbers fit the spec's 15-character input", () => {
    expect(formatPhone("11987654321")).toHaveLength(15);
  });
});

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
