const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** Integer centavos to 'R$ 49,90'. */
export function formatMoney(cents: number): string {
  return brl.format(cents / 100);
}

const whole = new Intl.NumberFormat("pt-BR");

/** A count as pt-BR writes it: '1.234'. */
export function formatInteger(n: number): string {
  return whole.format(n);
}

/** '45min', '1h', '1h 30min'. */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes}min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h}h ${m}min` : `${h}h`;
}

/** 'R$ 50,00', or 'R$ 50,00 a R$ 55,00' when the lowest and highest differ. */
export function formatMoneyRange(min: number, max: number): string {
  return min === max ? formatMoney(min) : `${formatMoney(min)} a ${formatMoney(max)}`;
}

/** '30min', or '30min a 45min' when the shortest and longest differ. */
export function formatDurationRange(min: number, max: number): string {
  return min === max ? formatDuration(min) : `${formatDuration(min)} a ${formatDuration(max)}`;
}

/**
 * What a professional types as a price, in centavos: '50', '50,00', '50.00', '50,5',
 * 'R$ 1.234,56' and '1,234.56' all work. A dot followed by exactly three digits is a
 * thousands separator (pt-BR '1.500' is mil e quinhentos reais); otherwise the last
 * '.' or ',' is the decimal mark. Anything else (letters, three decimals, negatives,
 * empty) is null, so the caller can show its own message.
 */
export function parseMoneyToCents(input: string): number | null {
  const text = input.replace(/^\s*R\$\s*/i, "").replace(/\s+/g, "");
  if (!/^\d[\d.,]*$/.test(text) || /[.,]$/.test(text)) return null;
  const lastSep = Math.max(text.lastIndexOf(","), text.lastIndexOf("."));
  let whole = text;
  let fraction = "";
  if (lastSep >= 0) {
    const sep = text[lastSep]!;
    const after = text.slice(lastSep + 1);
    const isThousands = sep === "." && after.length === 3 && !text.includes(",");
    if (!isThousands) {
      if (after.length > 2) return null;
      whole = text.slice(0, lastSep);
      fraction = after;
    }
  }
  // What remains of the whole part may only use thousands separators in groups of three.
  if (/[.,]/.test(whole)) {
    const separator = whole.includes(",") && whole.includes(".") ? null : whole.match(/[.,]/)![0];
    if (!separator || !new RegExp(`^\\d{1,3}(\\${separator}\\d{3})+$`).test(whole)) return null;
    if (lastSep >= 0 && fraction && text[lastSep] === separator) return null;
    whole = whole.replaceAll(separator, "");
  }
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0") || "0");
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * The one writer of centavos as decimal text: 12345 -> '123,45' (or '123.45' with '.'), -150 ->
 * '-1,50'. Built from the integer's digits, never by float division, so every cent is exact
 * (a fraction of a centavo, which no amount should have, is rounded to the nearest first). The
 * CSV files, the price fields, the Pix code and the payment provider's JSON all write it here.
 */
export function centsToDecimal(cents: number, separator: "," | "." = ","): string {
  const n = Math.round(cents);
  if (!Number.isSafeInteger(n)) throw new RangeError(`not an amount in centavos: ${cents}`);
  const abs = Math.abs(n);
  const reais = Math.floor(abs / 100);
  return `${n < 0 ? "-" : ""}${reais}${separator}${String(abs - reais * 100).padStart(2, "0")}`;
}

/** Centavos as the price field shows them for editing: 5000 -> '50,00'. */
export function formatMoneyInput(cents: number): string {
  return centsToDecimal(cents, ",");
}

/**
 * Centavos as the decimal reais a payment provider's JSON takes (Mercado Pago's
 * `transaction_amount`): 1550 -> 15.5. Built from the integer's digits, so the number is the one
 * the text '15.50' names, never the result of float arithmetic. The one way out to a provider.
 */
export function centsToDecimalReais(cents: number): number {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not an amount in centavos: ${cents}`);
  return Number(centsToDecimal(cents, "."));
}

/**
 * A provider's decimal reais back in centavos (15.5 -> 1550), from the number's shortest text so
 * 0.1 + 0.2 style drift never creeps in: more than two decimals, a negative, an exponent or
 * anything not a finite number is null (an amount we cannot account for exactly). The one way in.
 */
export function decimalReaisToCents(value: unknown): number | null {
  const text = typeof value === "number" && Number.isFinite(value) ? String(value) : typeof value === "string" ? value.trim() : "";
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
