// Web-streams server entry: serves Node (server/node.ts) and Cloudflare Workers alike.
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { NonceProvider, nonceContext } from "./utils/nonce";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // A page that allows its inline script by hash (the booking page, whose HTML may be kept and
  // served again) carries no nonce at all: none is ever shared between two visitors.
  const byHash = /'sha256-/.test(responseHeaders.get("Content-Security-Policy") ?? "");
  const nonce = byHash ? undefined : loadContext.get(nonceContext);
  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");

  const body = await renderToReadableStream(
    <NonceProvider value={nonce ?? ""}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;

  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) {
    await body.allReady;
  }

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // A query refused because the session read with it had ended (docs/decisions/0990): the
  // workspace answers with /login, not an error.
  if (error instanceof Error && error.cause instanceof Response) return;
  const id = request.headers.get("cf-ray") ?? request.headers.get("x-request-id") ?? "-";
  console.error(`[error] request=${id} ${request.method} ${new URL(request.url).pathname}`, error);
}

// For the server entries (server/node.ts, workers/app.ts): they reach these through the build, so
// the context keys are the very objects the app's modules read.
export { prepareRequest } from "./utils/request-body.server";
export { answerWithKeptFirstStep, keptFirstStepFor } from "./routes/booking.cache.server";
export { STATIC_FILE_HEADERS } from "./utils/security.server";
export { runScheduledJob } from "./jobs/scheduled.server";
// The Node server's fetcher for external calendars, and the rules it checks addresses with.
export { loopbackAllowed, setFeedFetcher } from "./domain/calendars/fetch-feed.server";
export { isNonPublicAddress } from "./domain/calendars/addresses";
export { imageProcessorContext } from "./domain/accounts/profile-photo-processor.server";
