import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { eq } from "drizzle-orm";
import { appointments, bookingRequests, categories, clients, profiles, services, workingHours } from "../../db/schema";
import { createAccount } from "../../app/domain/accounts/registration.server";
import { defaultWeek } from "../../app/domain/demo/demo-professional.server";
import { addDays, dayOfWeek, nowInZone } from "../../app/domain/dates";
import { slugify } from "../../app/domain/slug";
import type { Db } from "../../app/utils/db.server";
import { hashPassword } from "../../app/utils/password.server";

type Insert<T extends { $inferInsert: object }> = T["$inferInsert"];

/** Inserts rows into a table and returns them as stored. */
function insertRows<T extends SQLiteTable>(db: Db, table: T, rows: readonly T["$inferInsert"][]): Promise<T["$inferSelect"][]> {
  return db.insert(table).values([...rows]).returning();
}

/** Inserts one row and returns it as stored. */
async function insertRow<T extends SQLiteTable>(db: Db, table: T, row: T["$inferInsert"]): Promise<T["$inferSelect"]> {
  const [stored] = await insertRows(db, table, [row]);
  return stored!;
}

/** The password of every professional made here unless told otherwise. */
const PASSWORD = "senha123";
let passwordHash: Promise<string> | undefined;

/**
 * What createAccount needs for that password: for the default one, its hash made once a process.
 * A real hash at the production cost (PBKDF2, 100,000 iterations: 16-50 ms of CPU) which every
 * account made here paid; what the tests sign in with is unchanged.
 */
export async function passwordFields(password = PASSWORD): Promise<{ password: string } | { passwordHash: string }> {
  if (password !== PASSWORD) return { password };
  passwordHash ??= hashPassword(PASSWORD);
  return { passwordHash: await passwordHash };
}

let n = 0;

/** A professional with a profile and a 7-day trial; password 'senha123'. */
export async function createProfessional(db: Db, overrides: Partial<{ name: string; email: string; phone: string; password: string }> = {}) {
  n += 1;
  const input = {
    name: overrides.name ?? `Profissional ${n}`,
    email: overrides.email ?? `pro${n}-${crypto.randomUUID().slice(0, 8)}@example.com`,
    phone: overrides.phone ?? "11987654321",
    password: overrides.password ?? PASSWORD,
  };
  const account = await createAccount(db, { ...input, ...(await passwordFields(input.password)) });
  return { id: account.userId, name: input.name, email: account.email, password: input.password, bookingSlug: account.bookingSlug };
}

let phones = 0;

type ClientFields = Partial<Insert<typeof clients>>;

/** Clients of that professional in one insert: named 'Cliente N' with a phone no other client made here has, unless given. */
export async function createClients(db: Db, userId: string, rows: readonly ClientFields[]) {
  const values = rows.map((fields) => {
    phones += 1;
    return { userId, name: `Cliente ${phones}`, phone: `1197${String(phones).padStart(7, "0")}`, ...fields };
  });
  return insertRows(db, clients, values);
}

/** A client of that professional, with the defaults of createClients. */
export async function createClient(db: Db, userId: string, fields: ClientFields = {}) {
  const [row] = await createClients(db, userId, [fields]);
  return row!;
}

/** Today in São Paulo (yyyy-MM-dd), the zone every professional made here works in. */
function todayInSaoPaulo() {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
}

/** A service category; its code (slug) made from the name as the app makes it, unless given. */
export async function createCategory(db: Db, userId: string, fields: Partial<Insert<typeof categories>> & { name: string }) {
  return insertRow(db, categories, { userId, ...fields, slug: fields.slug ?? slugify(fields.name) });
}

let serviceCount = 0;

/** An active service: R$ 50,00 for 30 minutes, uncategorised, unless told otherwise. */
export async function createService(db: Db, userId: string, overrides: Partial<Insert<typeof services>> = {}) {
  serviceCount += 1;
  return insertRow(db, services, { userId, name: `Serviço ${serviceCount}`, priceCents: 5000, durationMinutes: 30, ...overrides });
}

type AppointmentFields = Partial<Insert<typeof appointments>>;

/**
 * Appointments in one insert, as is (no availability check: tests may overlap them on purpose):
 * today at 10:00 unless given, the schema's defaults otherwise (60 minutes, no client or service,
 * scheduled).
 */
export async function createAppointments(db: Db, userId: string, rows: readonly AppointmentFields[]) {
  const date = todayInSaoPaulo();
  return insertRows(db, appointments, rows.map((fields) => ({ userId, date, startMinute: 10 * 60, ...fields })));
}

/** One appointment, with the defaults of createAppointments. */
export async function createAppointment(db: Db, userId: string, fields: AppointmentFields = {}) {
  const [row] = await createAppointments(db, userId, [fields]);
  return row!;
}

let customerPhones = 0;

/**
 * A booking request as the booking page stores it, inserted as is (no availability check):
 * pending, from 'Maria Silva' with a phone no other request made here has, today at 10:00 for
 * 60 minutes.
 */
export async function createBookingRequest(db: Db, professionalId: string, overrides: Partial<Insert<typeof bookingRequests>> = {}) {
  customerPhones += 1;
  return insertRow(db, bookingRequests, {
    professionalId,
    customerName: "Maria Silva",
    customerPhone: `1196${String(customerPhones).padStart(7, "0")}`,
    date: todayInSaoPaulo(),
    startMinute: 10 * 60,
    durationMinutes: 60,
    ...overrides,
  });
}

type Day = Omit<Insert<typeof workingHours>, "userId">;

/**
 * Working hours for those days, in day order: by default the demo week (Monday to Saturday
 * 09:00-18:00 with a 12:00-13:00 break, Sunday closed).
 */
export async function createWorkingHours(db: Db, userId: string, days: readonly Day[] = defaultWeek(userId)) {
  const rows = await insertRows(db, workingHours, days.map((day) => ({ ...day, userId })));
  return rows.sort((a, b) => a.dayOfWeek - b.dayOfWeek);
}

type ServiceFields = Omit<Insert<typeof services>, "userId">;

export type BookableOptions = {
  name?: string;
  email?: string;
  /** Profile fields set after sign-up (auto-confirmation, a business name, a time zone, a Pix key). */
  profile?: Partial<Insert<typeof profiles>>;
  /** The demo week unless given: `{ start, end }` opens every day with those hours; rows are used as they are. */
  hours?: { start: string; end: string } | readonly Day[];
  /** 'Corte', R$ 50,00 for 30 minutes, unless given; an empty list makes a page with nothing to book. */
  services?: readonly ServiceFields[];
  /** Files every service under a category of that name. */
  category?: string;
};

/**
 * The one bookable professional of the integration and e2e tests: an account (see
 * createProfessional; named 'Salão …' unless given), working hours, services and a booking page
 * (`pro.bookingSlug`), ready to be booked. `service` is the first service.
 */
export async function createBookablePro(db: Db, options: BookableOptions = {}) {
  const name = options.name ?? `Salão ${crypto.randomUUID().slice(0, 8)}`;
  const pro = await createProfessional(db, options.email ? { name, email: options.email } : { name });
  if (options.profile && Object.keys(options.profile).length) {
    await db.update(profiles).set(options.profile).where(eq(profiles.userId, pro.id));
  }
  const { hours } = options;
  const days = !hours
    ? undefined
    : "start" in hours
      ? Array.from({ length: 7 }, (_, dayOfWeek) => ({ dayOfWeek, startTime: hours.start, endTime: hours.end }))
      : hours;
  await createWorkingHours(db, pro.id, days);
  const categoryId = options.category ? (await createCategory(db, pro.id, { name: options.category })).id : undefined;
  const list = options.services ?? [{ name: "Corte", priceCents: 5000, durationMinutes: 30 }];
  const rows = list.length ? await insertRows(db, services, list.map((fields) => ({ categoryId, ...fields, userId: pro.id }))) : [];
  return { pro, service: rows[0]!, services: rows };
}

/**
 * A working day of the demo week (Monday to Saturday) at least `ahead` days after today in `zone`
 * (São Paulo unless given), or the `skip`-th working day after that one (two e2e projects booking
 * one professional take 0 and 1: two plain offsets can meet across a Sunday).
 */
export function workingDay(ahead = 2, { skip = 0, zone = "America/Sao_Paulo" }: { skip?: number; zone?: string } = {}) {
  let date = addDays(nowInZone(zone).date, ahead);
  for (let left = skip; ; left--) {
    while (dayOfWeek(date) === 0) date = addDays(date, 1);
    if (left === 0) return date;
    date = addDays(date, 1);
  }
}
