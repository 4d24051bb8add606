// The CSV parser's boundary: text in, rows of cells out. Everything else of the CSV import
// (columns, contacts) reads only `readCsvRows`. The rows come from papaparse (docs/decisions/0950):
// RFC 4180 quoting (separators, doubled quotes and line breaks inside quoted cells), the separator
// guessed among ',' (Google, Outlook), ';' (Excel pt-BR) and tab, blank lines skipped.
//
// A stranger's file is bounded in the work it costs before papaparse builds a single row
// (docs/decisions/1010): the rows' widths are counted first by a scan that follows papaparse's own
// rules but keeps only numbers, and a row wider than CSV_MAX_COLUMNS or more rows than asked stop
// it. Papaparse itself would build a 200,000-cell row in full before anyone could look at it.
import Papa from "papaparse";

/** Columns a contacts file may have: Outlook writes 92, Google 30 to 120 (it grows with phones and addresses). */
export const CSV_MAX_COLUMNS = 250;

const SEPARATORS = [",", ";", "\t"] as const;
/** Rows papaparse looks at to guess the separator. */
const GUESS_ROWS = 10;

export type CsvRows = { rows: string[][] } | { refused: "too wide" | "too many" };

/**
 * Every row of the text (blank lines skipped), each a list of cells, quotes resolved; or why it
 * is refused before any row is built: a row of more than CSV_MAX_COLUMNS cells, or more than
 * `maxRows` rows (or twice as many lines, blank ones included).
 */
export function readCsvRows(text: string, maxRows: number): CsvRows {
  const input = text.replace(/^\uFEFF/, "");
  const separator = guessSeparator(input);
  let rows = 0;
  let lines = 0;
  const shape = scanRows(input, separator, (_, blank) => (blank || ++rows <= maxRows) && ++lines <= 2 * maxRows);
  if (shape === "too wide") return { refused: "too wide" };
  if (rows > maxRows || lines > 2 * maxRows) return { refused: "too many" };
  // Within the bounds: one line break for the parser (a note keeps its breaks as "\n").
  const parsed = Papa.parse<string[]>(input.replace(/\r\n?/g, "\n"), { delimiter: separator, newline: "\n", skipEmptyLines: true });
  return { rows: parsed.data };
}

/**
 * Papaparse's guess, from the widths of the first rows alone: the separator whose rows are the
 * most alike in width (then the widest), among those giving about two cells a row or more and
 * none too wide; else ',' (papaparse's default).
 */
function guessSeparator(input: string): string {
  let best: { separator: string; delta: number; average: number } | null = null;
  for (const separator of SEPARATORS) {
    const widths: number[] = [];
    let seen = 0;
    const shape = scanRows(input, separator, (width, blank) => {
      if (!blank) widths.push(width);
      return ++seen < GUESS_ROWS;
    });
    // A separator that makes a row too wide is not this file's (or the file is refused below).
    if (shape === "too wide") continue;
    let delta = 0;
    for (let i = 1; i < widths.length; i++) delta += Math.abs(widths[i]! - widths[i - 1]!);
    const average = widths.length ? widths.reduce((a, b) => a + b, 0) / widths.length : 0;
    if (average > 1.99 && (!best || delta < best.delta || (delta === best.delta && average > best.average))) best = { separator, delta, average };
  }
  return best?.separator ?? ",";
}

/**
 * The next line break ("\r\n", "\n" or a lone "\r") at or after a position, each kind's next
 * place kept until passed, so a walk over the text looks at each character a bounded number of times.
 */
function lineBreaks(input: string) {
  let lf = input.indexOf("\n");
  let cr = input.indexOf("\r");
  return {
    /** Where the next break from `from` starts, or -1. */
    at(from: number) {
      if (lf !== -1 && lf < from) lf = input.indexOf("\n", from);
      if (cr !== -1 && cr < from) cr = input.indexOf("\r", from);
      return cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf);
    },
    /** How long the break starting at `at` is. */
    length: (at: number) => (input[at] === "\r" && input[at + 1] === "\n" ? 2 : 1),
  };
}

/**
 * Walks the rows as papaparse's parser does (a cell opening with a quote runs to a quote followed
 * by the separator or a line break; a doubled quote is a quote), counting cells without building
 * them. `visit` gets each row's width and whether it is blank, and stops the walk by returning
 * false. "too wide" as soon as a row passes CSV_MAX_COLUMNS (the visitor sees that row as
 * CSV_MAX_COLUMNS + 1 wide).
 */
function scanRows(input: string, separator: string, visit: (width: number, blank: boolean) => boolean): "too wide" | "done" {
  const length = input.length;
  if (!length) return "done";
  const breaks = lineBreaks(input);
  let cursor = 0;
  let width = 0;
  let nextSeparator = input.indexOf(separator);
  let nextBreak = breaks.at(0);
  const tooWide = () => {
    visit(CSV_MAX_COLUMNS + 1, false);
    return "too wide" as const;
  };
  /** Spaces only between the closing quote at `quote` and `index`: how many. */
  const spacesAfter = (quote: number, index: number) => {
    const between = index === -1 ? "" : input.substring(quote + 1, index);
    return between && between.trim() === "" ? between.length : 0;
  };
  /** A row ends with a cell whose text starts at `start` and ends at `end`; the next starts at `next`. */
  const endRow = (start: number, end: number, next: number) => {
    if (++width > CSV_MAX_COLUMNS) return tooWide();
    if (!visit(width, width === 1 && start === end)) return "done";
    width = 0;
    cursor = next;
    if (nextSeparator !== -1 && nextSeparator < cursor) nextSeparator = input.indexOf(separator, cursor);
    nextBreak = breaks.at(cursor);
    return null;
  };
  for (;;) {
    if (input[cursor] === '"') {
      const start = cursor + 1;
      let quote = cursor;
      for (;;) {
        quote = input.indexOf('"', quote + 1);
        // An unterminated cell, or one closing at the end: the text's last cell.
        if (quote === -1) return endRow(start, length, length) ?? "done";
        if (quote === length - 1) return endRow(start, quote, length) ?? "done";
        if (input[quote + 1] === '"') {
          quote++;
          continue;
        }
        if (nextSeparator !== -1 && nextSeparator < quote + 1) nextSeparator = input.indexOf(separator, quote + 1);
        if (nextBreak !== -1 && nextBreak < quote + 1) nextBreak = breaks.at(quote + 1);
        const upTo = nextBreak === -1 ? nextSeparator : Math.min(nextSeparator, nextBreak);
        const beforeSeparator = spacesAfter(quote, upTo);
        if (input.startsWith(separator, quote + 1 + beforeSeparator)) {
          if (++width > CSV_MAX_COLUMNS) return tooWide();
          cursor = quote + 1 + beforeSeparator + separator.length;
          if (nextSeparator !== -1 && nextSeparator < cursor) nextSeparator = input.indexOf(separator, cursor);
          if (nextBreak !== -1 && nextBreak < cursor) nextBreak = breaks.at(cursor);
          break;
        }
        const beforeBreak = spacesAfter(quote, nextBreak);
        if (nextBreak !== -1 && quote + 1 + beforeBreak === nextBreak) {
          const ended = endRow(start, quote, nextBreak + breaks.length(nextBreak));
          if (ended) return ended;
          break;
        }
        // A quote inside the cell's text (papaparse reads on, past the character after it).
        quote++;
      }
      continue;
    }
    if (nextSeparator !== -1 && (nextSeparator < nextBreak || nextBreak === -1)) {
      if (++width > CSV_MAX_COLUMNS) return tooWide();
      cursor = nextSeparator + separator.length;
      nextSeparator = input.indexOf(separator, cursor);
      continue;
    }
    if (nextBreak === -1) break;
    const ended = endRow(cursor, nextBreak, nextBreak + breaks.length(nextBreak));
    if (ended) return ended;
  }
  return endRow(cursor, length, length) ?? "done";
}
