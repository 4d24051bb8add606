// Brazilian phone numbers: one normaliser for every form (clients, booking, profile, page
// contact, registration) and every WhatsApp link. Stored as national digits: DDD + number.

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
 * A valid Brazilian number as national digits, or null: a real DDD, then a mobile (9 and 8
 * digits) or a landline (8 digits starting 2–5).
 */
export function normalizePhone(value: string): string | null {
  const d = phoneDigits(value);
  if (!DDDS.has(d.slice(0, 2))) return null;
  const number = d.slice(2);
  if (number.length === 9 && number.startsWith("9")) return d;
  if (number.length === 8 && /^[2-5]/.test(number)) return d;
  return null;
}

export const PHONE_MIN = "Telefone deve ter pelo menos 10 dígitos";
export const PHONE_FORMAT = "Formato de telefone inválido";

/** A Brazilian phone as typed -> its national digits (DDD + number), or the reason it is not one. */
export function checkPhone(value: string): { ok: true; digits: string } | { ok: false; message: string } {
  if (phoneDigits(value).length < 10) return { ok: false, message: PHONE_MIN };
  const digits = normalizePhone(value);
  return digits ? { ok: true, digits } : { ok: false, message: PHONE_FORMAT };
}

/** Longest phone a person may type: "+55 (21) 99999-8888" and a little room. */
export const PHONE_INPUT_MAX_LENGTH = 20;

/**
 * (DD) NNNNN-NNNN for 11 digits, (DD) NNNN-NNNN for 10; partial input stays partial. As a mask
 * it keeps a "+" and the country code being typed ("+5"), which it then drops.
 */
export function formatPhone(value: string): string {
  const raw = value.trim();
  if (raw.startsWith("+") && digitsOnly(raw).length < 2) return `+${digitsOnly(raw)}`;
  const d = phoneDigits(value);
  if (d.length === 0) return "";
  if (d.length <= 2) return `(${d}`;
  const ddd = d.slice(0, 2);
  const rest = d.slice(2);
  if (rest.length <= 4) return `(${ddd}) ${rest}`;
  const split = d.length === 11 ? 5 : 4;
  return `(${ddd}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}
