// 'Exportar CSV' of the Caixa: one line per closed service of the period, in the Relatórios' and
// the clients' format (UTF-8 BOM, ';', CRLF, formula-safe cells: the same csvCell and csvMoney),
// and a last 'Total' line with the screen's own figures (cashDay), docs/decisions/0925.
import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import { appointments, cashClosings, clients } from "../../../db/schema";
import { csvCell, csvMoney } from "../csv";
import { formatDate, minutesToTime, type DateRange } from "../dates";
import type { Db } from "../../utils/db.server";
import { formatInteger } from "../money";
import { cashDay, type CashDay } from "./day.server";
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

/** The last line: the Caixa screen's figures for the period, in the columns' order. */
function totalLine(day: CashDay) {
  return [
    "Total",
    "",
    "",
    `${formatInteger(day.services)} ${day.services === 1 ? "atendimento" : "atendimentos"}`,
    csvMoney(day.subtotalCents),
    csvMoney(day.discountCents),
    csvMoney(day.depositsCents),
    ...PAYMENT_METHODS.map((m) => csvMoney(day.byMethod[m] ?? 0)),
    csvMoney(day.tipsCents),
    csvMoney(day.receivedCents),
    "",
  ];
}

/** The closings of the period as CSV text, in date and time order, and the 'Total' line. */
export async function cashCsv(db: Db, userId: string, range: DateRange, clock: { today: string; timeZone: string }) {
  const rowsQ = db
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
  const [rows, day] = await Promise.all([rowsQ, cashDay(db, userId, range, clock.today, clock.timeZone)]);
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
      // A pending closing's tip is not received yet (as in Relatórios' CSV and the Caixa's 'Gorjetas').
      r.status === "paid" ? csvMoney(r.tip) : "",
      csvMoney(received),
      CLOSING_STATUS_LABELS[r.status],
    ];
  });
  return `\uFEFF${[CASH_CSV_HEADER, ...lines, totalLine(day)].map((cells) => cells.map(csvCell).join(";")).join("\r\n")}\r\n`;
}
