// What the waiting list says to customers: the e-mail confirming the place (the only message a
// sign-up causes, and only to an e-mail given), and an opening's offer by e-mail, by the Cloud
// API's template, or as the professional's one-tap WhatsApp text. Each names the professional,
// links straight to step 3 with the time chosen and the customer's data filled in, and carries
// the way off the list.
import type { profiles, WaitlistPeriod } from "../../../db/schema";
import { formatDate, minutesToTime } from "../dates";
import { bookingTimeUrl, contactKey, stopRemindersUrl, waitlistEntryUrl, waitlistPrefillToken, withEmailProof } from "../notifications/customer-links.server";
import { whenText } from "../notifications/texts";
import { firstName } from "../names";
import { PERIOD_LABELS } from "./periods";

export type WaitlistProfile = Pick<typeof profiles.$inferSelect, "userId" | "fullName" | "businessName" | "bookingSlug" | "timeZone">;

type Entry = { id: string; professionalId: string; customerEmail: string; serviceName: string; date: string; period: WaitlistPeriod };
type Offer = { entry: Entry & { customerName: string }; serviceId: string; date: string; startMinute: number };

const proName = (p: WaitlistProfile) => p.businessName || p.fullName;

async function footer(entry: Entry, p: WaitlistProfile) {
  return [
    "",
    `Sair da lista de espera: ${await withEmailProof(await waitlistEntryUrl(entry.id), entry.professionalId, entry.customerEmail)}`,
    "—",
    `${proName(p)}, pelo Agendo`,
    `Não quero receber mensagens de ${proName(p)}: ${await stopRemindersUrl(entry.professionalId, contactKey(entry.customerEmail))}`,
  ];
}

/** The one e-mail a sign-up sends (greets with 'Olá!' alone: the name was typed by whoever signed up). */
export async function joinedEmail(entry: Entry, p: WaitlistProfile) {
  const period = PERIOD_LABELS[entry.period].toLowerCase();
  return {
    to: entry.customerEmail,
    subject: `Você está na lista de espera de ${proName(p)}`,
    text: [
      "Olá!",
      "",
      `Você está na lista de espera de ${proName(p)} para ${entry.serviceName} em ${formatDate(entry.date, true)} (${period}).`,
      "Se abrir um horário, avisamos por aqui. Quem confirmar primeiro fica com ele; se não der, você continua na lista.",
      ...(await footer(entry, p)),
    ].join("\n"),
  };
}

/** Step 3 with the time chosen and, through the place's own token, the customer's name, phone and e-mail filled in. */
export async function offerLink(p: WaitlistProfile, offer: Pick<Offer, "serviceId" | "date" | "startMinute"> & { entry: { id: string } }) {
  return `${bookingTimeUrl(p, offer.serviceId, offer.date, minutesToTime(offer.startMinute))}&espera=${await waitlistPrefillToken(offer.entry.id)}`;
}

export async function offerEmail(offer: Offer, p: WaitlistProfile, now: Date) {
  const when = whenText(offer.date, offer.startMinute, p.timeZone, now);
  return {
    to: offer.entry.customerEmail,
    subject: `Abriu um horário ${when.short} com ${proName(p)}`,
    text: [
      "Olá!",
      "",
      `Abriu um horário de ${offer.entry.serviceName} com ${proName(p)}: ${when.long}.`,
      `Quem confirmar primeiro fica com ele: ${await offerLink(p, offer)}`,
      "Se alguém confirmar antes, você continua na lista de espera.",
      ...(await footer(offer.entry, p)),
    ].join("\n"),
  };
}

/** The Cloud API template's body parameters ({{1}} professional, {{2}} service, {{3}} when, {{4}} link). */
export async function offerTemplateParams(offer: Offer, p: WaitlistProfile, now: Date): Promise<string[]> {
  return [proName(p), offer.entry.serviceName, whenText(offer.date, offer.startMinute, p.timeZone, now).long, await offerLink(p, offer)];
}

/** The professional's one-tap text ('Lembretes' > 'Lista de espera'). */
export async function offerWhatsappText(offer: Offer, p: WaitlistProfile, now: Date): Promise<string> {
  const first = firstName(offer.entry.customerName) || "tudo bem";
  const when = whenText(offer.date, offer.startMinute, p.timeZone, now).long;
  return [
    `Oi, ${first}! Abriu um horário de ${offer.entry.serviceName} ${when}, que você pediu na lista de espera.`,
    `Se quiser, confirme por aqui antes que alguém pegue: ${await offerLink(p, offer)}`,
  ].join("\n");
}
