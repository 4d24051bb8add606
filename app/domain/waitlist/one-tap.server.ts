// 'Lembretes' > 'Lista de espera' (issue 24): without the WhatsApp Cloud API, the job's offers of
// an opening wait here for the professional, one tap each (wa.me with the text ready, the link
// straight to step 3), marked sent as they go. Only offers whose time is still open and whose
// customer still waits; always the professional's own.
import { and, asc, eq, isNull, like } from "drizzle-orm";
import { waitlistEntries, waitlistOffers, waitlistOpenings } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { minutesToTime } from "../dates";
import { whatsappLink } from "../whatsapp";
import { offerWhatsappText, type WaitlistProfile } from "./messages.server";

export type WaitlistTapRow = { id: string; client: string; service: string; date: string; time: string; sentAt: Date | null; link: string };

export async function waitlistTaps(db: Db, profile: WaitlistProfile, now = new Date()): Promise<WaitlistTapRow[]> {
  const rows = await db
    .select({ offer: waitlistOffers, entry: waitlistEntries, opening: waitlistOpenings })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .innerJoin(waitlistOpenings, eq(waitlistOpenings.id, waitlistOffers.openingId))
    .where(
      and(
        eq(waitlistOffers.professionalId, profile.userId),
        eq(waitlistEntries.professionalId, profile.userId),
        like(waitlistOffers.channels, "%list%"),
        isNull(waitlistOpenings.closedAt),
        eq(waitlistEntries.status, "waiting"),
      ),
    )
    .orderBy(asc(waitlistOpenings.date), asc(waitlistOpenings.startMinute), asc(waitlistEntries.createdAt));
  return Promise.all(
    rows.map(async ({ offer, entry, opening }) => ({
      id: offer.id,
      client: entry.customerName,
      service: entry.serviceName,
      date: opening.date,
      time: minutesToTime(opening.startMinute),
      sentAt: offer.sentAt,
      link: whatsappLink(entry.customerPhone, await offerWhatsappText({ entry, serviceId: opening.serviceId, date: opening.date, startMinute: opening.startMinute }, profile, now)),
    })),
  );
}

/** Marks one of the professional's offers sent (or not); false when it is not theirs. */
export async function markWaitlistTap(db: Db, professionalId: string, offerId: string, at: Date | null): Promise<boolean> {
  const updated = await db
    .update(waitlistOffers)
    .set({ sentAt: at })
    .where(and(eq(waitlistOffers.id, offerId), eq(waitlistOffers.professionalId, professionalId)))
    .returning({ id: waitlistOffers.id });
  return updated.length > 0;
}
