// 'Exportar CSV' of the Caixa: one line per closed service of the period (the rows of the Caixa's
// list, closed-services.server.ts), in the Relatórios' and
// the clients' format (UTF-8 BOM, ';', CRLF, formula-safe cells: the one writer, csv.ts),
// and a last 'Total' line with the screen's own figures (cashDay), docs/decisions/0925. The
// salon's file ('Salão', docs/decisions/1050) says whose each line is in a 'Profissional' column.
import type { FigureScope } from "../salon";
import { csvMoney, toCsv } from "../formats/csv";
import { formatDate, minutesToTime, type DateRange } from "../dates";
import type { Db } from "../../utils/db.server";
import { cashDay, type CashDay } from "./day.server";
import { CLOSING_STATUS_LABELS } from "./history";
import { allClosedServices, closedService } from "./closed-services.server";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "./totals";
import { plural } from "../words";

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

/** The header of one professional's file, or of the salon's (with whose each line is). */
function cashCsvHeader(salon: boolean): string[] {
  return salon ? [...CASH_CSV_HEADER.slice(0, 2), "Profissional", ...CASH_CSV_HEADER.slice(2)] : CASH_CSV_HEADER;
}

/** The last line: the Caixa screen's figures for the period, in the columns' order. */
function totalLine(day: CashDay, salon: boolean) {
  return [
    "Total",
    "",
    ...(salon ? [""] : []),
    "",
    plural(day.services, "atendimento", "atendimentos"),
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
export async function cashCsv(db: Db, scope: FigureScope, range: DateRange, clock: { today: string; timeZone: string }) {
  const [rows, day] = await Promise.all([allClosedServices(db, scope, range), cashDay(db, scope, range, clock.today, clock.timeZone)]);
  const lines = rows.map(closedService).map((r) => [
    formatDate(r.date, true),
    minutesToTime(r.startMinute),
    ...(scope.salon ? [r.professionalName ?? ""] : []),
    r.clientName ?? "Cliente não encontrado",
    r.serviceName || "Serviço não encontrado",
    csvMoney(r.subtotal),
    csvMoney(r.discount),
    csvMoney(r.deposit),
    ...PAYMENT_METHODS.map((m) => csvMoney(r.byMethod[m])),
    // A pending closing's tip is not received yet (as in Relatórios' CSV and the Caixa's 'Gorjetas').
    r.status === "paid" ? csvMoney(r.tip) : "",
    csvMoney(r.receivedCents),
    CLOSING_STATUS_LABELS[r.status],
  ]);
  return toCsv([cashCsvHeader(scope.salon), ...lines, totalLine(day, scope.salon)]);
}
