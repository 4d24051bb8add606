import { count } from "drizzle-orm";
import { categories, clients, services, users, workingHours } from "../../db/schema";
import { createAccount } from "./accounts.server";
import type { Db } from "./db.server";

export const DEMO = {
  email: "demo@agendo.app",
  password: "demo1234",
  name: "Ana Souza",
  businessName: "Studio Demo",
  phone: "11987654321",
  slug: "demo",
};

/** Monday to Saturday 09:00-18:00 with a 12:00-13:00 break; Sunday off. */
export function defaultWeek(userId: string) {
  return Array.from({ length: 7 }, (_, day) => ({
    userId,
    dayOfWeek: day,
    isActive: day !== 0,
    startTime: "09:00",
    endTime: "18:00",
    breakStartTime: "12:00",
    breakEndTime: "13:00",
  }));
}

/** On an empty database, creates the demo professional with the spec's sample data. */
export async function seedDemoIfEmpty(db: Db) {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return null;
  const { userId } = await createAccount(db, {
    name: DEMO.name,
    businessName: DEMO.businessName,
    email: DEMO.email,
    phone: DEMO.phone,
    password: DEMO.password,
    bookingSlug: DEMO.slug,
  });
  const cat = (name: string, slug: string) => ({ id: crypto.randomUUID(), userId, name, slug });
  const cabelo = cat("Cabelo", "cabelo");
  const barba = cat("Barba", "barba");
  const unhas = cat("Unhas", "unhas");
  await db.batch([
    db.insert(categories).values([cabelo, barba, unhas]),
    db.insert(services).values([
      { userId, categoryId: cabelo.id, name: "Corte Masculino", description: "Corte com tesoura e máquina, lavagem e finalização.", priceCents: 5000, durationMinutes: 45 },
      { userId, categoryId: cabelo.id, name: "Corte + Escova", description: "Corte feminino com escova modelada.", priceCents: 8500, durationMinutes: 90, color: "#DB2777" },
      { userId, categoryId: barba.id, name: "Barba", description: "Barba com toalha quente e navalha.", priceCents: 3500, durationMinutes: 30, color: "#0D9488" },
      { userId, categoryId: unhas.id, name: "Manicure", description: "Cutilagem, esmaltação e hidratação.", priceCents: 4500, durationMinutes: 60, color: "#9333EA" },
    ]),
    db.insert(clients).values([
      { userId, name: "Carlos Oliveira", phone: "11991234567", email: "carlos.oliveira@example.com", notes: "Prefere máquina 2 nas laterais." },
      { userId, name: "Mariana Santos", phone: "11992345678", email: "mariana.santos@example.com" },
      { userId, name: "João Pereira", phone: "11993456789" },
      { userId, name: "Fernanda Lima", phone: "11994567890", email: "fernanda.lima@example.com", address: "Rua Augusta, 1500 - São Paulo" },
    ]),
    db.insert(workingHours).values(defaultWeek(userId)),
  ]);
  return DEMO;
}
