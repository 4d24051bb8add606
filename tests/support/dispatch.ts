// A request through the app in-process, as the servers run it short of rendering HTML: the
// server entry's preparation of the body (prepareRequest), the route matched in app/routes.ts,
// the root's and every matched layout's middleware, then the route's action (a POST) or its
// loader. For suites that send many requests (tests/integration/hostile-input.test.ts) where a
// browser or an HTTP server would only add time.
import { matchRoutes, type RouteObject } from "react-router";
import routeConfig from "../../app/routes";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { Db } from "../../app/utils/db.server";
import { prepareRequest } from "../../app/utils/request-body.server";
import { clientAddressContext } from "../../app/utils/request-context.server";
import { dbContext } from "../../app/utils/db.server";
import { cacheContext, memoryCache } from "../../app/utils/cache.server";
import { backgroundContext } from "../../app/utils/background.server";
import { collectedBackground, settleBackground, TEST_CLIENT_ADDRESS } from "./db";
import { answerStatus, isDataReply } from "./replies";
import { runMiddleware, type RouteArgs } from "./routes";

type Handler = (args: RouteArgs<Record<string, string>>) => unknown;
type RouteModule = { action?: Handler; loader?: Handler; middleware?: ((args: RouteArgs<Record<string, string>>, next: () => Promise<Response>) => unknown)[] };

// Every route module, loaded when a request first reaches it.
const modules = import.meta.glob<RouteModule>(["../../app/routes/*.ts", "../../app/routes/*.tsx", "!**/*.server.ts", "!**/*.test.ts"]);
const rootModule = () => import("../../app/root") as Promise<RouteModule>;

type Route = RouteObject & { file?: string };

function toRoutes(entries: readonly RouteConfigEntry[]): Route[] {
  return entries.map((entry) => ({
    id: entry.id ?? entry.file,
    path: entry.path,
    index: entry.index,
    file: entry.file,
    children: entry.children ? toRoutes(entry.children) : undefined,
  })) as Route[];
}

const routes = toRoutes(routeConfig);

async function load(file: string): Promise<RouteModule> {
  const loader = modules[`../../app/${file}`];
  if (!loader) throw new Error(`no route module ${file}`);
  return loader();
}

/** What the app answered: the status a browser would see, and the value returned or thrown. */
export type Answer = { status: number; value: unknown; thrown: boolean };

/**
 * Sends `request` through the app against `db`, from `clientAddress`: the route's answer (a
 * thrown Response or data() is an answer too: React Router turns it into the page with that
 * status). Anything else thrown is a server error, and propagates.
 */
export async function dispatch(db: Db, request: Request, clientAddress = TEST_CLIENT_ADDRESS, { layouts = false } = {}): Promise<Answer> {
  const url = new URL(request.url);
  const matches = matchRoutes(routes, url.pathname) as { route: Route; params: Record<string, string | undefined> }[] | null;
  if (!matches?.length) throw new Error(`no route for ${url.pathname}`);
  const prepared = await prepareRequest(request, { socketAddress: clientAddress });
  const context = prepared.context;
  context.set(dbContext, db);
  context.set(clientAddressContext, clientAddress);
  context.set(cacheContext, memoryCache());
  context.set(backgroundContext, collectedBackground());
  const leaf = matches[matches.length - 1]!;
  const chain = [await rootModule(), ...(await Promise.all(matches.map((m) => load(m.route.file!))))];
  const route = chain[chain.length - 1]!;
  const params = Object.fromEntries(Object.entries(leaf.params).filter((e): e is [string, string] => e[1] !== undefined));
  const args: RouteArgs<Record<string, string>> = { request: prepared.request, url, pattern: url.pathname, params, context };
  const get = request.method === "GET" || request.method === "HEAD";
  // `layouts`: a GET runs every matched layout's loader beside the route's, as React Router does.
  const loaders = chain.slice(1, -1).flatMap((m) => (m.loader ? [m.loader] : []));
  const handler: Handler | undefined =
    get && layouts && route.loader
      ? async (a) => (await Promise.all([route.loader!(a), ...loaders.map((l) => l(a))]))[0]
      : get
        ? route.loader
        : route.action;
  let value: unknown;
  let thrown = false;
  try {
    const response = await runMiddleware(
      chain.flatMap((m) => m.middleware ?? []),
      args,
      async () => {
        // A route without an action answers a POST with 405, as React Router does.
        if (handler) value = await handler(args);
        else value = request.method === "POST" ? new Response(null, { status: 405 }) : null;
        return new Response(null, { status: 204 });
      },
    );
    // A middleware that answered by itself (the root's refusals return no Response: they throw).
    if (value === undefined && response.status !== 204) value = response;
  } catch (error) {
    if (!(error instanceof Response) && !isDataReply(error)) throw error;
    value = error;
    thrown = true;
  } finally {
    await settleBackground(context);
  }
  return { status: answerStatus(value), value, thrown };
}
