// The cells of every CSV the app writes (clients, Relatórios, the Caixa, the team), for Excel pt-BR.
import { centsToDecimal } from "../money";

/**
 * One CSV cell for Excel pt-BR: quoted when it holds the separator, a quote or a line break;
 * a leading =, +, -, @, tab or CR is neutralised with an apostrophe (formula injection).
 */
export function csvCell(value: string): string {
  let v = value;
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[";\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

/** 12345 centavos to "123,45" (a number Excel pt-BR reads, without the currency symbol). */
export function csvMoney(cents: number) {
  return centsToDecimal(cents, ",");
}
