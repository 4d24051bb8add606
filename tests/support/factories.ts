import { appointments, bookingRequests, categories, clients, services, workingHours } from "../../db/schema";
import { createAccount } from "../../app/domain/accounts/credentials.server";
import { defaultWeek } from "../../app/domain/accounts/demo-professional.server";
import { slugify } from "../../app/domain/slug";
import type { Db } from "../../app/utils/db.server";

type Insert<T extends { $inferInsert: object }> = T["$inferInsert"];

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

type ClientFields = Partial<Insert<typeof clients>>;

function clientRow(userId: string, fields: ClientFields) {
  phones += 1;
  return { userId, name: `Cliente ${phones}`, phone: `1197${String(phones).padStart(7, "0")}`, ...fields };
}

/** A client of that professional: named 'Cliente N' with a phone no other client made here has, unless given. */
export async function createClient(db: Db, userId: string, fields: ClientFields = {}) {
  const [row] = await db.insert(clients).values(clientRow(userId, fields)).returning();
  return row!;
}

/** Many clients in one insert (seeding volume), with the same defaults as createClient. */
export async function createClients(db: Db, userId: string, rows: readonly ClientFields[]) {
  return db
    .insert(clients)
    .values(rows.map((fields) => clientRow(userId, fields)))
    .returning();
}

/** Today in São Paulo (yyyy-MM-dd), the zone every professional made here works in. */
function todayInSaoPaulo() {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
}

/** A service category; its code (slug) made from the name as the app makes it, unless given. */
export async function createCategory(db: Db, userId: string, fields: Partial<Insert<typeof categories>> & { name: string }) {
  const [row] = await db
    .insert(categories)
    .values({ userId, ...fields, slug: fields.slug ?? slugify(fields.name) })
    .returning();
  return row!;
}

let serviceCount = 0;

/** An active service: R$ 50,00 for 30 minutes, uncategorised, unless told otherwise. */
export async function createService(db: Db, userId: string, overrides: Partial<Insert<typeof services>> = {}) {
  serviceCount += 1;
  const [row] = await db
    .insert(services)
    .values({ userId, name: `Serviço ${serviceCount}`, priceCents: 5000, durationMinutes: 30, ...overrides })
    .returning();
  return row!;
}

type AppointmentFields = Partial<Insert<typeof appointments>>;

const appointmentRow = (userId: string, fields: AppointmentFields) => ({
  userId,
  date: todayInSaoPaulo(),
  startMinute: 10 * 60,
  ...fields,
});

/**
 * An appointment inserted as is (no availability check: tests may overlap them on purpose):
 * today at 10:00, the schema's defaults otherwise (60 minutes, no client or service, scheduled).
 */
export async function createAppointment(db: Db, userId: string, fields: AppointmentFields = {}) {
  const [row] = await db.insert(appointments).values(appointmentRow(userId, fields)).returning();
  return row!;
}

/** Many appointments in one insert (seeding volume), with the same defaults as createAppointment. */
export async function createAppointments(db: Db, userId: string, rows: readonly AppointmentFields[]) {
  return db
    .insert(appointments)
    .values(rows.map((fields) => appointmentRow(userId, fields)))
    .returning();
}

let customerPhones = 0;

/**
 * A booking request as the booking page stores it, inserted as is (no availability check):
 * pending, from 'Maria Silva' with a phone no other request made here has, today at 10:00 for
 * 60 minutes.
 */
export async function createBookingRequest(db: Db, professionalId: string, overrides: Partial<Insert<typeof bookingRequests>> = {}) {
  customerPhones += 1;
  const [row] = await db
    .insert(bookingRequests)
    .values({
      professionalId,
      customerName: "Maria Silva",
      customerPhone: `1196${String(customerPhones).padStart(7, "0")}`,
      date: todayInSaoPaulo(),
      startMinute: 10 * 60,
      durationMinutes: 60,
      ...overrides,
    })
    .returning();
  return row!;
}

type Day = Omit<Insert<typeof workingHours>, "userId">;

/**
 * Working hours for those days, in day order: by default the demo week (Monday to Saturday
 * 09:00-18:00 with a 12:00-13:00 break, Sunday closed).
 */
export async function createWorkingHours(db: Db, userId: string, days: readonly Day[] = defaultWeek(userId)) {
  const rows = await db
    .insert(workingHours)
    .values(days.map((day) => ({ ...day, userId })))
    .returning();
  return rows.sort((a, b) => a.dayOfWeek - b.dayOfWeek);
}
