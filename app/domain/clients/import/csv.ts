// A CSV of contacts (Google Contacts, Outlook, another agenda app, Agendo's own export): which
// column holds what, matched by the usual names in Portuguese and English and correctable by the
// professional, and each row read as a contact (docs/decisions/0952).
import { cleanLine, type RawContact } from "./contacts";

export const CSV_FIELDS = ["name", "middleName", "lastName", "company", "phone", "phone2", "email", "birthday", "address", "notes"] as const;
export type CsvField = (typeof CSV_FIELDS)[number];
/** The column index each field is read from, or null. */
export type CsvMapping = Record<CsvField, number | null>;

export const CSV_FIELD_LABELS: Record<CsvField, string> = {
  name: "Nome",
  middleName: "Nome do meio",
  lastName: "Sobrenome",
  company: "Empresa (para contatos sem nome)",
  phone: "Celular / telefone",
  phone2: "Outro telefone",
  email: "E-mail",
  birthday: "Aniversário",
  address: "Endereço",
  notes: "Observações",
};

/** "E-mail 1 - Value" -> "e mail 1 value"; "Observações" -> "observacoes". */
export function headerKey(header: string): string {
  return header
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const FIRST_NAMES = ["first name", "given name", "primeiro nome", "nome proprio"];
/** A whole name: no middle or last name is added to it ('Nome' beside 'Sobrenome' is a first name). */
const FULL_NAMES = ["name", "nome completo", "full name", "display name", "nome do cliente", "cliente", "contato"];
/** Each field's usual column names, best first (mobile phones before the others). */
const USUAL: Record<Exclude<CsvField, "phone2">, string[]> = {
  name: ["nome", "name", "nome completo", "full name", "display name", "cliente", "nome do cliente", "contato", ...FIRST_NAMES],
  middleName: ["middle name", "additional name", "nome do meio", "segundo nome"],
  lastName: ["last name", "family name", "sobrenome", "ultimo nome"],
  company: ["organization name", "organization 1 name", "company", "empresa", "organizacao", "organization", "nome da empresa"],
  phone: [
    "celular", "telefone celular", "mobile phone", "mobile", "cell phone", "whatsapp", "telefone", "phone", "fone", "tel",
    "phone 1 value", "phone 2 value", "phone 3 value", "primary phone", "telefone principal", "home phone",
    "telefone residencial", "business phone", "telefone comercial", "outro telefone", "other phone",
  ],
  email: ["e mail", "email", "e mail 1 value", "e mail address", "email address", "endereco de e mail", "correio eletronico"],
  birthday: ["aniversario", "data de nascimento", "nascimento", "birthday", "birth date", "birthdate", "data nascimento", "dt nascimento"],
  // A whole address first (Google's 'Formatted'), then a street alone (Outlook's).
  address: [
    "address 1 formatted", "endereco", "endereco completo", "address", "home address", "endereco residencial",
    "address 1 street", "home street", "rua residencial", "logradouro", "business street", "rua comercial",
  ],
  notes: ["observacoes", "observacao", "obs", "notas", "anotacoes", "notes", "note", "comentarios"],
};

function bestColumn(keys: string[], names: string[], taken: Set<number>): number | null {
  for (const name of names) {
    const index = keys.findIndex((k, i) => k === name && !taken.has(i));
    if (index >= 0) return index;
  }
  return null;
}

/** The columns matched by their names; middle and last names only beside a name column that is not a whole name. */
export function guessMapping(headers: readonly string[]): CsvMapping {
  const keys = headers.map(headerKey);
  const taken = new Set<number>();
  const pick = (names: string[]) => {
    const index = bestColumn(keys, names, taken);
    if (index !== null) taken.add(index);
    return index;
  };
  const name = pick(USUAL.name);
  const firstName = name !== null && !FULL_NAMES.includes(keys[name]!);
  const middleName = firstName ? pick(USUAL.middleName) : null;
  const lastName = firstName ? pick(USUAL.lastName) : null;
  const company = pick(USUAL.company);
  const phone = pick(USUAL.phone);
  const phone2 = pick(USUAL.phone);
  return { name, middleName, lastName, company, phone, phone2, email: pick(USUAL.email), birthday: pick(USUAL.birthday), address: pick(USUAL.address), notes: pick(USUAL.notes) };
}

/** A mapping as a form sent it: every field a column of the file or none (''); null when a value is neither. */
export function mappingFrom(values: Partial<Record<CsvField, unknown>>, columnCount: number): CsvMapping | null {
  const mapping = {} as CsvMapping;
  for (const field of CSV_FIELDS) {
    const value = values[field] ?? "";
    if (value === "") {
      mapping[field] = null;
      continue;
    }
    const n = typeof value === "string" && /^\d{1,5}$/.test(value) ? Number(value) : -1;
    if (n < 0 || n >= columnCount) return null;
    mapping[field] = n;
  }
  return mapping;
}

/** A cell of the row; a field a mapping kept before the field existed reads nothing. */
const cell = (row: readonly string[], index: number | null | undefined) => (index == null ? "" : (row[index] ?? "").trim());

/** A data row as a contact, as the mapping reads it. */
export function contactFromRow(row: readonly string[], mapping: CsvMapping, headers: readonly string[]): RawContact {
  const mobileColumn = (index: number | null) => index !== null && /celular|mobile|cell|whatsapp/.test(headerKey(headers[index] ?? ""));
  return {
    name: [mapping.name, mapping.middleName, mapping.lastName].map((index) => cell(row, index)).filter(Boolean).join(" "),
    company: cell(row, mapping.company),
    phones: [mapping.phone, mapping.phone2]
      .filter((index) => cell(row, index))
      .map((index) => ({ value: cell(row, index), mobile: mobileColumn(index) })),
    email: cell(row, mapping.email),
    birthday: cell(row, mapping.birthday),
    address: cell(row, mapping.address),
    notes: cell(row, mapping.notes),
  };
}

/** One column as the preview's selects offer it. */
export type ColumnChoice = { value: number; label: string };

/** Text cut to `max` characters, with '…' when it was longer. */
const shortened = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/**
 * The columns the preview offers, each as its header (or 'Coluna N') and an example from the
 * first data rows, both cut short: a page the size of a page whatever the file's cells hold. A
 * column with neither a header nor an example is left out unless a field reads from it.
 */
export function columnChoices(rows: readonly (readonly string[])[], mapping: CsvMapping): ColumnChoice[] {
  const [headers = [], ...data] = rows;
  const mapped = new Set(Object.values(mapping));
  const choices: ColumnChoice[] = [];
  headers.forEach((raw, index) => {
    const header = cleanLine(raw.slice(0, 200));
    const example = data.slice(0, 3).map((row) => cleanLine((row[index] ?? "").slice(0, 200))).find(Boolean);
    if (!header && !example && !mapped.has(index)) return;
    const label = shortened(header || `Coluna ${index + 1}`, 40);
    choices.push({ value: index, label: example ? `${label} (ex.: ${shortened(example, 30)})` : label });
  });
  return choices;
}
