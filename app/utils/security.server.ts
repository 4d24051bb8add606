import { data } from "react-router";

const WRITE_SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/** A POST (or any write) from another site is refused: Origin and Fetch Metadata must agree. */
export function assertSameOrigin(request: Request) {
  const method = request.method.toUpperCase();
  if (WRITE_SAFE.has(method)) return;
  const site = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  const ownOrigin = new URL(request.url).origin;
  if (site === "cross-site" || (origin && origin !== "null" && origin !== ownOrigin)) {
    throw data("Solicitação de outro site recusada.", { status: 403 });
  }
  checkFormBodyHeaders(request);
}

/** Bodies every action reads with `request.formData()`; anything else would fail as a 500. */
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
/** Routes that read their own raw body (Stripe posts signed JSON). */
const RAW_BODY_PATHS = new Set(["/stripe/webhook", "/stripe/webhook.data"]);
/** The photo upload checks its own size (and answers with the form's message): see images.server.ts. */
const UPLOAD_PATHS = new Set(["/configuracoes/perfil", "/configuracoes/perfil.data"]);
/** No form of the app sends more than a few KB of text fields. */
export const MAX_FORM_BYTES = 1024 * 1024;
/** Multipart bodies: the 5 MB photo plus room for the other fields. */
export const MAX_MULTIPART_BYTES = 6 * 1024 * 1024;
const DRAIN_LIMIT = 32 * 1024 * 1024;

export const BODY_MESSAGES = {
  unsupported: "Formato de envio não aceito. Envie o formulário pela página.",
  tooLarge: "O conteúdo enviado excede o tamanho permitido.",
  unreadable: "Não foi possível ler os dados enviados. Tente novamente pela página.",
};

/** Reads and drops what is left of a refused body, so the client sees the answer (up to a limit). */
async function drain(request: Request) {
  const reader = request.body?.getReader();
  if (!reader) return;
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
      if (total > DRAIN_LIMIT) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // the client went away: nothing left to answer
  }
}

/**
 * A write must carry a form body the actions can read: wrong content types answer 415 and
 * bodies far larger than any form 413 (both with a pt-BR message), instead of the 500 that
 * `request.formData()` throwing inside an action would give. Synchronous (headers only), so
 * the root middleware's `assertSameOrigin` runs it.
 */
export function checkFormBodyHeaders(request: Request) {
  if (WRITE_SAFE.has(request.method.toUpperCase())) return;
  const { pathname } = new URL(request.url);
  if (RAW_BODY_PATHS.has(pathname)) return;
  const header = request.headers.get("content-type") ?? "";
  const type = header.split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(type) || (type === "multipart/form-data" && !/boundary=/i.test(header))) {
    refuseBody(request, BODY_MESSAGES.unsupported, 415);
  }
  const declared = Number(request.headers.get("content-length") ?? "");
  const limit = type === "multipart/form-data" ? MAX_MULTIPART_BYTES : MAX_FORM_BYTES;
  if (Number.isFinite(declared) && declared > limit) {
    // The upload route reads with its own limit and answers with the form's message.
    if (type === "multipart/form-data" && UPLOAD_PATHS.has(pathname)) return;
    refuseBody(request, BODY_MESSAGES.tooLarge, 413);
  }
}

/**
 * Throws the refusal at once and reads the unread body away in the background: a server that
 * answers while the client is still sending and never reads the rest resets the connection,
 * and the browser shows a network error instead of the page.
 */
function refuseBody(request: Request, message: string, status: number): never {
  if (request.body && !request.bodyUsed) void drain(request);
  throw data(message, { status });
}

/**
 * The header checks plus a malformed multipart body (right type and boundary, broken parts)
 * answering 400 instead of a 500. Asynchronous: the root middleware must `await` it.
 */
export async function assertFormBody(request: Request) {
  checkFormBodyHeaders(request);
  if (WRITE_SAFE.has(request.method.toUpperCase())) return;
  const { pathname } = new URL(request.url);
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "multipart/form-data" || UPLOAD_PATHS.has(pathname) || RAW_BODY_PATHS.has(pathname)) return;
  try {
    await request.clone().formData();
  } catch {
    throw data(BODY_MESSAGES.unreadable, { status: 400 });
  }
}

export function securityHeaders(headers: Headers, nonce: string, production: boolean) {
  if (production) {
    headers.set(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        "form-action 'self' https://checkout.stripe.com https://billing.stripe.com",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "object-src 'none'",
      ].join("; "),
    );
  }
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
}
