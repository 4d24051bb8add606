// The salon's page, shared by the server and the page's markup (no server code here).

/** `?profissional=qualquer`: the request goes to whichever member is free. */
export const ANY_PROFESSIONAL = "qualquer";

/**
 * The offer the customer saw before 'Confirmar' on 'Qualquer profissional': that member's
 * service with its price and duration then. The form carries it back, and the claim takes nobody
 * dearer or longer than it (docs/decisions/0742); a change of price in between is a new offer.
 */
export function offerKey(service: { id: string; priceCents: number; durationMinutes: number }): string {
  return `${service.id}.${service.priceCents}.${service.durationMinutes}`;
}
