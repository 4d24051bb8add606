// Static Pix "copia e cola" (BR Code, EMV QRCPS-MPM) for a booking deposit, and its QR code.
// Pure functions: no Node or browser APIs beyond TextEncoder, so they run on Workers too.
// Layout follows the Banco Central "Manual de Padrões para Iniciação do Pix" (static QR).
import { renderSVG } from "uqr";
import { centsToDecimal } from "../money";
import { digitsOnly } from "../phone";

const GUI = "br.gov.bcb.pix";
const NAME_MAX = 25;
const CITY_MAX = 15;
const TXID_MAX = 25;
const EMAIL_KEY_MAX = 77;
const DEFAULT_TXID = "***";

/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) as 4 uppercase hex digits. */
export function crc16(data: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(data)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** One EMV field: id, two-digit length, value. */
function tlv(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`Pix field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/**
 * Plain printable ASCII for the name, city and description fields: accents dropped
 * ("São" -> "Sao"), dashes and other separators made spaces ("Cia—Beleza" -> "Cia Beleza"),
 * other characters outside 0x20-0x7E removed, spaces collapsed, then cut. Case is kept (the
 * Banco Central example itself uses "Fulano de Tal").
 */
export function pixText(value: string, max: number): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/(?!-)[\p{Pd}\p{Z}]/gu, " ")
    .replace(/[^\x20-\x7E]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max)
    .trim();
}

/** txid of a static code: letters and digits only, at most 25; "***" when none is left. */
export function pixTxid(value: string | undefined): string {
  const cleaned = (value ?? "").replace(/[^A-Za-z0-9]/g, "").slice(0, TXID_MAX);
  return cleaned === "" ? DEFAULT_TXID : cleaned;
}

function isValidCpf(d: string): boolean {
  if (!/^\d{11}$/.test(d) || /^(\d)\1{10}$/.test(d)) return false;
  const digit = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(d[i]) * (len + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return digit(9) === Number(d[9]) && digit(10) === Number(d[10]);
}

function isValidCnpj(d: string): boolean {
  if (!/^\d{14}$/.test(d) || /^(\d)\1{13}$/.test(d)) return false;
  const digit = (len: number) => {
    const weights = len === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(d[i]) * weights[i];
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return digit(12) === Number(d[12]) && digit(13) === Number(d[13]);
}

/** DDD (two digits 1-9) then 8 digits, or 9 digits starting with 9. */
const BR_PHONE = /^[1-9][1-9](?:\d{8}|9\d{8})$/;
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/**
 * A Pix key as the DICT stores it, or null when it is none of the five kinds:
 * - random key (EVP): a UUID, lower-cased;
 * - e-mail: lower-cased, at most 77 characters;
 * - phone: "+55" + DDD + number. Recognised only when written as a phone — with a leading "+"
 *   (which must be +55) or with a "(" or a space — e.g. "+55 11 98888-7777", "(11) 98888-7777";
 * - CPF (11 digits) or CNPJ (14 digits) with valid check digits; ".", "-" and "/" are allowed.
 * Bare 11 digits are read as a CPF only: a mistyped CPF is refused, never turned into somebody's
 * phone number, since the key decides who receives the money.
 */
export function normalizePixKey(raw: string): string | null {
  const value = raw.trim();
  if (value === "") return null;

  if (EVP.test(value)) return value.toLowerCase();

  if (value.includes("@")) {
    const email = value.toLowerCase();
    return email.length <= EMAIL_KEY_MAX && EMAIL.test(email) ? email : null;
  }

  if (value.startsWith("+") || /[(\s]/.test(value)) {
    if (!/^\+?[\d\s().-]+$/.test(value)) return null;
    let digits = digitsOnly(value);
    if (value.startsWith("+")) {
      if (!digits.startsWith("55")) return null;
      digits = digits.slice(2);
    }
    return BR_PHONE.test(digits) ? `+55${digits}` : null;
  }

  if (/^[\d./-]+$/.test(value)) {
    const digits = digitsOnly(value);
    if (digits.length === 11) return isValidCpf(digits) ? digits : null;
    if (digits.length === 14) return isValidCnpj(digits) ? digits : null;
  }
  return null;
}

export type PixPayloadInput = {
  /** Any form normalizePixKey accepts. */
  key: string;
  /** Receiver's name (field 59): accents removed, at most 25 characters. */
  name: string;
  /** Receiver's city (field 60): accents removed, at most 15 characters. */
  city: string;
  /** Amount in cents; 0 leaves field 54 out (the payer types the amount). */
  amountCents: number;
  /** Field 62-05; letters and digits, at most 25; default "***". */
  txid?: string;
  /** Optional free text shown to the payer (field 26-02), accents removed. */
  description?: string;
};

/** "1050" cents -> "10.50". */
function formatAmount(cents: number): string {
  return centsToDecimal(cents, ".");
}

/**
 * The static BR Code of a Pix transfer. Throws on an invalid key, an empty name or city, or an
 * amount that is not a whole, non-negative number of cents (programming errors: the caller
 * validates the professional's settings first with normalizePixKey).
 */
export function pixPayload(input: PixPayloadInput): string {
  const key = normalizePixKey(input.key);
  if (key === null) throw new Error("Invalid Pix key");
  const name = pixText(input.name, NAME_MAX);
  const city = pixText(input.city, CITY_MAX);
  if (name === "") throw new Error("Pix receiver name is empty");
  if (city === "") throw new Error("Pix receiver city is empty");
  const { amountCents } = input;
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError("Pix amount must be a whole, non-negative number of cents");
  }

  const gui = tlv("00", GUI) + tlv("01", key);
  // Whatever room field 26 (max 99) leaves goes to the description.
  const description = pixText(input.description ?? "", 99 - gui.length - 4);
  const account = gui + (description ? tlv("02", description) : "");

  const amount = formatAmount(amountCents);
  const body =
    tlv("00", "01") +
    tlv("26", account) +
    tlv("52", "0000") +
    tlv("53", "986") +
    (amountCents > 0 ? tlv("54", amount) : "") +
    tlv("58", "BR") +
    tlv("59", name) +
    tlv("60", city) +
    tlv("62", tlv("05", pixTxid(input.txid))) +
    "6304";
  return body + crc16(body);
}

/** Whether a receiver name or city can be written in a BR Code (some Latin letter or digit is left). */
export function isPixEncodable(value: string): boolean {
  return /[A-Za-z0-9]/.test(pixText(value, 99));
}

export const PIX_NOT_ENCODABLE = "O código Pix não pôde ser gerado a partir dos dados do profissional. Combine o pagamento do sinal com o profissional pelo WhatsApp.";

/**
 * The deposit's BR Code and QR code, or why there is none: a stored value that cannot be encoded
 * (a name of emoji or Cyrillic saved before it was checked) never breaks the page.
 */
export function depositPix(input: PixPayloadInput): { payload: string; svg: string } | { unavailable: string } {
  const code = depositCode(input);
  return "payload" in code ? { payload: code.payload, svg: pixQrSvg(code.payload) } : code;
}

function depositCode(input: PixPayloadInput): { payload: string } | { unavailable: string } {
  try {
    return { payload: pixPayload(input) };
  } catch {
    return { unavailable: PIX_NOT_ENCODABLE };
  }
}

export const NO_PIX_KEY = "O profissional ainda não informou uma chave Pix. Combine o pagamento do sinal pelo WhatsApp.";

type PixProfile = { pixKey: string; pixName: string; pixCity: string; businessName: string; fullName: string };

/**
 * A deposit's Pix to the professional's own key, as the status page shows it and the e-mails
 * carry it: the BR Code (receiver: 'Nome no Pix', else the business's or the person's name; city:
 * 'Cidade no Pix', else BRASIL), or why there is none (no key, a name that cannot be encoded).
 */
export function professionalPixCode(p: PixProfile, amountCents: number): { payload: string } | { unavailable: string } {
  const key = normalizePixKey(p.pixKey);
  if (!key) return { unavailable: NO_PIX_KEY };
  return depositCode({ key, name: p.pixName || p.businessName || p.fullName, city: p.pixCity || "BRASIL", amountCents });
}

/** True when the text ends in "6304" + the CRC16 of everything before it. */
export function hasValidPixCrc(payload: string): boolean {
  const match = /6304([0-9A-F]{4})$/.exec(payload);
  return match !== null && crc16(payload.slice(0, -4)) === match[1];
}

/**
 * The QR code of a BR Code as an inline SVG string (scales to its container through its
 * viewBox). Error correction M and the standard 4-module quiet zone, which bank apps read well.
 */
export function pixQrSvg(payload: string): string {
  return renderSVG(payload, { ecc: "M", border: 4, pixelSize: 4 });
}
