// Which day 'Lembretes' shows (docs/decisions/0766): tomorrow unless the professional picks today
// or one of the next days, and the pt-BR line that says how many reminders went out. Pure.
import { addDays, capitalize, dayOfWeek, formatDate, isIsoDate, weekdayName } from "../dates";

/** The list goes this many days past today at most. */
export const REMINDER_DAYS_AHEAD = 30;
/** Quick links: today, tomorrow and the days after, this many in all. */
export const QUICK_DAYS = 7;

export type ReminderDay = {
  /** yyyy-MM-dd shown */
  date: string;
  /** A pt-BR message for the date field when `?dia=` was not a date from today to the last one. */
  error: string | null;
  today: string;
  tomorrow: string;
  last: string;
};

/** `?dia=` read against today: a date from today to REMINDER_DAYS_AHEAD days on, else tomorrow. */
export function reminderDay(asked: string | null, today: string): ReminderDay {
  const tomorrow = addDays(today, 1);
  const last = addDays(today, REMINDER_DAYS_AHEAD);
  const base = { today, tomorrow, last };
  if (asked === null || asked === "") return { ...base, date: tomorrow, error: null };
  if (isIsoDate(asked) && asked >= today && asked <= last) return { ...base, date: asked, error: null };
  return { ...base, date: tomorrow, error: `Escolha uma data de hoje até ${formatDate(last, true)}.` };
}

/** 'Hoje', 'Amanhã' or the weekday ('Sexta-feira'). */
export function dayName(date: string, today: string): string {
  if (date === today) return "Hoje";
  if (date === addDays(today, 1)) return "Amanhã";
  return capitalize(weekdayName(dayOfWeek(date)));
}

/** The quick links: today, tomorrow, then the weekday and dd/MM of the next days. */
export function quickDays(today: string): { date: string; label: string }[] {
  return Array.from({ length: QUICK_DAYS }, (_, i) => {
    const date = addDays(today, i);
    return { date, label: i < 2 ? dayName(date, today) : `${capitalize(weekdayName(dayOfWeek(date), "short"))} ${formatDate(date)}` };
  });
}

/** How many of the day's reminders went out, in pt-BR singular and plural. */
export function reminderSummary(sent: number, total: number): string {
  if (total === 0) return "Nenhum agendamento.";
  if (total === 1) return sent === 0 ? "Lembrete ainda não enviado pelo WhatsApp." : "Lembrete enviado pelo WhatsApp.";
  if (sent === 0) return `Nenhum dos ${total} lembretes foi enviado pelo WhatsApp.`;
  if (sent >= total) return `Os ${total} lembretes foram enviados pelo WhatsApp.`;
  return `${sent} de ${total} lembretes enviados pelo WhatsApp.`;
}
