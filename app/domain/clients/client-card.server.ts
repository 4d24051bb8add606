// A client's card ('Ficha do cliente', /clientes?ver=<id>): the client, their visit history
// (date, service, price, status; newest first, a page at a time), how many visits there are,
// 'Não compareceu' count (kept by the database's triggers) and the next booked appointment, read
// in one batch. Every statement carries the professional's id.
import { and, asc, count, desc, eq, gt, lt, lte, or, type SQL } from "drizzle-orm";
import { appointments, bookingRequests, cashClosings, clients, type AppointmentStatus } from "../../../db/schema";
import { appointmentDeposit, depositColumns, depositJoin, type AppointmentDeposit } from "../deposits/deposits.server";
import type { DepositView } from "../deposits/deposits";
import type { Db } from "../../utils/db.server";
import { STATUS_LABELS } from "../appointments/statuses";
import { formatDate, minutesToTime } from "../dates";
import { formatMoney } from "../money";
import { firstName } from "../names";
import { formatPhone } from "../phone";
import { whatsappLink } from "../whatsapp";
import { clientType, isLoyal } from "./client-types";
import { activeAppointment } from "../status-rules.server";
import { closingColumns, closingOf, closingOfRow } from "../cash/revenue.server";
import { visitCents, type ReceivedInput } from "../cash/received";
import { isCompleted } from "../status-rules";

/** Visits shown at first; 'Ver mais' shows this many more each time. */
export const HISTORY_PAGE = 10;
/** Never more than this many rows on one card (a link can ask for any page). */
export const HISTORY_MAX_PAGES = 50;

export type HistoryEntry = {
  id: string;
  /** dd/MM/yyyy */
  date: string;
  time: string;
  service: string;
  /** 'R$ 50,00': what a completed visit brought ('Total gasto' adds these up), else the list price. */
  price: string;
  /** Completed with 'Pagamento pendente': only a deposit received so far. */
  paymentPending: boolean;
  status: AppointmentStatus;
  statusLabel: string;
  /** The deposit of the booking it came from ('Sinal recebido — …'), or null. */
  deposit: DepositView | null;
};

/**
 * The card of one of this professional's clients, or null when the id is not one of them.
 * `now`: today and the minute of the day in the professional's zone (visits are what started
 * up to now; the next appointment is the first scheduled or confirmed one after it).
 */
export async function loadClientCard(
  db: Db,
  userId: string,
  clientId: string,
  opts: { today: string; minute: number; pages?: number; timeZone?: string; now?: Date },
) {
  const zone = opts.timeZone ?? "America/Sao_Paulo";
  const now = opts.now ?? new Date();
  const pages = Math.min(Math.max(1, Math.floor(opts.pages ?? 1)), HISTORY_MAX_PAGES);
  const [[client], history, [total], next] = await readClientCard(db, userId, clientId, opts.today, opts.minute, pages * HISTORY_PAGE);
  if (!client) return null;
  const stats = { visitCount: client.visitCount, totalSpentCents: client.spentCents };
  const upcoming = next[0];
  return {
    id: client.id,
    name: client.name,
    phone: formatPhone(client.phone),
    phoneDigits: client.phone,
    email: client.email,
    address: client.address,
    birthDate: client.birthDate ? formatDate(client.birthDate, true) : null,
    notes: client.notes,
    type: clientType(stats),
    loyal: isLoyal(stats),
    appointmentCount: client.appointmentCount,
    visitCount: client.visitCount,
    totalSpent: formatMoney(client.spentCents),
    noShowCount: client.noShowCount,
    whatsapp: whatsappLink(client.phone, `Olá, ${firstName(client.name)}!`),
    next: upcoming ? { ...nextAppointment(upcoming), deposit: appointmentDeposit(upcoming.deposit, zone, now)?.view ?? null } : null,
    history: history.map((a) => ({ ...historyEntry(a), deposit: appointmentDeposit(a.deposit, zone, now)?.view ?? null })),
    visits: total?.n ?? 0,
    pages,
    hasMore: (total?.n ?? 0) > history.length && pages < HISTORY_MAX_PAGES,
  };
}

/** The card's reads in one batch: the client, `limit` visits newest first, their count, the next appointment. */
function readClientCard(db: Db, userId: string, clientId: string, today: string, minute: number, limit: number) {
  const mine = and(eq(appointments.userId, userId), eq(appointments.clientId, clientId));
  const upToNow = sqlUpToNow(today, minute);
  return db.batch([
    db
      .select()
      .from(clients)
      .where(and(eq(clients.id, clientId), eq(clients.userId, userId)))
      .limit(1),
    db
      .select({
        id: appointments.id,
        date: appointments.date,
        startMinute: appointments.startMinute,
        serviceName: appointments.serviceName,
        priceCents: appointments.priceCents,
        status: appointments.status,
        deposit: depositColumns,
        ...closingColumns,
      })
      .from(appointments)
      .leftJoin(bookingRequests, depositJoin(userId))
      .leftJoin(cashClosings, closingOf(userId))
      .where(and(mine, upToNow))
      .orderBy(desc(appointments.date), desc(appointments.startMinute), desc(appointments.id))
      .limit(limit),
    db.select({ n: count() }).from(appointments).where(and(mine, upToNow)),
    db
      .select({ date: appointments.date, startMinute: appointments.startMinute, serviceName: appointments.serviceName, status: appointments.status, deposit: depositColumns })
      .from(appointments)
      .leftJoin(bookingRequests, depositJoin(userId))
      .where(
        and(
          mine,
          activeAppointment,
          or(gt(appointments.date, today), and(eq(appointments.date, today), gt(appointments.startMinute, minute))),
        ),
      )
      .orderBy(asc(appointments.date), asc(appointments.startMinute))
      .limit(1),
  ]);
}

/** The next booked appointment as the card shows it, with the agenda's day it is on. */
function nextAppointment(a: { date: string; startMinute: number; serviceName: string; status: AppointmentStatus }) {
  return {
    date: formatDate(a.date, true),
    time: minutesToTime(a.startMinute),
    service: a.serviceName,
    statusLabel: STATUS_LABELS[a.status],
    agendaHref: `/agenda?periodo=customizado&de=${a.date}&ate=${a.date}`,
  };
}

type HistoryRow = Parameters<typeof closingOfRow>[0] & { id: string; date: string; startMinute: number; serviceName: string; priceCents: number; status: AppointmentStatus; deposit: AppointmentDeposit };

function historyEntry(a: HistoryRow): Omit<HistoryEntry, "deposit"> {
  const closing: ReceivedInput | null = closingOfRow(a);
  const completed = isCompleted(a.status);
  return {
    id: a.id,
    date: formatDate(a.date, true),
    time: minutesToTime(a.startMinute),
    service: a.serviceName || "—",
    price: formatMoney(completed ? visitCents(a.priceCents, closing) : a.priceCents),
    paymentPending: completed && closing?.status === "pending",
    status: a.status,
    statusLabel: STATUS_LABELS[a.status],
  };
}

export type ClientCardData = NonNullable<Awaited<ReturnType<typeof loadClientCard>>>;

/** Appointments that started up to now: before today, or today at a minute already reached. */
function sqlUpToNow(today: string, minute: number): SQL {
  return or(lt(appointments.date, today), and(eq(appointments.date, today), lte(appointments.startMinute, minute)))!;
}
