// 'Conectar Mercado Pago': the way out to the provider's authorisation page with a signed,
// expiring `state` bound to the professional, and the way back (the callback's checks, the code
// exchanged, the tokens stored). docs/decisions/0933.
import type { Db } from "../../utils/db.server";
import { appUrl } from "../../utils/env.server";
import { signToken, verifyToken } from "../../utils/signed-tokens.server";
import { saveConnection } from "./accounts.server";
import { paymentProvider } from "./mercadopago.server";
import { PaymentProviderError, type ProviderId } from "./provider";

/** Where the provider sends the professional back (registered as the application's redirect URL). */
export const CONNECT_RETURN_PATH = "/configuracoes/pagamentos/mercadopago/retorno";

/** Time to authorise on the provider's page before the `state` stops being accepted. */
export const CONNECT_STATE_TTL_MS = 15 * 60_000;

export function connectRedirectUri(): string {
  return `${appUrl()}${CONNECT_RETURN_PATH}`;
}

/** `<user id>:<provider>:<expiry ms>:<nonce>`, signed: only we make it, only for this user, briefly. */
async function connectState(userId: string, provider: ProviderId, now: Date) {
  const nonce = crypto.randomUUID().slice(0, 8);
  return signToken("payments-connect", `${userId}:${provider}:${now.getTime() + CONNECT_STATE_TTL_MS}:${nonce}`);
}

async function stateIsFor(state: string, userId: string, provider: ProviderId, now: Date) {
  const value = await verifyToken("payments-connect", state);
  if (!value) return false;
  const [who, which, expiry] = value.split(":");
  return who === userId && which === provider && Number(expiry) > now.getTime();
}

/** The provider's authorisation page for this professional (a plain redirect). */
export async function authorizationUrlFor(userId: string, provider: ProviderId = "mercadopago", now = new Date()) {
  return paymentProvider(provider).authorizationUrl({ state: await connectState(userId, provider, now), redirectUri: connectRedirectUri() });
}

export type ConnectResult =
  | { ok: true }
  /** The professional said no on the provider's page (or closed it with an error). */
  | { ok: false; reason: "denied" }
  /** No, an old, or someone else's `state`, or no code: not a return from our own link. */
  | { ok: false; reason: "state" }
  /** The provider refused the code or did not answer: `message` says which, in pt-BR. */
  | { ok: false; reason: "provider"; message: string };

/**
 * The callback's query (`code` and `state`, or `error`) for the signed-in professional: checks
 * the state first, then exchanges the code and stores the tokens, sealed.
 */
export async function finishConnect(db: Db, userId: string, query: URLSearchParams, provider: ProviderId = "mercadopago", now = new Date()): Promise<ConnectResult> {
  const state = query.get("state") ?? "";
  const code = query.get("code") ?? "";
  if (!state || !(await stateIsFor(state, userId, provider, now))) return { ok: false, reason: "state" };
  if (query.has("error") || !code) return query.has("error") ? { ok: false, reason: "denied" } : { ok: false, reason: "state" };
  try {
    const tokens = await paymentProvider(provider).exchangeCode({ code, redirectUri: connectRedirectUri() }, now);
    await saveConnection(db, userId, provider, tokens, now);
    return { ok: true };
  } catch (error) {
    if (error instanceof PaymentProviderError) return { ok: false, reason: "provider", message: error.message };
    throw error;
  }
}
