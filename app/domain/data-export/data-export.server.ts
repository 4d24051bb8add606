// Everything a professional's account holds, as CSV and JSON files in a .zip (LGPD;
// docs/decisions/0441-0442).
import { and, asc, eq } from "drizzle-orm";
import type { Zippable } from "fflate";
import {
  appointments,
  bookingRequests,
  cashClosingItems,
  cashClosings,
  cashPayments,
  categories,
  clients,
  externalCalendars,
  linkedAccounts,
  paymentAccounts,
  pushSubscriptions,
  waitlistEntries,
  profiles,
  services,
  storedImages,
  subscriptions,
  users,
  workingHours,
} from "../../../db/schema";
import { csvMoney, toCsv } from "../formats/csv";
import { centsToDecimal, formatMoney } from "../money";
import { PAYMENT_METHOD_LABELS } from "../cash/totals";
import type { Db } from "../../utils/db.server";
import {
  appointmentsTable,
  calendarsTable,
  closingsTable,
  devicesTable,
  waitlistTable,
  categoriesTable,
  clientsTable,
  hoursTable,
  linksTable,
  paymentAccountsTable,
  profileTable,
  requestsTable,
  servicesTable,
  settingsTable,
  subscriptionTable,
  type Table,
  type Value,
} from "./data-export-tables";

function jsonValue(v: Value): string | number | boolean | null {
  if (v === null) return null;
  if (v instanceof Date) return v.toISOString();
  // Decimal reais built from the centavos' digits (the same number as cents / 100, never drifted).
  if (typeof v === "object") return Number(centsToDecimal(v.cents, "."));
  return v;
}

function csvValue(v: Value): string {
  if (v === null) return "";
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "object") return csvMoney(v.cents);
  if (typeof v === "boolean") return v ? "sim" : "não";
  return String(v);
}

/** Excel pt-BR: UTF-8 BOM, ';' and CRLF, like the clients export (the one writer, csv.ts). */
function tableCsv<T>(table: Table<T>): string {
  return toCsv([table.columns.map((c) => c.label), ...table.rows.map((row) => table.columns.map((c) => csvValue(c.get(row))))]);
}

function toJson<T>(table: Table<T>) {
  return table.rows.map((row) => Object.fromEntries(table.columns.map((c) => [c.key, jsonValue(c.get(row))])));
}

const IMAGE_EXT: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };
const imagePath = (id: string, type: string) => `imagens/${id}.${IMAGE_EXT[type] ?? "bin"}`;

export type AccountArchive = {
  /** Sections of dados.json, in the order of the archive. */
  data: Record<string, unknown>;
  files: Zippable;
};

/** The closings with their appointment's time, items and payments in words ('Corte × 1 R$ 50,00'). */
async function readClosings(db: Db, userId: string) {
  const [rows, items, payments] = await Promise.all([
    db
      .select({ closing: cashClosings, date: appointments.date, startMinute: appointments.startMinute })
      .from(cashClosings)
      .innerJoin(appointments, and(eq(appointments.id, cashClosings.appointmentId), eq(appointments.userId, userId)))
      .where(eq(cashClosings.userId, userId))
      .orderBy(asc(appointments.date), asc(appointments.startMinute)),
    db.select().from(cashClosingItems).where(eq(cashClosingItems.userId, userId)).orderBy(asc(cashClosingItems.position)),
    db.select().from(cashPayments).where(eq(cashPayments.userId, userId)),
  ]);
  return rows.map(({ closing, date, startMinute }) => ({
    ...closing,
    date,
    startMinute,
    items: items.filter((i) => i.closingId === closing.id).map((i) => `${i.name} × ${i.quantity} ${formatMoney(i.unitPriceCents)}`).join("; "),
    payments: payments.filter((p) => p.closingId === closing.id).map((p) => `${PAYMENT_METHOD_LABELS[p.method]} ${formatMoney(p.amountCents)}`).join("; "),
  }));
}

/** Every row the professional owns, each query scoped by `userId`. */
async function readAccount(db: Db, userId: string) {
  const [[user], [profile], [subscription], hours, cats, svcs, cls, appts, requests, links, images, payments, closings, calendars, waiting, devices] =
    await Promise.all([
      db.select({ email: users.email, createdAt: users.createdAt, setupCompletedAt: users.setupCompletedAt, guideSeenAt: users.guideSeenAt, tutorialSteps: users.tutorialSteps }).from(users).where(eq(users.id, userId)),
      db.select().from(profiles).where(eq(profiles.userId, userId)),
      db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
      db.select().from(workingHours).where(eq(workingHours.userId, userId)).orderBy(asc(workingHours.dayOfWeek)),
      db.select().from(categories).where(eq(categories.userId, userId)).orderBy(asc(categories.name), asc(categories.id)),
      db.select().from(services).where(eq(services.userId, userId)).orderBy(asc(services.name), asc(services.id)),
      db.select().from(clients).where(eq(clients.userId, userId)).orderBy(asc(clients.name), asc(clients.id)),
      db.select().from(appointments).where(eq(appointments.userId, userId)).orderBy(asc(appointments.date), asc(appointments.startMinute), asc(appointments.id)),
      db.select().from(bookingRequests).where(eq(bookingRequests.professionalId, userId)).orderBy(asc(bookingRequests.date), asc(bookingRequests.startMinute), asc(bookingRequests.id)),
      db.select().from(linkedAccounts).where(eq(linkedAccounts.ownerId, userId)).orderBy(asc(linkedAccounts.createdAt)),
      db.select().from(storedImages).where(eq(storedImages.userId, userId)).orderBy(asc(storedImages.createdAt)),
      // Which provider and since when: the sealed tokens are never read here.
      db.select({ provider: paymentAccounts.provider, connectedAt: paymentAccounts.connectedAt }).from(paymentAccounts).where(eq(paymentAccounts.userId, userId)).orderBy(asc(paymentAccounts.connectedAt)),
      readClosings(db, userId),
      db.select({ name: externalCalendars.name, url: externalCalendars.url, createdAt: externalCalendars.createdAt }).from(externalCalendars).where(eq(externalCalendars.userId, userId)).orderBy(asc(externalCalendars.createdAt)),
      db.select().from(waitlistEntries).where(eq(waitlistEntries.professionalId, userId)).orderBy(asc(waitlistEntries.date), asc(waitlistEntries.createdAt)),
      db.select({ label: pushSubscriptions.label, createdAt: pushSubscriptions.createdAt }).from(pushSubscriptions).where(eq(pushSubscriptions.professionalId, userId)).orderBy(asc(pushSubscriptions.createdAt)),
    ]);
  if (!user || !profile) throw new Error("account not found");
  return { user, profile, subscription, hours, cats, svcs, cls, appts, requests, links, images, payments, closings, calendars, waiting, devices };
}

/**
 * Everything the professional owns, as dados.json plus one CSV per table and their stored
 * images. Every query is scoped by `userId`; no password hash, session, token or
 * payment-provider id is included.
 */
export async function collectAccountData(db: Db, userId: string, now = new Date()): Promise<AccountArchive> {
  const { user, profile, subscription, hours, cats, svcs, cls, appts, requests, links, images, payments, closings, calendars, waiting, devices } = await readAccount(db, userId);
  const categoryName = new Map(cats.map((c) => [c.id, c.name]));
  const clientName = new Map(cls.map((c) => [c.id, c.name]));
  const photo = images.find((i) => i.id === profile.profileImageId);

  const profileTables = [profileTable(profile, user, photo ? imagePath(photo.id, photo.contentType) : null), settingsTable(profile, user)];
  const subscriptionRow = subscriptionTable(subscription);
  const single = [...profileTables, subscriptionRow];
  const lists = [
    hoursTable(hours),
    categoriesTable(cats),
    servicesTable(svcs, categoryName),
    clientsTable(cls),
    appointmentsTable(appts, clientName),
    requestsTable(requests),
    linksTable(links),
    paymentAccountsTable(payments),
    closingsTable(closings),
    calendarsTable(calendars),
    waitlistTable(waiting),
    devicesTable(devices),
  ];
  const data: Record<string, unknown> = { exportado_em: now.toISOString(), formato: 1 };
  for (const t of profileTables) data[t.name] = toJson(t)[0] ?? null;
  for (const t of lists) data[t.name] = toJson(t as Table<unknown>);
  data[subscriptionRow.name] = toJson(subscriptionRow)[0] ?? null;

  const files: Zippable = {
    "LEIA-ME.txt": utf8(readme(now)),
    "dados.json": utf8(JSON.stringify(data, null, 2)),
  };
  for (const t of [...single, ...lists]) files[t.file] = utf8(tableCsv(t as Table<unknown>));
  for (const image of images) files[imagePath(image.id, image.contentType)] = new Uint8Array(image.data);
  return { data, files };
}

const encoder = new TextEncoder();
const utf8 = (text: string) => encoder.encode(text);

function readme(now: Date) {
  return [
    "Seus dados no Agendo",
    `Exportado em ${now.toISOString()} (UTC).`,
    "",
    "dados.json: todos os dados em um único arquivo JSON.",
    "Arquivos .csv: uma tabela por tipo de dado, para abrir no Excel ou no Google Planilhas",
    "(UTF-8, separador ';', valores em reais com vírgula decimal).",
    "imagens/: as imagens que você enviou (foto de perfil).",
    "",
    "Datas e horas de registro estão em UTC (ISO 8601). Datas e horários de agendamentos",
    "estão no seu fuso horário.",
    "",
  ].join("\r\n");
}

/** The archive as .zip bytes (fflate runs on Node and Workers alike; loaded on the first export,
 * not when a Worker starts: docs/decisions/1220). */
export async function accountArchiveZip(db: Db, userId: string, now = new Date()) {
  const { files } = await collectAccountData(db, userId, now);
  const { zipSync } = await import("fflate");
  return zipSync(files, { level: 6, mtime: now });
}
