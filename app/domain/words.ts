// Where a count meets a noun: the one plural of the app's pt-BR (no React, runs anywhere).
import { formatInteger } from "./money";

/** 1 -> "1 cliente", 0 or 2 -> "2 clientes", 1234 -> "1.234 clientes" (the count as pt-BR writes it). */
export function plural(n: number, one: string, many: string): string {
  return `${formatInteger(n)} ${pluralWord(n, one, many)}`;
}

/** The word alone, agreeing with a count said elsewhere: 1 -> "será criado", 2 -> "serão criados". */
export function pluralWord(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}
