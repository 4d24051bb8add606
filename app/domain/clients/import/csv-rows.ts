// The CSV parser's boundary: text in, rows of cells out. Everything else of the CSV import
// (columns, contacts) reads only `parseCsvRows`. The rows come from papaparse (docs/decisions/0950):
// RFC 4180 quoting (separators, doubled quotes and line breaks inside quoted cells), the separator
// guessed among ',' (Google, Outlook), ';' (Excel pt-BR) and tab, blank lines skipped.
import Papa from "papaparse";

/** Every row of the text (blank lines skipped), each a list of cells, quotes resolved. */
export function parseCsvRows(text: string): string[][] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true, delimitersToGuess: [",", ";", "\t"] });
  return parsed.data;
}
