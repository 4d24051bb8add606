// The bounded read of a CSV gives papaparse's own rows, or refuses exactly the files whose
// widest row papaparse would build past the bound (docs/decisions/1010).
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { CSV_MAX_COLUMNS, readCsvRows } from "./csv-rows";

/** What papaparse alone reads of a text (its own separator guess), line breaks made "\n". */
function papaparse(text: string) {
  const input = text.replace(/\r\n?/g, "\n");
  return Papa.parse<string[]>(input, { newline: "\n", skipEmptyLines: true, delimitersToGuess: [",", ";", "\t"] }).data;
}

/** A small deterministic generator (mulberry32), so a failure is the same failure every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [",", ";", "\t", '"', '""', "\n", "\r\n", "\r", "a", "Ana", " ", '"x,y"', '"a\nb"'];

describe("readCsvRows", () => {
  it("reads what papaparse reads, and never a row papaparse would build too wide", () => {
    const next = random(32);
    for (let n = 0; n < 400; n++) {
      let text = "";
      const parts = 1 + Math.floor(next() * 30);
      for (let i = 0; i < parts; i++) {
        // Now and then a run of separators that passes the bound, or stays just under it.
        const run = next() < 0.08 ? [",", ";", "\t"][Math.floor(next() * 3)]!.repeat(CSV_MAX_COLUMNS - 2 + Math.floor(next() * 4)) : "";
        text += run || PIECES[Math.floor(next() * PIECES.length)]!;
      }
      const expected = papaparse(text);
      const widest = Math.max(0, ...expected.map((row) => row.length));
      const read = readCsvRows(text, Infinity);
      if (widest <= CSV_MAX_COLUMNS) expect(read, JSON.stringify(text)).toEqual({ rows: expected });
      // Papaparse would build a row too wide: refused, or read by another separator within the bound.
      else if ("rows" in read) expect(Math.max(...read.rows.map((row) => row.length)), JSON.stringify(text)).toBeLessThanOrEqual(CSV_MAX_COLUMNS);
      else expect(read).toEqual({ refused: "too wide" });
    }
  });

  it("refuses more rows than asked, or twice as many lines with the blank ones", () => {
    expect(readCsvRows("Nome\r\nAna\r\n\r\n\r\nBia\r\n", 3)).toEqual({ rows: [["Nome"], ["Ana"], ["Bia"]] });
    expect(readCsvRows("Nome\nAna\nBia\nCaio\n", 3)).toEqual({ refused: "too many" });
    expect(readCsvRows(`Nome\nAna${"\n".repeat(10)}`, 3)).toEqual({ refused: "too many" });
  });
});
