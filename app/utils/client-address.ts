// Which address a request comes from, for rate limits. A header is evidence only when a proxy we
// run in front of the app wrote it: TRUST_PROXY says which (docs/decisions/0531).

/** unset: no proxy, the socket's peer is the client; N: N proxies of ours append to X-Forwarded-For; cloudflare. */
export type TrustProxy = { kind: "none" } | { kind: "hops"; hops: number } | { kind: "cloudflare" };

export const TRUST_PROXY_ERROR = "TRUST_PROXY must be unset, a whole number of proxies (1, 2, …) or 'cloudflare'";

/** Parses the TRUST_PROXY setting; null when it is not one of the accepted forms. */
export function parseTrustProxy(value: string | undefined): TrustProxy | null {
  const v = value?.trim().toLowerCase() ?? "";
  if (v === "" || v === "0" || v === "false") return { kind: "none" };
  if (v === "cloudflare") return { kind: "cloudflare" };
  if (/^[1-9]\d?$/.test(v)) return { kind: "hops", hops: Number(v) };
  return null;
}

/** An IPv4 or IPv6 address as text, without port, brackets or an IPv4-mapped IPv6 prefix. */
export function normalizeAddress(raw: string | null | undefined): string | null {
  let a = raw?.trim() ?? "";
  if (!a) return null;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(":"));
  if (/^::ffff:\d{1,3}(\.\d{1,3}){3}$/i.test(a)) a = a.slice(7);
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(a)) return a.split(".").every((o) => Number(o) <= 255) ? a : null;
  if (/^[0-9a-f:.]+$/i.test(a) && a.includes(":") && a.length <= 45) return a.toLowerCase();
  return null;
}

/**
 * The client's address: with no trusted proxy, the socket's peer; with N proxies, the N-th
 * X-Forwarded-For entry from the right (what the outermost of our proxies saw); behind
 * Cloudflare, CF-Connecting-IP (Cloudflare overwrites it, a client cannot choose it). Null when
 * it cannot be known (no socket and no trusted header).
 */
export function resolveClientAddress(headers: Headers, socketAddress: string | null, trust: TrustProxy): string | null {
  const socket = normalizeAddress(socketAddress);
  if (trust.kind === "cloudflare") return normalizeAddress(headers.get("cf-connecting-ip")) ?? socket;
  if (trust.kind === "hops") {
    const chain = (headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    // Fewer entries than proxies: the request reached us by a shorter path than configured;
    // the leftmost entry is the furthest address any of our proxies recorded.
    const entry = chain.length >= trust.hops ? chain[chain.length - trust.hops] : chain[0];
    return normalizeAddress(entry) ?? socket;
  }
  return socket;
}
