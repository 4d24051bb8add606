import { count } from "drizzle-orm";
import { appointments, categories, clients, services, users, workingHours } from "../../../db/schema";
import { createAccount } from "../accounts/registration.server";
import type { Db } from "../../utils/db.server";
import { addDays, dayOfWeek, DEFAULT_TIME_ZONE, nowInZone } from "../dates";
import { demoClosingStatements } from "./demo-cash.server";
import { APPOINTMENT_STATUS } from "../status-rules";

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
  const demoServices = [
    { userId, categoryId: cabelo.id, name: "Corte Masculino", description: "Corte com tesoura e máquina, lavagem e finalização.", priceCents: 5000, durationMinutes: 45 },
    { userId, categoryId: cabelo.id, name: "Corte + Escova", description: "Corte feminino com escova modelada.", priceCents: 8500, durationMinutes: 90, color: "#DB2777" },
    { userId, categoryId: barba.id, name: "Barba", description: "Barba com toalha quente e navalha.", priceCents: 3500, durationMinutes: 30, color: "#0D9488" },
    { userId, categoryId: unhas.id, name: "Manicure", description: "Cutilagem, esmaltação e hidratação.", priceCents: 4500, durationMinutes: 60, color: "#9333EA" },
  ].map((row) => ({ ...row, id: crypto.randomUUID() }));
  const demoClients = [
    { userId, name: "Carlos Oliveira", phone: "11991234567", email: "carlos.oliveira@example.com", notes: "Prefere máquina 2 nas laterais." },
    { userId, name: "Mariana Santos", phone: "11992345678", email: "mariana.santos@example.com" },
    { userId, name: "João Pereira", phone: "11993456789" },
    { userId, name: "Fernanda Lima", phone: "11994567890", email: "fernanda.lima@example.com", address: "Rua Augusta, 1500 - São Paulo" },
  ].map((row) => ({ ...row, id: crypto.randomUUID() }));
  const history = demoHistory(userId, demoServices, demoClients);
  // One batch: the closings' statements find the appointments inserted before them.
  await db.batch([
    db.insert(categories).values([cabelo, barba, unhas]),
    db.insert(services).values(demoServices),
    db.insert(clients).values(demoClients),
    db.insert(workingHours).values(defaultWeek(userId)),
    db.insert(appointments).values(history),
    ...demoClosingStatements(db, userId, history, DEFAULT_TIME_ZONE),
  ]);
  return DEMO;
}

/**
 * Twelve weeks of past appointments, so the dashboard, reports, Caixa and client cards of the demo
 * have something to show (the completed ones closed by demo-cash.server.ts). Only dates before today: nothing in the demo takes a slot a visitor (or a
 * test) might book. Deterministic: the same pattern on every fresh database.
 */
export function demoHistory(
  userId: string,
  serviceRows: { id: string; name: string; priceCents: number; durationMinutes: number }[],
  clientRows: { id: string }[],
  today = nowInZone(DEFAULT_TIME_ZONE).date,
) {
  const rows: (typeof appointments.$inferInsert & { id: string; date: string; startMinute: number; durationMinutes: number })[] = [];
  const starts = [9 * 60, 10 * 60 + 30, 14 * 60, 16 * 60];
  for (let back = 84; back >= 1; back--) {
    const date = addDays(today, -back);
    if (dayOfWeek(date) === 0) continue; // Sunday off, as in the demo's week
    const perDay = 1 + ((back * 7) % 3); // 1 to 3 appointments
    for (let i = 0; i < perDay; i++) {
      const n = back * 3 + i;
      const service = serviceRows[n % serviceRows.length]!;
      // Carlos comes most often (the VIP of the demo); the others less.
      const client = clientRows[[0, 1, 0, 2, 3, 0, 1][n % 7]!]!;
      const status = n % 17 === 0 ? APPOINTMENT_STATUS.cancelled : n % 13 === 0 ? APPOINTMENT_STATUS.noShow : APPOINTMENT_STATUS.completed;
      rows.push({
        id: crypto.randomUUID(),
        userId,
        clientId: client.id,
        serviceId: service.id,
        serviceName: service.name,
        date,
        startMinute: starts[i]!,
        durationMinutes: service.durationMinutes,
        priceCents: service.priceCents,
        status,
        // Created on the day itself, so "recent appointments" reads like a real history.
        createdAt: new Date(`${date}T${String(8 + i).padStart(2, "0")}:00:00Z`),
      });
    }
  }
  return rows;
}
