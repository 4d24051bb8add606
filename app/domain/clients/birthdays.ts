// 'Aniversariantes da semana' on the dashboard: the clients whose birthday falls in the seven
// days from today (today included) in the professional's zone, across the turn of the year, and
// the WhatsApp greeting. A 29 February birthday is celebrated on 28 February in other years
// (docs/decisions/0663). Pure: the dashboard reads the rows in its batch (birthdayKeys).
import { addDays, daysBetween, formatDate } from "../dates";
import { firstName } from "../names";
import { whatsappLink } from "../whatsapp";

/** Today and the next six days. */
export const BIRTHDAY_WEEK_DAYS = 7;

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The days of the week from today, each with the birth MM-DDs celebrated on it. */
export function birthdayWeek(today: string) {
  return Array.from({ length: BIRTHDAY_WEEK_DAYS }, (_, i) => {
    const date = addDays(today, i);
    const year = Number(date.slice(0, 4));
    const md = date.slice(5);
    const keys = [md];
    // 29 February's people are greeted on the 28th in a year without it.
    if (md === "02-28" && !isLeap(year)) keys.push("02-29");
    return { date, keys };
  });
}

/** Every MM-DD a birth date may end in to have its birthday this week (for the SQL `in`). */
export function birthdayKeys(today: string): string[] {
  return birthdayWeek(today).flatMap((d) => d.keys);
}

export type BirthdayClient = { id: string; name: string; phone: string; birthDate: string };

export type Birthday = {
  id: string;
  name: string;
  /** 'Hoje', 'Amanhã' or 'dd/MM'. */
  when: string;
  today: boolean;
  /** The age they turn, when the birth year is a plausible one. */
  turns: number | null;
  whatsapp: string;
};

/** 'Feliz aniversário, Ana! ...', signed with the business's name. */
export function birthdayMessage(clientName: string, from: string): string {
  return `Feliz aniversário, ${firstName(clientName)}! 🎉 Desejamos um dia cheio de alegria e um ano maravilhoso. Um abraço de ${from}!`;
}

/** The clients of the week, soonest first (then by name), each with their greeting link. */
export function weekBirthdays(rows: readonly BirthdayClient[], today: string, from: string): Birthday[] {
  const week = birthdayWeek(today);
  const list: (Birthday & { date: string })[] = [];
  for (const row of rows) {
    const md = row.birthDate.slice(5, 10);
    const day = week.find((d) => d.keys.includes(md));
    if (!day) continue;
    const born = Number(row.birthDate.slice(0, 4));
    const turns = Number(day.date.slice(0, 4)) - born;
    const ahead = daysBetween(today, day.date);
    list.push({
      id: row.id,
      name: row.name,
      date: day.date,
      when: ahead === 0 ? "Hoje" : ahead === 1 ? "Amanhã" : formatDate(day.date),
      today: ahead === 0,
      turns: turns > 0 && turns < 120 ? turns : null,
      whatsapp: whatsappLink(row.phone, birthdayMessage(row.name, from)),
    });
  }
  list.sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name, "pt-BR"));
  return list.map(({ date: _date, ...b }) => b);
}
