// Signing up: the user, their profile with a unique booking slug, the 7-day trial and the
// service categories of their specialty.
import { eq, like, or } from "drizzle-orm";
import { categories, profiles, subscriptions, users } from "../../../db/schema";
import { TRIAL_DAYS } from "./access";
import type { Db } from "../../utils/db.server";
import { hashPassword } from "../../utils/password.server";
import { slugify } from "../slug";
import { starterFor } from "../services/starter-categories";

/** Paths at the root that a booking slug must never shadow. */
export const RESERVED_SLUGS = new Set([
  "404", "admin", "agenda", "agendamento", "api", "assets", "clientes", "conta-suspensa",
  "configuracoes", "dashboard", "esqueci-senha", "favicon.ico", "imagens", "lista-de-espera", "login", "logout",
  "perfil", "planos", "redefinir-senha", "register", "relatorios", "robots.txt", "servicos",
  "solicitacoes", "status", "stripe", "termos", "tutorial", "webhooks",
]);

/** A booking slug derived from the business name, made unique with -2, -3 ... */
export async function uniqueBookingSlug(db: Db, businessName: string, exceptUserId?: string) {
  const base = slugify(businessName).slice(0, 60) || "profissional";
  const taken = new Set(
    (
      await db
        .select({ slug: profiles.bookingSlug, userId: profiles.userId })
        .from(profiles)
        .where(or(eq(profiles.bookingSlug, base), like(profiles.bookingSlug, `${base}-%`)))
    )
      .filter((r) => r.userId !== exceptUserId)
      .map((r) => r.slug),
  );
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(candidate) && !RESERVED_SLUGS.has(candidate)) return candidate;
  }
}

export type NewAccount = {
  name: string;
  email: string;
  phone: string;
  businessName?: string;
  bookingSlug?: string;
  /**
   * Sign-up's 'Especialidade' (a SPECIALTIES key, '' for none): the profile's specialty and the
   * service categories the account starts with. Left out by the demo and
   * test fixtures, which bring their own categories.
   */
  specialty?: string;
} & (
  | { password: string }
  /** The password already hashed (hashPassword): the test factories hash their one password once a process. */
  | { passwordHash: string }
);

export class EmailTakenError extends Error {}

/** Creates user, profile (unique booking slug), a 7-day trial and the starter categories, atomically. */
export async function createAccount(db: Db, input: NewAccount, now = new Date()) {
  const email = input.email.trim().toLowerCase();
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing.length > 0) throw new EmailTakenError(email);
  const businessName = input.businessName ?? input.name;
  const passwordHash = "passwordHash" in input ? input.passwordHash : await hashPassword(input.password);
  const starter = input.specialty === undefined ? null : starterFor(input.specialty);
  // Two sign-ups racing for one slug: the unique index refuses the second, which retries
  // with the next free slug.
  for (let attempt = 0; ; attempt++) {
    const slug = input.bookingSlug ?? (await uniqueBookingSlug(db, businessName));
    const userId = crypto.randomUUID();
    try {
      await db.batch([
        db.insert(users).values({ id: userId, email, passwordHash }),
        db.insert(profiles).values({
          userId,
          fullName: input.name,
          businessName,
          phone: input.phone,
          email,
          bookingSlug: slug,
          ...(starter ? { specialty: starter.specialty } : {}),
        }),
        db.insert(subscriptions).values({
          userId,
          status: "trial",
          planId: "trial",
          trialStartDate: now,
          trialEndDate: new Date(now.getTime() + TRIAL_DAYS * 86_400_000),
        }),
        ...(starter ? [db.insert(categories).values(starter.categories.map((c) => ({ ...c, userId })))] : []),
      ]);
      return { userId, email, bookingSlug: slug };
    } catch (error) {
      const text = String(error) + String((error as { cause?: unknown }).cause ?? "");
      // Two sign-ups racing for one e-mail: the unique index decides.
      if (text.includes("users.email")) throw new EmailTakenError(email);
      if (text.includes("profiles.booking_slug") && !input.bookingSlug && attempt < 5) continue;
      throw error;
    }
  }
}
