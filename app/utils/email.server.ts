import { and, asc, eq, isNotNull, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { emailOutbox } from "../../db/schema";
import { insertIf, type Db } from "./db.server";
import { env } from "./env.server";

export type EmailMessage = { to: string; subject: string; text: string; html?: string };

export interface EmailTransport {
  readonly name: string;
  /** True when the outbox is where messages are read (the local log): a body is kept there until its link expires. */
  readonly outboxIsTheInbox?: boolean;
  send(message: EmailMessage): Promise<void>;
}

/** Local default: the message goes to the log (and, like every message, to the outbox). */
export const logTransport: EmailTransport = {
  name: "log",
  outboxIsTheInbox: true,
  async send(message) {
    console.info(`[email] to=${message.to} subject="${message.subject}"\n${message.text}`);
  },
};

/** Resend's HTTP API (https://resend.com/docs/api-reference/emails/send-email). */
export function resendTransport(apiKey: string, from: string): EmailTransport {
  return {
    name: "resend",
    async send(message) {
      const res = await fetch("https://api.resend.com/emails", {
        method: "POST",
        headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({ from, ...message }),
      });
      if (!res.ok) throw new Error(`Resend answered ${res.status}`);
    },
  };
}

export function transportFromEnv(): EmailTransport {
  const e = env();
  if (e.EMAIL_TRANSPORT === "resend") {
    if (!e.RESEND_API_KEY) throw new Error("EMAIL_TRANSPORT=resend needs RESEND_API_KEY");
    return resendTransport(e.RESEND_API_KEY, e.EMAIL_FROM);
  }
  return logTransport;
}

/** What stays of a body that carried a one-time link, once the link is spent or expired. */
export const SECRET_REMOVED = "[Conteúdo removido: este e-mail trazia um link de uso único que já expirou ou foi usado.]";

/** Clears the bodies of e-mails to `to` that carried a one-time link (it was just used or replaced). */
export function forgetSecretsSentTo(db: Db, to: string) {
  return db
    .update(emailOutbox)
    .set({ text: SECRET_REMOVED, html: null, sensitiveUntil: null })
    .where(and(eq(emailOutbox.to, to), isNotNull(emailOutbox.sensitiveUntil)));
}

/** A message written to the outbox and waiting for its delivery. */
export type QueuedEmail = { id: string; message: EmailMessage; sensitive: boolean; transport: EmailTransport };

/**
 * What the job's messages carry besides the message: what and whose it is, its identity, and
 * for an e-mail a stranger caused, who asked (an SQL expression: null when the address is known).
 */
export type OutboxTags = { kind?: string; professionalId?: string; dedupeKey?: string; requestedBy?: SQL };

/** How long a sender holds a message it claimed before another may try it (a crashed sender). */
export const LEASE_MS = 2 * 60_000;
/** Tries per message: the first, then retries 5, 15 and 45 minutes after each failure. */
export const MAX_ATTEMPTS = 4;
export const retryDelayMs = (attempts: number) => 5 * 60_000 * 3 ** Math.max(0, attempts - 1);
/** A message still not delivered this long after it was queued is given up ('failed'). */
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;

/**
 * The statements that put a message in the outbox, to run in one batch with the write that
 * causes it: expired one-time links' bodies cleared, then the row (only if `onlyIf` holds when it
 * runs, e.g. the booking request it tells of was really created; never twice for one
 * `dedupeKey`). The row is born claimed by whoever queues it (delivered by `deliverSoon` right
 * after the answer); the scheduled job takes it over only if that delivery failed or never finished.
 * `sensitiveUntil`: the body carries a one-time link valid until then; `notBefore` (with
 * `claimed: false`): not sent before then.
 */
export function queueEmail(
  db: Db,
  message: EmailMessage & { sensitiveUntil?: Date },
  opts: { transport?: EmailTransport; onlyIf?: SQL; now?: Date; claimed?: boolean; notBefore?: Date } & OutboxTags = {},
) {
  const { sensitiveUntil, ...mail } = message;
  const transport = opts.transport ?? transportFromEnv();
  const now = opts.now ?? new Date();
  const id = crypto.randomUUID();
  const row = {
    id,
    ...mail,
    html: mail.html ?? null,
    transport: transport.name,
    sensitiveUntil,
    kind: opts.kind ?? null,
    professionalId: opts.professionalId ?? null,
    dedupeKey: opts.dedupeKey ?? null,
    requestedBy: opts.requestedBy ?? null,
    createdAt: now,
    // Born claimed by the sender that queues it (delivered right after), or left to the job
    // (from `notBefore` when given: a notice that waits for the customer's last word).
    ...(opts.claimed === false ? { nextAttemptAt: opts.notBefore ?? null } : { attempts: 1, leaseUntil: new Date(now.getTime() + LEASE_MS) }),
  };
  const statements = [
    db
      .update(emailOutbox)
      .set({ text: SECRET_REMOVED, html: null, sensitiveUntil: null })
      .where(lte(emailOutbox.sensitiveUntil, now)),
    insertIf(db, emailOutbox, row, opts.onlyIf).onConflictDoNothing(),
  ] as const;
  const queued: QueuedEmail = { id, message: mail, sensitive: !!sensitiveUntil, transport };
  return { statements, queued };
}

/**
 * Hands a claimed message to its transport and records the outcome. Never throws. A failure
 * leaves it queued for a later try (after 5, 15, 45 minutes) until MAX_ATTEMPTS tries, then
 * 'failed'. Once a real transport delivered a body carrying a one-time link, the outbox copy
 * loses the body at once; where the outbox is the inbox (the local log transport) it is kept
 * until the link expires.
 */
export async function deliverEmail(
  db: Db,
  { id, message, sensitive, transport }: QueuedEmail,
  { attempts = 1, now = () => new Date() }: { attempts?: number; now?: () => Date } = {},
): Promise<boolean> {
  try {
    await transport.send(message);
    const forget = sensitive && !transport.outboxIsTheInbox;
    const sent = { status: "sent" as const, sentAt: now(), leaseUntil: null, error: null };
    await db
      .update(emailOutbox)
      .set(forget ? { ...sent, text: SECRET_REMOVED, html: null, sensitiveUntil: null } : sent)
      .where(eq(emailOutbox.id, id));
    return true;
  } catch (error) {
    console.error("[email] send failed", error);
    const giveUp = attempts >= MAX_ATTEMPTS;
    await db
      .update(emailOutbox)
      .set({
        status: giveUp ? "failed" : "queued",
        error: String(error),
        leaseUntil: null,
        nextAttemptAt: giveUp ? null : new Date(now().getTime() + retryDelayMs(attempts)),
      })
      .where(eq(emailOutbox.id, id));
    return false;
  }
}

/**
 * Claims one queued message for this sender: one conditional write, so of two senders running
 * at once exactly one gets it. Null when it is sent, held by another sender, or not yet due.
 */
export async function claimEmail(db: Db, id: string, now: Date, extra?: SQL) {
  const [row] = await db
    .update(emailOutbox)
    .set({ leaseUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${emailOutbox.attempts} + 1` })
    .where(
      and(
        eq(emailOutbox.id, id),
        eq(emailOutbox.status, "queued"),
        or(isNull(emailOutbox.leaseUntil), lte(emailOutbox.leaseUntil, now)),
        or(isNull(emailOutbox.nextAttemptAt), lte(emailOutbox.nextAttemptAt, now)),
        extra,
      ),
    )
    .returning();
  return row ?? null;
}

/** Queued messages whose time has come (new, retries due, or abandoned by a crashed sender). */
export function dueEmails(db: Db, now: Date, limit: number) {
  return db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, "queued"),
        or(isNull(emailOutbox.nextAttemptAt), lte(emailOutbox.nextAttemptAt, now)),
        or(isNull(emailOutbox.leaseUntil), lte(emailOutbox.leaseUntil, now)),
      ),
    )
    .orderBy(asc(emailOutbox.createdAt))
    .limit(limit);
}

/** Messages queued a day ago and still not delivered are given up, not sent late. */
export function giveUpStaleEmails(db: Db, now: Date) {
  return db
    .update(emailOutbox)
    .set({ status: "failed", error: "Não enviado em 24 horas.", leaseUntil: null })
    .where(
      and(
        eq(emailOutbox.status, "queued"),
        lt(emailOutbox.createdAt, new Date(now.getTime() - GIVE_UP_AFTER_MS)),
        or(isNull(emailOutbox.leaseUntil), lte(emailOutbox.leaseUntil, now)),
      ),
    );
}
