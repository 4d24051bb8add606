// 'Exportar CSV' of the Caixa: one line per closed service of the period, in the Relatórios' and
// the clients' format (UTF-8 BOM, ';', CRLF, formula-safe cells: the same csvCell and csvMoney).
import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import { appointments, cashClosings, clients } from "../../../db/schema";
import { csvCell, csvMoney } from "../clients/clients.server";
import { formatDate, minutesToTime, type DateRange } from "../dates";
import type { Db } from "../../utils/db.server";
import { CLOSING_STATUS_LABELS } from "./history";
import { receivedCents } from "./received";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "./totals";

export const CASH_CSV_HEADER = [
  "Data",
  "Horário",
  "Cliente",
  "Serviço",
  "Subtotal (R$)",
  "Desconto (R$)",
  "Sinal (R$)",
  ...PAYMENT_METHODS.map((m) => `${PAYMENT_METHOD_LABELS[m]} (R$)`),
  "Gorjeta (R$)",
  "Recebido (R$)",
  "Situação",
];

const paidBy = (method: string) => sql<number>`coalesce((select sum(amount_cents) from cash_payments where closing_id = ${cashClosings.id} and method = ${method}), 0)`;

/** The closings of the period as CSV text, in date and time order. */
export async function cashCsv(db: Db, userId: string, range: DateRange) {
  const rows = await db
    .select({
      date: appointments.date,
      startMinute: appointments.startMinute,
      clientName: clients.name,
      serviceName: appointments.serviceName,
      status: cashClosings.status,
      subtotal: cashClosings.subtotalCents,
      discount: cashClosings.discountCents,
      deposit: cashClosings.depositCents,
      tip: cashClosings.tipCents,
      pix: paidBy("pix"),
      cash: paidBy("cash"),
      debit: paidBy("debit"),
      credit: paidBy("credit"),
    })
    .from(cashClosings)
    .innerJoin(appointments, and(eq(appointments.id, cashClosings.appointmentId), eq(appointments.userId, userId)))
    .leftJoin(clients, and(eq(clients.id, appointments.clientId), eq(clients.userId, userId)))
    .where(and(eq(cashClosings.userId, userId), eq(appointments.status, "completed"), gte(appointments.date, range.from), lte(appointments.date, range.to)))
    .orderBy(asc(appointments.date), asc(appointments.startMinute));
  const lines = rows.map((r) => {
    const paid = PAYMENT_METHODS.map((m) => Number(r[m]));
    const received = receivedCents({ status: r.status, paidCents: paid.reduce((a, b) => a + b, 0), tipCents: r.tip, depositCents: r.deposit });
    return [
      formatDate(r.date, true),
      minutesToTime(r.startMinute),
      r.clientName ?? "Cliente não encontrado",
      r.serviceName || "Serviço não encontrado",
      csvMoney(r.subtotal),
      csvMoney(r.discount),
      csvMoney(r.deposit),
      ...paid.map(csvMoney),
      csvMoney(r.tip),
      csvMoney(received),
      CLOSING_STATUS_LABELS[r.status],
    ]
      .map(csvCell)
      .join(";");
  });
  return `\uFEFF${[CASH_CSV_HEADER.map(csvCell).join(";"), ...lines].join("\r\n")}\r\n`;
}
