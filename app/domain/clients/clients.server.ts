import { and, asc, count, desc, eq, gt, gte, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { clients } from "../../../db/schema";
import {
  ACTIVE_WITHIN_DAYS,
  clientType,
  isLoyal,
  SEARCH_MAX,
  VIP_SPENT_ABOVE_CENTS,
  type ClientListItem,
  type ClientTiles,
  type ClientView,
} from "./client-types";
import type { Db } from "../../utils/db.server";
import { addDays, formatDate, formatInstant, localDate, localMidnightMs, monthAndYear, nowInZone } from "../dates";
import { formatMoney } from "../money";
import { digitsOnly, formatPhone } from "../phone";
import { csvMoney, toCsv } from "../formats/csv";

// Every query here takes the professional's id and puts it in the WHERE clause.
// Each client's figures are kept by the database on the client's row (migrations 0007 and
// figures_visits, client_spent_received): "total gasto" is what their completed appointments
// brought (received, docs/decisions/1060), the appointment count leaves
// cancelled ones out, and visits are completed appointments: 'Visitas', 'Última Visita' (the
// latest completed one) and the badges count them (docs/decisions/0123, 0760).

/** The one VIP rule (client-types.ts `isVip`) as SQL, for counts and lists of many clients. */
export const isVipClient = gt(clients.spentCents, VIP_SPENT_ABOVE_CENTS);

/**
 * The one rule of 'Novos' (Clientes' tile, the dashboard's 'novos clientes este mês', the
 * profile's 'Novos clientes'): a client who came in [fromMs, toMs), i.e. created in Agendo then
 * (the form, an accepted booking, the agenda), never one 'Importar clientes' brought, who came
 * before Agendo (docs/decisions/1013).
 */
export function newClientBetween(fromMs: number, toMs?: number): SQL {
  const until = toMs === undefined ? sql`` : sql` and ${clients.createdAt} < ${toMs}`;
  return sql`(${clients.importedAt} is null and ${clients.createdAt} >= ${fromMs}${until})`;
}

/** How many of the professional's clients the rule counts, as a column of an aggregate. */
export function newClientsCount(fromMs: number, toMs?: number) {
  return sql<number>`coalesce(sum(case when ${newClientBetween(fromMs, toMs)} then 1 else 0 end), 0)`.mapWith(Number);
}

export const PAGE_SIZE = 24;

export type Client = typeof clients.$inferSelect;

/** "Today", the start of this month and the start of the active window, in the professional's zone. */
export function clientClock(timeZone: string, now = new Date()) {
  const today = nowInZone(timeZone, now).date;
  return {
    timeZone,
    today,
    monthStartMs: localMidnightMs(`${today.slice(0, 8)}01`, timeZone),
    activeFrom: addDays(today, -ACTIVE_WITHIN_DAYS),
  };
}
export type ClientClock = ReturnType<typeof clientClock>;

// ------------------------------------------------------------------ reads

export function getClient(db: Db, userId: string, id: string) {
  return db.query.clients.findFirst({ where: and(eq(clients.id, id), eq(clients.userId, userId)) });
}

function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The accented letters of Portuguese, both cases, and their plain letter. Kept to these 24: each
 * is one nested replace() and SQLite's parser allows only so much nesting.
 */
const ACCENTED: [string, string][] = [
  ..."áàâãÁÀÂÃ".split("").map((c) => [c, "a"] as [string, string]),
  ..."éêÉÊ".split("").map((c) => [c, "e"] as [string, string]),
  ..."íÍ".split("").map((c) => [c, "i"] as [string, string]),
  ..."óôõÓÔÕ".split("").map((c) => [c, "o"] as [string, string]),
  ..."úÚ".split("").map((c) => [c, "u"] as [string, string]),
  ..."çÇ".split("").map((c) => [c, "c"] as [string, string]),
];

/** The column without accents, for LIKE (which already ignores ASCII case): "João" -> "Joao". */
function withoutAccents(column: SQL | typeof clients.name): SQL {
  return ACCENTED.reduce<SQL>((inner, [from, to]) => sql`replace(${inner}, ${from}, ${to})`, sql`${column}`);
}

/** "Conceição " -> "Conceicao": what the typed text is compared as. */
export function foldAccents(text: string) {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}

/**
 * Name or e-mail containing the text, accents and case ignored ("joao" finds "João"), or
 * phone containing its digits (2 or more).
 */
export function searchCondition(userId: string, q: string): SQL {
  const owner = eq(clients.userId, userId);
  const term = foldAccents(q.trim().slice(0, SEARCH_MAX));
  if (!term) return owner;
  const like = `%${escapeLike(term)}%`;
  const parts: SQL[] = [
    sql`${clients.name} LIKE ${like} ESCAPE '\\'`,
    // Only names with a non-ASCII letter pay for the replace() chain.
    sql`(${clients.name} GLOB '*[^ -~]*' AND ${withoutAccents(clients.name)} LIKE ${like} ESCAPE '\\')`,
    sql`${clients.email} LIKE ${like} ESCAPE '\\'`,
  ];
  const digits = digitsOnly(term);
  if (digits.length >= 2) parts.push(sql`${clients.phone} LIKE ${`%${digits}%`}`);
  return and(owner, or(...parts))!;
}

/** Everything a card or timeline entry shows, formatted on the server (same text with or without JS). */
export function toListItem(client: Client, timeZone: string): ClientListItem {
  const created = localDate(client.createdAt, timeZone);
  const stats = { visitCount: client.visitCount, totalSpentCents: client.spentCents };
  return {
    id: client.id,
    name: client.name,
    phone: formatPhone(client.phone),
    phoneDigits: client.phone,
    email: client.email,
    address: client.address,
    type: clientType(stats),
    loyal: isLoyal(stats),
    appointmentCount: client.appointmentCount,
    visitCount: client.visitCount,
    noShowCount: client.noShowCount,
    totalSpent: formatMoney(client.spentCents),
    lastVisit: client.lastVisitDate ? formatDate(client.lastVisitDate, true) : null,
    since: monthAndYear(created),
    createdDay: formatDate(created),
    createdYear: created.slice(0, 4),
  };
}

/** The four tiles, read from the clients' kept figures (Ativos: a visit in the last 30 days, on clients_user_last_visit_idx). */
export function tileQueries(db: Db, userId: string, clock: ClientClock) {
  return [
    db
      .select({
        total: count(),
        newThisMonth: newClientsCount(clock.monthStartMs),
      })
      .from(clients)
      .where(eq(clients.userId, userId)),
    db
      .select({ vip: count() })
      .from(clients)
      .where(and(eq(clients.userId, userId), isVipClient)),
    activeClientsQuery(db, userId, clock),
  ] as const;
}

/** Ativos: clients whose latest visit is within the last 30 days (today included). */
export function activeClientsQuery(db: Db, userId: string, clock: Pick<ClientClock, "activeFrom" | "today">) {
  return db
    .select({ active: count() })
    .from(clients)
    .where(and(eq(clients.userId, userId), gte(clients.lastVisitDate, clock.activeFrom), lte(clients.lastVisitDate, clock.today)));
}

type TileResults = readonly [
  { total: number; newThisMonth: number }[],
  { vip: number }[],
  { active: number }[],
];

function tilesFrom([[totals], [vip], [active]]: TileResults): ClientTiles {
  return {
    total: totals?.total ?? 0,
    newThisMonth: totals?.newThisMonth ?? 0,
    vip: vip?.vip ?? 0,
    active: active?.active ?? 0,
  };
}

/**
 * One page of clients with their metrics and the tiles: the page, its count and the tiles
 * in one batch (one round trip), then the metrics of those (at most PAGE_SIZE) clients.
 */
export async function listClients(
  db: Db,
  userId: string,
  options: { q: string; page: number; view: ClientView; clock: ClientClock; filter?: SQL },
) {
  const where = and(searchCondition(userId, options.q), options.filter)!;
  const order =
    options.view === "timeline"
      ? [desc(clients.createdAt), desc(clients.id)]
      : [asc(sql`${clients.name} collate nocase`), asc(clients.id)];
  const pageQuery = (page: number) =>
    db.select().from(clients).where(where).orderBy(...order).limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE);
  // The page with its clients' figures, the match count and the tiles: one round trip.
  const [[matching], rows, ...tiles] = await db.batch([
    db.select({ n: count() }).from(clients).where(where),
    pageQuery(options.page),
    ...tileQueries(db, userId, options.clock),
  ]);
  const total = matching?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(options.page, pageCount);
  // A page past the end (after a deletion, or typed by hand) shows the last one.
  const pageRows = page === options.page ? rows : await pageQuery(page);
  return {
    clients: pageRows.map((client) => toListItem(client, options.clock.timeZone)),
    matching: total,
    page,
    pageCount,
    pageSize: PAGE_SIZE,
    tiles: tilesFrom(tiles as TileResults),
  };
}

// ------------------------------------------------------------------ writes

export class PhoneTakenError extends Error {
  constructor() {
    super("phone taken");
  }
}

/** The unique index clients_user_phone_uq refused the row (two saves racing for one phone). */
function isPhoneConflict(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const message = e instanceof Error ? e.message : String(e);
    if (message.includes("UNIQUE") && message.includes("clients.phone")) return true;
  }
  return false;
}

/** Another of this professional's clients already has the phone. */
export async function phoneTaken(db: Db, userId: string, phone: string, exceptId?: string) {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        eq(clients.userId, userId),
        eq(clients.phone, phone),
        exceptId ? ne(clients.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

/** What the professional typed about a client, already checked by the client form. */
export type ClientFields = {
  name: string;
  phone: string;
  email?: string;
  address?: string;
  birthDate?: string;
  notes?: string;
};

function columns(input: ClientFields) {
  return {
    name: input.name,
    phone: input.phone,
    email: input.email ?? "",
    address: input.address ?? "",
    birthDate: input.birthDate || null,
    notes: input.notes ?? "",
  };
}

export async function createClient(db: Db, userId: string, input: ClientFields) {
  try {
    const [row] = await db
      .insert(clients)
      .values({ userId, ...columns(input) })
      .returning({ id: clients.id, name: clients.name });
    return row!;
  } catch (error) {
    if (isPhoneConflict(error)) throw new PhoneTakenError();
    throw error;
  }
}

/** Null when the client is not this professional's. */
export async function updateClient(db: Db, userId: string, id: string, input: ClientFields) {
  try {
    const [row] = await db
      .update(clients)
      .set(columns(input))
      .where(and(eq(clients.id, id), eq(clients.userId, userId)))
      .returning({ id: clients.id, name: clients.name });
    return row ?? null;
  } catch (error) {
    if (isPhoneConflict(error)) throw new PhoneTakenError();
    throw error;
  }
}

/**
 * Removes the client. Their appointments stay (history for the agenda and reports) with
 * client_id set to NULL by the foreign key (docs/decisions/0121). Null when not this professional's.
 */
export async function deleteClient(db: Db, userId: string, id: string) {
  const [row] = await db
    .delete(clients)
    .where(and(eq(clients.id, id), eq(clients.userId, userId)))
    .returning({ id: clients.id, name: clients.name });
  return row ?? null;
}

// ------------------------------------------------------------------ CSV export

export const CSV_HEADER = [
  "Nome",
  "Telefone",
  "E-mail",
  "Endereço",
  "Data de nascimento",
  "Observações",
  "Cliente desde",
  "Agendamentos",
  "Visitas",
  "Total gasto (R$)",
  "Última visita",
];

/** The professional's clients as CSV text: UTF-8 BOM, ';' separator, CRLF (docs/decisions/0122). */
export async function clientsCsv(db: Db, userId: string, clock: ClientClock) {
  const rows = await db
    .select()
    .from(clients)
    .where(eq(clients.userId, userId))
    .orderBy(asc(sql`${clients.name} collate nocase`), asc(clients.id));
  const lines: string[][] = [CSV_HEADER];
  for (const client of rows) {
    lines.push(
      [
        client.name,
        formatPhone(client.phone),
        client.email,
        client.address,
        client.birthDate ? formatDate(client.birthDate, true) : "",
        client.notes,
        formatInstant(client.createdAt, clock.timeZone),
        String(client.appointmentCount),
        String(client.visitCount),
        csvMoney(client.spentCents),
        client.lastVisitDate ? formatDate(client.lastVisitDate, true) : "",
      ],
    );
  }
  return toCsv(lines);
}
