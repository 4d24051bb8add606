// The public booking form's rules (spec section 5, 'Public booking submission'), runtime-agnostic:
// the route's action calls validateBookingSubmission, the page uses the live-input helpers.
import { z } from "./zod";
import { localToUtc } from "../utils/ics";
import { formatPhone } from "../utils/phone";
import { isIsoDate, maxBookingDate, nowInZone } from "../utils/time";

// Messages of the spec, word for word.
export const INVALID_REQUEST = "Solicitação inválida";
/** Checked by the caller between the honeypot and the time (3 per phone in 15 minutes). */
export const RATE_LIMIT_MESSAGE = "Muitas solicitações. Tente novamente em alguns minutos.";
export const TIME_INVALID = "Data e horário do agendamento inválidos.";
export const SUSPICIOUS_CONTENT = "Conteúdo suspeito detectado.";
export const NAME_MIN = "Nome deve ter pelo menos 2 caracteres";
export const NAME_MAX = "Nome deve ter no máximo 100 caracteres";
export const NAME_FORMAT = "Nome deve conter apenas letras e espaços";
export const PHONE_MIN = "Telefone deve ter pelo menos 10 dígitos";
export const PHONE_MAX = "Telefone deve ter no máximo 15 dígitos";
export const PHONE_FORMAT = "Formato de telefone inválido";
export const NOTES_MAX = "Observações devem ter no máximo 500 caracteres";
export const INVALID_DATA = "Dados inválidos";
// Live input (the page, before submitting).
export const NAME_INPUT_INVALID = "Nome inválido";
export const NOTES_INPUT_TOO_LONG = "Observações muito longas";
export const BOOKING_INCOMPLETE = "Dados incompletos para agendamento.";

export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 100;
export const NOTES_MAX_LENGTH = 500;
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 15;
/** The phone input keeps at most 11 digits (DDD + number). */
export const PHONE_INPUT_MAX_DIGITS = 11;
export const CLEAN_TEXT_MAX = 1000;

/** Our hidden honeypot input; the other names are the spec's (bots fill such fields in). */
export const HONEYPOT_FIELD = "website_hp";
export const HONEYPOT_FIELDS = [HONEYPOT_FIELD, "website", "url", "homepage", "bot_field", "address", "company"] as const;

export type BookingField = "form" | "name" | "phone" | "notes" | "time";
export type BookingValidation =
  | { ok: true; value: { name: string; phone: string; notes: string } }
  | { ok: false; field: BookingField; message: string };

export type BookingContext = {
  now: Date;
  /** The professional's IANA zone. */
  timeZone: string;
  /** The chosen slot: local date yyyy-MM-dd and minutes after local midnight. */
  date: string;
  startMinute: number;
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
const SHOUTING = /\p{Lu}{10,}/u;
const REPEATED = /(.)\1{5,}/su;

/** A link, a spam word, 10+ capital letters in a row, or a character 6+ times in a row. */
export function isSuspicious(text: string): boolean {
  return LINK.test(text) || SPAM_WORDS.test(text) || SHOUTING.test(text) || REPEATED.test(text);
}

/** Letters (with Portuguese and other Latin-1 accents) and spaces. */
const NAME_CHARS = /^[A-Za-zÀ-ÖØ-öø-ÿ ]+$/;

/** (DD) 9999-9999 or (DD) 99999-9999: a DDD without zeros, and 9 after it for 11 digits. */
export function isBrazilianPhone(digits: string): boolean {
  return /^[1-9][1-9](?:\d{8}|9\d{8})$/.test(digits);
}

const fieldsSchema = z.object({
  name: z
    .string()
    .min(NAME_MIN_LENGTH, NAME_MIN)
    .max(NAME_MAX_LENGTH, NAME_MAX)
    .regex(NAME_CHARS, NAME_FORMAT),
  phone: z
    .string()
    .transform((value) => value.replace(/\D/g, ""))
    .pipe(
      z
        .string()
        .min(PHONE_MIN_DIGITS, PHONE_MIN)
        .max(PHONE_MAX_DIGITS, PHONE_MAX)
        .refine(isBrazilianPhone, PHONE_FORMAT),
    ),
  notes: z.string().max(NOTES_MAX_LENGTH, NOTES_MAX),
});

const KNOWN_MESSAGES = new Set([NAME_MIN, NAME_MAX, NAME_FORMAT, PHONE_MIN, PHONE_MAX, PHONE_FORMAT, NOTES_MAX]);

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

function fail(field: BookingField, message: string): BookingValidation {
  return { ok: false, field, message };
}

/**
 * Checks a booking submission in the spec's order and returns the first error:
 * honeypot, (rate limit: the caller), date-time, suspicious content, name, phone, notes.
 * On success: the cleaned name and notes and the phone as digits.
 */
export function validateBookingSubmission(
  input: Record<string, string | undefined>,
  ctx: BookingContext,
): BookingValidation {
  for (const field of HONEYPOT_FIELDS) {
    const value = input[field];
    if (typeof value === "string" && value.trim() !== "") return fail("form", INVALID_REQUEST);
  }

  if (!isBookableTime(ctx)) return fail("time", TIME_INVALID);

  const name = cleanText(input.name ?? "");
  const notes = cleanText(input.notes ?? "");
  if (isSuspicious(name)) return fail("name", SUSPICIOUS_CONTENT);
  if (isSuspicious(notes)) return fail("notes", SUSPICIOUS_CONTENT);

  const parsed = fieldsSchema.safeParse({ name, phone: input.phone ?? "", notes });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0];
    if (issue && (field === "name" || field === "phone" || field === "notes") && KNOWN_MESSAGES.has(issue.message)) {
      return fail(field, issue.message);
    }
    return fail("form", INVALID_DATA);
  }
  return { ok: true, value: parsed.data };
}

// ---- Live input (the page) ----

/** The phone input's mask: digits only, at most 11, shown as (DD) NNNNN-NNNN / (DD) NNNN-NNNN. */
export function maskPhoneInput(value: string): string {
  return formatPhone(value);
}

/** Whether a name edit is accepted as typed (else it is rejected with NAME_INPUT_INVALID). */
export function isNameInputAllowed(value: string): boolean {
  return value === "" || (value.length <= NAME_MAX_LENGTH && NAME_CHARS.test(value));
}

/** Whether a notes edit is accepted (else it is rejected with NOTES_INPUT_TOO_LONG). */
export function isNotesInputAllowed(value: string): boolean {
  return value.length <= NOTES_MAX_LENGTH;
}

/** Step 3 may be submitted only with a name and a phone (else BOOKING_INCOMPLETE). */
export function isBookingComplete(values: { name?: string; phone?: string }): boolean {
  return (values.name ?? "").trim() !== "" && (values.phone ?? "").replace(/\D/g, "") !== "";
}
