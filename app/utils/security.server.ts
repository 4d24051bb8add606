import { data } from "react-router";
import { env } from "./env.server";

const WRITE_SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/** A POST (or any write) from another site is refused: Origin and Fetch Metadata must agree. */
export function assertSameOrigin(request: Request) {
  if (!isWrite(request)) return;
  const site = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  const ownOrigin = new URL(request.url).origin;
  if (site === "cross-site" || (origin && origin !== "null" && origin !== ownOrigin)) {
    throw data("Solicitação de outro site recusada.", { status: 403 });
  }
}

/** Bodies every action reads with `request.formData()`; anything else would fail as a 500. */
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
/** Routes that read their own raw body with their own limit (Stripe and Mercado Pago post JSON). */
const RAW_BODY_PATHS = new Set(["/stripe/webhook", "/stripe/webhook.data", "/pagamentos/mercadopago/webhook", "/pagamentos/mercadopago/webhook.data"]);
/**
 * The photo upload and 'Importar clientes' read their multipart bodies with their own limits (a 5 MB
 * file) and answer with the form's message (images.server.ts, clients.import.server.ts).
 */
const UPLOAD_PATHS = new Set(["/configuracoes/perfil", "/configuracoes/perfil.data", "/clientes/importar", "/clientes/importar.data"]);

export function isWrite(request: Request) {
  return !WRITE_SAFE.has(request.method.toUpperCase());
}

function contentType(request: Request) {
  const header = request.headers.get("content-type") ?? "";
  return { header, type: header.split(";")[0]!.trim().toLowerCase() };
}

/** The Stripe webhook and the photo upload read (and limit) their bodies themselves. */
export function readsOwnBody(request: Request) {
  const { pathname } = new URL(request.url);
  return RAW_BODY_PATHS.has(pathname) || (UPLOAD_PATHS.has(pathname) && contentType(request).type === "multipart/form-data");
}

/** No form of the app sends more than a few KB of text fields. */
export const MAX_FORM_BYTES = 1024 * 1024;

export const BODY_MESSAGES = {
  unsupported: "Formato de envio não aceito. Envie o formulário pela página.",
  tooLarge: "O conteúdo enviado excede o tamanho permitido.",
  unreadable: "Não foi possível ler os dados enviados. Tente novamente pela página.",
  formShape: "O formulário enviado tem campos que a página não envia. Recarregue a página e tente novamente.",
};

/**
 * A write must carry a form body the actions can read: a wrong content type answers 415, a body
 * over 1 MB 413 (the server entry counted it while reading, see request-body.server.ts) and a
 * malformed multipart body 400, each with a pt-BR message, instead of the 500 of
 * `request.formData()` failing inside an action. The root middleware awaits it on every route.
 */
export async function assertFormBody(request: Request, bodyTooLarge: boolean) {
  if (!isWrite(request) || readsOwnBody(request)) return;
  const { header, type } = contentType(request);
  const multipart = type === "multipart/form-data";
  if (!FORM_TYPES.has(type) || (multipart && !/boundary=/i.test(header))) {
    throw data(BODY_MESSAGES.unsupported, { status: 415 });
  }
  const declared = Number(request.headers.get("content-length") ?? "");
  if (bodyTooLarge || (Number.isFinite(declared) && declared > MAX_FORM_BYTES)) {
    throw data(BODY_MESSAGES.tooLarge, { status: 413 });
  }
  if (!multipart) return;
  try {
    await request.clone().formData();
  } catch {
    throw data(BODY_MESSAGES.unreadable, { status: 400 });
  }
}

/** Headers every answer carries, pages and static files (/assets, the favicon) alike. */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

/**
 * Static files: the base set, and a policy that lets a file opened on its own (an SVG) run
 * nothing. Node's server sets them; Workers Assets read them from `public/_headers`, which a
 * test keeps equal to this.
 */
export const STATIC_FILE_HEADERS: Readonly<Record<string, string>> = {
  ...BASE_SECURITY_HEADERS,
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
};

/** The origin of Mercado Pago's authorisation page (a stand-in's in tests). */
function mercadoPagoAuthOrigin() {
  try {
    return new URL(env().MERCADOPAGO_AUTH_URL).origin;
  } catch {
    return "https://auth.mercadopago.com";
  }
}

/** The policy of every page: scripts of this site, and inline ones only with the request's nonce. */
export function contentSecurityPolicy(scripts: string) {
  return [
    "default-src 'self'",
    `script-src 'self' ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // Forms that end elsewhere: Stripe's checkout and portal, 'Lembretes' opening WhatsApp
    // (docs/decisions/0675) and 'Conectar Mercado Pago' opening its authorisation page (0933).
    `form-action 'self' https://checkout.stripe.com https://billing.stripe.com https://wa.me ${mercadoPagoAuthOrigin()}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** The hash source of an inline script, for a page whose answer may be kept and served again. */
export async function scriptHash(script: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(script));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
}

/**
 * Every answer's security headers. The policy allows inline scripts by this request's nonce,
 * unless the route set a policy of its own (the booking page allows its one inline script by
 * hash, so its HTML can be served again to another visitor without sharing a nonce).
 */
export function securityHeaders(headers: Headers, nonce: string, production: boolean) {
  if (production && !headers.has("Content-Security-Policy")) {
    headers.set("Content-Security-Policy", contentSecurityPolicy(`'nonce-${nonce}'`));
  }
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) headers.set(name, value);
}
