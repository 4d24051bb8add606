// Date display without date-fns, so pages that only show dates (the public booking page)
// do not ship the time-zone code to the customer's phone.

/** "2025-03-07" -> "07/03" (and "07/03/2025" with the year). */
export function formatDate(date: string, withYear = false): string {
  const [y, m, d] = date.split("-");
  return withYear ? `${d}/${m}/${y}` : `${d}/${m}`;
}
