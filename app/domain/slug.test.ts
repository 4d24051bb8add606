import { describe, expect, it } from "vitest";
import { slugify } from "./slug";

describe("slugify (docs/product/spec.md §5)", () => {
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
