// Web Push (RFC 8030) with VAPID (RFC 8292) and the message encrypted to the browser's keys
// (RFC 8291, aes128gcm), all through WebCrypto by @block65/webcrypto-web-push, so the same code
// runs on Node and on Workers. Tested end to end against a local push service stand-in that
// checks the VAPID JWT and decrypts with the subscription's keys (tests/support/push-stand-in.ts).
import { buildPushPayload } from "@block65/webcrypto-web-push";
import { env, onWorkers } from "./env.server";

export type VapidConfig = { publicKey: string; privateKey: string; subject: string };

/** Where a message goes: the browser's push subscription as it gave it. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** What the phone shows: the notification's title and text, and the screen a tap opens. */
export type PushContent = { title: string; body: string; url: string; tag?: string };

/**
 * The VAPID keys, or null when push is off: on Workers the three variables are required; on Node
 * `npm start` provides the pair and the subject falls back to the support address.
 */
export function vapidConfig(): VapidConfig | null {
  const e = env();
  const subject = e.VAPID_SUBJECT ?? (onWorkers() ? undefined : `mailto:${e.SUPPORT_EMAIL}`);
  if (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY || !subject) return null;
  return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject };
}

/**
 * The push services browsers subscribe with, by their exact hosts: Google's (Chrome, Edge on
 * Android, Samsung Internet, Opera, Brave), Mozilla's, Apple's. Not all of googleapis.com: a
 * storage bucket there is anyone's, and can answer with a redirect anywhere (docs/decisions/1082).
 */
const PUSH_SERVICE_HOSTS = new Set(["fcm.googleapis.com", "updates.push.services.mozilla.com", "web.push.apple.com"]);
/** Microsoft's push service (Edge on Windows) gives each device a regional host of its own zone. */
const PUSH_SERVICE_ZONES = [".notify.windows.com"];

/**
 * Whether an endpoint a browser gave is at a real push service (or at an origin listed in
 * PUSH_SERVICE_ORIGINS: tests point it at a local stand-in). The server POSTs to every endpoint
 * it keeps, so an arbitrary one would let a signed-in user aim those requests anywhere.
 */
export function isPushServiceEndpoint(endpoint: string): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (env().PUSH_SERVICE_ORIGINS.includes(url.origin)) return true;
  if (url.protocol !== "https:" || url.port !== "") return false;
  return PUSH_SERVICE_HOSTS.has(url.hostname) || PUSH_SERVICE_ZONES.some((zone) => url.hostname.endsWith(zone));
}

/**
 * The push service's answer: `gone` (404/410: the subscription no longer exists, delete it),
 * `retry` (its own trouble, too many requests, no answer in time, the network), `failed` (it
 * refused this message for good: too big, bad JWT).
 */
export type PushResult = { ok: true } | { ok: false; kind: "gone" | "retry" | "failed"; message: string };

/** How long a push service may take before the try counts as failed (it runs after the answer anyway). */
const TIMEOUT_MS = 10_000;

/**
 * Sends one notification to one device. Never throws. An endpoint no longer at a push service
 * (kept before the list narrowed) is gone; a redirect is never followed: a push service has no
 * reason to send one, and following it would let the endpoint's host aim our POST anywhere.
 */
export async function sendPush(vapid: VapidConfig, target: PushTarget, content: PushContent, fetcher: typeof fetch = fetch): Promise<PushResult> {
  if (!isPushServiceEndpoint(target.endpoint)) return { ok: false, kind: "gone", message: "Endereço fora dos serviços de push conhecidos" };
  try {
    const payload = await buildPushPayload(
      { data: content, options: { ttl: 24 * 3600, urgency: "high" } },
      { endpoint: target.endpoint, expirationTime: null, keys: { p256dh: target.p256dh, auth: target.auth } },
      vapid,
    );
    const res = await fetcher(target.endpoint, {
      method: "POST",
      headers: payload.headers,
      body: payload.body,
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (res.ok) return { ok: true };
    const message = `O serviço de push respondeu ${res.status}`;
    if (res.status === 404 || res.status === 410) return { ok: false, kind: "gone", message };
    if (res.status === 429 || res.status >= 500) return { ok: false, kind: "retry", message };
    // A redirect (3xx; `opaqueredirect` where the runtime hides it) counts as a refusal for good.
    return { ok: false, kind: "failed", message };
  } catch (error) {
    return { ok: false, kind: "retry", message: String(error) };
  }
}
