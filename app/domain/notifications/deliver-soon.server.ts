// One way to deliver what a screen has just queued: right after its answer, with this request's
// means of running work after it (Workers' waitUntil; on Node the promise runs on), instead of
// at the scheduled job's next run, which still sends whatever this could not (docs/decisions/0671).
// Every screen that queues a message calls deliverSoon (docs/decisions/0810).
import type { RouterContextProvider } from "react-router";
import { afterResponse } from "../../utils/background.server";
import { getDb } from "../../utils/db.server";
import { deliverEmail, queueEmail, transportFromEnv, type EmailMessage, type OutboxTags, type QueuedEmail } from "../../utils/email.server";
import { deliverQueuedNow } from "./outbox.server";
import { deliverPushNow, PUSH_KEY_PREFIX } from "./push.server";

/** The request a message is delivered after: its database and its work after the answer. */
type RequestContext = Readonly<RouterContextProvider>;

/**
 * A message to deliver right after the answer: its outbox dedupe key (queued unclaimed: claimed
 * here first, so a job running meanwhile never sends it twice), or the message itself when the
 * request queued it already claimed (one write after the answer: the booking POST's e-mail to the
 * professional, the account e-mails of sendSoon). A key starting 'push:' is a push notification's
 * (push.server.ts), delivered to every device it was queued for. Null: nothing was queued.
 */
export type Deliverable = string | QueuedEmail | null | undefined;

/** Delivers these messages once the answer is sent, in order; a failure is left to the job's retries. */
export function deliverSoon(context: RequestContext, messages: readonly Deliverable[]): void {
  const claimed = messages.filter((m): m is QueuedEmail => typeof m === "object" && m !== null);
  const strings = messages.filter((m): m is string => typeof m === "string");
  const keys = strings.filter((k) => !k.startsWith(PUSH_KEY_PREFIX));
  const pushKeys = strings.filter((k) => k.startsWith(PUSH_KEY_PREFIX));
  if (claimed.length === 0 && strings.length === 0) return;
  afterResponse(context, async () => {
    const db = getDb(context);
    for (const queued of claimed) await deliverEmail(db, queued);
    if (keys.length) await deliverQueuedNow(db, keys, transportFromEnv());
    if (pushKeys.length) await deliverPushNow(db, pushKeys);
  });
}

/** A message of its own (a password reset, an invitation): written to the outbox now, delivered right after the answer. */
export async function sendSoon(context: RequestContext, message: EmailMessage & { sensitiveUntil?: Date }, tags: OutboxTags = {}): Promise<void> {
  const db = getDb(context);
  const { statements, queued } = queueEmail(db, message, tags);
  await db.batch(statements);
  deliverSoon(context, [queued]);
}
