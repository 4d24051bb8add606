// Request bodies, read with a limit counted while reading: a chunked body without Content-Length
// stops at the limit like any other, and no body is ever held beyond it (docs/decisions/0532).
import type { RouterContextProvider } from "react-router";
import type { Background } from "./background.server";
import { createRequestContext, type Connection } from "./request-context.server";
import { isWrite, MAX_FORM_BYTES, readsOwnBody } from "./security.server";

/**
 * Past the limit the rest is read and thrown away up to this size, so a client still sending
 * (a browser without JavaScript) receives the answer instead of a reset connection; beyond it
 * the connection is simply dropped.
 */
const DISCARD_LIMIT = 32 * 1024 * 1024;

async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number) {
  let total = alreadyRead;
  try {
    while (total <= DISCARD_LIMIT) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
    }
  } catch {
    return; // the client went away
  }
  await reader.cancel().catch(() => {});
}

/**
 * The body's bytes if they fit in `limit`, else null: at once when Content-Length says so, else
 * as soon as the count passes it. The rest of a refused body is read away in the background.
 */
export async function readBodyWithin(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array();
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) {
    if (declared > DISCARD_LIMIT) await reader.cancel().catch(() => {});
    else void discardRest(reader, 0);
    return null;
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      void discardRest(reader, total);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** C0 and C1 control characters (NUL, ESC, backspace…); tab and line breaks are text. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/**
 * Every text field of a form without control characters: the one place all form text passes
 * through before any action reads it (docs/decisions/0572). A multipart form without files is
 * handed on as the same fields, urlencoded; one with files (only the photo upload sends them,
 * and it reads its own body) is left as it is.
 */
async function withoutControlCharacters(bytes: Uint8Array<ArrayBuffer>, contentType: string) {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  let fields: [string, string][];
  try {
    if (type === "application/x-www-form-urlencoded") {
      fields = [...new URLSearchParams(new TextDecoder().decode(bytes))];
    } else if (type === "multipart/form-data") {
      const form = await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
      if ([...form.values()].some((v) => typeof v !== "string")) return null;
      fields = [...form] as [string, string][];
    } else {
      return null;
    }
  } catch {
    return null; // unreadable: the root middleware answers it
  }
  const clean = new URLSearchParams(fields.map(([k, v]) => [k.replace(CONTROL, ""), v.replace(CONTROL, "")]));
  return new TextEncoder().encode(clean.toString());
}

/**
 * What a server entry (server/node.ts, workers/app.ts) hands React Router: the router context
 * with the connection, and the request with its body read within 1 MB and its text fields
 * without control characters. A body over the limit reaches the app empty, marked too large,
 * and the root middleware answers 413 with the app's own error page and headers. Routes that
 * limit their own bodies get theirs untouched.
 */
export async function prepareRequest(
  request: Request,
  connection: Omit<Connection, "bodyTooLarge">,
  background?: Background,
): Promise<{ request: Request; context: RouterContextProvider }> {
  if (!isWrite(request) || !request.body || readsOwnBody(request)) {
    return { request, context: createRequestContext({ ...connection, bodyTooLarge: false }, background) };
  }
  const bytes = await readBodyWithin(request, MAX_FORM_BYTES);
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  const init: RequestInit = { method: request.method, headers, signal: request.signal };
  if (bytes) {
    const cleaned = await withoutControlCharacters(bytes, headers.get("content-type") ?? "");
    if (cleaned) headers.set("content-type", "application/x-www-form-urlencoded;charset=UTF-8");
    init.body = cleaned ?? bytes;
  }
  return {
    request: new Request(request.url, init),
    context: createRequestContext({ ...connection, bodyTooLarge: !bytes }, background),
  };
}
