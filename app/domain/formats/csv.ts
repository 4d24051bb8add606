// The one writer of every CSV the app writes (clients, Relatórios, Relatórios > Equipe, the Caixa,
// the account's data export), for Excel pt-BR: Papa.unparse with ';', CRLF, formula escaping,
// and the UTF-8 BOM in front (docs/decisions/0122, 1140).
import Papa from "papaparse";
import { centsToDecimal } from "../money";

/**
 * A cell Excel or LibreOffice would run as a formula: one starting with =, +, -, @, a tab or a CR.
 * Papa's own `escapeFormulae: true` pattern (`^[=+\-@\t\r].*$`) misses a cell whose formula line
 * is followed by a line break; this one looks only at the first character.
 */
const FORMULA = /^[=+\-@\t\r]/;

export type CsvRow = readonly string[];

/**
 * The rows as CSV lines without the BOM, each ended by CRLF (a streamed file's later pages):
 * cells quoted when they hold ';', a quote, a line break, an edge space or the BOM, and a formula
 * neutralised with a leading apostrophe (and quoted).
 */
export function csvLines(rows: readonly CsvRow[]): string {
  if (rows.length === 0) return "";
  const text = Papa.unparse(rows as string[][], { delimiter: ";", newline: "\r\n", quotes: false, escapeFormulae: FORMULA });
  return `${text}\r\n`;
}

/** A whole CSV file: the UTF-8 BOM (so Excel reads the accents), then the rows. */
export function toCsv(rows: readonly CsvRow[]): string {
  return `\uFEFF${csvLines(rows)}`;
}

/** 12345 centavos to "123,45" (a number Excel pt-BR reads, without the currency symbol). */
export function csvMoney(cents: number) {
  return centsToDecimal(cents, ",");
}
