// What a provider's notification means, read from the provider itself: a notification only
// names a payment, and the payment is read back with the professional's own token (its body is
// never trusted). The booking flow's effects (a paid deposit confirming the booking, a late
// payment refunded) start from what this returns (docs/decisions/0936).
import type { Db } from "../../utils/db.server";
import { appUrl } from "../../utils/env.server";
import { validAccessToken, type ProviderAccess } from "./accounts.server";
import { PaymentProviderError, type ChargeState } from "./provider";

/** The webhook's path (app/routes.ts) and the absolute `notification_url` a charge is created with. */
export const PAYMENT_WEBHOOK_PATH = "/pagamentos/mercadopago/webhook";

export function paymentNotificationUrl(): string {
  return `${appUrl()}${PAYMENT_WEBHOOK_PATH}`;
}

/** A payment read back, with the access that read it (a refund goes through the same account). */
export type NotifiedPayment = { charge: ChargeState; access: ProviderAccess };

/**
 * The payment `paymentId` as the provider has it now, read with the token of one of `userIds`
 * (the professionals connected to the account the notification named; one account may be
 * connected by several), or null when there is none with a working connection or the payment is
 * not that account's (the provider answers 404 for another seller's payment). A connection whose
 * grant was refused is skipped for the next. Provider failures throw PaymentProviderError: the
 * webhook answers 5xx and the provider delivers again later.
 */
export async function onPaymentNotification(db: Db, paymentId: string, userIds: readonly string[]): Promise<NotifiedPayment | null> {
  for (const userId of userIds) {
    let access: ProviderAccess | null;
    try {
      access = await validAccessToken(db, userId);
    } catch (error) {
      if (error instanceof PaymentProviderError && error.grantRefused) continue;
      throw error;
    }
    if (!access) continue;
    try {
      return { charge: await access.provider.getCharge(access.accessToken, paymentId), access };
    } catch (error) {
      if (error instanceof PaymentProviderError && error.status === 404) return null;
      if (error instanceof PaymentProviderError && (error.status === 401 || error.status === 403)) continue;
      throw error;
    }
  }
  return null;
}
