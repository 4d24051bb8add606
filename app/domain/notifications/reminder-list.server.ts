// 'Lembretes': one day's appointments of one professional (tomorrow unless the professional picks
// another, reminder-days.ts), each with a one-tap WhatsApp reminder
// (wa.me, prefilled in pt-BR with the time, service, address and the customer's link) and whether
// it was sent. The professional's own query: always scoped to their id.
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { appointments, bookingRequests, clients, type profiles } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { nowInZone } from "../dates";
import { firstName } from "../names";
import { normalizePhone } from "../phone";
import { whatsappLink } from "../whatsapp";
import { bookingPageUrl, contactKey, statusPageUrl } from "./customer-links.server";
import { stoppedContacts } from "./opt-outs.server";
import { whenText } from "./texts";
import { activeAppointment } from "../status-rules.server";

type Profile = Pick<
  typeof profiles.$inferSelect,
  "userId" | "fullName" | "businessName" | "bookingSlug" | "address" | "businessAddress" | "timeZone"
>;

export type ReminderRow = {
  id: string;
  time: string;
  client: string;
  service: string;
  confirmed: boolean;
  remindedAt: Date | null;
  /** The wa.me link with the message; null without a phone or when the customer asked to stop. */
  link: string | null;
  stopped: boolean;
};

/** The WhatsApp text: the professional's name, when, what, where, and the customer's link. */
export function reminderMessage(input: { client: string; professional: string; when: string; service: string; address: string; link: string; statusLink: boolean }) {
  const first = firstName(input.client) || "tudo bem";
  return [
    `Olá, ${first}! Passando para lembrar do seu horário com ${input.professional}: ${input.service}, ${input.when}.`,
    ...(input.address ? [`Endereço: ${input.address}.`] : []),
    input.statusLink ? `Confirme ou remarque por aqui: ${input.link}` : `Se precisar remarcar, me avise por aqui ou escolha outro horário: ${input.link}`,
  ].join("\n");
}

/** The appointments to remind on `date` (yyyy-MM-dd in the professional's zone). */
export async function remindersOn(db: Db, profile: Profile, date: string, now = new Date()): Promise<ReminderRow[]> {
  const found = await db
    .select({
      id: appointments.id,
      startMinute: appointments.startMinute,
      service: appointments.serviceName,
      customerConfirmedAt: appointments.customerConfirmedAt,
      remindedAt: appointments.whatsappRemindedAt,
      requestId: bookingRequests.id,
      client: clients.name,
      clientPhone: clients.phone,
      customerName: bookingRequests.customerName,
      customerPhone: bookingRequests.customerPhone,
    })
    .from(appointments)
    .leftJoin(clients, and(eq(clients.id, appointments.clientId), eq(clients.userId, profile.userId)))
    .leftJoin(bookingRequests, and(eq(bookingRequests.id, appointments.bookingRequestId), eq(bookingRequests.professionalId, profile.userId)))
    .where(and(eq(appointments.userId, profile.userId), eq(appointments.date, date), activeAppointment))
    .orderBy(asc(appointments.startMinute));
  const phones = found.map((r) => contactKey(r.clientPhone ?? r.customerPhone ?? "")).filter(Boolean);
  const stopped = await stoppedContacts(db, profile.userId, phones);
  const professional = profile.businessName || profile.fullName;
  const address = profile.businessAddress || profile.address;
  const rows = await Promise.all(
    found.map(async (r): Promise<ReminderRow> => {
      const name = r.client ?? r.customerName ?? "Cliente";
      const phone = r.clientPhone ?? r.customerPhone ?? "";
      const isStopped = stopped.has(contactKey(phone));
      const when = whenText(date, r.startMinute, profile.timeZone, now);
      const link = r.requestId ? await statusPageUrl(r.requestId) : bookingPageUrl(profile);
      return {
        id: r.id,
        time: when.short.replace(/^.* às /, ""),
        client: name,
        service: r.service,
        confirmed: !!r.customerConfirmedAt,
        remindedAt: r.remindedAt,
        stopped: isStopped,
        link:
          normalizePhone(phone) && !isStopped
            ? whatsappLink(phone, reminderMessage({ client: name, professional, when: when.long, service: r.service, address, link, statusLink: !!r.requestId }))
            : null,
      };
    }),
  );
  return rows;
}

/** Today in the professional's zone (the list's days are counted from it). */
export function reminderToday(profile: Pick<Profile, "timeZone">, now = new Date()): string {
  return nowInZone(profile.timeZone, now).date;
}

/**
 * Marks (or unmarks) one of the professional's appointments as reminded; the appointment's date,
 * or null if it is not theirs.
 */
export async function markReminded(db: Db, userId: string, appointmentId: string, at: Date | null): Promise<string | null> {
  const updated = await db
    .update(appointments)
    .set({ whatsappRemindedAt: at })
    .where(and(eq(appointments.id, appointmentId), eq(appointments.userId, userId), at ? isNull(appointments.whatsappRemindedAt) : undefined))
    .returning({ date: appointments.date });
  if (updated[0]) return updated[0].date;
  const [mine] = await db
    .select({ date: appointments.date })
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.userId, userId)));
  return mine?.date ?? null;
}

/** The dashboard's 'Lembretes' card: tomorrow's appointments and how many are still to remind (one read). */
export function tomorrowsReminderCounts(db: Db, userId: string, tomorrow: string) {
  return db
    .select({ total: count(), toRemind: sql<number>`coalesce(sum(${appointments.whatsappRemindedAt} is null), 0)` })
    .from(appointments)
    .where(and(eq(appointments.userId, userId), eq(appointments.date, tomorrow), activeAppointment));
}
