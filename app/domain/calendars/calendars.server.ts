// 'Calendários externos': a professional's iCal addresses, each read into busy time on their
// dates (calendar_busy) when added and every 15 minutes by the scheduled job. A calendar that
// cannot be read keeps its last busy time; after an hour of failures the professional gets one
// e-mail (docs/decisions/0955, 0958).
import { and, asc, eq, isNull, lte, or, sql } from "drizzle-orm";
import { calendarBusy, externalCalendars, profiles, users, type BookingWindow } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { queueEmail, type EmailTransport } from "../../utils/email.server";
import { appUrl } from "../../utils/env.server";
import { lastBookableDate } from "../availability/slots";
import { formatDate, minutesToTime, nowInZone } from "../dates";
import { busyFromFeed, type BusyRow } from "./busy";
import { fetchFeed } from "./fetch-feed.server";

export const MAX_CALENDARS = 5;
export const REFRESH_EVERY_MS = 15 * 60_000;
/** Failing this long before the e-mail: one bad answer is not worth bothering anyone. */
export const NOTIFY_AFTER_MS = 60 * 60_000;
/** Calendars read per run of the job, a few at a time. */
const PER_RUN = 60;
const AT_ONCE = 6;
/**
 * No new calendar is started once a run has spent this long on them: the job's other steps
 * (e-mails, push) come after, and the calendars left wait for the next run (docs/decisions/1000).
 */
export const RUN_BUDGET_MS = 60_000;

export type CalendarRow = typeof externalCalendars.$inferSelect;
export type CalendarOwner = { userId: string; email: string; timeZone: string; bookingWindow: BookingWindow };

export function listCalendars(db: Db, userId: string) {
  return db.select().from(externalCalendars).where(eq(externalCalendars.userId, userId)).orderBy(asc(externalCalendars.createdAt));
}

export async function getCalendar(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(externalCalendars)
    .where(and(eq(externalCalendars.id, id), eq(externalCalendars.userId, userId)));
  return row ?? null;
}

/** The dates whose busy time is kept: today to the last bookable date, in the owner's zone. */
function windowOf(owner: CalendarOwner, now: Date) {
  const today = nowInZone(owner.timeZone, now).date;
  return { from: today, to: lastBookableDate(today, owner.bookingWindow), timeZone: owner.timeZone, ownerEmails: [owner.email] };
}

/** The feed read now: its busy rows and validators (throws FeedError or FeedParseError). */
async function readFeed(url: string, owner: CalendarOwner, now: Date, validators = { etag: null as string | null, lastModified: null as string | null }) {
  const answer = await fetchFeed(url, validators);
  if (answer.status === "not-modified") return answer;
  return { ...answer, rows: await busyFromFeed(answer.text, windowOf(owner, now)) };
}

/**
 * The calendar's busy rows replaced. The rows go as one JSON array that SQLite reads itself:
 * 20,000 rows bound value by value held a local database's event loop for half a second.
 */
function replaceRows(db: Db, calendarId: string, userId: string, rows: BusyRow[]) {
  const column = (c: { name: string }) => sql.identifier(c.name);
  const values = JSON.stringify(rows.map((r) => [r.date, r.startMinute, r.endMinute]));
  return [
    db.delete(calendarBusy).where(eq(calendarBusy.calendarId, calendarId)),
    db.run(sql`insert into ${calendarBusy} (${column(calendarBusy.calendarId)}, ${column(calendarBusy.userId)}, ${column(calendarBusy.date)}, ${column(calendarBusy.startMinute)}, ${column(calendarBusy.endMinute)})
      select ${calendarId}, ${userId}, value ->> 0, value ->> 1, value ->> 2 from json_each(${values})`),
  ] as const;
}

/**
 * Adds a calendar after reading it once (so a wrong address is said at once, and nothing is
 * saved): its busy rows in the same batch. Throws what the read throws.
 */
export async function addCalendar(db: Db, owner: CalendarOwner, input: { name: string; url: string }, now = new Date()) {
  const read = await readFeed(input.url, owner, now);
  if (read.status !== "ok") throw new Error("unexpected 304 without validators");
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(externalCalendars).values({
      id, userId: owner.userId, name: input.name, url: input.url, etag: read.etag, lastModified: read.lastModified,
      refreshedAt: now, readAt: now, attemptedAt: now, createdAt: now,
    }),
    ...replaceRows(db, id, owner.userId, read.rows).slice(1),
  ]);
  return { id, busy: read.rows.length };
}

/** 'Remover': the calendar and its busy time (the foreign key's cascade). Null when not theirs. */
export async function removeCalendar(db: Db, userId: string, id: string) {
  const [row] = await db
    .delete(externalCalendars)
    .where(and(eq(externalCalendars.id, id), eq(externalCalendars.userId, userId)))
    .returning({ id: externalCalendars.id, name: externalCalendars.name });
  return row ?? null;
}

/** 'Não foi possível atualizar desde 10:32' / 'Atualizado às 10:47', in the owner's zone. */
export function calendarStatus(row: Pick<CalendarRow, "refreshedAt" | "failingSince">, timeZone: string, now = new Date()) {
  const when = (at: Date) => {
    const local = nowInZone(timeZone, at);
    const time = minutesToTime(local.minute);
    return local.date === nowInZone(timeZone, now).date ? time : `${formatDate(local.date)} às ${time}`;
  };
  if (row.failingSince) {
    return { failing: true, text: row.refreshedAt ? `Não foi possível atualizar desde ${when(row.refreshedAt)}` : "Não foi possível ler este calendário" };
  }
  return { failing: false, text: row.refreshedAt ? `Atualizado ${/às/.test(when(row.refreshedAt)) ? "em" : "às"} ${when(row.refreshedAt)}` : "Aguardando a primeira leitura" };
}

function failureEmail(to: string, calendar: CalendarRow, timeZone: string, now: Date) {
  const status = calendarStatus(calendar, timeZone, now).text;
  return {
    to,
    subject: `Não foi possível atualizar o calendário "${calendar.name}"`,
    text: [
      `O Agendo não consegue ler o seu calendário externo "${calendar.name}". ${status}.`,
      "",
      "Os horários ocupados que já tínhamos dele continuam fora da sua página de agendamento, mas o que você mudar nele não chega ao Agendo até ele voltar a ser lido.",
      "",
      "Se o endereço secreto mudou (por exemplo, se você o redefiniu no Google Agenda), remova o calendário e adicione o novo endereço em:",
      `${appUrl()}/configuracoes/horarios#calendarios`,
    ].join("\n"),
  };
}

/**
 * One refresh of a calendar: conditional (its validators, while its events were expanded within
 * the last 12 hours, so the window still moves ahead each day), its rows replaced on a new answer;
 * on failure the rows stay, the failure is dated, and after an hour the one e-mail is queued.
 */
export async function refreshCalendar(db: Db, calendar: CalendarRow, owner: CalendarOwner, transport: EmailTransport, now = new Date()) {
  const fresh = calendar.readAt !== null && now.getTime() - calendar.readAt.getTime() < 12 * 60 * 60_000;
  const mine = and(eq(externalCalendars.id, calendar.id), eq(externalCalendars.userId, owner.userId));
  try {
    const read = await readFeed(calendar.url, owner, now, fresh ? { etag: calendar.etag, lastModified: calendar.lastModified } : undefined);
    const healthy = { refreshedAt: now, attemptedAt: now, failingSince: null, failureNotifiedAt: null };
    if (read.status === "not-modified") {
      await db.update(externalCalendars).set(healthy).where(mine);
    } else {
      await db.batch([
        db.update(externalCalendars).set({ ...healthy, readAt: now, etag: read.etag, lastModified: read.lastModified }).where(mine),
        ...replaceRows(db, calendar.id, owner.userId, read.rows),
      ]);
    }
    return true;
  } catch (error) {
    console.warn(`[calendars] ${calendar.id}: ${error instanceof Error ? error.message : String(error)}`);
    const failingSince = calendar.failingSince ?? now;
    const notify = !calendar.failureNotifiedAt && now.getTime() - failingSince.getTime() >= NOTIFY_AFTER_MS;
    const update = db.update(externalCalendars).set({ attemptedAt: now, failingSince, ...(notify ? { failureNotifiedAt: now } : {}) }).where(mine);
    if (!notify) await update;
    else {
      const email = queueEmail(db, failureEmail(owner.email, { ...calendar, failingSince }, owner.timeZone, now), {
        transport, now, claimed: false, kind: "calendar-failing", professionalId: owner.userId, dedupeKey: `calendar-failing:${calendar.id}:${failingSince.getTime()}`,
      });
      await db.batch([update, ...email.statements]);
    }
    return false;
  }
}

/**
 * The job's step: the calendars not tried for 15 minutes, oldest first, each claimed (its
 * attempt dated) before it is read so two runs never read one twice; none started after the
 * run's budget.
 */
export async function refreshDueCalendars(db: Db, transport: EmailTransport, now = new Date(), budgetMs = RUN_BUDGET_MS) {
  const started = performance.now();
  const due = or(isNull(externalCalendars.attemptedAt), lte(externalCalendars.attemptedAt, new Date(now.getTime() - REFRESH_EVERY_MS)));
  const rows = await db
    .select({ calendar: externalCalendars, email: users.email, timeZone: profiles.timeZone, bookingWindow: profiles.bookingWindow })
    .from(externalCalendars)
    .innerJoin(users, eq(users.id, externalCalendars.userId))
    .innerJoin(profiles, eq(profiles.userId, externalCalendars.userId))
    .where(due)
    .orderBy(asc(externalCalendars.attemptedAt))
    .limit(PER_RUN);
  const report = { read: 0, failed: 0 };
  for (let i = 0; i < rows.length && performance.now() - started < budgetMs; i += AT_ONCE) {
    await Promise.all(
      rows.slice(i, i + AT_ONCE).map(async ({ calendar, ...owner }) => {
        const [claimed] = await db
          .update(externalCalendars)
          .set({ attemptedAt: now })
          .where(and(eq(externalCalendars.id, calendar.id), due))
          .returning({ id: externalCalendars.id });
        if (!claimed) return;
        const ok = await refreshCalendar(db, calendar, { userId: calendar.userId, ...owner }, transport, now);
        report[ok ? "read" : "failed"]++;
      }),
    );
  }
  return report;
}
