// 'Hora de voltar' by the WhatsApp Cloud API (issue 24, docs/decisions/0946): at the local hour
// the professional chose, the job queues the approved template to each regular who is late,
// never more than once per interval (the client's mark is claimed in the same batch), never to a
// contact that asked for no more reminders. Without the API nothing is queued: the one-tap list
// in 'Lembretes' is the way.
import { and, isNotNull, sql } from "drizzle-orm";
import { profiles, whatsappOutbox } from "../../db/schema";
import type { Db } from "../utils/db.server";
import { env } from "../utils/env.server";
import type { WhatsappConfig } from "../utils/whatsapp.server";
import { lastVisitWords, sinceText } from "../domain/clients/comeback";
import { comebackList, comebackSentStatements } from "../domain/clients/comeback.server";
import { nowInZone } from "../domain/dates";
import { firstName } from "../domain/names";
import { normalizePhone } from "../domain/phone";
import { whatsappNumber } from "../domain/whatsapp";
import { bookingPageUrl, contactKey } from "../domain/notifications/customer-links.server";
import { stoppedContacts } from "../domain/notifications/opt-outs.server";

type Statement = Parameters<Db["batch"]>[0][number];

export async function queueComebackMessages(db: Db, now: Date, whatsapp: WhatsappConfig | null): Promise<number> {
  if (!whatsapp) return 0;
  const pros = await db
    .select({
      userId: profiles.userId,
      fullName: profiles.fullName,
      businessName: profiles.businessName,
      bookingSlug: profiles.bookingSlug,
      timeZone: profiles.timeZone,
      hour: profiles.comebackAutoHour,
    })
    .from(profiles)
    .where(and(isNotNull(profiles.comebackAutoHour), sql`${profiles.reminderWhatsapp}`));
  let queued = 0;
  for (const pro of pros) {
    const local = nowInZone(pro.timeZone, now);
    if (Math.floor(local.minute / 60) !== pro.hour) continue;
    const due = (await comebackList(db, pro.userId, local.date, now)).filter((c) => normalizePhone(c.phone));
    const stopped = await stoppedContacts(db, pro.userId, due.map((c) => contactKey(c.phone)));
    const statements: Statement[] = [];
    for (const c of due.filter((d) => !stopped.has(contactKey(d.phone)))) {
      const [claim, record] = comebackSentStatements(db, pro.userId, c.id, "whatsapp", c.intervalDays, now);
      const params = [firstName(c.name) || c.name, sinceText(c.daysSince), lastVisitWords(c.service), pro.businessName || pro.fullName, bookingPageUrl(pro)];
      statements.push(
        claim,
        record,
        db
          .insert(whatsappOutbox)
          .values({
            professionalId: pro.userId,
            kind: "comeback",
            to: whatsappNumber(c.phone),
            template: env().WHATSAPP_TEMPLATE_COMEBACK,
            language: whatsapp.language,
            params: JSON.stringify(params),
            dedupeKey: `comeback:${c.id}:${local.date}`,
            createdAt: now,
          })
          .onConflictDoNothing(),
      );
      queued++;
    }
    const [first, ...rest] = statements;
    if (first) await db.batch([first, ...rest]);
  }
  return queued;
}
