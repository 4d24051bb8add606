// 'Não quero receber lembretes' (LGPD): a customer's e-mail or phone that gets no more reminders
// from one professional. Recorded at once; the job checks it again right before every send.
import { and, eq, inArray } from "drizzle-orm";
import { profiles, reminderOptOuts } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { digitsOnly, formatPhone } from "../phone";
import { stopRemindersTarget } from "./customer-links.server";

/** Who a stop link stands for: the professional's name and the contact, masked; null if not ours. */
export async function stopLinkTarget(db: Db, token: string) {
  const target = await stopRemindersTarget(token);
  if (!target) return null;
  const [profile] = await db
    .select({ fullName: profiles.fullName, businessName: profiles.businessName })
    .from(profiles)
    .where(eq(profiles.userId, target.professionalId));
  if (!profile) return null;
  const [stopped] = await db
    .select({ id: reminderOptOuts.id })
    .from(reminderOptOuts)
    .where(and(eq(reminderOptOuts.professionalId, target.professionalId), eq(reminderOptOuts.contact, target.contact)));
  return { ...target, professional: profile.businessName || profile.fullName, contactShown: maskContact(target.contact), stopped: !!stopped };
}

/** "joana@example.com" -> "jo***@example.com"; "11987654321" -> "(11) *****-4321"; "+351912345678" -> "+351 *****-5678". */
export function maskContact(contact: string): string {
  const at = contact.indexOf("@");
  if (at >= 0) return `${contact.slice(0, Math.min(2, at))}***${contact.slice(at)}`;
  const digits = digitsOnly(contact);
  if (contact.startsWith("+")) return `${formatPhone(contact).split(" ")[0]} *****-${digits.slice(-4)}`;
  return digits.length >= 10 ? `(${digits.slice(0, 2)}) *****-${digits.slice(-4)}` : `***${digits.slice(-4)}`;
}

/** Records the stop (twice is harmless). */
export async function stopReminders(db: Db, professionalId: string, contact: string): Promise<void> {
  await db.insert(reminderOptOuts).values({ professionalId, contact }).onConflictDoNothing();
}

/** 'Voltar a receber lembretes': the contact gets this professional's reminders again (twice is harmless). */
export async function resumeReminders(db: Db, professionalId: string, contact: string): Promise<void> {
  await db.delete(reminderOptOuts).where(and(eq(reminderOptOuts.professionalId, professionalId), eq(reminderOptOuts.contact, contact)));
}

/** Which of these contacts asked this professional to stop. */
export async function stoppedContacts(db: Db, professionalId: string, contacts: string[]): Promise<Set<string>> {
  if (contacts.length === 0) return new Set();
  const rows = await db
    .select({ contact: reminderOptOuts.contact })
    .from(reminderOptOuts)
    .where(and(eq(reminderOptOuts.professionalId, professionalId), inArray(reminderOptOuts.contact, contacts)));
  return new Set(rows.map((r) => r.contact));
}
