import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvLines, csvMoney, toCsv } from "./csv";

describe("toCsv", () => {
  it("writes the BOM, ';' between cells and CRLF after every line", () => {
    expect(toCsv([["Nome", "Telefone"], ["Ana", "(11) 98765-4321"]])).toBe("\uFEFFNome;Telefone\r\nAna;(11) 98765-4321\r\n");
  });

  it("quotes a cell with the separator, a quote or a line break, doubling its quotes", () => {
    expect(csvLines([['Ana; "Aninha" Souza', "Linha 1\nLinha 2", "Rua A, 1"]])).toBe('"Ana; ""Aninha"" Souza";"Linha 1\nLinha 2";Rua A, 1\r\n');
  });

  it("neutralises a formula with an apostrophe, whatever follows its first line", () => {
    expect(csvLines([['=HYPERLINK("x")', "+55", "-1", "@SUM(A1)", "\tx", "=1+1\nfim", "a=b"]])).toBe(
      `"'=HYPERLINK(""x"")";"'+55";"'-1";"'@SUM(A1)";"'\tx";"'=1+1\nfim";a=b\r\n`,
    );
  });

  it("keeps empty cells and writes nothing for no rows", () => {
    expect(csvLines([["a", "", ""]])).toBe("a;;\r\n");
    expect(toCsv([])).toBe("\uFEFF");
  });

  it("reads back as the cells it was given (apostrophe aside)", () => {
    const rows = [["Nome", "Obs"], ['Zé "Bigode"', "; \r\n ok "], ["=2", ""]];
    const parsed = Papa.parse<string[]>(csvLines(rows).slice(0, -2), { delimiter: ";" }).data;
    expect(parsed).toEqual([["Nome", "Obs"], ['Zé "Bigode"', "; \r\n ok "], ["'=2", ""]]);
  });
});

describe("csvMoney", () => {
  it("writes centavos as a pt-BR decimal", () => {
    expect(csvMoney(12_345)).toBe("123,45");
    expect(csvMoney(0)).toBe("0,00");
    expect(csvMoney(5)).toBe("0,05");
  });
});
