// How messages to customers and professionals say when: "amanhã, quarta-feira 02/12 às 14:00".
// Pure (runs anywhere).
import { TZDate } from "@date-fns/tz";
import { addDays, formatDate, minutesToTime, nowInZone } from "../dates";

const WEEKDAYS = ["domingo", "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado"];

/** `short`: "amanhã às 14:00" / "hoje às 09:30" / "em 05/12 às 14:00"; `long` adds the weekday and date. */
export function whenText(date: string, startMinute: number, timeZone: string, now: Date = new Date()): { short: string; long: string } {
  const today = nowInZone(timeZone, now).date;
  const time = minutesToTime(startMinute);
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new TZDate(y, m - 1, d, timeZone).getDay()]!;
  const relative = date === today ? "hoje" : date === addDays(today, 1) ? "amanhã" : null;
  return {
    short: relative ? `${relative} às ${time}` : `em ${formatDate(date)} às ${time}`,
    long: `${relative ? `${relative}, ` : ""}${weekday} ${formatDate(date)} às ${time}`,
  };
}
