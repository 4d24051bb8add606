// Calling a route module's loader or action the way React Router does, without casts: the
// arguments it gets (request, url, pattern, params, context), the context the root and workspace
// middlewares would have built, and the replies it gives back, told apart.
import type { RouterContextProvider } from "react-router";
import type { Db } from "../../app/utils/db.server";
import { createSession, getSessionUser } from "../../app/utils/session.server";
import { contextFor, formRequest, ORIGIN, settleBackground, userContextFor, type FormBody } from "./db";

/** What React Router passes a server loader, action or middleware (`Route.LoaderArgs` and the like). */
export type RouteArgs<Params = {}> = {
  request: Request;
  url: URL;
  pattern: string;
  params: Params;
  context: Readonly<RouterContextProvider>;
};

/** A route middleware (`Route.MiddlewareFunction`) as the server runs it. */
export type Middleware<P = {}> = (args: RouteArgs<P>, next: () => Promise<Response>) => unknown;

/** Someone signed in: what a factory returns for a professional, with the id of a real session if it matters. */
export type SignedIn = { id: string; email: string; sessionId?: string };

/**
 * Where a call runs. Either a context made beforehand (e.g. to close the database under it), or
 * the database: the context is then built as the root middleware builds it, with `as` signed in
 * as the workspace middleware sets them.
 */
type Source =
  | { context: Readonly<RouterContextProvider>; db?: never; as?: never; clientAddress?: never }
  | { db: Db; as?: SignedIn; clientAddress?: string; context?: never };

type Params<P> = {} extends P ? { params?: P } : { params: P };

export type CallOptions<P> = Source &
  Params<P> & {
    /** Path and query of the request (default "/"), ignored when `request` is given. */
    path?: string;
    /** The request as is, for bodies and headers the options cannot build. */
    request?: Request;
    /** Cookie header: a session (see `signIn`) or any other cookie the route reads. */
    cookie?: string;
    headers?: HeadersInit;
    /** The matched route pattern (default: the request's path). */
    pattern?: string;
    /** Route middlewares to run first, in order, as React Router chains them (e.g. the workspace guard). */
    middleware?: readonly Middleware<NoInfer<P>>[];
  };

export type ActionOptions<P> = CallOptions<P> & {
  /** The form as a browser posts it: same origin, urlencoded, or multipart for FormData. */
  form?: FormBody;
};

type RouteFunction<P, R> = (args: RouteArgs<P>) => R;

async function contextOf(source: Source) {
  if (source.context) return source.context;
  return source.as ? userContextFor(source.db, source.as, source.clientAddress) : contextFor(source.db, source.clientAddress);
}

function withHeaders(init: { cookie?: string; headers?: HeadersInit }) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  return headers;
}

/** The arguments React Router would pass for this request. */
export async function routeArgs<P = {}>(options: CallOptions<P> & { request: Request }): Promise<RouteArgs<P>> {
  const { request } = options;
  const url = new URL(request.url);
  // Left out only where the route has no required params (CallOptions), so {} is one of its P.
  const params = (options as { params?: P }).params ?? ({} as P);
  return { request, url, pattern: options.pattern ?? url.pathname, params, context: await contextOf(options) };
}

/**
 * Runs middlewares in order around `handler`, as React Router does: each gets `next`, and one
 * that returns without calling it has it called after it. Thrown responses propagate.
 */
export async function runMiddleware<Args>(
  middleware: readonly ((args: Args, next: () => Promise<Response>) => unknown)[],
  args: Args,
  handler: () => Promise<Response>,
): Promise<Response> {
  const step = async (i: number): Promise<Response> => {
    const current = middleware[i];
    if (!current) return handler();
    let downstream: Promise<Response> | undefined;
    const next = () => (downstream ??= step(i + 1));
    const result = await current(args, next);
    if (result instanceof Response) return result;
    return next();
  };
  return step(0);
}

/** Runs the route, then waits for what it left to run after its answer. */
async function call<P, R>(
  fn: RouteFunction<P, R>,
  args: RouteArgs<P>,
  middleware: readonly Middleware<P>[] = [],
): Promise<Awaited<R>> {
  try {
    return await callRoute(fn, args, middleware);
  } finally {
    await settleBackground(args.context);
  }
}

async function callRoute<P, R>(
  fn: RouteFunction<P, R>,
  args: RouteArgs<P>,
  middleware: readonly Middleware<P>[],
): Promise<Awaited<R>> {
  if (!middleware.length) return await fn(args);
  let ran = false;
  let value: Awaited<R> | undefined;
  await runMiddleware(middleware, args, async () => {
    value = await fn(args);
    ran = true;
    return new Response(null, { status: 204 });
  });
  if (!ran) throw new Error("a middleware answered before the route ran");
  return value as Awaited<R>;
}

/** A GET of `path` through the route's loader; what it returns (what it throws propagates). */
export async function callLoader<P, R>(loader: RouteFunction<P, R>, options: CallOptions<P>): Promise<Awaited<R>> {
  const request = options.request ?? new Request(`${ORIGIN}${options.path ?? "/"}`, { headers: withHeaders(options) });
  return call(loader, await routeArgs<P>({ ...options, request }), options.middleware);
}

/** A same-origin form POST to `path` through the route's action; what it returns (throws propagate). */
export async function callAction<P, R>(action: RouteFunction<P, R>, options: ActionOptions<P>): Promise<Awaited<R>> {
  const request =
    options.request ?? formRequest(options.path ?? "/", options.form ?? {}, { cookie: options.cookie, headers: options.headers });
  return call(action, await routeArgs<P>({ ...options, request }), options.middleware);
}

/** A real session for the user, as signing in makes it: the Cookie header value and its id. */
export async function signIn(db: Db, user: { id: string }, { remember = false } = {}) {
  const cookie = (await createSession(db, new Request(ORIGIN), user.id, remember)).split(";")[0]!;
  const session = await getSessionUser(db, new Request(ORIGIN, { headers: { Cookie: cookie } }));
  if (!session) throw new Error("the new session does not read back");
  return { cookie, sessionId: session.sessionId };
}

// What a loader or action answered: a data() reply, a Response, or something thrown.
export { answerStatus, isDataReply, locationOf, replyOf, responseOf, thrownBy, thrownStatus } from "./replies";
