// A contact as a file (vCard or CSV) says it, and the pieces that make it a client: the one phone
// normaliser picks the number (the mobile one when there are several), birthdays as files write
// them, text cleaned like every other input. validation/client-import.ts checks the whole against
// the client form's own schema (docs/decisions/0951).
import { isIsoDate, ymd } from "../../dates";
import { normalizePhone, phoneDigits } from "../../phone";

/** What a file says about one person, before anything is checked. */
export type RawContact = {
  /** The person's name (first, middle and last names joined). */
  name: string;
  /** The company: the contact's name when it has no person's name. Absent in imports kept before it. */
  company?: string;
  /** Every number, with whether the file itself calls it a mobile ('CELL', 'Mobile', 'Celular'). */
  phones: { value: string; mobile: boolean }[];
  email: string;
  birthday: string;
  /** The address as the file writes it, its lines kept. Absent in imports kept before it. */
  address?: string;
  notes: string;
};

export type ImportRefusal = "sem nome" | "nome inválido" | "sem telefone" | "telefone inválido";

export type Candidate = {
  name: string;
  phone: string;
  email: string;
  birthDate: string;
  address: string;
  notes: string;
  /** The file had a birthday without a year (--05-17): a client's birth date needs one. */
  birthdayWithoutYear: boolean;
};


export const MAX_NAME = 100;
export const MAX_ADDRESS = 200;
export const MAX_NOTES = 1000;

/** C0 and C1 control characters; a note keeps its line breaks and tabs. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/** One line of text: no control characters, no line breaks, spaces collapsed. */
export function cleanLine(value: string): string {
  return value.replace(CONTROL, "").replace(/\s+/g, " ").trim();
}

/**
 * What a spreadsheet would run as a formula loses its lead: '=', '+', '-' or '@' at the start of a
 * name, '=', '+' or '@' at the start of a note (a note's '- item' stays). Exports quote them again.
 */
function withoutFormulaLead(value: string, lead: RegExp): string {
  return value.replace(lead, "").trim();
}

export function cleanName(value: string): string {
  return withoutFormulaLead(cleanLine(value), /^[=+\-@\s]+/).slice(0, MAX_NAME).trim();
}

/** An address on one line: its lines (Google's 'Formatted' address has several) joined by commas. */
export function cleanAddress(value: string): string {
  const lines = value.slice(0, 4 * MAX_ADDRESS).split(/\r\n|\r|\n/).map(cleanLine).filter(Boolean);
  return withoutFormulaLead(lines.join(", "), /^[=+@\s]+/).slice(0, MAX_ADDRESS).trim();
}

export function cleanNotes(value: string): string {
  const text = value.replace(/\r\n?/g, "\n").replace(CONTROL, "").trim();
  return withoutFormulaLead(text, /^[=+@\s]+/).slice(0, MAX_NOTES).trim();
}

/**
 * The number kept of several: the first the file calls a mobile that is a valid mobile (or a
 * valid foreign number), then the first valid mobile (Brazilian mobiles are 11 digits starting 9
 * after the DDD), then the first valid number. `null` with `invalid` when there were numbers but none is valid.
 */
export function pickPhone(phones: RawContact["phones"]): { phone: string } | { phone: null; invalid: boolean } {
  const valid = phones
    .flatMap((p) => p.value.split(/\s*:::\s*/).map((value) => ({ value, mobile: p.mobile })))
    .filter((p) => phoneDigits(p.value).length > 0)
    .map((p) => ({ ...p, digits: normalizePhone(p.value) }));
  if (valid.length === 0) return { phone: null, invalid: false };
  const isMobile = (d: string | null) => d !== null && d.length === 11 && !d.startsWith("+");
  // A foreign number has no mobile shape: the file's word alone says it is one.
  const calledMobile = (p: (typeof valid)[number]) => p.mobile && (isMobile(p.digits) || !!p.digits?.startsWith("+"));
  const chosen = valid.find(calledMobile) ?? valid.find((p) => isMobile(p.digits)) ?? valid.find((p) => p.digits !== null);
  return chosen ? { phone: chosen.digits! } : { phone: null, invalid: true };
}

/**
 * A birthday as files write it, as yyyy-MM-dd: ISO (1990-05-17, 19900517, with a time after it),
 * dd/MM/yyyy (Brazil; MM/dd/yyyy when the first part cannot be a month's day order), or
 * year-less (--05-17, --0517, 17/05), which comes back as `withoutYear`.
 */
export function parseBirthday(value: string): { date: string } | { withoutYear: true } | null {
  const v = value.trim();
  if (!v) return null;
  let m = /^(\d{4})-?(\d{2})-?(\d{2})(?:$|[T ])/.exec(v);
  // iPhone writes a birthday without a year as 1604 (X-APPLE-OMIT-YEAR); no client was born before 1900.
  if (m) return Number(m[1]) < 1900 ? { withoutYear: true } : dateOf(Number(m[1]), Number(m[2]), Number(m[3]));
  if (/^--\d{2}-?\d{2}$/.test(v) || /^\d{1,2}\/\d{1,2}$/.test(v)) return { withoutYear: true };
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(v);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    // dd/MM as Brazil writes it, unless only MM/dd makes sense (an Outlook export in English).
    return b > 12 && a <= 12 ? dateOf(Number(m[3]), a, b) : dateOf(Number(m[3]), b, a);
  }
  return null;
}

function dateOf(year: number, month: number, day: number) {
  const date = ymd(year, month, day);
  return isIsoDate(date) ? { date } : null;
}
