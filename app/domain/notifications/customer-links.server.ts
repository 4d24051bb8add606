// The one way to build the absolute links customers get in messages (e-mails, WhatsApp texts):
// always from APP_URL (appUrl), never from a request's Host header, and signed where they stand
// for the customer (docs/decisions/0670).
import { appUrl } from "../../utils/env.server";
import { signToken, verifyToken } from "../../utils/signed-tokens.server";
import { digitsOnly, normalizePhone } from "../phone";

/** The customer's status page for a booking made on the page (signed: nothing stored). */
export async function statusPageUrl(requestId: string): Promise<string> {
  return `${appUrl()}/agendamento/reserva/${await signToken("booking-status", requestId)}`;
}

/** The booking request a signed status link stands for, or null. */
export function requestIdFromStatusToken(token: string): Promise<string | null> {
  return verifyToken("booking-status", token);
}

/** 'Não quero receber lembretes': stops this professional's reminders to this e-mail or phone. */
export async function stopRemindersUrl(professionalId: string, contact: string): Promise<string> {
  return `${appUrl()}/lembretes/parar/${await signToken("stop-reminders", `${professionalId}:${contact}`)}`;
}

export async function stopRemindersTarget(token: string): Promise<{ professionalId: string; contact: string } | null> {
  const value = await verifyToken("stop-reminders", token);
  const at = value?.indexOf(":") ?? -1;
  if (!value || at <= 0) return null;
  return { professionalId: value.slice(0, at), contact: value.slice(at + 1) };
}

/** A customer's place on a waiting list: what they asked for, and 'Sair da lista' (signed). */
export async function waitlistEntryUrl(entryId: string): Promise<string> {
  return `${appUrl()}/agendamento/espera/${await signToken("waitlist", entryId)}`;
}

/**
 * The token of an offer's link to step 3 (`&espera=`): the place whose customer's name, phone and
 * e-mail the form shows filled in. Its own purpose: it cannot end the place as its page's link can.
 */
export function waitlistPrefillToken(entryId: string): Promise<string> {
  return signToken("waitlist-offer", entryId);
}

/** The place an offer link's `espera` token stands for, or null. */
export function entryIdFromPrefillToken(token: string): Promise<string | null> {
  return verifyToken("waitlist-offer", token);
}

/** The waiting-list entry a signed link stands for, or null. */
export function entryIdFromWaitlistToken(token: string): Promise<string | null> {
  return verifyToken("waitlist", token);
}

/**
 * A link in an e-mail to `email` that, opened, shows the address is its customer's
 * (docs/decisions/1022): `?email=` signed for this professional and this address, which only
 * that e-mail carries (the pages themselves are reached by other links too).
 */
export async function withEmailProof(url: string, professionalId: string, email: string): Promise<string> {
  return `${url}${url.includes("?") ? "&" : "?"}email=${await signToken("email-proof", `${professionalId}:${email}`)}`;
}

/** The professional and address a link's `?email=` proof stands for, or null. */
export async function emailProofOf(token: string | null): Promise<{ professionalId: string; email: string } | null> {
  const value = token ? await verifyToken("email-proof", token) : null;
  const at = value?.indexOf(":") ?? -1;
  if (!value || at <= 0) return null;
  return { professionalId: value.slice(0, at), email: value.slice(at + 1) };
}

/** Step 3 of the booking page with a time already chosen (what a waiting-list offer links to). */
export function bookingTimeUrl(profile: { bookingSlug: string; userId: string }, serviceId: string, date: string, time: string): string {
  const query = new URLSearchParams({ servico: serviceId, data: date, horario: time });
  return `${bookingPageUrl(profile)}?${query}`;
}

/** The professional's public booking page. */
export function bookingPageUrl(profile: { bookingSlug: string; userId: string }): string {
  return `${appUrl()}/agendamento/${profile.bookingSlug || profile.userId}`;
}

/**
 * An e-mail or a phone as opt-outs store it: e-mails lowercased, phones as digits, a foreign one
 * with its "+" as stored (docs/decisions/1011), so its country code is never read as a DDD.
 */
export function contactKey(contact: string): string {
  if (contact.includes("@")) return contact.trim().toLowerCase();
  const stored = normalizePhone(contact);
  return stored?.startsWith("+") ? stored : digitsOnly(contact);
}
