import { z } from "zod";

const csv = z
  .string()
  .default("")
  .transform((s) =>
    s
      .split(",")
      .map((x) => x.trim().toLowerCase())
      .filter(Boolean),
  );

/** An optional value where an empty string counts as unset (`VAR=` in a .env or wrangler). */
const optionalText = z
  .string()
  .optional()
  .transform((s) => (s?.trim() ? s.trim() : undefined));

const schema = z.object({
  NODE_ENV: z.string().default("production"),
  DATABASE_URL: z.string().min(1).default("file:data/agendo.db"),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  // Signs the session and flash cookies. A fixed development value is used only when
  // none is set and we are not on Workers (where a secret must be configured).
  SESSION_SECRET: z.string().min(16).default("agendo-local-development-secret"),
  // Public address of the app: every absolute link we send (e-mails, WhatsApp texts, Stripe's
  // return URLs) starts with it, never with the request's Host header. See appUrl().
  APP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^/?#\s]+\/*$/, "APP_URL must be an origin such as https://agendo.app")
      .optional(),
  ),
  PORT: z.string().default("3000"),
  ADMIN_EMAILS: csv,
  ACCESS_EXEMPT_EMAILS: csv,
  SUPPORT_EMAIL: z.string().default("suporte@agendo.app"),
  EMAIL_TRANSPORT: z.enum(["log", "resend"]).default("log"),
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
  AGENDO_DEMO: z.string().default("1"),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;
let cachedSource: Record<string, string | undefined> | undefined;

const DEV_SECRET = "agendo-local-development-secret";

/** Environment read and validated once; tests may call resetEnv() after changing it. */
export function env(): Env {
  if (!cached || cachedSource !== process.env) {
    const parsed = schema.parse(process.env);
    if (
      onWorkers() &&
      (parsed.SESSION_SECRET === DEV_SECRET || parsed.DATABASE_URL.startsWith("file:") || !parsed.APP_URL)
    ) {
      throw new Error(
        "On Workers set the SESSION_SECRET secret, APP_URL and a libsql:// or https:// DATABASE_URL (see README 'Deploy').",
      );
    }
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

export function resetEnv() {
  cached = undefined;
}
