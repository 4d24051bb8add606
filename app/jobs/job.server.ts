// The scheduled job ('what is due now?'), run every 5 minutes: by the Node server itself while
// `npm start` runs, by a Cron Trigger on Workers (workers/app.ts). Same code, same database.
// Safe to run twice at once or again after a crash: every message is queued once (a unique
// dedupe key) and claimed with one conditional write before it is sent; a failed send is retried
// a few times with growing pauses and never stops the others (docs/decisions/0671). It calls down
// into the subjects; the messages it queues go out through notifications/outbox.server.ts.
import { inArray } from "drizzle-orm";
import { bookingRequests, profiles } from "../../db/schema";
import type { Db } from "../utils/db.server";
import type { EmailTransport } from "../utils/email.server";
import type { WhatsappConfig } from "../utils/whatsapp.server";
import { mercadoPagoConfigured } from "../utils/mercadopago.server";
import { queueDailySummaries } from "./daily-summary.server";
import { queueDueReminders } from "./reminders.server";
import { queueComebackMessages } from "./comeback-sends.server";
import { runWaitlistPass, type WaitlistPassReport } from "./waitlist-openings.server";
import { queueCustomerEmail } from "../domain/notifications/customer-emails.server";
import { deliverDueEmails, deliverDueWhatsapp, purgeOldBodies } from "../domain/notifications/outbox.server";
import { deliverDuePushes } from "../domain/notifications/push.server";
import { holdOver } from "../domain/availability/slot-claims.server";
import { refundOwedDeposits } from "../domain/payments/deposit-charges.server";
import { settleEndedHolds } from "../domain/payments/settlement.server";
import { refreshDueCalendars } from "../domain/calendars/calendars.server";
import { purgeOldImports } from "../domain/clients/import/import.server";

export type JobDeps = {
  db: Db;
  now?: () => Date;
  transport: EmailTransport;
  whatsapp: WhatsappConfig | null;
  fetcher?: typeof fetch;
};

export type JobReport = {
  /** Deposits charged online whose hold ended, found paid when asked (confirmed or given back). */
  paymentsSettled: number;
  expired: number;
  remindersQueued: number;
  summariesQueued: number;
  emails: { sent: number; failed: number };
  whatsapp: { sent: number; failed: number; deferred: number };
  /** Push notifications to the professionals' devices (push.server.ts). */
  push: { sent: number; failed: number };
  purged: number;
  /** External calendars read, and those that could not be (docs/decisions/0958). */
  calendars: { read: number; failed: number };
  /** The waiting lists (issue 24): times opened, people offered one, places ended by a booking. */
  waitlist: WaitlistPassReport;
  /** 'Hora de voltar' messages queued for the Cloud API (issue 24). */
  comebackQueued: number;
};


export async function runJob(deps: JobDeps): Promise<JobReport> {
  const now = deps.now ?? (() => new Date());
  const start = now();
  const report: JobReport = {
    paymentsSettled: 0,
    expired: 0,
    remindersQueued: 0,
    summariesQueued: 0,
    emails: { sent: 0, failed: 0 },
    whatsapp: { sent: 0, failed: 0, deferred: 0 },
    push: { sent: 0, failed: 0 },
    purged: 0,
    calendars: { read: 0, failed: 0 },
    waitlist: { opened: 0, offered: 0, booked: 0 },
    comebackQueued: 0,
  };
  // Each step on its own: one failing (a bad row, the database busy) does not stop the next.
  const step = async (name: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      console.error(`[job] ${name} failed`, error);
    }
  };
  // A lost webhook loses nothing: a hold that ended unpaid is asked of the provider once before
  // it expires below (docs/decisions/0962).
  if (mercadoPagoConfigured()) {
    await step("payments", async () => {
      report.paymentsSettled = await settleEndedHolds(deps.db, start);
      report.paymentsSettled += (await refundOwedDeposits(deps.db, start)).refunded;
    });
  }
  await step("expire requests", async () => {
    report.expired = await expireRequests(deps.db, start, deps.transport);
  });
  // After the expiries (a request that expired frees its time) and before the deliveries below.
  await step("waiting lists", async () => {
    report.waitlist = await runWaitlistPass(deps.db, start, deps);
  });
  await step("reminders", async () => {
    report.remindersQueued = await queueDueReminders(deps.db, start, deps);
  });
  await step("hora de voltar", async () => {
    report.comebackQueued = await queueComebackMessages(deps.db, start, deps.whatsapp);
  });
  await step("daily summaries", async () => {
    report.summariesQueued = await queueDailySummaries(deps.db, start, deps.transport);
  });
  // Before the e-mails: a calendar's failure notice goes out in this same run.
  await step("calendars", async () => {
    report.calendars = await refreshDueCalendars(deps.db, deps.transport, start);
  });
  await step("e-mails", async () => {
    report.emails = await deliverDueEmails(deps.db, now, deps.transport);
  });
  if (deps.whatsapp) {
    const config = deps.whatsapp;
    await step("whatsapp", async () => {
      report.whatsapp = await deliverDueWhatsapp(deps.db, now, config, deps.fetcher);
    });
  }
  await step("push", async () => {
    report.push = await deliverDuePushes(deps.db, now, deps.fetcher);
  });
  await step("purge", async () => {
    report.purged = await purgeOldBodies(deps.db, start);
  });
  await step("waiting imports", async () => {
    await purgeOldImports(deps.db, start);
  });
  return report;
}

/**
 * Requests not answered in time, or whose deposit was not paid in time ('Sinal não pago em …'),
 * become 'expired' (their time was already free: see stillHeld),
 * and a customer who left an e-mail is told, once (unless the request's first e-mail was withheld).
 */
export async function expireRequests(db: Db, now: Date, transport: EmailTransport): Promise<number> {
  const expired = await db
    .update(bookingRequests)
    .set({ status: "expired" })
    .where(holdOver(now))
    .returning();
  const toTell = expired.filter((r) => r.customerEmail);
  if (toTell.length > 0) {
    const pros = await db
      .select()
      .from(profiles)
      .where(inArray(profiles.userId, [...new Set(toTell.map((r) => r.professionalId))]));
    const byId = new Map(pros.map((p) => [p.userId, p]));
    const writes = [];
    for (const r of toTell) {
      const profile = byId.get(r.professionalId);
      if (!profile) continue;
      // Not where the request's first e-mail was withheld (unrequested-email.server.ts).
      const told = await queueCustomerEmail(db, "request-expired", r, profile, { now, transport });
      if (told) writes.push(told.statement);
    }
    const [first, ...rest] = writes;
    if (first) await db.batch([first, ...rest]);
  }
  return expired.length;
}
