// The professional's private calendar feed: an address only they know
// (webcal://…/calendario/<token>.ics) that Google Calendar or the iPhone subscribes to, listing
// their appointments from 30 days back to 6 months ahead. The token is a random secret stored on
// the profile: 'Gerar novo link' replaces it and the old address stops answering at once
// (docs/decisions/0674). Whoever holds the address reads it, so by default it names the service
// and the customer's first name only; the phone, the full name and the notes only after the
// professional turns on 'Incluir telefone e observações' (docs/decisions/0741).
import { and, asc, eq, gte, lte } from "drizzle-orm";
import { appointments, clients, profiles } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { appUrl } from "../../utils/env.server";
import { calendarFeed, type FeedEvent } from "../formats/icalendar";
import { addDays, addMonths, nowInZone } from "../dates";
import { firstName } from "../names";
import { formatPhone } from "../phone";
import { STATUS_LABELS } from "./statuses";
import { isCancelled } from "../status-rules";

export const FEED_DAYS_BACK = 30;
export const FEED_MONTHS_AHEAD = 6;

/** 32 random bytes, URL-safe: unguessable, and nothing else identifies the professional. */
function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** 'Incluir telefone e observações' on or off. */
export async function setFeedDetails(db: Db, userId: string, on: boolean) {
  await db.update(profiles).set({ calendarFeedDetails: on }).where(eq(profiles.userId, userId));
}

/** A new address for the professional's feed (the previous one, if any, stops working). */
export async function renewFeedToken(db: Db, userId: string): Promise<string> {
  const token = newToken();
  await db.update(profiles).set({ calendarFeedToken: token }).where(eq(profiles.userId, userId));
  return token;
}

/** The feed's addresses: `webcal://` for subscribing (iPhone, Outlook), `https://` for Google's 'Por URL'. */
export function feedUrls(token: string) {
  const https = `${appUrl()}/calendario/${token}.ics`;
  return { https, webcal: https.replace(/^https?:\/\//, "webcal://") };
}

/** The feed's text for a token, or null when no professional has it (revoked or never made). */
export async function feedFor(db: Db, token: string, now = new Date()): Promise<string | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const [profile] = await db
    .select({
      userId: profiles.userId,
      fullName: profiles.fullName,
      businessName: profiles.businessName,
      timeZone: profiles.timeZone,
      address: profiles.address,
      businessAddress: profiles.businessAddress,
      details: profiles.calendarFeedDetails,
    })
    .from(profiles)
    .where(eq(profiles.calendarFeedToken, token));
  if (!profile) return null;
  const today = nowInZone(profile.timeZone, now).date;
  const rows = await db
    .select({
      id: appointments.id,
      date: appointments.date,
      startMinute: appointments.startMinute,
      durationMinutes: appointments.durationMinutes,
      serviceName: appointments.serviceName,
      status: appointments.status,
      notes: appointments.notes,
      sequence: appointments.icsSequence,
      createdAt: appointments.createdAt,
      updatedAt: appointments.updatedAt,
      client: clients.name,
      phone: clients.phone,
    })
    .from(appointments)
    .leftJoin(clients, and(eq(clients.id, appointments.clientId), eq(clients.userId, appointments.userId)))
    .where(
      and(
        eq(appointments.userId, profile.userId),
        gte(appointments.date, addDays(today, -FEED_DAYS_BACK)),
        lte(appointments.date, addMonths(today, FEED_MONTHS_AHEAD)),
      ),
    )
    .orderBy(asc(appointments.date), asc(appointments.startMinute));
  const location = profile.businessAddress || profile.address;
  const events: FeedEvent[] = rows.map((r) => ({
    uid: `${r.id}@agendo`,
    title: [profile.details ? r.client?.trim() : firstName(r.client), r.serviceName].filter(Boolean).join(" — ") || "Agendamento",
    description: [
      `Situação: ${STATUS_LABELS[r.status]}`,
      ...(profile.details && r.phone ? [`Telefone: ${formatPhone(r.phone)}`] : []),
      ...(profile.details && r.notes ? [`Observações: ${r.notes}`] : []),
    ].join("\n"),
    ...(location ? { location } : {}),
    date: r.date,
    startMinute: r.startMinute,
    durationMinutes: r.durationMinutes,
    status: isCancelled(r.status) ? "CANCELLED" : "CONFIRMED",
    sequence: r.sequence,
    createdAt: r.createdAt,
    lastModified: r.updatedAt,
  }));
  return calendarFeed({ name: `Agendo — ${profile.businessName || profile.fullName}`, timeZone: profile.timeZone, events, stamp: now });
}
