import { z } from "zod";
import { parseTrustProxy, TRUST_PROXY_ERROR, type TrustProxy } from "./client-address";

const csv = z
  .string()
  .default("")
  .transform((s) =>
    s
      .split(",")
      .map((x) => x.trim().toLowerCase())
      .filter(Boolean),
  );

/** The fixed secret versions before 2026-11 signed cookies with when none was set: public, never accepted. */
const LEGACY_PUBLIC_SECRET = "agendo-local-development-secret";

/** An optional value where an empty string counts as unset (`VAR=` in a .env or wrangler). */
const optionalText = z
  .string()
  .optional()
  .transform((s) => (s?.trim() ? s.trim() : undefined));

/** 32 bytes written in base64 (standard or URL-safe alphabet, padding optional). */
function isAesKey(text: string): boolean {
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return false;
  return atob(text.replace(/-/g, "+").replace(/_/g, "/").replace(/=?$/, "=")).length === 32;
}

const schema = z.object({
  NODE_ENV: z.string().default("production"),
  DATABASE_URL: z.string().min(1).default("file:data/agendo.db"),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  // Signs the session and flash cookies. Required on Workers; on Node `npm start` (and `npm run
  // dev`) keep a random one beside the database until one is configured (docs/decisions/0533).
  // The public value older versions fell back to is never accepted.
  SESSION_SECRET: optionalText.pipe(
    z
      .string()
      .min(16, "SESSION_SECRET must have at least 16 characters")
      .refine((s) => s !== LEGACY_PUBLIC_SECRET, "SESSION_SECRET must not be the public development value")
      .optional(),
  ),
  // Public address of the app: every absolute link we send (e-mails, WhatsApp texts, Stripe's
  // return URLs) starts with it, never with the request's Host header. See appUrl().
  APP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^/?#\s]+\/*$/, "APP_URL must be an origin such as https://agendo.app")
      .optional(),
  ),
  PORT: z.string().default("3000"),
  // Which proxy in front of the app may tell us the client's address (docs/decisions/0531):
  // unset trusts no header on Node; Workers default to Cloudflare's CF-Connecting-IP.
  TRUST_PROXY: z.string().optional().refine((v) => parseTrustProxy(v) !== null, TRUST_PROXY_ERROR),
  ADMIN_EMAILS: csv,
  ACCESS_EXEMPT_EMAILS: csv,
  SUPPORT_EMAIL: z.string().default("suporte@agendo.app"),
  EMAIL_TRANSPORT: z.enum(["log", "resend"]).default("log"),
  // On Workers the log transport is refused unless this says it is a demo (docs/decisions/1240).
  ALLOW_LOG_EMAIL: z.enum(["0", "1"]).optional(),
  EMAIL_FROM: z.string().default("Agendo <nao-responda@agendo.app>"),
  RESEND_API_KEY: z.string().optional(),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: z.string().default("https://api.stripe.com"),
  // Stripe price ids (BRL, recurring) per plan and period; a missing one leaves that choice
  // without a checkout button (docs/decisions/0402).
  STRIPE_PRICE_ESSENCIAL_MONTHLY: optionalText,
  STRIPE_PRICE_ESSENCIAL_YEARLY: optionalText,
  STRIPE_PRICE_AVANCADO_MONTHLY: optionalText,
  STRIPE_PRICE_AVANCADO_YEARLY: optionalText,
  STRIPE_PRICE_PROFISSIONAL_MONTHLY: optionalText,
  STRIPE_PRICE_PROFISSIONAL_YEARLY: optionalText,
  STRIPE_PRICE_ENTERPRISE_MONTHLY: optionalText,
  STRIPE_PRICE_ENTERPRISE_YEARLY: optionalText,
  // WhatsApp Cloud API for automatic reminders (docs/decisions/0672): both set turns it on.
  WHATSAPP_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText,
  WHATSAPP_API_URL: z.string().default("https://graph.facebook.com/v23.0"),
  WHATSAPP_TEMPLATE_REMINDER: z.string().default("lembrete_agendamento"),
  WHATSAPP_TEMPLATE_CHANGE: z.string().default("alteracao_agendamento"),
  // Issue 24: a waiting list's opening, and 'Hora de voltar' (docs/decisions/0942, 0946).
  WHATSAPP_TEMPLATE_WAITLIST: z.string().default("vaga_lista_espera"),
  WHATSAPP_TEMPLATE_COMEBACK: z.string().default("hora_de_voltar"),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().default("pt_BR"),
  // Mercado Pago: the platform's application (OAuth 'Conectar Mercado Pago', docs/decisions/0930),
  // its webhook's secret signature, and the key the professionals' tokens are encrypted with.
  MERCADOPAGO_CLIENT_ID: optionalText,
  MERCADOPAGO_CLIENT_SECRET: optionalText,
  MERCADOPAGO_WEBHOOK_SECRET: optionalText,
  MERCADOPAGO_API_URL: z.string().default("https://api.mercadopago.com"),
  MERCADOPAGO_AUTH_URL: z.string().default("https://auth.mercadopago.com"),
  // 32 random bytes in base64 (`openssl rand -base64 32`): AES-256-GCM for tokens at rest (0932).
  PAYMENTS_ENCRYPTION_KEY: optionalText.pipe(
    z
      .string()
      .refine((s) => isAesKey(s), "PAYMENTS_ENCRYPTION_KEY must be 32 bytes in base64 (openssl rand -base64 32)")
      .optional(),
  ),
  // Web Push (VAPID, RFC 8292): the key pair in base64url (public: the uncompressed P-256 point,
  // private: its scalar) and the operator's contact. On Node `npm start` keeps a generated pair
  // beside the database when none is set; on Workers all three turn push on (docs/decisions/0971).
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: optionalText,
  // Origins besides the browsers' push services a device's endpoint may be at (tests: a stand-in).
  PUSH_SERVICE_ORIGINS: z
    .string()
    .default("")
    .transform((s) => s.split(",").map((x) => x.trim().replace(/\/+$/, "")).filter(Boolean)),
  // Node: how often `npm start` runs the scheduled job, in seconds (0: never; Workers use the
  // Cron Trigger in wrangler.jsonc instead).
  JOB_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(300),
  AGENDO_DEMO: z.string().default("1"),
  // Tests only: calendar feeds may be read over plain http from loopback addresses. Unsafe in
  // production (the server would fetch its own network): never set it there (docs/decisions/0956).
  CALENDAR_FETCH_ALLOW_LOOPBACK: z.enum(["0", "1"]).optional(),
});

export type Env = z.infer<typeof schema>;

/**
 * A deploy that forgot the e-mail settings: every message (password-reset links included) would go
 * into the Worker's logs and be marked sent.
 */
export const LOG_EMAIL_REFUSED =
  "On Workers EMAIL_TRANSPORT=log writes every e-mail, password-reset links included, into the logs and marks it sent: set EMAIL_TRANSPORT=resend and RESEND_API_KEY (see README 'Deploy'), or ALLOW_LOG_EMAIL=1 for a demo.";

let cached: Env | undefined;
let cachedSource: Record<string, string | undefined> | undefined;


/** Environment read and validated once; tests may call resetEnv() after changing it. */
export function env(): Env {
  if (!cached || cachedSource !== process.env) {
    const parsed = schema.parse(process.env);
    if (
      onWorkers() &&
      (!parsed.SESSION_SECRET || parsed.DATABASE_URL.startsWith("file:") || !parsed.APP_URL)
    ) {
      throw new Error(
        "On Workers set the SESSION_SECRET secret, APP_URL and a libsql:// or https:// DATABASE_URL (see README 'Deploy').",
      );
    }
    if (onWorkers() && parsed.EMAIL_TRANSPORT === "log" && parsed.ALLOW_LOG_EMAIL !== "1") throw new Error(LOG_EMAIL_REFUSED);
    cached = parsed;
    cachedSource = process.env;
  }
  return cached;
}

/** True inside the Cloudflare Workers runtime. */
export function onWorkers() {
  return typeof navigator !== "undefined" && navigator.userAgent === "Cloudflare-Workers";
}

/**
 * The app's public origin, without a trailing slash: `APP_URL`, else `http://localhost:<PORT>`
 * (on Workers `APP_URL` is required). The one way to build an absolute link: a request's Host
 * header is whatever the client sent, so a link built from it could point anywhere.
 */
export function appUrl(): string {
  const e = env();
  return (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
}

/** The secret that signs cookies; missing only when the server was started without `npm start`. */
export function sessionSecret(): string {
  const secret = env().SESSION_SECRET;
  if (!secret) {
    throw new Error("SESSION_SECRET is not set: configure it, or start with `npm start`, which keeps one in data/.session-secret.");
  }
  return secret;
}

/** How the client's address is found (TRUST_PROXY; on Workers Cloudflare's header unless set). */
export function trustProxy(): TrustProxy {
  const configured = env().TRUST_PROXY;
  if (configured === undefined && onWorkers()) return { kind: "cloudflare" };
  return parseTrustProxy(configured)!;
}

export function resetEnv() {
  cached = undefined;
}
