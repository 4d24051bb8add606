import { and, eq, isNotNull, lte, type SQL } from "drizzle-orm";
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
 * The statements that put a message in the outbox, to run in one batch with the write that
 * causes it: expired one-time links' bodies cleared, then the row (only if `onlyIf` holds when it
 * runs, e.g. the booking request it tells of was really created). `deliverEmail` sends it later.
 * `sensitiveUntil`: the body carries a one-time link valid until then.
 */
export function queueEmail(
  db: Db,
  message: EmailMessage & { sensitiveUntil?: Date },
  opts: { transport?: EmailTransport; onlyIf?: SQL } = {},
) {
  const { sensitiveUntil, ...mail } = message;
  const transport = opts.transport ?? transportFromEnv();
  const id = crypto.randomUUID();
  const statements = [
    db
      .update(emailOutbox)
      .set({ text: SECRET_REMOVED, html: null, sensitiveUntil: null })
      .where(lte(emailOutbox.sensitiveUntil, new Date())),
    insertIf(db, emailOutbox, { id, ...mail, html: mail.html ?? null, transport: transport.name, sensitiveUntil }, opts.onlyIf),
  ] as const;
  const queued: QueuedEmail = { id, message: mail, sensitive: !!sensitiveUntil, transport };
  return { statements, queued };
}

/**
 * Hands a queued message to its transport and records the outcome. Never throws. Once a real
 * transport delivered a body carrying a one-time link, the outbox copy loses the body at once;
 * where the outbox is the inbox (the local log transport) it is kept until the link expires.
 */
export async function deliverEmail(db: Db, { id, message, sensitive, transport }: QueuedEmail) {
  try {
    await transport.send(message);
    const forget = sensitive && !transport.outboxIsTheInbox;
    await db
      .update(emailOutbox)
      .set(forget ? { status: "sent", text: SECRET_REMOVED, html: null, sensitiveUntil: null } : { status: "sent" })
      .where(eq(emailOutbox.id, id));
  } catch (error) {
    console.error("[email] send failed", error);
    await db.update(emailOutbox).set({ status: "failed", error: String(error) }).where(eq(emailOutbox.id, id));
  }
}

/** Records the message in the outbox, then hands it to the transport. Never throws. */
export async function sendEmail(
  db: Db,
  message: EmailMessage & { sensitiveUntil?: Date },
  transport = transportFromEnv(),
) {
  const { statements, queued } = queueEmail(db, message, { transport });
  await db.batch(statements);
  await deliverEmail(db, queued);
}
