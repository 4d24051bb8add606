// The scheduled job as the server entries run it (server/node.ts every JOB_INTERVAL_SECONDS,
// workers/app.ts on its Cron Trigger): the database, e-mail transport and WhatsApp settings from
// the environment, then app/jobs/job.server.ts.
import { runJob, type JobReport } from "./job.server";
import { dbFromEnv } from "../utils/db.server";
import { transportFromEnv } from "../utils/email.server";
import { whatsappConfig } from "../utils/whatsapp.server";

export async function runScheduledJob(): Promise<JobReport> {
  const report = await runJob({ db: dbFromEnv(), transport: transportFromEnv(), whatsapp: whatsappConfig() });
  const { expired, remindersQueued, summariesQueued, emails, whatsapp, push, purged, calendars } = report;
  if (expired || remindersQueued || summariesQueued || emails.sent || emails.failed || whatsapp.sent || whatsapp.failed || push.sent || push.failed || purged || calendars.read || calendars.failed) {
    console.info(
      `[job] expired=${expired} reminders=${remindersQueued} summaries=${summariesQueued} emails=${emails.sent}/${emails.failed} whatsapp=${whatsapp.sent}/${whatsapp.failed}/${whatsapp.deferred} push=${push.sent}/${push.failed} purged=${purged} calendars=${calendars.read}/${calendars.failed}`,
    );
  }
  const { opened, offered } = report.waitlist;
  if (opened || offered || report.comebackQueued) console.info(`[job] waiting lists: opened=${opened} offered=${offered}; hora de voltar: queued=${report.comebackQueued}`);
  return report;
}
