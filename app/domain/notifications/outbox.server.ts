// The outboxes' delivery: e-mails and WhatsApp messages queued in the database, claimed one by one
// with a conditional write and sent (retried with growing pauses, given up after a few tries),
// and their bodies cleared after 30 days. The scheduled job (app/jobs/job.server.ts) delivers what
// is due; deliverSoon (deliver-soon.server.ts) what a screen has just queued (docs/decisions/0671).
import { and, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import { appointments, emailOutbox, reminderOptOuts, whatsappOutbox } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import {
  claimEmail,
  deliverEmail,
  dueEmails,
  giveUpStaleEmails,
  LEASE_MS,
  MAX_ATTEMPTS,
  retryDelayMs,
  type EmailTransport,
} from "../../utils/email.server";
import { sendTemplate, type SendResult, type WhatsappConfig } from "../../utils/whatsapp.server";
import { LIMITS } from "../../utils/rate-limit.server";
import { activeAppointment } from "../status-rules.server";

/** Bodies of delivered or abandoned messages are kept this long, then cleared (LGPD). */
export const KEEP_BODIES_MS = 30 * 86_400_000;
export const PURGED_BODY = "[Conteúdo removido: mensagem com mais de 30 dias.]";
const BATCH = 100;

/** A reminder whose customer asked to stop is never sent, even if it was queued before. */
const notOptedOut = (to: typeof emailOutbox.to | typeof whatsappOutbox.to, professionalId: typeof emailOutbox.professionalId | typeof whatsappOutbox.professionalId, phone = false) =>
  sql`not exists (select 1 from ${reminderOptOuts} where ${reminderOptOuts.professionalId} = ${professionalId}
    and ${reminderOptOuts.contact} = ${phone ? sql`substr(${to}, 3)` : sql`lower(${to})`})`;

export async function deliverDueEmails(db: Db, now: () => Date, transport: EmailTransport) {
  const at = now();
  await db.batch([
    giveUpStaleEmails(db, at),
    db
      .update(emailOutbox)
      .set({ status: "failed", error: "O cliente pediu para não receber lembretes." })
      .where(and(eq(emailOutbox.status, "queued"), eq(emailOutbox.kind, "reminder"), sql`not ${notOptedOut(emailOutbox.to, emailOutbox.professionalId)}`)),
  ]);
  return deliverEmails(db, (await dueEmails(db, at, BATCH)).map((r) => r.id), now, transport);
}

/**
 * Delivers the messages queued under these dedupe keys now instead of at the job's next run
 * (screens call it through deliverSoon, right after their answer). Each is claimed first, so the
 * job running at the same moment never sends one twice.
 */
export async function deliverQueuedNow(db: Db, dedupeKeys: string[], transport: EmailTransport) {
  if (dedupeKeys.length === 0) return { sent: 0, failed: 0 };
  const rows = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(inArray(emailOutbox.dedupeKey, dedupeKeys));
  return deliverEmails(db, rows.map((r) => r.id), () => new Date(), transport);
}

async function deliverEmails(db: Db, ids: string[], now: () => Date, transport: EmailTransport) {
  const result = { sent: 0, failed: 0 };
  for (const id of ids) {
    const claimed = await claimEmail(
      db,
      id,
      now(),
      sql`(${emailOutbox.kind} is null or ${emailOutbox.kind} <> 'reminder' or ${notOptedOut(emailOutbox.to, emailOutbox.professionalId)})`,
    );
    if (!claimed) continue; // another run has it, or it was just sent
    const ok = await deliverEmail(
      db,
      {
        id,
        message: { to: claimed.to, subject: claimed.subject, text: claimed.text, ...(claimed.html ? { html: claimed.html } : {}) },
        sensitive: !!claimed.sensitiveUntil,
        transport,
      },
      { attempts: claimed.attempts, now },
    );
    if (ok) result.sent++;
    else result.failed++;
  }
  return result;
}

/**
 * What may be sent of the WhatsApp queue: a reminder goes only to a contact that did not opt
 * out, for an appointment still on; a notice of a change the business made is about their
 * booking itself.
 */
function whatsappSendable() {
  const active = sql`exists (select 1 from ${appointments} where ${appointments.id} = ${whatsappOutbox.appointmentId}
    and ${activeAppointment})`;
  const reminder = eq(whatsappOutbox.kind, "reminder");
  return { active, reminder };
}

export async function deliverDueWhatsapp(db: Db, now: () => Date, config: WhatsappConfig, fetcher?: typeof fetch) {
  const result = { sent: 0, failed: 0, deferred: 0 };
  const at = now();
  await dropUnsendableWhatsapp(db, at);
  const due = await db
    .select({ id: whatsappOutbox.id })
    .from(whatsappOutbox)
    .where(
      and(
        eq(whatsappOutbox.status, "queued"),
        or(isNull(whatsappOutbox.nextAttemptAt), lte(whatsappOutbox.nextAttemptAt, at)),
        or(isNull(whatsappOutbox.leaseUntil), lte(whatsappOutbox.leaseUntil, at)),
      ),
    )
    .limit(BATCH);
  for (const { id } of due) {
    const claimed = await claimWhatsapp(db, id, now());
    if (!claimed) continue;
    const sent = await sendTemplate(
      config,
      { to: claimed.to, template: claimed.template, language: claimed.language, params: JSON.parse(claimed.params) as string[] },
      fetcher,
    );
    result[await settleWhatsapp(db, claimed, sent, now())]++;
    // Rate-limited: no more sends this run. A token or app the API refuses fails every message
    // alike: stop until the next run.
    if (!sent.ok && (sent.kind === "rate-limited" || sent.kind === "configuration")) break;
  }
  return result;
}

/** Not sent, ever: a reminder to a contact that opted out or of an appointment cancelled since, a day-old message. */
async function dropUnsendableWhatsapp(db: Db, at: Date) {
  const { active, reminder } = whatsappSendable();
  await db
    .update(whatsappOutbox)
    .set({ status: "failed", error: "Não enviado: lembrete cancelado, recusado pelo cliente ou atrasado.", leaseUntil: null })
    .where(
      and(
        eq(whatsappOutbox.status, "queued"),
        or(isNull(whatsappOutbox.leaseUntil), lte(whatsappOutbox.leaseUntil, at)),
        or(
          and(reminder, or(sql`not ${notOptedOut(whatsappOutbox.to, whatsappOutbox.professionalId, true)}`, sql`not ${active}`)),
          lt(whatsappOutbox.createdAt, new Date(at.getTime() - 24 * 3_600_000)),
        ),
      ),
    );
}

/** One conditional write takes the message for this run, if still queued, due and sendable. */
async function claimWhatsapp(db: Db, id: string, claimAt: Date) {
  const { active, reminder } = whatsappSendable();
  const [claimed] = await db
    .update(whatsappOutbox)
    .set({ leaseUntil: new Date(claimAt.getTime() + LEASE_MS), attempts: sql`${whatsappOutbox.attempts} + 1` })
    .where(
      and(
        eq(whatsappOutbox.id, id),
        eq(whatsappOutbox.status, "queued"),
        or(isNull(whatsappOutbox.leaseUntil), lte(whatsappOutbox.leaseUntil, claimAt)),
        or(isNull(whatsappOutbox.nextAttemptAt), lte(whatsappOutbox.nextAttemptAt, claimAt)),
        or(sql`not ${reminder}`, and(notOptedOut(whatsappOutbox.to, whatsappOutbox.professionalId, true), active)),
      ),
    )
    .returning();
  return claimed;
}

/** Records what the API answered: sent, back in the queue for later, or given up. */
async function settleWhatsapp(
  db: Db,
  claimed: typeof whatsappOutbox.$inferSelect,
  sent: SendResult,
  done: Date,
): Promise<"sent" | "deferred" | "failed"> {
  const id = claimed.id;
  if (sent.ok) {
    await db
      .update(whatsappOutbox)
      .set({ status: "sent", providerMessageId: sent.messageId, sentAt: done, leaseUntil: null, error: null })
      .where(eq(whatsappOutbox.id, id));
    return "sent";
  }
  if (sent.kind === "rate-limited") {
    // Not the message's fault: back in the queue as it was.
    await db
      .update(whatsappOutbox)
      .set({ leaseUntil: null, attempts: sql`${whatsappOutbox.attempts} - 1`, nextAttemptAt: new Date(done.getTime() + 60_000), error: sent.message })
      .where(eq(whatsappOutbox.id, id));
    return "deferred";
  }
  const giveUp = sent.kind === "permanent" || claimed.attempts >= MAX_ATTEMPTS;
  await db
    .update(whatsappOutbox)
    .set({
      status: giveUp ? "failed" : "queued",
      error: sent.message,
      leaseUntil: null,
      nextAttemptAt: giveUp ? null : new Date(done.getTime() + retryDelayMs(claimed.attempts)),
    })
    .where(eq(whatsappOutbox.id, id));
  console.error(`[whatsapp] ${sent.kind}: ${sent.message}`);
  return giveUp ? "failed" : "deferred";
}

/**
 * Clears the bodies of messages older than 30 days (what was sent stays listed, not its text),
 * and after a day the client address behind an unrequested message (what its bounds counted).
 */
export async function purgeOldBodies(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - KEEP_BODIES_MS);
  const [emails, whatsapp] = await db.batch([
    db
      .update(emailOutbox)
      .set({ text: PURGED_BODY, html: null })
      .where(and(inArray(emailOutbox.status, ["sent", "failed"]), lt(emailOutbox.createdAt, before), sql`${emailOutbox.text} <> ${PURGED_BODY}`)),
    db
      .update(whatsappOutbox)
      .set({ params: "[]" })
      .where(and(inArray(whatsappOutbox.status, ["sent", "failed"]), lt(whatsappOutbox.createdAt, before), sql`${whatsappOutbox.params} <> '[]'`)),
    db
      .update(emailOutbox)
      .set({ requestedBy: null })
      .where(and(isNotNull(emailOutbox.requestedBy), lt(emailOutbox.createdAt, new Date(now.getTime() - LIMITS.unrequestedEmailsPerRecipient.windowMs)))),
    db
      .update(whatsappOutbox)
      .set({ requestedBy: null })
      .where(and(isNotNull(whatsappOutbox.requestedBy), lt(whatsappOutbox.createdAt, new Date(now.getTime() - LIMITS.unrequestedEmailsPerRecipient.windowMs)))),
  ]);
  return emails.rowsAffected + whatsapp.rowsAffected;
}
