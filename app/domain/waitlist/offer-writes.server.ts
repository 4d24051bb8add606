// The writes of one waiting-list offer (the job's pass, app/jobs/waitlist-openings.server.ts): the offer's row and
// its messages — the e-mail when the customer gave one (and its sign-up e-mail was not withheld),
// the Cloud API's template when configured — each within the bounds on messages a stranger can
// cause (whoever signed up typed these contacts: docs/decisions/1020), and a row of 'Lembretes' >
// 'Lista de espera' when no template went to the phone (the professional's one tap is her own
// word). All written only if `onlyIf` holds when the batch runs (the opening's batch was claimed
// by this run), never by a channel whose contact asked for no more messages.
import { sql, type SQL } from "drizzle-orm";
import { emailOutbox, waitlistOffers, whatsappOutbox } from "../../../db/schema";
import { insertIf, type Db } from "../../utils/db.server";
import type { EmailTransport } from "../../utils/email.server";
import { env } from "../../utils/env.server";
import type { WhatsappConfig } from "../../utils/whatsapp.server";
import { contactKey } from "../notifications/customer-links.server";
import { strangerEmail, strangerWhatsapp } from "../notifications/unrequested-email.server";
import { offerEmail, offerTemplateParams, type WaitlistProfile } from "./messages.server";
import type { waitlistEntries, waitlistOpenings } from "../../../db/schema";

type Offer = { entry: typeof waitlistEntries.$inferSelect; serviceId: string; date: string; startMinute: number };

export async function offerStatements(
  db: Db,
  args: {
    offer: Offer;
    opening: typeof waitlistOpenings.$inferSelect;
    profile: WaitlistProfile;
    now: Date;
    whatsapp: WhatsappConfig | null;
    transport: EmailTransport;
    /** `${professionalId}:${contact}` of the contacts that asked for no more messages. */
    stopped: Set<string>;
    onlyIf: SQL;
  },
) {
  const { offer, opening, profile, now, onlyIf } = args;
  const { entry } = offer;
  const stopped = (contact: string) => args.stopped.has(`${profile.userId}:${contactKey(contact)}`);
  const key = `waitlist-offer:${opening.id}:${entry.id}`;
  // Who signed up: what the bounds count the offer against ('' on places older than issue 32).
  const clientAddress = entry.requestedBy || null;
  const statements = [];
  if (entry.customerEmail && !entry.emailWithheld && !stopped(entry.customerEmail)) {
    const mail = await offerEmail(offer, profile, now);
    statements.push(strangerEmail(db, mail, { kind: "waitlist-offer", professionalId: profile.userId, dedupeKey: key, clientAddress, now, onlyIf, transport: args.transport }));
  }
  const phoneOpen = !stopped(entry.customerPhone);
  if (phoneOpen && args.whatsapp) {
    const row = {
      professionalId: profile.userId,
      kind: "waitlist-offer",
      template: env().WHATSAPP_TEMPLATE_WAITLIST,
      language: args.whatsapp.language,
      params: JSON.stringify(await offerTemplateParams(offer, profile, now)),
      dedupeKey: key,
    };
    statements.push(strangerWhatsapp(db, row, { phone: entry.customerPhone, clientAddress, now, onlyIf }));
  }
  // The channels it went by, as the messages' writes above left them.
  const went = (table: typeof emailOutbox | typeof whatsappOutbox) => sql`exists (select 1 from ${table} where ${table.dedupeKey} = ${key})`;
  const channels = sql`trim(case when ${went(emailOutbox)} then 'email,' else '' end
    || case when ${went(whatsappOutbox)} then 'whatsapp,' when ${phoneOpen ? 1 : 0} then 'list,' else '' end, ',')`;
  statements.push(
    insertIf(db, waitlistOffers, { openingId: opening.id, entryId: entry.id, professionalId: profile.userId, channels, createdAt: now }, onlyIf).onConflictDoNothing(),
  );
  return statements;
}
