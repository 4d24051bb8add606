// Reading a calendar's iCal address: a server fetching a URL a user typed (docs/decisions/0956).
// Every hop is checked (addresses.ts), redirects are followed by hand (at most 3, each checked
// again), the whole read has a timeout and the body a size limit, and the last answer's
// validators make it conditional (ETag, Last-Modified).
//
// Names are resolved where the runtime lets us: the Node server registers a fetcher whose
// connection checks the address it actually connects to (server/calendar-fetch.ts), so no DNS
// answer can point it inside. On Workers the platform's fetch is used: Cloudflare does not route
// a Worker's subrequests to private or loopback networks, and a typed IP is refused here first.
import { env } from "../../utils/env.server";
import { checkFeedUrl } from "./addresses";

export const FEED_TIMEOUT_MS = 10_000;
export const FEED_MAX_BYTES = 5 * 1024 * 1024;
export const FEED_MAX_REDIRECTS = 3;

/** How the server fetches one hop: no redirects followed, the answer as it came. */
export type FeedFetcher = (url: URL, init: { headers: Headers; signal: AbortSignal }) => Promise<Response>;

const platformFetch: FeedFetcher = (url, init) => fetch(url, { ...init, redirect: "manual" });
let feedFetcher: FeedFetcher = platformFetch;

/** The Node server's fetcher, which refuses a connection to a non-public address (its entry sets it). */
export function setFeedFetcher(fetcher: FeedFetcher) {
  feedFetcher = fetcher;
}

/** Tests, and only tests, may read plain-http loopback feeds: never set it in production. */
export function loopbackAllowed(): boolean {
  return env().CALENDAR_FETCH_ALLOW_LOOPBACK === "1";
}

export class FeedError extends Error {}

export type FeedAnswer =
  | { status: "not-modified" }
  | { status: "ok"; text: string; etag: string | null; lastModified: string | null };

async function readWithin(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => {});
    throw new FeedError("too large");
  }
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw new FeedError("too large");
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * The feed's text (or 'not modified' for the validators given), or a FeedError: refused address,
 * too many redirects, an HTTP error, over the size limit, or no answer within the timeout.
 */
export async function fetchFeed(
  address: string,
  validators: { etag: string | null; lastModified: string | null },
  limits = { timeoutMs: FEED_TIMEOUT_MS, maxBytes: FEED_MAX_BYTES },
): Promise<FeedAnswer> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const allowLoopback = loopbackAllowed();
  let next = address;
  try {
    for (let hop = 0; hop <= FEED_MAX_REDIRECTS; hop++) {
      const checked = checkFeedUrl(next, { allowLoopback });
      if (!checked.ok) throw new FeedError(`refused address: ${checked.message}`);
      const headers = new Headers({ Accept: "text/calendar, */*;q=0.5", "User-Agent": "Agendo-Calendario/1.0" });
      if (validators.etag) headers.set("If-None-Match", validators.etag);
      if (validators.lastModified) headers.set("If-Modified-Since", validators.lastModified);
      const response = await feedFetcher(checked.url, { headers, signal });
      if ([301, 302, 303, 307, 308].includes(response.status)) {
        await response.body?.cancel().catch(() => {});
        const location = response.headers.get("location");
        if (!location) throw new FeedError("redirect without location");
        next = new URL(location, checked.url).toString();
        continue;
      }
      if (response.status === 304) return { status: "not-modified" };
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        throw new FeedError(`HTTP ${response.status}`);
      }
      const text = await readWithin(response, limits.maxBytes);
      return { status: "ok", text, etag: response.headers.get("etag"), lastModified: response.headers.get("last-modified") };
    }
    throw new FeedError("too many redirects");
  } catch (error) {
    if (error instanceof FeedError) throw error;
    throw new FeedError(signal.aborted ? "timeout" : `unreachable: ${error instanceof Error ? error.message : String(error)}`);
  }
}
