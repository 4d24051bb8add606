import { createRequestHandler, type ServerBuild } from "react-router";
import * as serverBuild from "virtual:react-router/server-build";
import { answerWithKeptFirstStep } from "../app/routes/booking.cache.server";
import { prepareRequest } from "../app/utils/request-body.server";
import { runScheduledJob } from "../app/jobs/scheduled.server";
import { env } from "../app/utils/env.server";

// Cloudflare Workers entry. Vars and secrets reach the app through process.env
// (nodejs_compat), so the app code is the same as on Node. There is no socket address here:
// the client's address is Cloudflare's CF-Connecting-IP (TRUST_PROXY defaults to `cloudflare`).
// Profile photos are decoded in the request's own isolate, the router context's default image
// processor (one at a time per isolate, in a few MB: docs/decisions/0711, 0712); Node's server
// hands the app a pool of worker threads instead.
// Imported, not loaded on first use: the app's modules are evaluated when the Worker starts (which
// Cloudflare does ahead of the first request, during the TLS handshake), not while the first
// customer waits (docs/decisions/0622).
// The configuration is checked as the Worker starts, not on a visitor's request: a deploy without
// its secrets, or one that would write e-mails into the logs, fails at once (docs/decisions/1240).
env();
const build = serverBuild as unknown as ServerBuild;
const requestHandler = createRequestHandler(build, import.meta.env.MODE);

export default {
  async fetch(request: Request, _env: unknown, ctx: { waitUntil(promise: Promise<unknown>): void }): Promise<Response> {
    // Work after the answer (an e-mail's delivery, a cache write) is kept alive by waitUntil.
    const prepared = await prepareRequest(request, { socketAddress: null }, { waitUntil: (p) => ctx.waitUntil(p) });
    // The booking link's first step may be answered as kept (docs/decisions/0620).
    return answerWithKeptFirstStep(prepared.request, prepared.context, requestHandler);
  },

  // The Cron Trigger of wrangler.jsonc ("*/5 * * * *"): the scheduled job, as `npm start` runs it
  // on Node (reminders, summaries, expiries; app/jobs/job.server.ts).
  async scheduled(_controller: unknown, _env: unknown, ctx: { waitUntil(promise: Promise<unknown>): void }): Promise<void> {
    ctx.waitUntil(runScheduledJob());
  },
};
