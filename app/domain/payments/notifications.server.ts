// What a provider's notification means, read from the provider itself: a notification only
// names a payment, and the payment is read back with the professional's own token (its body is
// never trusted). The booking flow's effects (a paid deposit confirming the booking, a late
// payment refunded) start from what this returns (docs/decisions/0936).
import type { Db } from "../../utils/db.server";
import { appUrl } from "../../utils/env.server";
import { validAccessToken } from "./accounts.server";
import { PaymentProviderError, type ChargeState } from "./provider";

/** The webhook's path (app/routes.ts) and the absolute `notification_url` a charge is created with. */
export const PAYMENT_WEBHOOK_PATH = "/pagamentos/mercadopago/webhook";

export function paymentNotificationUrl(): string {
  return `${appUrl()}${PAYMENT_WEBHOOK_PATH}`;
}

/**
 * The payment `paymentId` as the provider has it now, read with the token of `userId` (the
 * professional whose account the notification named), or null when there is no such
 * professional, no connected account, or the payment is not theirs (the provider answers 404 for
 * another seller's payment). Provider failures throw PaymentProviderError: the webhook answers
 * 5xx and the provider delivers again later.
 */
export async function onPaymentNotification(db: Db, paymentId: string, userId: string | null): Promise<ChargeState | null> {
  if (!userId) return null;
  const access = await validAccessToken(db, userId);
  if (!access) return null;
  try {
    return await access.provider.getCharge(access.accessToken, paymentId);
  } catch (error) {
    if (error instanceof PaymentProviderError && error.status === 404) return null;
    throw error;
  }
}
