// The writes of one waiting-list offer (the job's pass, openings.server.ts): the offer's row and
// its messages — the e-mail when the customer gave one (and its sign-up e-mail was not withheld),
// the Cloud API's template when configured, else a row of 'Lembretes' > 'Lista de espera' — each
// written only if `onlyIf` holds when the batch runs (the opening's batch was claimed by this run),
// never by a channel whose contact asked for no more messages.
import type { SQL } from "drizzle-orm";
import { waitlistOffers, whatsappOutbox } from "../../../db/schema";
import { insertIf, type Db } from "../../utils/db.server";
import { queueEmail, type EmailTransport } from "../../utils/email.server";
import { env } from "../../utils/env.server";
import type { WhatsappConfig } from "../../utils/whatsapp.server";
import { contactKey } from "../notifications/customer-links.server";
import { whatsappNumber } from "../whatsapp";
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
  const channels: string[] = [];
  const statements = [];
  if (entry.customerEmail && !entry.emailWithheld && !stopped(entry.customerEmail)) {
    channels.push("email");
    const mail = await offerEmail(offer, profile, now);
    statements.push(queueEmail(db, mail, { kind: "waitlist-offer", professionalId: profile.userId, dedupeKey: key, claimed: false, now, transport: args.transport, onlyIf }).statements[1]);
  }
  if (!stopped(entry.customerPhone)) {
    if (args.whatsapp) {
      channels.push("whatsapp");
      const row = {
        professionalId: profile.userId,
        kind: "waitlist-offer",
        to: whatsappNumber(entry.customerPhone),
        template: env().WHATSAPP_TEMPLATE_WAITLIST,
        language: args.whatsapp.language,
        params: JSON.stringify(offerTemplateParams(offer, profile, now)),
        dedupeKey: key,
        createdAt: now,
      };
      statements.push(insertIf(db, whatsappOutbox, row, onlyIf).onConflictDoNothing());
    } else channels.push("list");
  }
  statements.push(
    insertIf(db, waitlistOffers, { openingId: opening.id, entryId: entry.id, professionalId: profile.userId, channels: channels.join(","), createdAt: now }, onlyIf).onConflictDoNothing(),
  );
  return statements;
}
