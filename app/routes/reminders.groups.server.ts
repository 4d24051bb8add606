// The 'Lembretes' screen's groups beside the day's reminders (issue 24): 'Lista de espera' (the
// job's offers of an opening, one tap each) and 'Hora de voltar' (regulars who are late).
// Intents: waitlist-sent, comeback-sent, comeback-never. Each one-tap intent marks the row, then
// sends the browser to WhatsApp with the text ready (the same with JavaScript off).
import { redirect } from "react-router";
import { markWaitlistTap, waitlistTaps } from "../domain/waitlist/one-tap.server";
import type { CurrentUser } from "../domain/accounts/access.server";
import { notFound } from "../utils/actions.server";
import type { Db } from "../utils/db.server";

export const GROUP_INTENTS = ["waitlist-sent"] as const;
export type GroupIntent = (typeof GROUP_INTENTS)[number];

export const isGroupIntent = (intent: unknown): intent is GroupIntent => GROUP_INTENTS.includes(intent as GroupIntent);

export async function loadGroups(db: Db, user: CurrentUser, now = new Date()) {
  const waitlist = await waitlistTaps(db, user.profile, now);
  return { waitlist: waitlist.map((r) => ({ ...r, sentAt: r.sentAt?.toISOString() ?? null })) };
}

export async function groupAction(db: Db, user: CurrentUser, intent: GroupIntent, id: string): Promise<Response> {
  if (!(await markWaitlistTap(db, user.id, id, new Date()))) notFound();
  const row = (await waitlistTaps(db, user.profile)).find((r) => r.id === id);
  return redirect(row?.link ?? "/lembretes");
}
