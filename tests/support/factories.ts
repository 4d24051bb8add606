import { clients } from "../../db/schema";
import { createAccount } from "../../app/domain/accounts/registration.server";
import type { Db } from "../../app/utils/db.server";

let n = 0;

/** A professional with a profile and a 7-day trial; password 'senha123'. */
export async function createProfessional(db: Db, overrides: Partial<{ name: string; email: string; phone: string; password: string }> = {}) {
  n += 1;
  const input = {
    name: overrides.name ?? `Profissional ${n}`,
    email: overrides.email ?? `pro${n}-${crypto.randomUUID().slice(0, 8)}@example.com`,
    phone: overrides.phone ?? "11987654321",
    password: overrides.password ?? "senha123",
  };
  const account = await createAccount(db, input);
  return { id: account.userId, email: account.email, password: input.password, bookingSlug: account.bookingSlug };
}

let phones = 0;

/** A client of that professional, with a phone no other client made here has. */
export async function createClient(db: Db, userId: string, fields: { name: string; createdAt?: Date }) {
  phones += 1;
  const [row] = await db
    .insert(clients)
    .values({ userId, phone: `1197${String(phones).padStart(7, "0")}`, ...fields })
    .returning();
  return row!;
}
