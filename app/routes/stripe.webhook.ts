// Stripe's webhook endpoint (docs/decisions/0403). Outside the signed-in layout: Stripe
// authenticates with the signature, not a session. Its server-to-server POST carries no Origin
// or Sec-Fetch-Site header, so the root's cross-site check lets it through.
import type { Route } from "./+types/stripe.webhook";
import { processStripeEvent, type StripeEvent } from "../domain/billing/subscriptions.server";
import { getDb } from "../utils/db.server";
import { env } from "../utils/env.server";
import { readBodyWithin } from "../utils/request-body.server";
import { verifyStripeSignature } from "../utils/stripe.server";

/** Stripe's events are a few kilobytes; anything far larger is not one. */
const MAX_BODY_BYTES = 512 * 1024;

const text = (body: string, status: number, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });

export function loader() {
  return text("Method Not Allowed", 405, { Allow: "POST" });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return text("Method Not Allowed", 405, { Allow: "POST" });
  const secret = env().STRIPE_WEBHOOK_SECRET;
  // Without a webhook secret this environment takes no payments: the endpoint does not exist.
  if (!secret) return text("Not Found", 404);

  const body = await readBodyWithin(request, MAX_BODY_BYTES);
  if (!body) return text("Payload Too Large", 413);

  const check = await verifyStripeSignature(body, request.headers.get("stripe-signature"), secret);
  if (!check.ok) {
    console.warn(`stripe webhook: signature refused (${check.reason})`);
    return text(`Invalid signature (${check.reason})`, 400);
  }

  let event: StripeEvent;
  try {
    event = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return text("Invalid JSON", 400);
  }
  if (
    !event ||
    typeof event.id !== "string" ||
    typeof event.type !== "string" ||
    typeof event.created !== "number" ||
    typeof event.data?.object !== "object" ||
    event.data.object === null
  ) {
    return text("Not a Stripe event", 400);
  }

  try {
    const { outcome, reason } = await processStripeEvent(getDb(context), event);
    return Response.json({ received: true, outcome, reason });
  } catch (error) {
    // A 5xx makes Stripe deliver the event again later; processing is idempotent.
    console.error("stripe webhook: processing failed", event.id, event.type, error);
    return text("Processing failed", 500);
  }
}
