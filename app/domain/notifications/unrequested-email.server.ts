// What a stranger can make the app e-mail (issue 20, docs/decisions/0700). The booking page
// takes any address, so whoever books decides where the customer's e-mails go: the one place
// that says whether such an e-mail may be queued. Its bounds are SQL, evaluated in the batch that
// writes the booking (one round trip), over what the outbox holds:
// - an address the professional knows is always written to (see knownAddress);
// - any other address gets at most LIMITS.unrequestedEmailsPerRecipient of these a day, whoever
//   asks and on whatever page;
// - one client address makes the app write to at most LIMITS.newRecipientsPerAddress such
//   addresses an hour.
// A withheld e-mail is simply not queued: the booking stands, its status page is the
// confirmation, and nothing else the customer did not ask for follows it there.
import { sql, type SQL } from "drizzle-orm";
import { appointments, bookingRequests, clients, emailOutbox } from "../../../db/schema";
import { LIMITS } from "../../utils/rate-limit.server";

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

/**
 * An address this professional knows: one they accepted a request of by hand (the acceptance
 * went there), or their client's, seen at an appointment they made themselves or that took
 * place. The booking page's word alone never makes an address known, whatever a booking copies
 * to a client record: a stranger cannot lift the bounds for their next posts.
 */
export function knownAddress(professionalId: string | SQL, to: string): SQL {
  return sql`(exists (select 1 from ${emailOutbox} where ${emailOutbox.to} = ${to}
      and ${emailOutbox.professionalId} = ${professionalId} and ${emailOutbox.kind} = 'request-accepted')
    or exists (select 1 from ${clients} where ${clients.userId} = ${professionalId} and ${clients.email} = ${to}
      and exists (select 1 from ${appointments} where ${appointments.userId} = ${professionalId} and ${appointments.clientId} = ${clients.id}
        and (${appointments.createdVia} <> 'booking_page' or ${appointments.status} = 'completed'))))`;
}

/**
 * Whether a stranger's e-mail to `to` may be queued now (SQL), and the `requested_by` the row
 * carries: the client address when the address is not known (what the bounds count), else null.
 */
export function strangerEmailGate(p: { professionalId: string; to: string; clientAddress: string; now: Date }) {
  const known = knownAddress(p.professionalId, p.to);
  const perRecipient = LIMITS.unrequestedEmailsPerRecipient;
  const perAddress = LIMITS.newRecipientsPerAddress;
  const day = p.now.getTime() - perRecipient.windowMs;
  const hour = p.now.getTime() - perAddress.windowMs;
  const o = emailOutbox;
  const allowed = sql`(${known} or (
    (select count(*) from ${o} where ${o.to} = ${p.to} and ${o.requestedBy} is not null and ${o.createdAt} > ${day}) < ${perRecipient.max}
    and ((select count(distinct ${o.to}) from ${o} where ${o.requestedBy} = ${p.clientAddress} and ${o.createdAt} > ${hour}) < ${perAddress.max}
      or exists (select 1 from ${o} where ${o.requestedBy} = ${p.clientAddress} and ${o.to} = ${p.to} and ${o.createdAt} > ${hour}))))`;
  const requestedBy = sql`case when ${known} then null else ${p.clientAddress} end`;
  return { allowed, requestedBy };
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
