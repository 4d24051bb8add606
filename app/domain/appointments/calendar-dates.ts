// The dates of the agenda's calendar and of 'Equipe': which day or week the address shows, and
// how its days are named (pure).
import { addDays, dayOfWeek, daysBetween, isIsoDate, monthName, weekdayName } from "../dates";

/** How far from today the address may move the calendar (ten years either way). */
const MAX_DAYS_AWAY = 3660;

/** Monday of the week of `date` (the agenda's weeks run Monday to Sunday, as 'Esta semana'). */
export function weekStart(date: string): string {
  return addDays(date, -((dayOfWeek(date) + 6) % 7));
}

/** The dates a day ('dia') or a week ('semana', Monday to Sunday) of `date` shows. */
export function calendarRange(view: "dia" | "semana", date: string): { from: string; to: string; dates: string[] } {
  const from = view === "dia" ? date : weekStart(date);
  const to = view === "dia" ? date : addDays(from, 6);
  return { from, to, dates: Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i)) };
}

/** The date the address asks for, when it is a real date not absurdly far; else today. */
export function calendarDate(value: string | null, today: string): string {
  if (!value || !isIsoDate(value)) return today;
  return Math.abs(daysBetween(today, value)) <= MAX_DAYS_AWAY ? value : today;
}

function dayMonth(date: string) {
  return `${Number(date.slice(8, 10))} de ${monthName(Number(date.slice(5, 7)))}`;
}

/** "seg", "ter"... */
export function weekdayShort(date: string): string {
  return weekdayName(dayOfWeek(date), "short");
}

/** "terça-feira, 1 de dezembro" (and the year when it is not this year's). */
export function longDate(date: string, today: string): string {
  const year = date.slice(0, 4) === today.slice(0, 4) ? "" : ` de ${date.slice(0, 4)}`;
  return `${weekdayName(dayOfWeek(date))}, ${dayMonth(date)}${year}`;
}

/** "30 de novembro – 6 de dezembro de 2026", "1 – 7 de dezembro de 2026". */
export function weekLabel(from: string, to: string): string {
  const sameMonth = from.slice(0, 7) === to.slice(0, 7);
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  const start = sameMonth ? String(Number(from.slice(8, 10))) : `${dayMonth(from)}${sameYear ? "" : ` de ${from.slice(0, 4)}`}`;
  return `${start} – ${dayMonth(to)} de ${to.slice(0, 4)}`;
}

/** The title of a day or a week. */
export function calendarTitle(view: "dia" | "semana", range: { from: string; to: string }, today: string): string {
  return view === "dia" ? longDate(range.from, today) : weekLabel(range.from, range.to);
}
