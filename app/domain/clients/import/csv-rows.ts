// The CSV parser's boundary: text in, rows of cells out. Everything else of the CSV import
// (columns, contacts) reads only `parseCsvRows`. The maintained parser chosen for it is
// papaparse (docs/decisions/0950); until the lead adds that package this module reads RFC 4180
// itself (quoted cells with separators, doubled quotes and line breaks; the separator found in
// the header line), and its tests (csv.test.ts) are the ones papaparse must pass when it drops in.

const SEPARATORS = [",", ";", "\t"] as const;

/** The separator the header line uses most outside quotes: ',' (Google, Outlook), ';' (Excel pt-BR), tab. */
export function guessSeparator(text: string): string {
  const end = text.search(/\r|\n/);
  const header = end < 0 ? text : text.slice(0, end);
  const outside = header.replace(/"[^"]*"/g, "");
  let best: string = ",";
  let most = 0;
  for (const sep of SEPARATORS) {
    const n = outside.split(sep).length - 1;
    if (n > most) [best, most] = [sep, n];
  }
  return best;
}

/** Every row of the text (blank lines skipped), each a list of cells, quotes resolved. */
export function parseCsvRows(text: string): string[][] {
  const source = text.replace(/^\uFEFF/, "");
  const sep = guessSeparator(source);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endRow = () => {
    row.push(cell);
    if (row.length > 1 || row[0] !== "") rows.push(row);
    row = [];
    cell = "";
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (source[i + 1] === '"') cell += source[++i];
      else quoted = false;
    } else if (c === '"' && cell === "") quoted = true;
    else if (c === sep) {
      row.push(cell);
      cell = "";
    } else if (c === "\r" || c === "\n") {
      if (c === "\r" && source[i + 1] === "\n") i++;
      endRow();
    } else cell += c;
  }
  if (cell !== "" || row.length) endRow();
  return rows;
}
