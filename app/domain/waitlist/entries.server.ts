// A waiting list as its two sides read it: the customer's own place (through their signed link:
// what they asked for, 'Sair da lista'), and the professional's lists per day (the agenda's
// count, who waits, 'Remover'). The professional's queries are always scoped to their id.
import { and, asc, count, eq, gte, lte, sql } from "drizzle-orm";
import { profiles, waitlistEntries, waitlistOffers, type WaitlistPeriod } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { nowInZone } from "../dates";
import { entryIdFromPrefillToken } from "../notifications/customer-links.server";
import { formatPhone } from "../phone";
import { PERIOD_LABELS } from "./periods";

export type CustomerEntry = {
  id: string;
  professional: string;
  slug: string;
  colors: { primary: string; secondary: string };
  serviceId: string;
  service: string;
  date: string;
  period: string;
  /** The e-mail given ('' when none), and whether its confirmation was held back (nothing follows it there). */
  email: string;
  emailWithheld: boolean;
  /** 'waiting', 'booked', 'left', 'removed', or 'over' (its day has passed). */
  state: "waiting" | "booked" | "left" | "removed" | "over";
};

/** The customer's place, as their signed link shows it (null: no such place, or deleted since). */
export async function customerEntry(db: Db, entryId: string, now = new Date()): Promise<CustomerEntry | null> {
  const [row] = await db
    .select({ entry: waitlistEntries, profile: profiles })
    .from(waitlistEntries)
    .innerJoin(profiles, eq(profiles.userId, waitlistEntries.professionalId))
    .where(eq(waitlistEntries.id, entryId));
  if (!row) return null;
  const { entry, profile } = row;
  const over = entry.date < nowInZone(profile.timeZone, now).date;
  return {
    id: entry.id,
    professional: profile.businessName || profile.fullName,
    slug: profile.bookingSlug || profile.userId,
    colors: { primary: profile.primaryColor, secondary: profile.secondaryColor },
    serviceId: entry.serviceId,
    service: entry.serviceName,
    date: entry.date,
    period: PERIOD_LABELS[entry.period],
    email: entry.customerEmail,
    emailWithheld: entry.emailWithheld,
    state: entry.status === "waiting" && over ? "over" : entry.status,
  };
}

/** 'Sair da lista de espera' (the customer) or 'Remover' (the professional, `professionalId` given): true if it was waiting. */
export async function endEntry(db: Db, entryId: string, how: "left" | "removed", professionalId?: string, now = new Date()): Promise<boolean> {
  const ended = await db
    .update(waitlistEntries)
    .set({ status: how, endedAt: now })
    .where(
      and(
        eq(waitlistEntries.id, entryId),
        eq(waitlistEntries.status, "waiting"),
        professionalId ? eq(waitlistEntries.professionalId, professionalId) : undefined,
      ),
    )
    .returning({ id: waitlistEntries.id });
  return ended.length > 0;
}

/** How many wait on each day from `from` to `to`, in date order (the agenda's '3 na lista de espera'), unexecuted: read in the calendar's batch. */
export function waitingCountsQuery(db: Db, professionalId: string, from: string, to: string) {
  return db
    .select({ date: waitlistEntries.date, n: count() })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.professionalId, professionalId),
        gte(waitlistEntries.date, from),
        lte(waitlistEntries.date, to),
        eq(waitlistEntries.status, "waiting"),
      ),
    )
    .groupBy(waitlistEntries.date)
    .orderBy(asc(waitlistEntries.date));
}

export type WaitingRow = {
  id: string;
  name: string;
  phone: string;
  email: string;
  service: string;
  period: WaitlistPeriod;
  periodLabel: string;
  joinedAt: Date;
  /** Times offered to them so far. */
  offers: number;
};

/** Who waits on a day, in order of arrival (the order the openings go in). */
export async function waitingOn(db: Db, professionalId: string, date: string): Promise<WaitingRow[]> {
  const rows = await db
    .select({
      id: waitlistEntries.id,
      name: waitlistEntries.customerName,
      phone: waitlistEntries.customerPhone,
      email: waitlistEntries.customerEmail,
      service: waitlistEntries.serviceName,
      period: waitlistEntries.period,
      joinedAt: waitlistEntries.createdAt,
      offers: sql<number>`(select count(*) from ${waitlistOffers} where ${waitlistOffers.entryId} = ${waitlistEntries.id})`,
    })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.professionalId, professionalId), eq(waitlistEntries.date, date), eq(waitlistEntries.status, "waiting")))
    .orderBy(asc(waitlistEntries.createdAt));
  return rows.map((r) => ({ ...r, periodLabel: PERIOD_LABELS[r.period] }));
}

/** What an offer's link fills in at step 3: the place's customer as they signed up. */
export type OfferPrefill = { name: string; phone: string; email: string };

/**
 * The customer of the place an offer link's `espera` token stands for, when it is on this
 * professional's list (any other professional's page fills in nothing); null for a token not ours.
 */
export async function offerPrefill(db: Db, token: string | null, professionalId: string): Promise<OfferPrefill | null> {
  const entryId = token ? await entryIdFromPrefillToken(token) : null;
  if (!entryId) return null;
  const [row] = await db
    .select({ name: waitlistEntries.customerName, phone: waitlistEntries.customerPhone, email: waitlistEntries.customerEmail })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.professionalId, professionalId)));
  return row ? { ...row, phone: formatPhone(row.phone) } : null;
}
