// 'Avise-me se abrir um horário': a customer's place on a day's waiting list, written in one
// atomic batch with its only message (the confirmation to an e-mail given, within the bounds on
// unrequested e-mail). Limits as bookings: the booking page's flood guard per address counts the
// submission (the caller), and a phone makes at most LIMITS.bookingPerPhone places a window.
import { and, eq, sql } from "drizzle-orm";
import { emailOutbox, waitlistEntries, type WaitlistPeriod } from "../../../db/schema";
import { insertIf, type Db } from "../../utils/db.server";
import type { EmailTransport } from "../../utils/email.server";
import { LIMITS } from "../../utils/rate-limit.server";
import { strangerEmail } from "../notifications/unrequested-email.server";
import { joinedEmail, type WaitlistProfile } from "./messages.server";
import { signToken } from "../../utils/signed-tokens.server";

export type WaitlistSignup = {
  professional: WaitlistProfile;
  service: { id: string; name: string };
  date: string;
  period: WaitlistPeriod;
  name: string;
  /** Digits only. */
  phone: string;
  email: string;
  /** The period's free times the customer was shown (not openings for them while they stay free). */
  knownTimes: string[];
  clientAddress: string;
  now: Date;
  transport?: EmailTransport;
};

export type JoinOutcome = { ok: true; entryId: string; token: string; emailKey: string | null } | { ok: false; reason: "limited" };

/** Places this phone took on this professional's lists within the limit's window. */
function recentEntriesOfPhone(professionalId: string, phone: string, now: Date) {
  const since = now.getTime() - LIMITS.bookingPerPhone.windowMs;
  return sql`(select count(*) from ${waitlistEntries} where ${waitlistEntries.professionalId} = ${professionalId}
    and ${waitlistEntries.customerPhone} = ${phone} and ${waitlistEntries.createdAt} > ${since})`;
}

/**
 * Takes a place, or says the phone's limit is spent. A phone already waiting for that service
 * that day gets a place of its own all the same, answered as any other (docs/decisions/1023):
 * the answer never tells whoever typed a number that it is on someone's list.
 */
export async function joinWaitlist(db: Db, s: WaitlistSignup): Promise<JoinOutcome> {
  const id = crypto.randomUUID();
  const professionalId = s.professional.userId;
  const entry = {
    id,
    professionalId,
    serviceId: s.service.id,
    serviceName: s.service.name,
    date: s.date,
    period: s.period,
    customerName: s.name,
    customerPhone: s.phone,
    customerEmail: s.email,
    requestedBy: s.clientAddress,
    knownTimes: JSON.stringify(s.knownTimes),
    createdAt: s.now,
  };
  const recent = recentEntriesOfPhone(professionalId, s.phone, s.now);
  const created = sql`exists (select 1 from ${waitlistEntries} where ${waitlistEntries.id} = ${id})`;
  const mail = s.email ? await confirmation(db, s, entry, created) : null;
  const [, ...rest] = await db.batch([
    insertIf(db, waitlistEntries, entry, sql`${recent} < ${LIMITS.bookingPerPhone.max}`),
    ...(mail ? mail.statements : []),
    db.select({ created: sql<number>`${created}`, withheld: sql<number>`coalesce((select ${waitlistEntries.emailWithheld} from ${waitlistEntries} where ${waitlistEntries.id} = ${id}), 0)` }).from(sql`(select 1)`),
  ]);
  const [outcome] = rest.at(-1) as { created: number; withheld: number }[];
  if (!outcome?.created) return { ok: false, reason: "limited" };
  return { ok: true, entryId: id, token: await signToken("waitlist", id), emailKey: mail && !outcome.withheld ? mail.dedupeKey : null };
}

/** The confirmation e-mail's writes: queued only if the place was taken and the bounds allow; else the place remembers it was withheld. */
async function confirmation(db: Db, s: WaitlistSignup, entry: { id: string; professionalId: string; customerEmail: string; serviceName: string; date: string; period: WaitlistPeriod }, created: ReturnType<typeof sql>) {
  const dedupeKey = `waitlist-joined:${entry.id}`;
  const insert = strangerEmail(db, await joinedEmail(entry, s.professional), {
    kind: "waitlist-joined",
    professionalId: entry.professionalId,
    dedupeKey,
    clientAddress: s.clientAddress,
    now: s.now,
    onlyIf: created,
    ...(s.transport ? { transport: s.transport } : {}),
  });
  return {
    dedupeKey,
    statements: [
      insert,
      db
        .update(waitlistEntries)
        .set({ emailWithheld: true })
        .where(and(eq(waitlistEntries.id, entry.id), sql`not exists (select 1 from ${emailOutbox} where ${emailOutbox.dedupeKey} = ${dedupeKey})`)),
    ] as const,
  };
}
