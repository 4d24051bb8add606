// Phone numbers: one normaliser for every form (clients, booking, profile, page contact,
// registration, contact files) and every WhatsApp link. A Brazilian number is stored as national
// digits (DDD + number); a foreign one, typed with its country code, as + and its digits
// ("+351912345678", E.164), shown "+351 912 345 678" (docs/decisions/1011).

/** Brazil's 67 area codes (DDD), as Anatel assigns them. */
export const DDDS: ReadonlySet<string> = new Set(
  [
    ...range(11, 19), 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, ...range(41, 49), 51, 53, 54, 55,
    ...range(61, 69), 71, 73, 74, 75, 77, 79, ...range(81, 89), ...range(91, 99),
  ].map(String),
);

function range(from: number, to: number) {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * Every digit of a typed number and nothing else, prefixes kept: "+55 (11) 98765-4321" ->
 * "5511987654321". For a phone's raw length, a CPF/CNPJ or a search term; a phone's national
 * digits are `phoneDigits`.
 */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, "");
}

/**
 * The national digits (DDD + number) a typed phone stands for, prefixes removed: a country code
 * (+55 or 55 when 12–13 digits remain, 0055), a trunk prefix 0 and a long-distance carrier code
 * (0 + 2 digits + DDD + number). Not validated; at most 11 digits are kept for a number still
 * being typed.
 */
export function phoneDigits(value: string): string {
  let d = digitsOnly(value);
  if (d.startsWith("0055")) d = d.slice(4);
  else if (value.trim().startsWith("+")) d = d.startsWith("55") ? d.slice(2) : d;
  else if (d.startsWith("55") && (d.length === 12 || d.length === 13)) d = d.slice(2);
  if (d.startsWith("0")) {
    d = d.slice(1);
    // 0 + carrier (2 digits) + DDD + number: 12 or 13 digits after the 0.
    if (d.length === 12 || d.length === 13) d = d.slice(2);
  }
  return d.slice(0, 11);
}

/**
 * The digits of a number typed with a foreign country code, country code first: "+351 912…" or
 * "00351 912…" (no Brazilian carrier code starts with 0). Null for a Brazilian number: +55, 0055
 * or no country code at all.
 */
export function foreignDigits(value: string): string | null {
  const d = value.replace(/\D/g, "");
  if (/^[\s(]*\+/.test(value)) return d.startsWith("55") ? null : d;
  return d.startsWith("00") && !d.startsWith("0055") ? d.slice(2) : null;
}

/** Whether foreign digits (country code first) can be a number: E.164's 8 to 15 digits, +1's 11. */
function isForeignNumber(d: string): boolean {
  if (!/^[1-9]\d{7,14}$/.test(d)) return false;
  return !d.startsWith("1") || d.length === 11;
}

/**
 * A valid number as stored, or null. Brazilian: national digits, a real DDD, then a mobile (9 and
 * 8 digits) or a landline (8 digits starting 2–5). Foreign: "+" and its digits.
 */
export function normalizePhone(value: string): string | null {
  const foreign = foreignDigits(value);
  if (foreign !== null) return isForeignNumber(foreign) ? `+${foreign}` : null;
  const d = phoneDigits(value);
  if (!DDDS.has(d.slice(0, 2))) return null;
  const number = d.slice(2);
  if (number.length === 9 && number.startsWith("9")) return d;
  if (number.length === 8 && /^[2-5]/.test(number)) return d;
  return null;
}

export const PHONE_MIN = "Telefone deve ter pelo menos 10 dígitos";
export const PHONE_FORMAT = "Formato de telefone inválido";

/** A phone as typed -> as stored (normalizePhone), or the reason it is not a number. */
export function checkPhone(value: string): { ok: true; digits: string } | { ok: false; message: string } {
  if (foreignDigits(value) === null && phoneDigits(value).length < 10) return { ok: false, message: PHONE_MIN };
  const digits = normalizePhone(value);
  return digits ? { ok: true, digits } : { ok: false, message: PHONE_FORMAT };
}

/** Longest phone a person may type: "+55 (21) 99999-8888", or 15 foreign digits as the mask spaces them. */
export const PHONE_INPUT_MAX_LENGTH = 20;

/**
 * Foreign digits as shown: "+", the country code (1 and 7 alone, the two-digit codes ITU
 * assigned, else three digits), then the number in groups of three, the last groups of four
 * when three do not divide it: +351 912 345 678, +1 415 555 2671, +54 911 2345 6789.
 */
export function formatForeign(d: string): string {
  const two = "20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98";
  const code = d.startsWith("1") || d.startsWith("7") ? 1 : two.split(" ").includes(d.slice(0, 2)) ? 2 : 3;
  const rest = d.slice(code);
  if (!rest) return `+${d}`;
  // Under 6 digits (still being typed): one group. Else threes, then as many fours as n % 3.
  const fours = rest.length < 6 ? 0 : rest.length % 3;
  const groups: string[] = [];
  for (let i = 0; i < rest.length; ) {
    const size = rest.length < 6 ? rest.length : rest.length - i <= 4 * fours ? 4 : 3;
    groups.push(rest.slice(i, i + size));
    i += size;
  }
  return `+${d.slice(0, code)} ${groups.join(" ")}`;
}

/**
 * (DD) NNNNN-NNNN for 11 digits, (DD) NNNN-NNNN for 10; partial input stays partial. As a mask
 * it keeps a "+" and the country code being typed ("+5"), dropping +55; a foreign number is
 * spaced as formatForeign shows it.
 */
export function formatPhone(value: string): string {
  const foreign = foreignDigits(value);
  if (foreign !== null) return foreign ? formatForeign(foreign.slice(0, 15)) : "+";
  const d = phoneDigits(value);
  if (d.length === 0) return "";
  if (d.length <= 2) return `(${d}`;
  const ddd = d.slice(0, 2);
  const rest = d.slice(2);
  if (rest.length <= 4) return `(${ddd}) ${rest}`;
  const split = d.length === 11 ? 5 : 4;
  return `(${ddd}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}

/** The tel: link of a stored phone: +55 and the national digits, or the foreign number as stored. */
export function phoneHref(phone: string): string {
  const stored = normalizePhone(phone);
  return stored?.startsWith("+") ? `tel:${stored}` : `tel:+55${phoneDigits(phone)}`;
}
