// wa.me links and the pt-BR messages exchanged between a client and the professional.
// Pure: runs in the browser, on Node and on Workers.
import { formatDate, isIsoDate } from "./dates";
import { digitsOnly, normalizePhone } from "./phone";

/**
 * The international number wa.me and the Cloud API expect: a Brazilian number (however written:
 * stored national digits, +55, 0 + DDD…) is 55 + DDD + number, a foreign one its digits with the
 * country code ("+351912345678" -> 351912345678). Anything else is used unchanged (digits only).
 */
export function whatsappNumber(phone: string): string {
  const stored = normalizePhone(phone);
  if (!stored) return digitsOnly(phone);
  return stored.startsWith("+") ? stored.slice(1) : `55${stored}`;
}

/** https://wa.me/55DDNNNNNNNNN?text=<message, URL-encoded>. */
export function whatsappLink(phoneDigits: string, message: string): string {
  return `https://wa.me/${whatsappNumber(phoneDigits)}?text=${encodeURIComponent(message)}`;
}

export type BookingMessageInput = {
  customerName: string;
  serviceName: string;
  /** dd/MM/yyyy (a yyyy-MM-dd date is converted). */
  date: string;
  /** HH:mm. */
  time: string;
};

/** "2026-12-01" -> "01/12/2026"; anything else is kept as given. */
function displayDate(date: string): string {
  const trimmed = date.trim();
  return isIsoDate(trimmed) ? formatDate(trimmed, true) : trimmed;
}

function parts(input: BookingMessageInput) {
  return {
    name: input.customerName.trim().replace(/\s+/g, " "),
    service: input.serviceName.trim(),
    date: displayDate(input.date),
    time: input.time.trim(),
  };
}

/** Sent by the client right after the booking request. */
export function customerToProfessionalMessage(input: BookingMessageInput): string {
  const p = parts(input);
  return `Olá! Sou ${p.name} e acabei de solicitar um agendamento de ${p.service} para ${p.date} às ${p.time} pela sua página no Agendo.`;
}

/** Sent by the professional on accepting the request. */
export function professionalAcceptMessage(input: BookingMessageInput): string {
  const p = parts(input);
  return `Olá, ${p.name}! Seu agendamento de ${p.service} em ${p.date} às ${p.time} está confirmado. Até lá!`;
}

/** Sent by the professional on declining the request, with the page to choose another time. */
export function professionalDeclineMessage(
  input: Omit<BookingMessageInput, "serviceName"> & { serviceName?: string; bookingUrl: string },
): string {
  const p = parts({ ...input, serviceName: input.serviceName ?? "" });
  return `Olá, ${p.name}! Infelizmente não consigo atender no dia ${p.date} às ${p.time}. Que tal escolher outro horário na minha página? ${input.bookingUrl}`;
}
