// Client badges (the type: VIP, Frequente, Regular or Novo; and 'Fiel') and their thresholds. Pure: no React, no DB.
// Money in integer centavos. A visit is a completed appointment (docs/decisions/0760): "total
// spent", the visit count behind 'Frequente' and 'Fiel', and 'Última Visita' count completed
// appointments only; a booking ahead or a no-show is no visit.

/**
 * VIP: what completed appointments brought (received, docs/decisions/1060) adds up to more than
 * R$ 500,00, over all time. The one VIP rule of
 * the app (docs/decisions/0761): the badge, the Clientes 'VIP' tile, the dashboard's tips and
 * Relatórios' 'Clientes VIP' all apply it (SQL: `isVipClient` in clients.server.ts).
 */
export const VIP_SPENT_ABOVE_CENTS = 50_000;
export function isVip(totalSpentCents: number): boolean {
  return totalSpentCents > VIP_SPENT_ABOVE_CENTS;
}
/** Frequente when the client has visited more than 5 times. */
export const FREQUENT_VISITS_ABOVE = 5;
/** Fiel badge when the client has visited more than 10 times. */
export const LOYAL_VISITS_ABOVE = 10;
/** Ativo when the last visit is within this many days. */
export const ACTIVE_WITHIN_DAYS = 30;

export const CLIENT_TYPES = ["VIP", "Frequente", "Regular", "Novo"] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

/** Visits (completed appointments) and what they cost. */
export type ClientStats = { visitCount: number; totalSpentCents: number };

/** Checked in order: VIP, Frequente (more than 5 visits), Regular (a visit), Novo (none yet). */
export function clientType({ visitCount, totalSpentCents }: ClientStats): ClientType {
  if (isVip(totalSpentCents)) return "VIP";
  if (visitCount > FREQUENT_VISITS_ABOVE) return "Frequente";
  if (visitCount >= 1) return "Regular";
  return "Novo";
}

/** The 'Fiel' badge, shown beside the type: more than 10 visits. */
export function isLoyal({ visitCount }: Pick<ClientStats, "visitCount">): boolean {
  return visitCount > LOYAL_VISITS_ABOVE;
}

/** Longest search text taken from `?q=`. */
export const SEARCH_MAX = 100;

export const CLIENT_VIEWS = ["cards", "timeline"] as const;
export type ClientView = (typeof CLIENT_VIEWS)[number];

export function isClientView(value: unknown): value is ClientView {
  return CLIENT_VIEWS.includes(value as ClientView);
}

/** A client as the list shows it; every text already formatted by the server. */
export type ClientListItem = {
  id: string;
  name: string;
  /** (DD) NNNNN-NNNN */
  phone: string;
  phoneDigits: string;
  email: string;
  address: string;
  type: ClientType;
  loyal: boolean;
  /** Appointments not cancelled (future bookings and no-shows included). */
  appointmentCount: number;
  /** Visits: completed appointments. */
  visitCount: number;
  /** Appointments marked 'Não compareceu' (kept by the database's triggers). */
  noShowCount: number;
  /** 'R$ 1.234,50' */
  totalSpent: string;
  /** The latest visit (completed appointment), dd/MM/yyyy, or null for 'Nunca'. */
  lastVisit: string | null;
  /** 'março de 2025' */
  since: string;
  /** dd/MM and yyyy of the creation date, for the timeline. */
  createdDay: string;
  createdYear: string;
};

/** The tiles above the list. */
export type ClientTiles = { total: number; newThisMonth: number; vip: number; active: number };
