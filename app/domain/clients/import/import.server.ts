// 'Importar clientes': an uploaded file read into contacts and kept until the professional
// confirms (one waiting import per professional), and the confirmed clients written in batches
// that skip any phone already a client's (docs/decisions/0950-0953).
import { and, eq, lt } from "drizzle-orm";
import { clientImports, clients } from "../../../../db/schema";
import type { Db } from "../../../utils/db.server";
import type { Candidate, RawContact } from "./contacts";
import { contactFromRow, guessMapping, type CsvMapping } from "./csv";
import { CSV_MAX_COLUMNS, readCsvRows } from "./csv-rows";
import { decodeText, looksBinary } from "./decode";
import { looksLikeVcard, readCard, splitCards } from "./vcard";

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_CONTACTS = 10_000;
/** A waiting import left this long is purged by the scheduled job. */
export const IMPORT_KEPT_MS = 24 * 60 * 60_000;

export const IMPORT_ERRORS = {
  missing: "Escolha um arquivo de contatos (.vcf ou .csv).",
  empty: "O arquivo está vazio.",
  tooLarge: "O arquivo passa de 5 MB. Divida seus contatos em arquivos menores e importe um de cada vez.",
  tooMany: "O arquivo tem mais de 10.000 contatos. Divida seus contatos em arquivos menores e importe um de cada vez.",
  tooWide: `Este arquivo tem mais de ${CSV_MAX_COLUMNS} colunas, bem mais do que uma lista de contatos. Confira se escolheu o arquivo certo, ou apague as colunas que não usa e salve de novo como CSV.`,
  spreadsheet: "Este arquivo não é texto (parece uma planilha do Excel ou um arquivo compactado). No Excel, use 'Salvar como' > 'CSV' e envie o arquivo .csv.",
  unknown: "Não reconhecemos este arquivo. Envie os contatos exportados do celular (.vcf) ou uma planilha salva como CSV (.csv).",
  none: "Nenhum contato encontrado no arquivo.",
} as const;

export type StoredFile =
  | { kind: "vcard"; contacts: (RawContact | null)[] }
  | { kind: "csv"; rows: string[][] };

/**
 * The file's contacts (vCard) or rows (CSV), or the pt-BR reason it cannot be imported. The work
 * is bounded before anything is built: cards are counted before one is read, and a CSV's rows and
 * columns before papaparse makes its first row (docs/decisions/1010).
 */
export function readContactFile(bytes: Uint8Array, fileName: string): StoredFile | { error: string } {
  if (bytes.byteLength === 0) return { error: IMPORT_ERRORS.empty };
  if (bytes.byteLength > IMPORT_MAX_BYTES) return { error: IMPORT_ERRORS.tooLarge };
  if (looksBinary(bytes)) return { error: IMPORT_ERRORS.spreadsheet };
  const text = decodeText(bytes);
  if (looksLikeVcard(text)) {
    const cards = splitCards(text);
    if (cards.length === 0) return { error: IMPORT_ERRORS.none };
    return cards.length > IMPORT_MAX_CONTACTS ? { error: IMPORT_ERRORS.tooMany } : { kind: "vcard", contacts: cards.map(readCard) };
  }
  if (!/\.(csv|txt)$/i.test(fileName) && !/[,;\t]/.test(text.slice(0, 2000))) return { error: IMPORT_ERRORS.unknown };
  // The header and up to IMPORT_MAX_CONTACTS contacts, one more is enough to refuse.
  const read = readCsvRows(text, IMPORT_MAX_CONTACTS + 1);
  if ("refused" in read) return { error: read.refused === "too wide" ? IMPORT_ERRORS.tooWide : IMPORT_ERRORS.tooMany };
  return read.rows.length < 2 ? { error: IMPORT_ERRORS.none } : { kind: "csv", rows: read.rows };
}

export type WaitingImport = { id: string; fileName: string; file: StoredFile; mapping: CsvMapping | null };

/** Keeps the file for the preview, replacing this professional's previous one. */
export async function saveImport(db: Db, userId: string, fileName: string, file: StoredFile): Promise<string> {
  const id = crypto.randomUUID();
  const mapping = file.kind === "csv" ? JSON.stringify(guessMapping(file.rows[0]!)) : null;
  const content = JSON.stringify(file.kind === "csv" ? file.rows : file.contacts);
  await db.batch([
    db.delete(clientImports).where(eq(clientImports.userId, userId)),
    db.insert(clientImports).values({ id, userId, fileName: fileName.slice(0, 200), kind: file.kind, content, mapping }),
  ]);
  return id;
}

/** This professional's waiting import, or null (someone else's id is as missing). */
export async function getImport(db: Db, userId: string, id: string): Promise<WaitingImport | null> {
  const [row] = await db
    .select()
    .from(clientImports)
    .where(and(eq(clientImports.id, id), eq(clientImports.userId, userId)));
  if (!row) return null;
  const content = JSON.parse(row.content) as unknown[];
  const file: StoredFile = row.kind === "csv" ? { kind: "csv", rows: content as string[][] } : { kind: "vcard", contacts: content as (RawContact | null)[] };
  return { id: row.id, fileName: row.fileName, file, mapping: row.mapping ? (JSON.parse(row.mapping) as CsvMapping) : null };
}

export async function saveMapping(db: Db, userId: string, id: string, mapping: CsvMapping) {
  const [row] = await db
    .update(clientImports)
    .set({ mapping: JSON.stringify(mapping) })
    .where(and(eq(clientImports.id, id), eq(clientImports.userId, userId)))
    .returning({ id: clientImports.id });
  return !!row;
}

/** The contacts of a waiting import, the CSV's rows read through its mapping. */
export function contactsOf(waiting: WaitingImport): (RawContact | null)[] {
  if (waiting.file.kind === "vcard") return waiting.file.contacts;
  const [headers, ...rows] = waiting.file.rows;
  return rows.map((row) => contactFromRow(row, waiting.mapping!, headers!));
}

/** The phones of the professional's clients (national digits): who is already a client. */
export async function clientPhones(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db.select({ phone: clients.phone }).from(clients).where(eq(clients.userId, userId));
  return new Set(rows.map((r) => r.phone));
}

/** Rows per INSERT: a dozen values each, well inside SQLite's limit on bound parameters. */
const ROWS_PER_INSERT = 500;

/**
 * Creates the clients in one batch (one round trip, atomic) of multi-row INSERTs, each skipping a
 * phone that became a client's meanwhile (the unique index), and drops the waiting import in the
 * same batch. Returns how many were created.
 */
export async function commitImport(db: Db, userId: string, importId: string, candidates: readonly Candidate[]): Promise<number> {
  const inserts = [];
  // Marked imported: clients from before Agendo, never the month's new ones (docs/decisions/1013).
  const importedAt = new Date();
  for (let i = 0; i < candidates.length; i += ROWS_PER_INSERT) {
    const values = candidates.slice(i, i + ROWS_PER_INSERT).map((c) => ({
      userId,
      name: c.name,
      phone: c.phone,
      email: c.email,
      birthDate: c.birthDate || null,
      address: c.address,
      notes: c.notes,
      importedAt,
    }));
    inserts.push(db.insert(clients).values(values).onConflictDoNothing());
  }
  const drop = db.delete(clientImports).where(and(eq(clientImports.id, importId), eq(clientImports.userId, userId)));
  const results = await db.batch([drop, ...inserts]);
  return results.slice(1).reduce((sum, r) => sum + (r as { rowsAffected: number }).rowsAffected, 0);
}

/** Waiting imports older than a day: personal data nobody confirmed. */
export async function purgeOldImports(db: Db, now = new Date()) {
  const result = await db.delete(clientImports).where(lt(clientImports.createdAt, new Date(now.getTime() - IMPORT_KEPT_MS)));
  return result.rowsAffected;
}
