// Mercado Pago's webhook endpoint (docs/decisions/0934, 0936): `POST ?data.id=<payment>&type=payment`
// signed in `x-signature` over data.id, `x-request-id` and its timestamp. Outside the signed-in
// layout: Mercado Pago authenticates with the signature. A bad or missing signature, an old one,
// or no payment id is a 400; the payment itself is then read back from Mercado Pago with the
// professional's token (onPaymentNotification), never taken from the body.
import type { Route } from "./+types/payments.mercadopago.webhook";
import { userIdsOfProviderAccount } from "../domain/payments/accounts.server";
import { onPaymentNotification } from "../domain/payments/notifications.server";
import { settleCharge } from "../domain/payments/settlement.server";
import { deliverSoon } from "../domain/notifications/deliver-soon.server";
import { PaymentProviderError } from "../domain/payments/provider";
import { getDb } from "../utils/db.server";
import { env } from "../utils/env.server";
import { verifyMercadoPagoSignature } from "../utils/mercadopago-signature.server";
import { mercadoPagoConfigured } from "../utils/mercadopago.server";
import { readBodyWithin } from "../utils/request-body.server";

/** A notification is a few hundred bytes; anything far larger is not one. */
const MAX_BODY_BYTES = 64 * 1024;

const text = (body: string, status: number, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });

export function loader() {
  return text("Use POST.", 405, { Allow: "POST" });
}

/** The seller the notification names (its `user_id`), as text; unsigned, so only a hint. */
function sellerOf(body: Uint8Array): string | null {
  try {
    const parsed = JSON.parse(new TextDecoder().decode(body)) as { user_id?: unknown };
    const id = parsed?.user_id;
    return typeof id === "number" || (typeof id === "string" && /^\d{1,20}$/.test(id)) ? String(id) : null;
  } catch {
    return null;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return text("Use POST.", 405, { Allow: "POST" });
  // Without the configuration this server takes no online payments: the endpoint does not exist.
  if (!mercadoPagoConfigured()) return text("Não encontrado.", 404);
  const body = await readBodyWithin(request, MAX_BODY_BYTES);
  if (!body) return text("Notificação grande demais.", 413);

  const query = new URL(request.url).searchParams;
  const dataId = query.get("data.id");
  const check = await verifyMercadoPagoSignature({
    signature: request.headers.get("x-signature"),
    requestId: request.headers.get("x-request-id"),
    dataId,
    secret: env().MERCADOPAGO_WEBHOOK_SECRET!,
  });
  if (!check.ok) {
    console.warn(`mercadopago webhook: signature refused (${check.reason})`);
    return text(`Assinatura recusada (${check.reason}).`, 400);
  }
  // Only payments matter here (other topics are acknowledged and left alone).
  if ((query.get("type") ?? query.get("topic")) !== "payment") return Response.json({ received: true, outcome: "ignored" });
  if (!dataId || !/^\d{1,20}$/.test(dataId)) return text("Pagamento não informado.", 400);

  const db = getDb(context);
  const seller = sellerOf(body);
  try {
    // Every professional connected to that account (a salon may share one): the payment is
    // matched to its booking by the charge, not by the seller (docs/decisions/1031).
    const userIds = seller ? await userIdsOfProviderAccount(db, "mercadopago", seller) : [];
    const read = await onPaymentNotification(db, dataId, userIds);
    if (!read) return Response.json({ received: true, outcome: "unknown" });
    // The booking follows the payment as read back: confirmed, given back, or left waiting.
    const settled = await settleCharge(db, userIds, read.charge, { access: read.access });
    deliverSoon(context, settled.emails);
    return Response.json({ received: true, outcome: read.charge.status, booking: settled.outcome });
  } catch (error) {
    // A 5xx makes Mercado Pago deliver the notification again later.
    console.error("mercadopago webhook: reading the payment failed", dataId, error instanceof PaymentProviderError ? error.message : error);
    return text("Falha ao ler o pagamento; tente de novo.", error instanceof PaymentProviderError ? 503 : 500);
  }
}
