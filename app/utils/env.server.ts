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

const schema = z.object({
  NODE_ENV: z.string().default("production"),
  DATABASE_URL: z.string().min(1).default("file:data/agendo.db"),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  // Signs the session and flash cookies. A fixed development value is used only when
  // none is set and we are not on Workers (where a secret must be configured).
  SESSION_SECRET: z.string().min(16).default("agendo-local-development-secret"),
  APP_URL: z.string().optional(),
  ADMIN_EMAILS: csv,
  ACCESS_EXEMPT_EMAILS: csv,
  SUPPORT_EMAIL: z.string().default("suporte@agendo.app"),
  EMAIL_TRANSPORT: z.enum(["log", "resend"]).default("log"),
  EMAIL_FROM: z.string().default("Agendo <nao-responda@agendo.app>"),
  RESEND_API_KEY: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.string().default("https://api.stripe.com"),
  AGENDO_DEMO: z.string().default("1"),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;
let cachedSource: Record<string, string | undefined> | undefined;

/** Environment read and validated once; tests may call resetEnv() after changing it. */
export function env(): Env {
  if (!cached || cachedSource !== process.env) {
    cached = schema.parse(process.env);
    cachedSource = process.env;
  }
  return cached;
}

export function resetEnv() {
  cached = undefined;
}
