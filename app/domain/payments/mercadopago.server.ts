// Mercado Pago as a PaymentProvider: its HTTP client's shapes (decimal reais, its status words,
// numeric ids) turned into ours (centavos, ChargeStatus, string ids), and its errors into
// PaymentProviderError. Amounts cross only through app/domain/money.ts.
import {
  createMercadoPagoPixPayment,
  exchangeMercadoPagoCode,
  getMercadoPagoPayment,
  mercadoPagoAuthorizationUrl,
  mercadoPagoDate,
  MercadoPagoError,
  messageFor,
  refreshMercadoPagoToken,
  refundMercadoPagoPayment,
  type MercadoPagoPayment,
  type MercadoPagoTokenResponse,
} from "../../utils/mercadopago.server";
import { centsToDecimalReais, decimalReaisToCents } from "../money";
import { PaymentProviderError, type ChargeState, type ChargeStatus, type PaymentProvider, type ProviderId, type ProviderTokens } from "./provider";

/**
 * Mercado Pago's payment statuses in ours: `approved` (and `authorized`, not used by Pix) is
 * paid; `refunded` and `charged_back` gave the money back; `pending`, `in_process` and
 * `in_mediation` still wait; `rejected` and `cancelled` (Pix expired) were never paid.
 */
export function chargeStatusOf(status: string): ChargeStatus {
  if (status === "approved" || status === "authorized") return "approved";
  if (status === "refunded" || status === "charged_back") return "refunded";
  if (status === "rejected" || status === "cancelled") return "failed";
  return "pending";
}

async function mapped<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof MercadoPagoError) {
      if (error.detail) console.warn(`[mercadopago] ${error.status} ${error.code ?? ""} ${error.detail}`);
      throw new PaymentProviderError(error.message, error.status, error.code);
    }
    throw error;
  }
}

function tokensOf(t: MercadoPagoTokenResponse, now: Date): ProviderTokens {
  return {
    accessToken: t.access_token,
    refreshToken: t.refresh_token,
    expiresAt: new Date(now.getTime() + t.expires_in * 1000),
    providerUserId: String(t.user_id),
    publicKey: t.public_key ?? null,
    liveMode: typeof t.live_mode === "boolean" ? t.live_mode : null,
  };
}

/** Every amount we charge is in reais: Mercado Pago's `currency_id` of a Brazilian account's payment. */
const REAIS = "BRL";

function stateOf(p: MercadoPagoPayment): ChargeState {
  const currency = typeof p.currency_id === "string" ? p.currency_id : null;
  return {
    paymentId: String(p.id),
    status: chargeStatusOf(p.status),
    providerStatus: p.status,
    // An amount in another currency (or none said) is not an amount of reais, whatever its digits.
    amountCents: currency === REAIS ? decimalReaisToCents(p.transaction_amount) : null,
    currency,
    refundedCents: decimalReaisToCents(p.transaction_amount_refunded ?? 0) ?? 0,
    externalReference: p.external_reference ?? null,
    paidAt: p.date_approved ? new Date(p.date_approved) : null,
  };
}

export const mercadoPago: PaymentProvider = {
  id: "mercadopago",

  authorizationUrl: ({ state, redirectUri }) => mercadoPagoAuthorizationUrl(state, redirectUri),

  exchangeCode: ({ code, redirectUri }, now = new Date()) => mapped(async () => tokensOf(await exchangeMercadoPagoCode(code, redirectUri), now)),

  refreshTokens: (refreshToken, now = new Date()) => mapped(async () => tokensOf(await refreshMercadoPagoToken(refreshToken), now)),

  createPixCharge: (accessToken, input) =>
    mapped(async () => {
      const payment = await createMercadoPagoPixPayment(
        accessToken,
        {
          transaction_amount: centsToDecimalReais(input.amountCents),
          description: input.description,
          payment_method_id: "pix",
          payer: { email: input.payerEmail },
          date_of_expiration: mercadoPagoDate(input.expiresAt),
          external_reference: input.externalReference,
          notification_url: input.notificationUrl,
        },
        input.idempotencyKey,
      );
      const qrCode = payment.point_of_interaction?.transaction_data?.qr_code;
      if (!qrCode) throw new MercadoPagoError(messageFor(502), 502, "missing_qr_code");
      return {
        paymentId: String(payment.id),
        status: chargeStatusOf(payment.status),
        qrCode,
        expiresAt: payment.date_of_expiration ? new Date(payment.date_of_expiration) : input.expiresAt,
      };
    }),

  getCharge: (accessToken, paymentId) => mapped(async () => stateOf(await getMercadoPagoPayment(accessToken, paymentId))),

  refundCharge: (accessToken, paymentId, idempotencyKey) =>
    mapped(async () => {
      const refund = await refundMercadoPagoPayment(accessToken, paymentId, idempotencyKey);
      return { refundId: String(refund.id), amountCents: decimalReaisToCents(refund.amount) };
    }),
};

const PROVIDERS: Record<ProviderId, PaymentProvider> = { mercadopago: mercadoPago };

/** The implementation of a provider id (a stored account's `provider`). */
export function paymentProvider(id: ProviderId): PaymentProvider {
  return PROVIDERS[id];
}
