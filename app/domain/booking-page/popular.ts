// 'Popular' on the booking page (docs/decisions/0763): the service the most different customers
// booked lately, never the first of the list. Pure; public-page.server.ts reads the counts.

/** Bookings of the last this many days count. */
export const POPULAR_WINDOW_DAYS = 90;
/** At least this many different customers before a service is called popular. */
export const POPULAR_MIN_CUSTOMERS = 3;

/**
 * The popular service's id, or null: the active service with the most different customers (of
 * the counts, most first), only when the page offers two services or more, it has at least
 * POPULAR_MIN_CUSTOMERS and strictly more than the next one (a tie names none).
 */
export function popularServiceId(counts: readonly { serviceId: string; customers: number }[], offered: number): string | null {
  const [first, second] = [...counts].sort((a, b) => b.customers - a.customers);
  if (!first || offered < 2 || first.customers < POPULAR_MIN_CUSTOMERS) return null;
  return second && second.customers === first.customers ? null : first.serviceId;
}
