// How messages to customers and professionals say when: "amanhã, quarta-feira 02/12 às 14:00".
// Pure (runs anywhere).
import { addDays, dayOfWeek, formatDate, minutesToTime, nowInZone, weekdayName } from "../dates";

/** `short`: "amanhã às 14:00" / "hoje às 09:30" / "em 05/12 às 14:00"; `long` adds the weekday and date. */
export function whenText(date: string, startMinute: number, timeZone: string, now: Date = new Date()): { short: string; long: string } {
  const today = nowInZone(timeZone, now).date;
  const time = minutesToTime(startMinute);
  const weekday = weekdayName(dayOfWeek(date));
  const relative = date === today ? "hoje" : date === addDays(today, 1) ? "amanhã" : null;
  return {
    short: relative ? `${relative} às ${time}` : `em ${formatDate(date)} às ${time}`,
    long: `${relative ? `${relative}, ` : ""}${weekday} ${formatDate(date)} às ${time}`,
  };
}
