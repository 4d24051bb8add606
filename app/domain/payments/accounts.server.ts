// A professional's connected payment account: its tokens sealed at rest, what the settings page
// may show of it, and the seam every charge goes through, validAccessToken(), which refreshes
// the token before it expires and stores the new pair (docs/decisions/0931-0932).
import { and, desc, eq } from "drizzle-orm";
import { paymentAccounts } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { openSecret, sealSecret, SecretBoxError } from "../../utils/secret-box.server";
import { paymentProvider } from "./mercadopago.server";
import { PaymentProviderError, type PaymentProvider, type ProviderId, type ProviderTokens } from "./provider";

/**
 * A token that expires within this margin is refreshed before use. Mercado Pago's last 180 days;
 * a week leaves room for a provider outage or a professional who books nothing for a while, and
 * a charge never starts with a token about to die (0931).
 */
export const REFRESH_MARGIN_MS = 7 * 24 * 3600_000;

/** What a ciphertext is bound to: the column and its row's owner (AES-GCM associated data). */
const contextOf = (column: "access_token" | "refresh_token", userId: string, provider: ProviderId) =>
  `payment_accounts.${column}:${userId}:${provider}`;

/** What the settings page shows of a connection: never a token. */
export type PaymentAccountView = {
  provider: ProviderId;
  providerUserId: string;
  connectedAt: Date;
  liveMode: boolean | null;
};

/** Stores (or replaces) the professional's connection with freshly received tokens, sealed. */
export async function saveConnection(db: Db, userId: string, provider: ProviderId, tokens: ProviderTokens, now = new Date()) {
  const sealed = {
    providerUserId: tokens.providerUserId,
    accessTokenSealed: await sealSecret(tokens.accessToken, contextOf("access_token", userId, provider)),
    refreshTokenSealed: await sealSecret(tokens.refreshToken, contextOf("refresh_token", userId, provider)),
    expiresAt: tokens.expiresAt,
    publicKey: tokens.publicKey,
    liveMode: tokens.liveMode,
    connectedAt: now,
  };
  await db
    .insert(paymentAccounts)
    .values({ userId, provider, ...sealed })
    .onConflictDoUpdate({ target: [paymentAccounts.userId, paymentAccounts.provider], set: { ...sealed, updatedAt: now } });
}

/** The professional's connection as the settings page shows it, or null. */
export async function paymentAccountOf(db: Db, userId: string): Promise<PaymentAccountView | null> {
  const [row] = await db
    .select({
      provider: paymentAccounts.provider,
      providerUserId: paymentAccounts.providerUserId,
      connectedAt: paymentAccounts.connectedAt,
      liveMode: paymentAccounts.liveMode,
    })
    .from(paymentAccounts)
    .where(eq(paymentAccounts.userId, userId))
    .orderBy(desc(paymentAccounts.connectedAt))
    .limit(1);
  return row ?? null;
}

/** 'Desconectar': the tokens are deleted (true when there was a connection). */
export async function disconnectAccount(db: Db, userId: string): Promise<boolean> {
  const gone = await db.delete(paymentAccounts).where(eq(paymentAccounts.userId, userId)).returning({ id: paymentAccounts.id });
  return gone.length > 0;
}

/** What a charge needs: the provider's implementation and a working token of the professional's. */
export type ProviderAccess = {
  provider: PaymentProvider;
  accessToken: string;
  /** The professional's account id at the provider (a webhook names the seller by it). */
  providerUserId: string;
};

type AccountRow = typeof paymentAccounts.$inferSelect;

async function readRow(db: Db, userId: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, userId)).orderBy(desc(paymentAccounts.connectedAt)).limit(1);
  return row;
}

/**
 * A stored token in the clear. One that does not open (PAYMENTS_ENCRYPTION_KEY changed) is a
 * refused grant: the professional connects again, as after a revoked authorisation (0932).
 */
async function openToken(row: AccountRow, column: "access_token" | "refresh_token") {
  try {
    return await openSecret(column === "access_token" ? row.accessTokenSealed : row.refreshTokenSealed, contextOf(column, row.userId, row.provider));
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    throw new PaymentProviderError("Não foi possível usar a conta do Mercado Pago conectada. Conecte sua conta de novo.", 0, "invalid_grant");
  }
}

async function accessOf(row: AccountRow): Promise<ProviderAccess> {
  return { provider: paymentProvider(row.provider), accessToken: await openToken(row, "access_token"), providerUserId: row.providerUserId };
}

/**
 * The professional's provider and a token that works for at least REFRESH_MARGIN_MS, or null when
 * no account is connected. A token near its end is refreshed first and the new pair stored (only
 * over the pair it replaced: two requests refreshing at once keep one pair, and the loser, refused
 * with a spent refresh token, uses the winner's). When the refresh fails, a token not yet expired
 * is still used; an expired one throws PaymentProviderError (`grantRefused`: connect again).
 */
export async function validAccessToken(db: Db, userId: string, now = new Date()): Promise<ProviderAccess | null> {
  const row = await readRow(db, userId);
  return row ? accessForRow(db, row, now) : null;
}

/** validAccessToken for an account row already read (beside other reads: no trip of its own unless it must refresh). */
export async function accessForRow(db: Db, row: AccountRow, now = new Date()): Promise<ProviderAccess> {
  const userId = row.userId;
  if (row.expiresAt.getTime() - now.getTime() > REFRESH_MARGIN_MS) return accessOf(row);
  const provider = paymentProvider(row.provider);
  let tokens: ProviderTokens;
  try {
    tokens = await provider.refreshTokens(await openToken(row, "refresh_token"), now);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    const again = await readRow(db, userId);
    if (again && again.refreshTokenSealed !== row.refreshTokenSealed && again.expiresAt > now) return accessOf(again);
    if (row.expiresAt > now) return accessOf(row);
    throw error;
  }
  await db
    .update(paymentAccounts)
    .set({
      accessTokenSealed: await sealSecret(tokens.accessToken, contextOf("access_token", userId, row.provider)),
      refreshTokenSealed: await sealSecret(tokens.refreshToken, contextOf("refresh_token", userId, row.provider)),
      expiresAt: tokens.expiresAt,
      publicKey: tokens.publicKey ?? row.publicKey,
      updatedAt: now,
    })
    .where(and(eq(paymentAccounts.id, row.id), eq(paymentAccounts.refreshTokenSealed, row.refreshTokenSealed)));
  return { provider, accessToken: tokens.accessToken, providerUserId: row.providerUserId };
}

/**
 * Our professionals behind a provider account id (the seller a webhook names), most recently
 * connected first: one account may be connected by several professionals of a salon, and a
 * notification is then matched by its charge, not by the seller (docs/decisions/1031).
 */
export async function userIdsOfProviderAccount(db: Db, provider: ProviderId, providerUserId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: paymentAccounts.userId })
    .from(paymentAccounts)
    .where(and(eq(paymentAccounts.provider, provider), eq(paymentAccounts.providerUserId, providerUserId)))
    .orderBy(desc(paymentAccounts.connectedAt))
    .limit(MAX_SHARED_CONNECTIONS);
  return rows.map((r) => r.userId);
}

/** A salon's account connected by its whole team at most (Profissional plan: 10; a margin over it). */
const MAX_SHARED_CONNECTIONS = 50;
