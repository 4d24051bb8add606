// The payment provider as the booking flow sees it: a Pix charge, its state, a refund, and the
// OAuth connection of a professional's own account. Mercado Pago is the first implementation
// (`mercadopago.server.ts`); another PSP (Efí, Asaas, Stripe's Pix) is one more object of this
// type, and the booking code never changes (docs/decisions/0930). Amounts are integer centavos
// here: each implementation converts at its edge through app/domain/money.ts.

export type ProviderId = "mercadopago";

/** Our reading of a charge's state, whatever the provider calls it. */
export type ChargeStatus =
  /** Created, waiting for the customer to pay (Pix code shown). */
  | "pending"
  /** Paid and credited. */
  | "approved"
  /** Expired, cancelled or rejected: never paid, nothing to refund. */
  | "failed"
  /** Paid, then given back in full. */
  | "refunded";

export type PixChargeInput = {
  amountCents: number;
  /** What the customer's bank app shows ('Sinal — Corte com Paula'). */
  description: string;
  payerEmail: string;
  /** When the Pix code stops working: the end of the hold. */
  expiresAt: Date;
  /** Our id of what is paid (the booking request's id), echoed back on every read. */
  externalReference: string;
  /** Where the provider posts its notifications (our webhook, absolute). */
  notificationUrl: string;
  /** The same key never creates a second charge (the booking's own id). */
  idempotencyKey: string;
};

export type PixCharge = {
  paymentId: string;
  status: ChargeStatus;
  /** The Pix 'copia e cola' code (EMV text); we draw the QR from it. */
  qrCode: string;
  expiresAt: Date;
};

export type ChargeState = {
  paymentId: string;
  status: ChargeStatus;
  /** The provider's own word for it ('approved', 'pending', 'cancelled', ...), for logs. */
  providerStatus: string;
  /**
   * The amount charged in centavos of real, read back exactly; null when the provider sent one we
   * cannot account for (not two decimals, or not in reais: a payment in pesos is not a deposit).
   */
  amountCents: number | null;
  /** The currency the provider says it was charged in ('BRL'), for logs; null when it said none. */
  currency: string | null;
  /** Refunded so far, in centavos. */
  refundedCents: number;
  externalReference: string | null;
  /** When it was approved, if it was. */
  paidAt: Date | null;
};

export type Refund = { refundId: string; amountCents: number | null };

/** A professional's tokens as the provider hands them over (plaintext: encrypt before storing). */
export type ProviderTokens = {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  /** The professional's account id at the provider. */
  providerUserId: string;
  publicKey: string | null;
  liveMode: boolean | null;
};

export interface PaymentProvider {
  readonly id: ProviderId;
  /** The provider's page where the professional authorises Agendo (`state` comes back as is). */
  authorizationUrl(input: { state: string; redirectUri: string }): string;
  exchangeCode(input: { code: string; redirectUri: string }, now?: Date): Promise<ProviderTokens>;
  refreshTokens(refreshToken: string, now?: Date): Promise<ProviderTokens>;
  /** Calls below act on the professional's account: `accessToken` from validAccessToken(). */
  createPixCharge(accessToken: string, input: PixChargeInput): Promise<PixCharge>;
  getCharge(accessToken: string, paymentId: string): Promise<ChargeState>;
  /** A full refund; `idempotencyKey` makes a retry return the same refund. */
  refundCharge(accessToken: string, paymentId: string, idempotencyKey: string): Promise<Refund>;
}

/**
 * Any provider failure, in words a professional or customer can read (pt-BR). `status` is the
 * HTTP status (0: no answer); `code` the provider's error code when it sent one.
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }

  /** The grant (authorisation code or refresh token) was refused: connect again. */
  get grantRefused(): boolean {
    return this.code === "invalid_grant";
  }
}
