// The one small HTTP client the payment providers' clients (Stripe, Mercado Pago) share: fetch
// with a time limit, the answer's body read as JSON when it is JSON. WebCrypto-free and node:-free,
// so it runs on Node and on Workers alike. Each client turns a failure into its own error.

/** A call that has not answered in this time is a failure the user can retry. */
export const REQUEST_TIMEOUT_MS = 15_000;

/** An answer: its status and its body parsed (null when empty or not JSON). */
export type JsonAnswer = { ok: boolean; status: number; json: unknown };

/** No answer at all (network, DNS, the time limit): what went wrong, for the log. */
export class NoAnswer extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NoAnswer";
  }
}

/** One call; throws NoAnswer when nothing answered, otherwise returns the answer whatever its status. */
export async function fetchJson(url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<JsonAnswer> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (e) {
    throw new NoAnswer((e as Error).message);
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { ok: res.ok, status: res.status, json };
}
