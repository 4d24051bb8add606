// Customer reminders, queued by the scheduled job when they are due (reminderDue):
// `reminderHoursBefore` hours before the time (24 by default), or at once for a time booked after
// that moment. By e-mail to the client's address (or else the one given on the booking page), and
// through the WhatsApp Cloud API when it is configured. Each is queued once (its dedupe key names
// the appointment and its time: a moved appointment is reminded again for its new time) and never
// to a contact that asked to stop ('Não quero receber lembretes').
import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { appointments, bookingRequests, clients, emailOutbox, profiles, reminderOptOuts, whatsappOutbox } from "../../db/schema";
import type { Db } from "../utils/db.server";
import { queueEmail, type EmailTransport } from "../utils/email.server";
import type { WhatsappConfig } from "../utils/whatsapp.server";
import { addDays, formatDate, localToUtc, minutesToTime } from "../domain/dates";
import { whatsappLink, whatsappNumber } from "../domain/whatsapp";
import { bookingPageUrl, contactKey, statusPageUrl, stopRemindersUrl } from "../domain/notifications/customer-links.server";
import { reminderDue } from "../domain/notifications/reminder-due";
import { whenText } from "../domain/notifications/texts";
import { followUpsWithheld, strangerWhatsapp } from "../domain/notifications/unrequested-email.server";
import { activeAppointment } from "../domain/status-rules.server";

const reminderKey = (channel: "email" | "whatsapp") =>
  sql<string>`${"reminder:" + channel + ":"} || ${appointments.id} || ':' || ${appointments.date} || 'T' || ${appointments.startMinute}`;

/** Appointments whose reminder may be due around `now` and is not yet queued on some channel. */
function candidates(db: Db, now: Date) {
  const today = now.toISOString().slice(0, 10);
  const emailKey = reminderKey("email");
  const whatsappKey = reminderKey("whatsapp");
  return db
    .select({
      id: appointments.id,
      professionalId: appointments.userId,
      date: appointments.date,
      startMinute: appointments.startMinute,
      serviceName: appointments.serviceName,
      // When it got its current time: made (or accepted), or last moved.
      bookedAt: sql`coalesce(${appointments.timeSetAt}, ${appointments.createdAt})`.mapWith(appointments.createdAt),
      requestId: bookingRequests.id,
      createdVia: appointments.createdVia,
      customerName: sql<string>`coalesce(${clients.name}, ${bookingRequests.customerName}, '')`,
      // The client's own (typed by the professional or kept from a booking), else the request's.
      customerEmail: sql<string>`coalesce(nullif(${clients.email}, ''), ${bookingRequests.customerEmail}, '')`,
      customerPhone: sql<string>`coalesce(${clients.phone}, ${bookingRequests.customerPhone}, '')`,
      emailKey,
      whatsappKey,
      emailQueued: sql<number>`exists (select 1 from ${emailOutbox} where ${emailOutbox.dedupeKey} = ${emailKey})`,
      emailWithheld: sql<number>`${followUpsWithheld()}`,
      whatsappQueued: sql<number>`exists (select 1 from ${whatsappOutbox} where ${whatsappOutbox.dedupeKey} = ${whatsappKey})`,
      profile: {
        userId: profiles.userId,
        fullName: profiles.fullName,
        businessName: profiles.businessName,
        bookingSlug: profiles.bookingSlug,
        address: profiles.address,
        businessAddress: profiles.businessAddress,
        phone: profiles.phone,
        contactPhone: profiles.contactPhone,
        timeZone: profiles.timeZone,
        hoursBefore: profiles.reminderHoursBefore,
        byEmail: profiles.reminderEmail,
        byWhatsapp: profiles.reminderWhatsapp,
      },
    })
    .from(appointments)
    .innerJoin(profiles, eq(profiles.userId, appointments.userId))
    .leftJoin(bookingRequests, eq(bookingRequests.id, appointments.bookingRequestId))
    .leftJoin(clients, eq(clients.id, appointments.clientId))
    .where(
      and(
        activeAppointment,
        // Every zone's "within the next 48 hours" lies inside these UTC dates.
        gte(appointments.date, addDays(today, -1)),
        lte(appointments.date, addDays(today, 3)),
        sql`(${profiles.reminderEmail} or ${profiles.reminderWhatsapp})`,
      ),
    );
}

/** The contacts (lowercased e-mails, phone digits) that asked these professionals to stop. */
async function optedOut(db: Db, professionalIds: string[]) {
  if (professionalIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ professionalId: reminderOptOuts.professionalId, contact: reminderOptOuts.contact })
    .from(reminderOptOuts)
    .where(inArray(reminderOptOuts.professionalId, professionalIds));
  return new Set(rows.map((r) => `${r.professionalId}:${r.contact}`));
}

type Candidate = Awaited<ReturnType<typeof candidates>>[number];

/**
 * What the customer can answer: booked on the page, 'Confirmo presença' and 'Preciso remarcar'
 * on their status page; made in the agenda (no such page), the professional's WhatsApp.
 */
async function answerLines(c: Candidate): Promise<string[]> {
  if (c.requestId) {
    const status = await statusPageUrl(c.requestId);
    return [`Confirmo presença: ${status}?confirmar=1`, `Preciso remarcar: ${status}?remarcar=1`];
  }
  const phone = c.profile.contactPhone || c.profile.phone;
  if (!phone) return [];
  const when = `${formatDate(c.date)} às ${minutesToTime(c.startMinute)}`;
  const message = `Olá! Preciso remarcar meu horário de ${c.serviceName || "atendimento"} em ${when}.`;
  return [`Precisa remarcar? Fale pelo WhatsApp: ${whatsappLink(phone, message)}`];
}

async function reminderEmail(c: Candidate, now: Date) {
  const pro = c.profile.businessName || c.profile.fullName;
  const address = c.profile.businessAddress || c.profile.address;
  const when = whenText(c.date, c.startMinute, c.profile.timeZone, now);
  const answers = await answerLines(c);
  const stop = await stopRemindersUrl(c.professionalId, contactKey(c.customerEmail));
  return {
    to: c.customerEmail,
    subject: `Lembrete: ${c.serviceName} ${when.short} com ${pro}`,
    text: [
      // Not the name: it was typed on the booking page by whoever booked.
      "Olá!",
      "",
      `Este é um lembrete do seu horário com ${pro}:`,
      `${c.serviceName} — ${when.long}`,
      ...(address ? [`Endereço: ${address}`] : []),
      ...(answers.length ? ["", ...answers] : []),
      "",
      `Não quero receber lembretes de ${pro}: ${stop}`,
      "",
      `${pro}, pelo Agendo`,
    ].join("\n"),
  };
}

/** The template's body parameters, in order ({{1}}…{{7}}; README 'WhatsApp'). */
async function reminderParams(c: Candidate, now: Date): Promise<string[]> {
  const pro = c.profile.businessName || c.profile.fullName;
  const link = c.requestId ? await statusPageUrl(c.requestId) : bookingPageUrl(c.profile);
  return [
    c.customerName || "cliente",
    pro,
    whenText(c.date, c.startMinute, c.profile.timeZone, now).long,
    c.serviceName || "atendimento",
    c.profile.businessAddress || c.profile.address || "-",
    link,
    await stopRemindersUrl(c.professionalId, contactKey(c.customerPhone)),
  ];
}

/**
 * Queues every reminder due at `now` that is not queued yet (one batch of conditional inserts:
 * two runs at once queue each reminder once). Returns how many were queued.
 */
export async function queueDueReminders(
  db: Db,
  now: Date,
  channels: { transport: EmailTransport; whatsapp: WhatsappConfig | null },
): Promise<number> {
  const rows = (await candidates(db, now)).filter((c) => !c.emailQueued || !c.whatsappQueued);
  const due = rows.flatMap((c) => {
    try {
      const start = localToUtc(c.date, c.startMinute, c.profile.timeZone);
      return reminderDue({ start, bookedAt: c.bookedAt, hoursBefore: c.profile.hoursBefore }, now) ? [{ c, start }] : [];
    } catch {
      return [];
    }
  });
  const stopped = await optedOut(db, [...new Set(due.map((d) => d.c.professionalId))]);
  const statements = [];
  for (const { c } of due) {
    const email = contactKey(c.customerEmail);
    if (c.profile.byEmail && !c.emailQueued && !c.emailWithheld && email && !stopped.has(`${c.professionalId}:${email}`)) {
      const { statements: queued } = queueEmail(db, await reminderEmail(c, now), {
        transport: channels.transport,
        kind: "reminder",
        professionalId: c.professionalId,
        dedupeKey: c.emailKey,
        claimed: false,
        now,
      });
      statements.push(queued[1]);
    }
    const phone = contactKey(c.customerPhone);
    if (channels.whatsapp && c.profile.byWhatsapp && !c.whatsappQueued && phone.length >= 10 && !stopped.has(`${c.professionalId}:${phone}`)) {
      const row = {
        professionalId: c.professionalId,
        appointmentId: c.id,
        template: channels.whatsapp.template,
        language: channels.whatsapp.language,
        params: JSON.stringify(await reminderParams(c, now)),
        dedupeKey: c.whatsappKey,
      };
      // Booked on the page, the number is whatever was typed there: within the bounds on what a
      // stranger can make us send (docs/decisions/1020), unless the professional knows it.
      statements.push(
        c.createdVia === "booking_page"
          ? strangerWhatsapp(db, row, { phone, clientAddress: null, now })
          : db
              .insert(whatsappOutbox)
              .values({ ...row, to: whatsappNumber(phone), createdAt: now })
              .onConflictDoNothing(),
      );
    }
  }
  const [first, ...rest] = statements;
  if (!first) return 0;
  const results = await db.batch([first, ...rest]);
  return results.reduce<number>((n, r) => n + ((r as { rowsAffected?: number }).rowsAffected ?? 0), 0);
}
