import { createContext, RouterContextProvider } from "react-router";
import { backgroundContext, type Background } from "./background.server";

/**
 * What the server entry knows of the connection that no header can tell: Node's server passes the
 * socket's peer address, the Worker passes none (Cloudflare's header is the evidence there); and
 * whether the body it read for the app was over the limit (request-body.server.ts).
 */
export type Connection = { socketAddress: string | null; bodyTooLarge: boolean };

export const connectionContext = createContext<Connection>({ socketAddress: null, bodyTooLarge: false });

/** The client's address as resolved by the root middleware (TRUST_PROXY); null when unknown. */
export const clientAddressContext = createContext<string | null>(null);

/**
 * The router context a server entry starts each request with (Node's server and the Worker):
 * the connection, and on Workers the execution context's `waitUntil` for work after the answer
 * (on Node such work simply runs on; see background.server.ts).
 */
export function createRequestContext(connection: Connection, background?: Background): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(connectionContext, connection);
  if (background) context.set(backgroundContext, background);
  return context;
}

/**
 * The client's address for rate-limit keys. Unknown only when the server runs behind a proxy it
 * was not told about (or tests that build their own context): those requests share one key.
 */
export function clientAddress(context: Readonly<RouterContextProvider>): string {
  return context.get(clientAddressContext) ?? "unknown";
}
