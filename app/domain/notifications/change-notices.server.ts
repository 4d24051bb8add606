// The customer hears of every change the business makes to their time (docs/decisions/0720):
// who they are (the client's e-mail, else the one left on the booking page; the phone), how they
// are told (e-mail; the WhatsApp Cloud API's approved template when it is configured and the
// professional's automatic WhatsApp is on; otherwise the one-tap wa.me link right after the
// action), and the outbox writes, queued in the same batch as the change, only if it happened.
// A cancel or move notice is held for NOTICE_GRACE_MS: 'Desfazer' (or a second move) withdraws it
// before it leaves; after that, undoing a cancel sends 'Horário mantido' instead.
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { appointments, bookingRequests, clients, emailOutbox, profiles, whatsappOutbox } from "../../../db/schema";
import { insertIf, type Db } from "../../utils/db.server";
import { queueEmail } from "../../utils/email.server";
import type { WhatsappSettings } from "../../utils/whatsapp.server";
import { digitsOnly } from "../phone";
import { whatsappLink, whatsappNumber } from "../whatsapp";
import { depositAfterEnd } from "../deposits/deposit-words";
import { depositStateColumns } from "../deposits/deposits.server";
import { bookingPageUrl, statusPageUrl } from "./customer-links.server";
import {
  changeEmail,
  changeTemplateParams,
  changeWhatsappText,
  professionalLabel,
  type ChangeKind,
  type NoticeInput,
  type NoticeRoute,
  type NoticeTime,
} from "./change-notices";

type BatchItem = Parameters<Db["batch"]>[0][number];

/** How long a notice waits before the job may send it: the time 'Desfazer' has to withdraw it. */
export const NOTICE_GRACE_MS = 2 * 60_000;

/** Every notice of one appointment has a dedupe key starting so. */
const keyPrefix = (appointmentId: string) => `change:${appointmentId}:`;
const ofAppointment = (column: typeof emailOutbox.dedupeKey | typeof whatsappOutbox.dedupeKey, appointmentId: string) =>
  sql`substr(${column}, 1, ${keyPrefix(appointmentId).length}) = ${keyPrefix(appointmentId)}`;

/** A move notice of the appointment of the row being read, still held in this outbox. */
const heldMoveIn = (t: typeof emailOutbox | typeof whatsappOutbox) => sql`exists (select 1 from ${t}
  where substr(${t.dedupeKey}, 1, length('change:' || ${appointments.id} || ':')) = 'change:' || ${appointments.id} || ':'
  and ${t.kind} = 'change-move' and ${t.status} = 'queued' and ${t.attempts} = 0)`;

/**
 * The professional's appointments matching `which`, soonest first, with their customer (the
 * client's name, e-mail and phone, else the booking request's) and the professional: what a
 * notice and the agenda's toast need, in one read.
 */
export function noticeTargets(db: Db, userId: string, which: SQL) {
  return db
    .select({
      id: appointments.id,
      date: appointments.date,
      startMinute: appointments.startMinute,
      status: appointments.status,
      serviceName: appointments.serviceName,
      bookingRequestId: appointments.bookingRequestId,
      seriesId: appointments.seriesId,
      cancelledBy: appointments.cancelledBy,
      customerConfirmedAt: appointments.customerConfirmedAt,
      updatedAt: appointments.updatedAt,
      clientName: clients.name,
      customerName: sql<string>`coalesce(${clients.name}, ${bookingRequests.customerName}, '')`,
      customerEmail: sql<string>`coalesce(nullif(${clients.email}, ''), ${bookingRequests.customerEmail}, '')`,
      customerPhone: sql<string>`coalesce(nullif(${clients.phone}, ''), ${bookingRequests.customerPhone}, '')`,
      /** A move notice of it still held (not sent): a new move replaces it. */
      heldMove: sql<number>`(${heldMoveIn(emailOutbox)} or ${heldMoveIn(whatsappOutbox)})`,
      /** The booking's deposit (none for an appointment made in the agenda): a cancel says what becomes of it. */
      deposit: {
        ...depositStateColumns,
        paymentProvider: bookingRequests.paymentProvider,
        paymentId: bookingRequests.paymentId,
      },
      profile: {
        userId: profiles.userId,
        fullName: profiles.fullName,
        businessName: profiles.businessName,
        bookingSlug: profiles.bookingSlug,
        timeZone: profiles.timeZone,
        reminderWhatsapp: profiles.reminderWhatsapp,
      },
    })
    .from(appointments)
    .innerJoin(profiles, eq(profiles.userId, appointments.userId))
    .leftJoin(clients, and(eq(clients.id, appointments.clientId), eq(clients.userId, appointments.userId)))
    .leftJoin(
      bookingRequests,
      and(eq(bookingRequests.id, appointments.bookingRequestId), eq(bookingRequests.professionalId, appointments.userId)),
    )
    .where(and(eq(appointments.userId, userId), which))
    .orderBy(asc(appointments.date), asc(appointments.startMinute));
}

export type NoticeTarget = Awaited<ReturnType<typeof noticeTargets>>[number];

/** How this customer would be told, with the WhatsApp Cloud API as configured (or null). */
export function routeOf(t: Pick<NoticeTarget, "customerEmail" | "customerPhone" | "profile">, whatsapp: WhatsappSettings | null): NoticeRoute {
  const email = t.customerEmail.trim();
  // As stored: a foreign number keeps its "+", so its digits are never read as a DDD.
  const phone = t.customerPhone.trim();
  return {
    email: email.includes("@") ? email : null,
    whatsapp: digitsOnly(phone).length >= 10 ? { phone, automatic: !!whatsapp && t.profile.reminderWhatsapp } : null,
  };
}

export type QueuedNotice = {
  statements: BatchItem[];
  /** The e-mail's dedupe key (to deliver it at once when it is not held). */
  emailKey: string | null;
  /** 'Avisar no WhatsApp': the one-tap link, when WhatsApp is not automatic. */
  whatsappLink: string | null;
  route: NoticeRoute;
};

/**
 * The notice of a change to `target` (and the other `times` of the same change, e.g. a series'
 * next ones): the outbox writes, each only if `onlyIf(channel)` holds when the batch runs, held
 * for the grace period unless `hold` is false; and the one-tap WhatsApp link otherwise.
 */
export async function changeNotice(
  db: Db,
  args: {
    kind: ChangeKind;
    target: NoticeTarget;
    times: NoticeTime[];
    before?: NoticeTime | null;
    reason?: string;
    now: Date;
    whatsapp: WhatsappSettings | null;
    onlyIf: (channel: "email" | "whatsapp") => SQL | undefined;
    hold: boolean;
  },
): Promise<QueuedNotice> {
  const { target: t, now } = args;
  const route = routeOf(t, args.whatsapp);
  const input: NoticeInput = {
    kind: args.kind,
    professional: professionalLabel(t.profile),
    serviceName: t.serviceName || "atendimento",
    times: args.times,
    before: args.before ?? null,
    reason: args.reason ?? "",
    timeZone: t.profile.timeZone,
    now,
    statusUrl: t.bookingRequestId ? await statusPageUrl(t.bookingRequestId) : null,
    bookingUrl: bookingPageUrl(t.profile),
    deposit: args.kind === "cancel" && t.deposit ? depositAfterEnd(t.deposit, professionalLabel(t.profile)) : null,
  };
  const key = `${keyPrefix(t.id)}${now.getTime()}`;
  const kind = `change-${args.kind}`;
  const notBefore = args.hold ? new Date(now.getTime() + NOTICE_GRACE_MS) : undefined;
  const statements: BatchItem[] = [];
  let emailKey: string | null = null;
  if (route.email) {
    emailKey = `${key}:email`;
    const { statements: queued } = queueEmail(db, { to: route.email, ...changeEmail(input) }, {
      kind,
      professionalId: t.profile.userId,
      dedupeKey: emailKey,
      claimed: false,
      now,
      ...(notBefore ? { notBefore } : {}),
      ...(args.onlyIf("email") ? { onlyIf: args.onlyIf("email") } : {}),
    });
    statements.push(queued[1]);
  }
  if (route.whatsapp?.automatic && args.whatsapp) {
    const row = {
      id: crypto.randomUUID(),
      professionalId: t.profile.userId,
      appointmentId: t.id,
      kind,
      to: whatsappNumber(route.whatsapp.phone),
      template: args.whatsapp.changeTemplate,
      language: args.whatsapp.language,
      params: JSON.stringify(changeTemplateParams(input)),
      dedupeKey: `${key}:whatsapp`,
      nextAttemptAt: notBefore ?? null,
      createdAt: now,
      updatedAt: now,
    };
    statements.push(insertIf(db, whatsappOutbox, row, args.onlyIf("whatsapp")).onConflictDoNothing());
  }
  const link = route.whatsapp && !route.whatsapp.automatic ? whatsappLink(route.whatsapp.phone, changeWhatsappText(input, t.customerName)) : null;
  return { statements, emailKey, whatsappLink: link, route };
}

/**
 * The still-held notices of this kind about the appointment are withdrawn (never sent), if
 * `onlyIf` holds when the batch runs: 'Desfazer' of a cancel, or a newer move.
 */
export function withdrawHeldNotices(db: Db, appointmentId: string, kind: "cancel" | "move", onlyIf: SQL, now: Date): BatchItem[] {
  const error = kind === "cancel" ? "Retirado: o profissional desfez o cancelamento." : "Substituído por um aviso mais recente.";
  const kindName = `change-${kind}`;
  return [
    db
      .update(emailOutbox)
      .set({ status: "failed", error, updatedAt: now })
      .where(and(ofAppointment(emailOutbox.dedupeKey, appointmentId), eq(emailOutbox.kind, kindName), eq(emailOutbox.status, "queued"), eq(emailOutbox.attempts, 0), onlyIf)),
    db
      .update(whatsappOutbox)
      .set({ status: "failed", error, updatedAt: now })
      .where(and(ofAppointment(whatsappOutbox.dedupeKey, appointmentId), eq(whatsappOutbox.kind, kindName), eq(whatsappOutbox.status, "queued"), eq(whatsappOutbox.attempts, 0), onlyIf)),
  ];
}

/** Whether the latest cancel notice of the appointment on this channel has left (or is leaving). */
export function cancelNoticeLeft(appointmentId: string, channel: "email" | "whatsapp"): SQL {
  const t = channel === "email" ? emailOutbox : whatsappOutbox;
  const mine = sql`${ofAppointment(t.dedupeKey, appointmentId)} and ${t.kind} = 'change-cancel'`;
  return sql`exists (select 1 from ${t} where ${mine} and (${t.status} = 'sent' or ${t.attempts} > 0)
    and ${t.createdAt} = (select max(${t.createdAt}) from ${t} where ${mine}))`;
}
