// Push notifications to the professional's devices, through an outbox like the e-mail's
// (docs/decisions/0671, 0972): a notice is queued for each device in the batch of the write that
// causes it (only if that write happened, never twice for one key), delivered right after the
// answer by deliverSoon (the key starts with 'push:'), else by the scheduled job, each row claimed
// first. A device the push service reports gone (404/410) is deleted; a slow one never delays a
// page (the send runs after the answer, with a timeout).
import { and, asc, eq, inArray, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { profiles, pushOutbox, pushSubscriptions } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { LEASE_MS, MAX_ATTEMPTS, retryDelayMs, GIVE_UP_AFTER_MS } from "../../utils/email.server";
import { sendPush, vapidConfig, type VapidConfig } from "../../utils/web-push.server";
import { pushContent, type PushBooking, type PushContent, type PushKind } from "./push-texts";

/** Every push dedupe key starts so: deliverSoon tells them from e-mails' by it. */
export const PUSH_KEY_PREFIX = "push:";

/** A notice to queue: whose, what kind ('test' is never muted), its identity and its content. */
export type PushNotice = { professionalId: string; kind: PushKind | "test"; key: string; content: PushContent };

/** The notice of one event of a booking, keyed by the event and the booking (`suffix` tells two moves apart). */
export function bookingNotice(professionalId: string, kind: PushKind, b: PushBooking, extra: Parameters<typeof pushContent>[2] = {}, suffix = ""): PushNotice {
  return { professionalId, kind, key: `${PUSH_KEY_PREFIX}${kind}:${b.id}${suffix}`, content: pushContent(kind, b, extra) };
}

/**
 * The statement that queues a notice for each of the professional's devices, unless they turned
 * that kind off, only if `onlyIf` holds when it runs (the booking was really created, cancelled…).
 * Run it in the batch of that write; hand `key` to deliverSoon.
 */
export function queuePush(db: Db, notice: PushNotice, opts: { onlyIf?: SQL; now?: Date } = {}) {
  const now = (opts.now ?? new Date()).getTime();
  const { title, body, url, tag } = notice.content;
  const s = pushSubscriptions;
  const statement = db.run(sql`insert into push_outbox (id, professional_id, subscription_id, kind, dedupe_key, title, body, url, tag, status, attempts, created_at)
    select lower(hex(randomblob(16))), ${s.professionalId}, ${s.id}, ${notice.kind}, ${notice.key}, ${title}, ${body}, ${url}, ${tag}, 'queued', 0, ${now}
    from ${s} join ${profiles} on ${profiles.userId} = ${s.professionalId}
    where ${s.professionalId} = ${notice.professionalId}
      and instr(',' || ${profiles.pushMuted} || ',', ${`,${notice.kind},`}) = 0
      and (${opts.onlyIf ?? sql`1`})
    on conflict do nothing`);
  return { statement, key: notice.key };
}

/** Queues and delivers nothing else: for a write that has no batch of its own ('Enviar notificação de teste'). */
export async function queuePushNow(db: Db, notice: PushNotice): Promise<string> {
  const { statement, key } = queuePush(db, notice);
  await db.batch([statement]);
  return key;
}

type Result = { sent: number; failed: number };

/** Delivers the notices queued under these keys now (deliverSoon), each claimed first. */
export async function deliverPushNow(db: Db, keys: string[], fetcher?: typeof fetch): Promise<Result> {
  const vapid = vapidConfig();
  if (!vapid || keys.length === 0) return { sent: 0, failed: 0 };
  const rows = await db.select({ id: pushOutbox.id }).from(pushOutbox).where(and(inArray(pushOutbox.dedupeKey, keys), eq(pushOutbox.status, "queued")));
  return deliverPushes(db, rows.map((r) => r.id), () => new Date(), vapid, fetcher);
}

/** The job's part: what is due (new, retries, abandoned claims), after giving up day-old ones and clearing month-old rows. */
export async function deliverDuePushes(db: Db, now: () => Date, fetcher?: typeof fetch): Promise<Result> {
  const at = now();
  const o = pushOutbox;
  await db.batch([
    db
      .update(o)
      .set({ status: "failed", error: "Não enviado em 24 horas.", leaseUntil: null })
      .where(and(eq(o.status, "queued"), lt(o.createdAt, new Date(at.getTime() - GIVE_UP_AFTER_MS)), or(isNull(o.leaseUntil), lte(o.leaseUntil, at)))),
    db.delete(o).where(and(inArray(o.status, ["sent", "failed"]), lt(o.createdAt, new Date(at.getTime() - 30 * 86_400_000)))),
  ]);
  const vapid = vapidConfig();
  if (!vapid) return { sent: 0, failed: 0 };
  const due = await db
    .select({ id: o.id })
    .from(o)
    .where(and(eq(o.status, "queued"), or(isNull(o.nextAttemptAt), lte(o.nextAttemptAt, at)), or(isNull(o.leaseUntil), lte(o.leaseUntil, at))))
    .orderBy(asc(o.createdAt))
    .limit(100);
  return deliverPushes(db, due.map((r) => r.id), now, vapid, fetcher);
}

async function deliverPushes(db: Db, ids: string[], now: () => Date, vapid: VapidConfig, fetcher?: typeof fetch): Promise<Result> {
  const result = { sent: 0, failed: 0 };
  for (const id of ids) {
    const claimed = await claimPush(db, id, now());
    if (!claimed) continue;
    const sent = await sendPush(vapid, claimed, { title: claimed.title, body: claimed.body, url: claimed.url, tag: claimed.tag }, fetcher);
    if (await settlePush(db, claimed, sent, now())) result.sent++;
    else result.failed++;
  }
  return result;
}

/** One conditional write takes the row for this sender (still queued, due, not held), with its device. */
async function claimPush(db: Db, id: string, at: Date) {
  const o = pushOutbox;
  const [row] = await db
    .update(o)
    .set({ leaseUntil: new Date(at.getTime() + LEASE_MS), attempts: sql`${o.attempts} + 1` })
    .where(
      and(
        eq(o.id, id),
        eq(o.status, "queued"),
        or(isNull(o.leaseUntil), lte(o.leaseUntil, at)),
        or(isNull(o.nextAttemptAt), lte(o.nextAttemptAt, at)),
      ),
    )
    .returning();
  if (!row) return null;
  const [device] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscriptionId));
  return device ? { ...row, endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth } : null;
}

/** Records what the push service answered; a device gone is deleted with what waited for it. */
async function settlePush(db: Db, row: typeof pushOutbox.$inferSelect, sent: Awaited<ReturnType<typeof sendPush>>, done: Date): Promise<boolean> {
  const o = pushOutbox;
  if (sent.ok) {
    await db.update(o).set({ status: "sent", sentAt: done, leaseUntil: null, error: null }).where(eq(o.id, row.id));
    return true;
  }
  if (sent.kind === "gone") {
    await db.batch([db.delete(o).where(eq(o.subscriptionId, row.subscriptionId)), db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscriptionId))]);
    return false;
  }
  const giveUp = sent.kind === "failed" || row.attempts >= MAX_ATTEMPTS;
  console.error(`[push] ${sent.kind}: ${sent.message}`);
  await db
    .update(o)
    .set({
      status: giveUp ? "failed" : "queued",
      error: sent.message,
      leaseUntil: null,
      nextAttemptAt: giveUp ? null : new Date(done.getTime() + retryDelayMs(row.attempts)),
    })
    .where(eq(o.id, row.id));
  return false;
}
