// The Node server: serves the production build (build/node) with compression, the static files
// with long caching and the same security headers as pages, and every other request through React
// Router with the socket's peer address in the router context, so the app can tell clients apart
// without trusting a header a client can send (TRUST_PROXY, docs/decisions/0531).
//
// Profile photos are decoded in worker threads (./image-pool.ts, docs/decisions/0710).
//
// Usage: node server/node.ts [build/node/server/index.js]   (PORT, HOST): one process. `npm start`
// runs it as the workers of server/cluster.ts, one a core (docs/decisions/0985): there
// AGENDO_RUNS_JOB=0 leaves the scheduled job to the one worker that has it.
// Plain Node 24 runs it as is (type stripping): it imports packages, ./image-pool.ts and
// ./calendar-fetch.ts only; the app's own modules come from the build.
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";
import { createRequestListener, type ClientAddress } from "@remix-run/node-fetch-server";
import compression from "compression";
import express from "express";
import { createRequestHandler, type RouterContext, type RouterContextProvider, type ServerBuild } from "react-router";
import type { ImageProcessor } from "../app/domain/accounts/profile-photo-processor.server";
import { createImageProcessor } from "./image-pool.ts";
import { createFeedFetcher } from "./calendar-fetch.ts";

/** What app/entry.server.tsx exports for a server entry (from the build's own module instances). */
type AppEntry = {
  prepareRequest(
    request: Request,
    connection: { socketAddress: string | null },
  ): Promise<{ request: Request; context: RouterContextProvider }>;
  STATIC_FILE_HEADERS: Readonly<Record<string, string>>;
  answerWithKeptFirstStep(
    request: Request,
    context: RouterContextProvider,
    handle: (request: Request, context: RouterContextProvider) => Promise<Response>,
  ): Promise<Response>;
  keptFirstStepFor(method?: string, url?: string, cookie?: string): Promise<Kept | null>;
  runScheduledJob(): Promise<unknown>;
  imageProcessorContext: RouterContext<ImageProcessor>;
  setFeedFetcher(fetcher: ReturnType<typeof createFeedFetcher>): void;
  isNonPublicAddress(ip: string): boolean;
  loopbackAllowed(): boolean;
};

type Kept = { status: number; headers: [string, string][]; body: string };

/** A kept answer's bytes, plain and gzipped once (the same object comes back while it is kept). */
const bytesOf = new WeakMap<Kept, { plain: Buffer; gzip: Buffer }>();

/**
 * The booking link's first step while it is kept (docs/decisions/0620): written straight to the
 * socket, before Express and before any Request object, as a static file would be.
 */
async function answerKept(entry: AppEntry, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const kept = await entry.keptFirstStepFor(req.method, req.url, req.headers.cookie);
  if (!kept) return false;
  let bytes = bytesOf.get(kept);
  if (!bytes) {
    const plain = Buffer.from(kept.body);
    bytes = { plain, gzip: gzipSync(plain) };
    bytesOf.set(kept, bytes);
  }
  const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
  const body = gzip ? bytes.gzip : bytes.plain;
  res.statusCode = kept.status;
  for (const [name, value] of kept.headers) {
    if (name !== "content-length" && name !== "content-encoding") res.setHeader(name, value);
  }
  res.setHeader("Vary", "Accept-Encoding");
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", body.length);
  res.end(body);
  return true;
}

/** Photos decoded in worker threads; null (decoded on this thread) when the build has no worker file. */
function imageProcessorFor(buildUrl: URL): ImageProcessor | null {
  const url = new URL("image-worker.js", buildUrl);
  // A cluster's workers share the cores: each sizes its pool to its share (docs/decisions/0985).
  if (existsSync(url)) return createImageProcessor(url, cluster.isWorker ? Number(process.env.WEB_CONCURRENCY) || 1 : 1);
  console.warn(`[photos] ${url.pathname} is missing (rebuild with \`npx react-router build\`): photos decode on the main thread`);
  return null;
}

export async function createApp(buildPath: string) {
  const buildUrl = pathToFileURL(resolve(buildPath));
  const build = (await import(buildUrl.href)) as ServerBuild;
  const entry = build.entry.module as unknown as AppEntry;
  const imageProcessor = imageProcessorFor(buildUrl);
  // External calendars are fetched through connections that refuse non-public addresses.
  entry.setFeedFetcher(createFeedFetcher(entry.isNonPublicAddress, entry.loopbackAllowed));
  const handle = createRequestHandler(build, "production");
  const setHeaders = (res: express.Response) => {
    for (const [name, value] of Object.entries(entry.STATIC_FILE_HEADERS)) res.setHeader(name, value);
  };

  const app = express();
  app.disable("x-powered-by");
  app.use(compression());
  // Fingerprinted build output: cached for a year. Other public files: an hour.
  app.use("/assets", express.static(resolve(build.assetsBuildDirectory, "assets"), { immutable: true, maxAge: "1y", setHeaders }));
  // `_headers` is Workers Assets' configuration (public/_headers), not a file to serve.
  const publicFiles = express.static(build.assetsBuildDirectory, { maxAge: "1h", setHeaders });
  app.use((req, res, next) => (req.path === "/_headers" ? next() : publicFiles(req, res, next)));
  app.all(
    "/{*splat}",
    createRequestListener(async (incoming: Request, client: ClientAddress) => {
      const { request, context } = await entry.prepareRequest(incoming, { socketAddress: client.address });
      if (imageProcessor) context.set(entry.imageProcessorContext, imageProcessor);
      return entry.answerWithKeptFirstStep(request, context, handle);
    }),
  );
  const server = createServer(async (req, res) => {
    try {
      if (await answerKept(entry, req, res)) return;
    } catch (error) {
      console.error("[first-step cache]", error);
    }
    app(req, res);
  });
  return { server, runScheduledJob: () => entry.runScheduledJob() };
}

/**
 * The scheduled job on Node: the server process runs it every `seconds` (no system cron to set
 * up), never two at once in this process (two processes at once are safe too: every message is
 * claimed before it is sent). Returns the stop function.
 */
export function scheduleJob(run: () => Promise<unknown>, seconds: number): () => void {
  if (!(seconds > 0)) return () => {};
  let running = false;
  let ran = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await run();
      // Once, so the log shows which process runs the job (one of a cluster's workers: 0985).
      if (!ran) console.log(`[job] first run done in process ${process.pid}; every ${seconds} s`);
      ran = true;
    } catch (error) {
      console.error("[job] run failed", error);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(tick, 5_000);
  const every = setInterval(tick, seconds * 1000);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.env.NODE_ENV = "production";
  const { server, runScheduledJob } = await createApp(process.argv[2] ?? "build/node/server/index.js");
  const seconds = Number(process.env.JOB_INTERVAL_SECONDS ?? 300);
  // Alone, this process runs the job; in a cluster, only the worker given it (docs/decisions/0985).
  const runsJob = process.env.AGENDO_RUNS_JOB !== "0";
  if (runsJob) scheduleJob(runScheduledJob, seconds);
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST;
  const job = !(seconds > 0) ? "" : runsJob ? `; runs the scheduled job every ${seconds} s` : "; the scheduled job runs in another worker";
  const onListen = () =>
    console.log(cluster.isWorker ? `Agendo worker ${process.pid} on http://localhost:${port}${job}` : `Agendo on http://localhost:${port}`);
  if (host) server.listen(port, host, onListen);
  else server.listen(port, onListen);
  // Ctrl-C reaches a cluster's workers and its primary (which then sends SIGTERM): close once.
  let closing = false;
  const close = () => {
    if (closing) return;
    closing = true;
    server.close(() => process.exit(0));
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, close);
}
