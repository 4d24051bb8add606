// The public booking form's rules, runtime-agnostic and without a validation library: the
// route's action calls validateBookingSubmission, the page (JavaScript on) the live-input
// helpers, from the same rules, in a few hundred bytes.
import { checkPhone, digitsOnly, formatPhone } from "../domain/phone";
import { isIsoDate, localToUtc, maxBookingDate, nowInZone } from "../domain/dates";
import { looksLikeLink, NAME_LINK } from "./person-name";

// Messages of the spec, word for word.
export const INVALID_REQUEST = "Solicitação inválida";
/** Checked by the caller between the honeypot and the time (3 per phone in 15 minutes). */
export const RATE_LIMIT_MESSAGE = "Muitas solicitações. Tente novamente em alguns minutos.";
export const TIME_INVALID = "Data e horário do agendamento inválidos.";
export const SUSPICIOUS_CONTENT = "Conteúdo suspeito detectado.";
export const NAME_MIN = "Nome deve ter pelo menos 2 caracteres";
export const NAME_MAX = "Nome deve ter no máximo 100 caracteres";
/** The spec's rule was letters and spaces only; names also take apostrophes, hyphens and dots (decision 0572). */
export const NAME_FORMAT = "Nome deve conter apenas letras, espaços, hífens, apóstrofos e pontos";
/** A name that is (or holds) a site or e-mail address: it would reach e-mails as a link (issue 20). */
export { NAME_LINK };
export const PHONE_MAX = "Telefone deve ter no máximo 15 dígitos";
export const NOTES_MAX = "Observações devem ter no máximo 500 caracteres";
export const INVALID_DATA = "Dados inválidos";
/** The time chosen is no longer free. */
export const TAKEN = "Este horário acabou de ser ocupado. Escolha outro horário.";
/** 'Qualquer profissional': the offer shown is gone, another member (at another price) is free. */
export const OFFER_CHANGED = "O profissional ou o valor deste horário mudou. Confira acima quem atende e o valor, e confirme de novo.";
export const EMAIL_INVALID = "Informe um e-mail válido, como nome@exemplo.com, ou deixe em branco.";
/** A deposit charged online needs the payer's e-mail (the provider asks for it). */
export const EMAIL_REQUIRED_FOR_DEPOSIT = "Informe seu e-mail para pagar o sinal, como nome@exemplo.com.";
export const EMAIL_MAX_LENGTH = 254;
// Live input (the page, before submitting).
export const NAME_INPUT_INVALID = "Nome inválido";
export const NOTES_INPUT_TOO_LONG = "Observações muito longas";
export const BOOKING_INCOMPLETE = "Dados incompletos para agendamento.";

export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 100;
export const NOTES_MAX_LENGTH = 500;
export const PHONE_MAX_DIGITS = 15;
export const CLEAN_TEXT_MAX = 1000;

/** Our hidden honeypot input; the other names are the spec's (bots fill such fields in). */
export const HONEYPOT_FIELD = "website_hp";
export const HONEYPOT_FIELDS = [HONEYPOT_FIELD, "website", "url", "homepage", "bot_field", "address", "company"] as const;

export type BookingField = "form" | "name" | "phone" | "email" | "notes" | "time";
export type BookingValidation =
  | { ok: true; value: { name: string; phone: string; email: string; notes: string } }
  | { ok: false; field: BookingField; message: string };

export type BookingContext = {
  now: Date;
  /** The professional's IANA zone. */
  timeZone: string;
  /** The chosen slot: local date yyyy-MM-dd and minutes after local midnight. */
  date: string;
  startMinute: number;
  /** The deposit is charged online: the e-mail is asked (step 3 says so). */
  emailRequired?: boolean;
};

/**
 * The spec's text cleaning, applied to name and notes before any check: trim, remove < and >,
 * remove "javascript:" (any case) and inline-handler patterns (on...=), trim again, cut to
 * 1000 characters. Removal repeats until nothing is left to remove, so "javajavascript:script:"
 * cannot reassemble. Only the characters < and > go, not whole tags: "<b>Ana</b>" becomes
 * "bAna/b", which the name rule then refuses. Text is put in NFC so "José" typed with a combining
 * accent is the same as the precomposed one.
 */
export function cleanText(value: string): string {
  let text = value.normalize("NFC").trim().replace(/[<>]/g, "");
  for (let previous = ""; previous !== text; ) {
    previous = text;
    text = text.replace(/javascript:/gi, "").replace(/on\w+\s*=/gi, "");
  }
  return Array.from(text.trim()).slice(0, CLEAN_TEXT_MAX).join("");
}

const LINK = /https?:\/\/|www\./i;
const SPAM_WORDS = /viagra|casino|lottery|winner|congratulations|click here|free money|earn money/i;
/** An HTML tag or comment: '<' then a letter, '/' or '!' (so "chego 5 min <3" is not one). */
const MARKUP = /<\s*[a-z/!]/i;
/** Script: a javascript: URL or an inline handler (onclick=…). */
const SCRIPT = /javascript\s*:|\bon[a-z]+\s*=/i;

/**
 * A link, a spam word, markup or script: refused, never silently cleaned. Ordinary writing is
 * not suspicious: 'kkkkkk', 'Obrigada!!!!!!' and capitals are how customers write
 * (docs/decisions/0572).
 */
export function isSuspicious(text: string): boolean {
  return LINK.test(text) || SPAM_WORDS.test(text) || MARKUP.test(text) || SCRIPT.test(text);
}

/** Letters of any language (with their accents), then letters, spaces, apostrophes, hyphens, dots. */
export const NAME_CHARS = /^\p{L}[\p{L}\p{M}'’.\- ]*$/u;


/** The chosen slot is after `now` and on or before today + 6 months, in the professional's zone. */
export function isBookableTime(ctx: BookingContext): boolean {
  if (!isIsoDate(ctx.date)) return false;
  let start: Date;
  try {
    start = localToUtc(ctx.date, ctx.startMinute, ctx.timeZone);
  } catch {
    return false;
  }
  if (start.getTime() <= ctx.now.getTime()) return false;
  const today = nowInZone(ctx.timeZone, ctx.now).date;
  return ctx.date <= maxBookingDate(today);
}

/** A honeypot field filled in: a bot, refused before anything else (and before the rate limit). */
export function isBotSubmission(input: Record<string, string | undefined>): boolean {
  return HONEYPOT_FIELDS.some((field) => {
    const value = input[field];
    return typeof value === "string" && value.trim() !== "";
  });
}

function fail(field: BookingField, message: string): BookingValidation {
  return { ok: false, field, message };
}

/**
 * Checks a booking submission in the spec's order and returns the first error:
 * honeypot, (rate limit: the caller), date-time, suspicious content, name (length, no link,
 * characters), phone, e-mail (lowercased), notes.
 * On success: the cleaned name and notes and the phone as digits.
 */
export function validateBookingSubmission(
  input: Record<string, string | undefined>,
  ctx: BookingContext,
): BookingValidation {
  if (isBotSubmission(input)) return fail("form", INVALID_REQUEST);
  // Anything but text where text is expected (only a caller breaking the types).
  for (const field of ["name", "phone", "email", "notes"] as const) {
    if (input[field] !== undefined && typeof input[field] !== "string") return fail("form", INVALID_DATA);
  }

  if (!isBookableTime(ctx)) return fail("time", TIME_INVALID);

  // Checked as typed and once cleaned: markup is refused, not turned into something else.
  const name = cleanText(input.name ?? "");
  const notes = cleanText(input.notes ?? "");
  if (isSuspicious(input.name ?? "") || isSuspicious(name)) return fail("name", SUSPICIOUS_CONTENT);
  if (isSuspicious(input.notes ?? "") || isSuspicious(notes)) return fail("notes", SUSPICIOUS_CONTENT);

  if (Array.from(name).length < NAME_MIN_LENGTH) return fail("name", NAME_MIN);
  if (Array.from(name).length > NAME_MAX_LENGTH) return fail("name", NAME_MAX);
  if (looksLikeLink(name)) return fail("name", NAME_LINK);
  if (!NAME_CHARS.test(name)) return fail("name", NAME_FORMAT);

  const phone = input.phone ?? "";
  if (digitsOnly(phone).length > PHONE_MAX_DIGITS) return fail("phone", PHONE_MAX);
  const checkedPhone = checkPhone(phone);
  if (!checkedPhone.ok) return fail("phone", checkedPhone.message);

  // One address however it is typed: the bounds on unrequested e-mail count per address.
  const email = (input.email ?? "").trim().toLowerCase();
  if (ctx.emailRequired && !isEmail(email)) return fail("email", EMAIL_REQUIRED_FOR_DEPOSIT);
  if (email && !isEmail(email)) return fail("email", EMAIL_INVALID);

  if (Array.from(notes).length > NOTES_MAX_LENGTH) return fail("notes", NOTES_MAX);
  return { ok: true, value: { name, phone: checkedPhone.digits, email, notes } };
}

/** An address mail can reach: one @, a dotted domain, no spaces or markup (the optional e-mail of step 3). */
export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[a-z]{2,}$/i.test(value);
}

// ---- Live input (the page) ----
// The booking page's inline script runs these very functions (routes/booking.enhance.ts writes
// their source into it), so each uses only its arguments: the limits come as an argument.

/** Step 3's live limits (the page's script gets them as data). */
export const LIVE_INPUT = { name: { max: NAME_MAX_LENGTH, chars: NAME_CHARS }, notes: { max: NOTES_MAX_LENGTH } };

/** The phone input's mask: digits only, at most 11, shown as (DD) NNNNN-NNNN / (DD) NNNN-NNNN. */
export function maskPhoneInput(value: string): string {
  return formatPhone(value);
}

/** Whether a name edit is accepted as typed (else it is rejected with NAME_INPUT_INVALID). */
export function isNameInputAllowed(value: string, rules: { max: number; chars: RegExp } = LIVE_INPUT.name): boolean {
  return value === "" || (value.length <= rules.max && rules.chars.test(value));
}

/** Whether a notes edit is accepted (else it is rejected with NOTES_INPUT_TOO_LONG). */
export function isNotesInputAllowed(value: string, rules: { max: number } = LIVE_INPUT.notes): boolean {
  return value.length <= rules.max;
}

/** Step 3 may be submitted only with a name and a phone (else BOOKING_INCOMPLETE). */
export function isBookingComplete(values: { name?: string; phone?: string }): boolean {
  // Self-contained (no imported helper): the booking page's script carries this function's own text.
  return (values.name ?? "").trim() !== "" && /\d/.test(values.phone ?? "");
}
