// Payments: a professional's own account at a payment provider, for deposits charged online
// (app/domain/payments).
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, instant, updatedAt } from "./columns";
import { users } from "./accounts";

export const PAYMENT_PROVIDERS = ["mercadopago"] as const;

/**
 * A professional's own account at a payment provider, connected through its OAuth (Configurações >
 * Pagamentos). The tokens are sealed with AES-256-GCM (app/utils/secret-box.server.ts, key
 * PAYMENTS_ENCRYPTION_KEY): the database never holds them in the clear, and they never leave the
 * server (not in pages, logs or the account export). docs/decisions/0931-0932.
 */
export const paymentAccounts = sqliteTable(
  "payment_accounts",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The professional's account id at the provider (Mercado Pago's `user_id`). */
    providerUserId: text("provider_user_id").notNull(),
    accessTokenSealed: text("access_token_sealed").notNull(),
    refreshTokenSealed: text("refresh_token_sealed").notNull(),
    /** When the access token stops working; it is refreshed before (validAccessToken). */
    expiresAt: instant("expires_at").notNull(),
    publicKey: text("public_key"),
    liveMode: bool("live_mode"),
    connectedAt: instant("connected_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payment_accounts_user_provider_uq").on(t.userId, t.provider),
    // The webhook names the seller by the provider's user id.
    index("payment_accounts_provider_user_idx").on(t.provider, t.providerUserId),
  ],
);
