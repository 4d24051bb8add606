// The 'Lembretes' screen's groups beside the day's reminders (issue 24): 'Lista de espera' (the
// job's offers of an opening, one tap each) and 'Hora de voltar' (regulars who are late). Each
// one-tap intent marks its row, then sends the browser to WhatsApp with the text ready (the same
// with JavaScript off); 'Não chamar' asks first (?nao-chamar=<client>).
import { redirect } from "react-router";
import { comebackMessage } from "../domain/clients/comeback";
import { comebackList, markComebackSent, setComebackOptOut } from "../domain/clients/comeback.server";
import { getClient } from "../domain/clients/clients.server";
import { nowInZone } from "../domain/dates";
import { bookingPageUrl } from "../domain/notifications/customer-links.server";
import { normalizePhone } from "../domain/phone";
import { markWaitlistTap, waitlistTaps } from "../domain/waitlist/one-tap.server";
import { whatsappLink } from "../domain/whatsapp";
import type { CurrentUser } from "../domain/accounts/access.server";
import { notFound } from "../utils/actions.server";
import type { Db } from "../utils/db.server";

export const GROUP_INTENTS = ["waitlist-sent", "comeback-sent", "comeback-never"] as const;
export type GroupIntent = (typeof GROUP_INTENTS)[number];

export const isGroupIntent = (intent: unknown): intent is GroupIntent => GROUP_INTENTS.includes(intent as GroupIntent);

const COMEBACK_LIST = "/lembretes#hora-de-voltar";

/** The regulars who are late, each with their message ready (null link: no valid phone). */
async function comebackRows(db: Db, user: CurrentUser, now: Date) {
  const today = nowInZone(user.profile.timeZone, now).date;
  const professional = user.profile.businessName || user.profile.fullName;
  const link = bookingPageUrl(user.profile);
  return (await comebackList(db, user.id, today, now)).map((r) => ({
    ...r,
    link: normalizePhone(r.phone) ? whatsappLink(r.phone, comebackMessage({ client: r.name, service: r.service, daysSince: r.daysSince, professional, link })) : null,
  }));
}

export async function loadGroups(db: Db, user: CurrentUser, asking: string | null, now = new Date()) {
  const [waitlist, comeback] = await Promise.all([waitlistTaps(db, user.profile, now), comebackRows(db, user, now)]);
  const never = asking ? (comeback.find((r) => r.id === asking) ?? null) : null;
  return {
    waitlist: waitlist.map((r) => ({ ...r, sentAt: r.sentAt?.toISOString() ?? null })),
    comeback,
    confirmNever: never ? { id: never.id, name: never.name } : null,
  };
}

export async function groupAction(db: Db, user: CurrentUser, intent: GroupIntent, id: string): Promise<Response> {
  if (intent === "waitlist-sent") {
    if (!(await markWaitlistTap(db, user.id, id, new Date()))) notFound();
    const row = (await waitlistTaps(db, user.profile)).find((r) => r.id === id);
    return redirect(row?.link ?? "/lembretes");
  }
  if (intent === "comeback-never") {
    if (!(await setComebackOptOut(db, user.id, id, true))) notFound();
    return redirect(COMEBACK_LIST);
  }
  const row = (await comebackRows(db, user, new Date())).find((r) => r.id === id);
  if (!row) return (await getClient(db, user.id, id)) ? redirect(COMEBACK_LIST) : notFound();
  await markComebackSent(db, user.id, id, row.intervalDays);
  return redirect(row.link ?? COMEBACK_LIST);
}
