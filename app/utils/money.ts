const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** Integer centavos to 'R$ 49,90'. */
export function formatMoney(cents: number): string {
  return brl.format(cents / 100);
}

/** '45min', '1h', '1h 30min' (spec section 9). */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes}min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h}h ${m}min` : `${h}h`;
}
