import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { useEffect } from "react";
import appStylesheet from "./app.css?url";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { Toaster } from "./components/toaster";
import { cacheContext, defaultCache } from "./utils/cache.server";
import { dbContext, dbFromEnv } from "./utils/db.server";
import { resolveClientAddress } from "./utils/client-address";
import { trustProxy } from "./utils/env.server";
import { nonceContext, useNonce } from "./utils/nonce";
import { clientAddressContext, connectionContext } from "./utils/request-context.server";
import { assertFormBody, assertSameOrigin, isWrite, securityHeaders } from "./utils/security.server";
import { readToast } from "./utils/toast.server";
import type { PageHandle } from "./routes/shared/customer-page";

/**
 * Every request: the database and the client's address go into the router context (tests put
 * their own there), cross-site writes and oversized or unreadable bodies are refused, and every
 * response gets the security headers.
 */
export const middleware: Route.MiddlewareFunction[] = [
  // Every answer gets the security headers, the refusals of the next middleware included.
  async ({ request, context }, next) => {
    if (!context.get(dbContext)) context.set(dbContext, dbFromEnv());
    if (!context.get(cacheContext)) context.set(cacheContext, defaultCache());
    if (!context.get(clientAddressContext)) {
      const { socketAddress } = context.get(connectionContext);
      context.set(clientAddressContext, resolveClientAddress(request.headers, socketAddress, trustProxy()));
    }
    const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
    context.set(nonceContext, nonce);
    const response = await next();
    securityHeaders(response.headers, nonce, import.meta.env.PROD);
    // Routes that may be cached say so themselves (the booking page's GET); the answer to a
    // write is never kept anywhere (it may echo what was typed), everything else never by a
    // shared cache, and a signed-in page not at all (shared phones).
    if (isWrite(request)) {
      response.headers.set("Cache-Control", "no-store");
    } else if (response.headers.has("Set-Cookie") && /public/.test(response.headers.get("Cache-Control") ?? "")) {
      // A shared cache must never keep (and hand others) a cookie: a flash message, a session.
      response.headers.set("Cache-Control", "private, no-cache");
    } else if (!response.headers.has("Cache-Control")) {
      const signedIn = /(?:^|;\s*)__session=/.test(request.headers.get("Cookie") ?? "");
      response.headers.set("Cache-Control", signedIn ? "private, no-store" : "private, no-cache");
    }
    return response;
  },
  // Writes: same origin only, and a form body the actions can read (else 403/413/415/400).
  async ({ request, context }) => {
    assertSameOrigin(request);
    await assertFormBody(request, context.get(connectionContext).bodyTooLarge);
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { toast, clear } = await readToast(request);
  return data({ toast }, { headers: clear ? { "Set-Cookie": clear } : undefined });
}

export const meta: Route.MetaFunction = () => [
  { title: "Agendo — agenda e clientes para profissionais de beleza" },
  {
    name: "description",
    content: "Agenda online, clientes e página de agendamento para barbeiros, cabeleireiros e manicures.",
  },
];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  const handles = useMatches().map((m) => (m.handle ?? {}) as PageHandle);
  // A page whose route says `handle.hydrate = false` (the customer's booking pages) is complete
  // as HTML and loads no framework JavaScript (docs/decisions/0621); one that brings its own
  // `handle.css` has it written into its head instead of the app's stylesheet (0980).
  const hydrate = !handles.some((h) => h.hydrate === false);
  const pageCss = handles.findLast((h) => h.css !== undefined)?.css;
  // Marks the page once React has taken it over, so browser tests wait for that instead of a
  // pause (tests/e2e/fixtures.ts: waitForHydration).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang="pt-BR" id="top">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f46e5" />
        <Meta />
        <Links />
        {pageCss === undefined ? (
          <link rel="stylesheet" href={appStylesheet} />
        ) : (
          <style dangerouslySetInnerHTML={{ __html: pageCss }} />
        )}
      </head>
      <body className="min-h-screen">
        {children}
        <Toaster toast={root?.toast ?? null} />
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return <Outlet />;
}

export const ErrorBoundary = GeneralErrorBoundary;
