// What a stranger can make the app send (issue 20, docs/decisions/0700; issue 32, 1020). The
// booking page and the waiting list take any e-mail and phone, so whoever types them decides
// where the customer's messages go: this is the one place that says whether such a message may be
// queued, whatever its channel (e-mail, or a template of the WhatsApp Cloud API). Its bounds are
// SQL, evaluated in the batch that writes the message (no extra round trip), over what the two
// outboxes hold:
// - a recipient the professional knows is always written to (knownAddress, knownPhone);
// - any other recipient (an address, a number) gets at most LIMITS.unrequestedEmailsPerRecipient
//   of these a day, whoever asks, on whatever page, for whatever reason (a request received, a
//   place on a waiting list, a time that opened on it, a reminder);
// - one client address makes the app write to at most LIMITS.newRecipientsPerAddress such
//   recipients an hour, e-mail addresses and numbers together.
// A withheld message is simply not queued; what the customer is told instead is the caller's
// page to say (docs/decisions/1022).
import { and, sql, type SQL } from "drizzle-orm";
import { appointments, bookingRequests, clients, emailOutbox, provenEmails, whatsappOutbox } from "../../../db/schema";
import { insertIf, type Db } from "../../utils/db.server";
import { queueEmail, type EmailMessage, type EmailTransport } from "../../utils/email.server";
import { LIMITS } from "../../utils/rate-limit.server";
import { whatsappNumber } from "../whatsapp";
import { emailProofOf } from "./customer-links.server";
import { statusIs } from "../status-rules.server";
import { APPOINTMENT_STATUS } from "../status-rules";

/** Who each customer e-mail is from, in effect: what bounds it. */
export const CUSTOMER_EMAIL_ORIGIN = {
  /** The customer's own booking caused it: an address anyone may have typed. */
  "request-received": "stranger",
  /** Follows a request without the professional vouching for the address: only where its first e-mail went. */
  "request-declined": "follow-up",
  "request-expired": "follow-up",
  /** A deposit paid online given back (a late payment, a cancellation): where its first e-mail went. */
  "deposit-refunded": "follow-up",
  /** The professional accepted it by hand: their word, always sent (and the address is known since). */
  "request-accepted": "professional",
} as const;

export type CustomerEmailKind = keyof typeof CUSTOMER_EMAIL_ORIGIN;

/** An appointment this professional made themselves, or that took place: the client is theirs. */
const vouchedAppointment = (professionalId: string | SQL) =>
  sql`exists (select 1 from ${appointments} where ${appointments.userId} = ${professionalId} and ${appointments.clientId} = ${clients.id}
        and (${appointments.createdVia} <> 'booking_page' or ${statusIs(APPOINTMENT_STATUS.completed)}))`;

/**
 * An address this professional knows: one they accepted a request of by hand (the acceptance
 * went there), their client's, seen at an appointment they made themselves or that took place,
 * or one its owner showed to be theirs by opening a link only an e-mail to it carried
 * (proven_emails). The booking page's word alone never makes an address known, whatever a
 * booking copies to a client record: a stranger cannot lift the bounds for their next posts.
 */
export function knownAddress(professionalId: string | SQL, to: string): SQL {
  return sql`(exists (select 1 from ${emailOutbox} where ${emailOutbox.to} = ${to}
      and ${emailOutbox.professionalId} = ${professionalId} and ${emailOutbox.kind} = 'request-accepted')
    or exists (select 1 from ${provenEmails} where ${provenEmails.professionalId} = ${professionalId} and ${provenEmails.email} = ${to})
    or exists (select 1 from ${clients} where ${clients.userId} = ${professionalId} and ${clients.email} = ${to} and ${vouchedAppointment(professionalId)}))`;
}

/** A phone (digits as stored) this professional knows: their client's, as knownAddress says of an e-mail. */
export function knownPhone(professionalId: string | SQL, phone: string): SQL {
  return sql`exists (select 1 from ${clients} where ${clients.userId} = ${professionalId} and ${clients.phone} = ${phone} and ${vouchedAppointment(professionalId)})`;
}

type Channel = { outbox: typeof emailOutbox | typeof whatsappOutbox; to: string; known: SQL };

function channelOf(p: { professionalId: string; email: string } | { professionalId: string; phone: string }): Channel {
  if ("email" in p) return { outbox: emailOutbox, to: p.email, known: knownAddress(p.professionalId, p.email) };
  return { outbox: whatsappOutbox, to: whatsappNumber(p.phone), known: knownPhone(p.professionalId, p.phone) };
}

/**
 * Whether a stranger's message may be queued now (SQL), and the `requested_by` its row carries:
 * null to a known recipient, else the client address that asked ('' when no address is known:
 * the per-address bound then has nothing to count, the per-recipient one still holds).
 */
export function strangerGate(
  p: ({ email: string } | { phone: string }) & { professionalId: string; clientAddress: string | null; now: Date },
) {
  const { outbox: o, to, known } = channelOf(p);
  const perRecipient = LIMITS.unrequestedEmailsPerRecipient;
  const perAddress = LIMITS.newRecipientsPerAddress;
  const day = p.now.getTime() - perRecipient.windowMs;
  const hour = p.now.getTime() - perAddress.windowMs;
  const underRecipientBound = sql`(select count(*) from ${o} where ${o.to} = ${to} and ${o.requestedBy} is not null and ${o.createdAt} > ${day}) < ${perRecipient.max}`;
  const address = p.clientAddress;
  // Recipients of either channel this address made us write to within the hour (a union: distinct).
  const recipients = (a: string) => sql`(select count(*) from (
      select ${emailOutbox.to} from ${emailOutbox} where ${emailOutbox.requestedBy} = ${a} and ${emailOutbox.createdAt} > ${hour}
      union select ${whatsappOutbox.to} from ${whatsappOutbox} where ${whatsappOutbox.requestedBy} = ${a} and ${whatsappOutbox.createdAt} > ${hour}))`;
  const underAddressBound = address
    ? sql`(${recipients(address)} < ${perAddress.max}
        or exists (select 1 from ${o} where ${o.requestedBy} = ${address} and ${o.to} = ${to} and ${o.createdAt} > ${hour}))`
    : sql`1`;
  const allowed = sql`(${known} or (${underRecipientBound} and ${underAddressBound}))`;
  const requestedBy = sql`case when ${known} then null else ${address ?? ""} end`;
  return { allowed, requestedBy };
}

/**
 * The write that queues an e-mail a stranger caused (left for `deliverSoon` or the job), only if
 * `onlyIf` holds when the batch runs and the bounds allow it.
 */
export function strangerEmail(
  db: Db,
  mail: EmailMessage,
  opts: { kind: string; professionalId: string; dedupeKey: string; clientAddress: string | null; now: Date; onlyIf?: SQL; transport?: EmailTransport },
) {
  const gate = strangerGate({ email: mail.to, professionalId: opts.professionalId, clientAddress: opts.clientAddress, now: opts.now });
  return queueEmail(db, mail, {
    kind: opts.kind,
    professionalId: opts.professionalId,
    dedupeKey: opts.dedupeKey,
    claimed: false,
    now: opts.now,
    requestedBy: gate.requestedBy,
    onlyIf: opts.onlyIf ? and(opts.onlyIf, gate.allowed) : gate.allowed,
    ...(opts.transport ? { transport: opts.transport } : {}),
  }).statements[1];
}

type WhatsappRow = Omit<typeof whatsappOutbox.$inferInsert, "to" | "requestedBy" | "createdAt">;

/**
 * The write that queues a Cloud API template a stranger caused to `phone` (digits as stored),
 * within the same bounds as their e-mails.
 */
export function strangerWhatsapp(db: Db, row: WhatsappRow, opts: { phone: string; clientAddress: string | null; now: Date; onlyIf?: SQL }) {
  const gate = strangerGate({ phone: opts.phone, professionalId: row.professionalId, clientAddress: opts.clientAddress, now: opts.now });
  const values = { ...row, to: whatsappNumber(opts.phone), requestedBy: gate.requestedBy, createdAt: opts.now };
  return insertIf(db, whatsappOutbox, values, opts.onlyIf ? and(opts.onlyIf, gate.allowed) : gate.allowed).onConflictDoNothing();
}

/**
 * Records the proof a link's `?email=` carries (docs/decisions/1022): its address is known to
 * that professional from now on. Nothing for a missing or forged proof.
 */
export async function recordEmailProof(db: Db, token: string | null): Promise<void> {
  const proof = await emailProofOf(token);
  if (proof) await db.insert(provenEmails).values(proof).onConflictDoNothing();
}

/**
 * A booking-page request's later e-mails the customer did not ask for (the reminder of a booking
 * confirmed automatically) are withheld with its first one, unless the professional accepted it
 * by hand. SQL over `booking_requests` as a query joins it.
 */
export function followUpsWithheld(): SQL {
  return sql`(coalesce(${bookingRequests.customerEmailWithheld}, 0) = 1
    and not exists (select 1 from ${emailOutbox} where ${emailOutbox.dedupeKey} = 'request-accepted:' || ${bookingRequests.id}))`;
}
