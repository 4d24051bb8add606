// The Reports screen's export: the filtered appointments of the period as a CSV file, the
// professional's or, for an owner who chose 'Salão', the salon's with whose each line is
// (docs/decisions/1050).
import { and, asc, eq, sql } from "drizzle-orm";
import { appointments, cashClosings, cashPayments, clients, profiles, services, type AppointmentStatus, type ClosingStatus } from "../../../db/schema";
import type { FigureScope } from "../salon";
import { inScope, sameProfessional, professionalName } from "../salon.server";
import { closingOf } from "../cash/revenue.server";
import { receivedCents } from "../cash/received";
import { STATUS_LABELS } from "../appointments/statuses";
import type { CurrentUser } from "../accounts/access.server";
import { csvLines, csvMoney, toCsv } from "../formats/csv";
import type { Db } from "../../utils/db.server";
import { formatDuration } from "../money";
import { formatDate, minutesToTime, nowInZone, type DateRange } from "../dates";
import { readReportParams, type ReportFilter } from "./report-params";
import { inPeriod } from "./report-queries.server";
import { isCompleted } from "../status-rules";

/**
 * 'Faturado' is what the row adds to Relatórios' 'Receita total' (decision 0920): received for a
 * closed service (received.ts), the list price of one completed without a closing; tips apart.
 */
export const REPORT_CSV_HEADER = ["Data", "Horário", "Cliente", "Serviço", "Duração", "Preço (R$)", "Status", "Faturado (R$)", "Gorjeta (R$)", "Fechamento"];

const CLOSING_LABELS: Record<ClosingStatus, string> = { paid: "Pago", pending: "Pagamento pendente" };

/** Rows fetched per statement while the file streams out. */
const CSV_PAGE = 1000;

type CsvRow = {
  id: string;
  professionalName: string | null;
  date: string;
  startMinute: number;
  durationMinutes: number;
  priceCents: number;
  status: AppointmentStatus;
  serviceName: string;
  clientName: string | null;
  closingStatus: ClosingStatus | null;
  paidCents: number | null;
  tipCents: number | null;
  depositCents: number | null;
};

/** The money columns of a row: nothing for one not completed. */
function moneyCells(row: CsvRow): string[] {
  if (!isCompleted(row.status)) return ["", "", ""];
  if (!row.closingStatus) return [csvMoney(row.priceCents), "", "Sem fechamento"];
  const paid = row.closingStatus === "paid";
  const received = receivedCents({ status: row.closingStatus, paidCents: Number(row.paidCents ?? 0), tipCents: Number(row.tipCents ?? 0), depositCents: Number(row.depositCents ?? 0) });
  return [csvMoney(received), paid ? csvMoney(Number(row.tipCents ?? 0)) : "", CLOSING_LABELS[row.closingStatus]];
}

/** The salon's file says whose each line is, after the time. */
function csvHeader(salon: boolean) {
  return salon ? [...REPORT_CSV_HEADER.slice(0, 2), "Profissional", ...REPORT_CSV_HEADER.slice(2)] : REPORT_CSV_HEADER;
}

function csvCells(row: CsvRow, salon: boolean): string[] {
  return [
    formatDate(row.date, true),
    minutesToTime(row.startMinute),
    ...(salon ? [row.professionalName ?? ""] : []),
    row.clientName ?? "Cliente não encontrado",
    row.serviceName || "Serviço não encontrado",
    formatDuration(row.durationMinutes),
    csvMoney(row.priceCents),
    STATUS_LABELS[row.status],
    ...moneyCells(row),
  ];
}

/**
 * The filtered appointments of the period as CSV (UTF-8 BOM, ';', CRLF: the clients CSV's
 * format), in date and time order. Streams page by page (keyset on date, time, id), so a
 * long period never sits in memory whole.
 */
export function reportCsvStream(db: Db, scope: FigureScope, range: DateRange, filter: ReportFilter) {
  const encoder = new TextEncoder();
  const where = inPeriod(scope, range, filter);
  let after: CsvRow | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(toCsv([csvHeader(scope.salon)])));
        return;
      }
      const rows: CsvRow[] = await db
        .select({
          id: appointments.id,
          professionalName,
          date: appointments.date,
          startMinute: appointments.startMinute,
          durationMinutes: appointments.durationMinutes,
          priceCents: appointments.priceCents,
          status: appointments.status,
          serviceName: appointments.serviceName,
          clientName: clients.name,
          closingStatus: cashClosings.status,
          paidCents: sql<number | null>`(select sum(${cashPayments.amountCents}) from ${cashPayments} where ${cashPayments.closingId} = ${cashClosings.id})`,
          tipCents: cashClosings.tipCents,
          depositCents: cashClosings.depositCents,
        })
        .from(appointments)
        .leftJoin(cashClosings, closingOf(scope))
        .leftJoin(clients, and(eq(clients.id, appointments.clientId), sameProfessional(scope, clients.userId, appointments.userId)))
        .leftJoin(profiles, eq(profiles.userId, appointments.userId))
        .where(
          after
            ? and(
                where,
                sql`(${appointments.date}, ${appointments.startMinute}, ${appointments.id}) > (${after.date}, ${after.startMinute}, ${after.id})`,
              )
            : where,
        )
        .orderBy(asc(appointments.date), asc(appointments.startMinute), asc(appointments.id))
        .limit(CSV_PAGE);
      if (rows.length > 0) {
        controller.enqueue(encoder.encode(csvLines(rows.map((r) => csvCells(r, scope.salon)))));
        after = rows.at(-1)!;
      }
      if (rows.length < CSV_PAGE) controller.close();
    },
  });
}

/** Params for the export: the same reading as the screen (the salon's services for the salon's file). */
export async function reportExportParams(db: Db, user: CurrentUser, url: URL, scope: FigureScope = { userId: user.id, salon: false }, now = new Date()) {
  const today = nowInZone(user.profile.timeZone, now).date;
  const serviceRows = await db
    .select({ id: services.id })
    .from(services)
    .where(inScope(scope, services.userId));
  return readReportParams(
    url,
    today,
    serviceRows.map((s) => s.id),
  );
}
