// The professional's devices that receive push notifications, and which events they are told of
// (Configurações > Notificações). A device is one browser's subscription; subscribing it again
// (a new sign-in on the same phone) moves it to whoever subscribed last.
import { and, asc, eq } from "drizzle-orm";
import { profiles, pushSubscriptions } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { PUSH_KINDS, type PushKind } from "./push-texts";

export type DeviceSubscription = { endpoint: string; p256dh: string; auth: string };

/** Keeps this browser's subscription for the professional (replacing its keys if it was kept before). */
export async function saveDevice(db: Db, professionalId: string, sub: DeviceSubscription, label: string) {
  await db
    .insert(pushSubscriptions)
    .values({ professionalId, ...sub, label })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { professionalId, p256dh: sub.p256dh, auth: sub.auth, label, createdAt: new Date() } });
}

/** The devices, oldest first, as the list shows them. */
export function devicesOf(db: Db, professionalId: string) {
  return db
    .select({ id: pushSubscriptions.id, label: pushSubscriptions.label, endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.professionalId, professionalId))
    .orderBy(asc(pushSubscriptions.createdAt));
}

/** 'Remover': false when it is not one of theirs (someone else's id is a 404). */
export async function removeDevice(db: Db, professionalId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.professionalId, professionalId)))
    .returning({ id: pushSubscriptions.id });
  return gone.length === 1;
}

/** Saves which events are on; the others are stored as muted. */
export async function savePushKinds(db: Db, professionalId: string, on: Record<PushKind, boolean>) {
  const muted = PUSH_KINDS.filter((k) => !on[k]).join(",");
  await db.update(profiles).set({ pushMuted: muted }).where(eq(profiles.userId, professionalId));
}

/** What the list calls a device, from its browser's User-Agent ('Chrome no Android'). */
export function deviceLabel(userAgent: string | null): string {
  const ua = userAgent ?? "";
  const browser = /Edg\//.test(ua) ? "Edge" : /SamsungBrowser/.test(ua) ? "Samsung Internet" : /Firefox\//.test(ua) ? "Firefox" : /Chrome\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : "Navegador";
  const system = /iPhone/.test(ua) ? "iPhone" : /iPad/.test(ua) ? "iPad" : /Android/.test(ua) ? "Android" : /Windows/.test(ua) ? "Windows" : /Mac OS X/.test(ua) ? "Mac" : /Linux/.test(ua) ? "Linux" : "";
  return system ? `${browser} no ${system}` : browser;
}
