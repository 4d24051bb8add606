// The booking link's first step, served again as it was rendered (docs/decisions/0620): the page
// an Instagram bio sends everyone to is the same for every anonymous visitor, so its answer is
// kept near the customer per page and page version and handed out again while the version was
// checked moments before, without rendering or reading the database. Its one inline script is
// allowed by hash, not by nonce, so no nonce is ever shared between two visitors.
import { createContext, type RouterContextProvider } from "react-router";
import { trustedVersion } from "../domain/booking-page/public-page.server";
import { defaultCache, type JsonCache } from "../utils/cache.server";

export type Kept = { status: number; headers: [string, string][]; body: string };

const FIRST_STEP = /^\/agendamento\/([a-z0-9-]{1,80})\/?$/;
const TTL_SECONDS = 3600;

/** The slug of a first-step request any visitor would get the same answer to, else null. */
export function firstStepSlug(request: Request): string | null {
  return firstStepSlugOf(request.method, request.url, request.headers.get("Cookie"));
}

function firstStepSlugOf(method: string | undefined, url: string | undefined, cookie: string | null | undefined): string | null {
  if (method !== "GET" || !url) return null;
  const { pathname, search } = new URL(url, "http://agendo.local");
  if (search) return null;
  // A session (the professional previewing) or a flash message makes the answer someone's own.
  if (/(?:^|;\s*)(?:__session|__toast)=/.test(cookie ?? "")) return null;
  return FIRST_STEP.exec(pathname)?.[1] ?? null;
}

/**
 * Node's fast path (server/node.ts): the kept answer for a request as Node received it, before
 * any Request object is built, or null.
 */
export async function keptFirstStepFor(
  method: string | undefined,
  url: string | undefined,
  cookie: string | undefined,
  cache: JsonCache = defaultCache(),
): Promise<Kept | null> {
  const slug = firstStepSlugOf(method, url, cookie);
  if (!slug) return null;
  const version = await trustedVersion(cache, slug);
  return version === null ? null : ((await cache.get<Kept>(key(slug, version))) ?? null);
}

/** The kept HTML is the build's own: a deploy never serves what an older build rendered. */
const key = (slug: string, version: number) => `first-step:${import.meta.env.VITE_BUILD_ID}:${slug}:v${version}`;

/** The kept answer for this request, when its page version was checked moments ago. */
async function keptFirstStep(request: Request, cache: JsonCache): Promise<Response | null> {
  const kept = await keptFirstStepFor(request.method, request.url, request.headers.get("Cookie") ?? undefined, cache);
  return kept ? new Response(kept.body, { status: kept.status, headers: kept.headers }) : null;
}

/** Keeps a rendered first step (a plain 200 that sets no cookie) under the version it showed. */
async function keepFirstStep(request: Request, response: Response, cache: JsonCache, version: number): Promise<Response> {
  const slug = firstStepSlug(request);
  if (!slug || response.status !== 200 || response.headers.has("Set-Cookie")) return response;
  const body = await response.text();
  const kept: Kept = { status: response.status, headers: [...response.headers], body };
  await cache.put(key(slug, version), kept, TTL_SECONDS);
  return new Response(body, { status: response.status, headers: response.headers });
}

/** The page version a first step was rendered from, set by the booking loader for the entry. */
export const firstStepVersionContext = createContext<number | null>(null);

/**
 * What a server entry (server/node.ts, workers/app.ts) answers: a kept first step while its
 * version is trusted, else the app's answer, kept when it is a first step anyone would get.
 */
export async function answerWithKeptFirstStep(
  request: Request,
  context: RouterContextProvider,
  handle: (request: Request, context: RouterContextProvider) => Promise<Response>,
  cache: JsonCache = defaultCache(),
): Promise<Response> {
  const kept = await keptFirstStep(request, cache);
  if (kept) return kept;
  const response = await handle(request, context);
  const version = context.get(firstStepVersionContext);
  return version === null ? response : keepFirstStep(request, response, cache, version);
}
