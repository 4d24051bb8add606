// Brazil's national holidays, computed (never typed by hand): the fixed dates of federal law and
// the movable ones that follow Easter. Carnaval and Corpus Christi are national 'pontos
// facultativos', not holidays by law, but most salons decide about them too, so they are offered
// and say so. Dates are yyyy-MM-dd.
import { addDays, ymd } from "../dates";

export type Holiday = { date: string; name: string; optional: boolean };

const FIXED: readonly [month: number, day: number, name: string][] = [
  [1, 1, "Confraternização Universal"],
  [4, 21, "Tiradentes"],
  [5, 1, "Dia do Trabalho"],
  [9, 7, "Independência do Brasil"],
  [10, 12, "Nossa Senhora Aparecida"],
  [11, 2, "Finados"],
  [11, 15, "Proclamação da República"],
  [11, 20, "Dia da Consciência Negra"],
  [12, 25, "Natal"],
];

/** Easter Sunday of a year (Gregorian calendar; the anonymous algorithm of Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return ymd(year, month, day);
}

/** Every national holiday and ponto facultativo of a year, in date order. */
export function holidaysOfYear(year: number): Holiday[] {
  const easter = easterSunday(year);
  const list: Holiday[] = [
    ...FIXED.map(([month, day, name]) => ({ date: ymd(year, month, day), name, optional: false })),
    { date: addDays(easter, -48), name: "Carnaval (segunda-feira)", optional: true },
    { date: addDays(easter, -47), name: "Carnaval (terça-feira)", optional: true },
    { date: addDays(easter, -2), name: "Sexta-feira Santa", optional: false },
    { date: addDays(easter, 60), name: "Corpus Christi", optional: true },
  ];
  return list.sort((x, y) => x.date.localeCompare(y.date));
}

/** The holidays from `today` (included) through the next twelve months (29/02 runs to 28/02). */
export function upcomingHolidays(today: string): Holiday[] {
  const year = Number(today.slice(0, 4));
  const until = addDays(ymd(year + 1, Number(today.slice(5, 7)), Number(today.slice(8, 10))), -1);
  return [...holidaysOfYear(year), ...holidaysOfYear(year + 1)].filter((h) => h.date >= today && h.date <= until);
}
