// Client badges (docs/product/spec.md §4 'Client type', thresholds in §9). Pure: no React, no DB.
// Money in integer centavos; "total spent" counts completed appointments only and the
// appointment count excludes cancelled ones (see docs/product/decisions.md).

/** VIP when total spent is above R$ 500,00. */
export const VIP_SPENT_ABOVE_CENTS = 50_000;
/** Frequente when the client has more than 5 appointments. */
export const FREQUENT_APPOINTMENTS_ABOVE = 5;
/** Fiel badge when the client has more than 10 appointments. */
export const LOYAL_APPOINTMENTS_ABOVE = 10;
/** Ativo when the last visit is within this many days. */
export const ACTIVE_WITHIN_DAYS = 30;

export const CLIENT_TYPES = ["VIP", "Frequente", "Regular", "Novo"] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

export type ClientStats = { appointmentCount: number; totalSpentCents: number };

/** Checked in order: VIP, Frequente, Regular, Novo. */
export function clientType({ appointmentCount, totalSpentCents }: ClientStats): ClientType {
  if (totalSpentCents > VIP_SPENT_ABOVE_CENTS) return "VIP";
  if (appointmentCount > FREQUENT_APPOINTMENTS_ABOVE) return "Frequente";
  if (appointmentCount >= 1) return "Regular";
  return "Novo";
}

/** The 'Fiel' badge, shown beside the type. */
export function isLoyal({ appointmentCount }: Pick<ClientStats, "appointmentCount">): boolean {
  return appointmentCount > LOYAL_APPOINTMENTS_ABOVE;
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
  appointmentCount: number;
  /** Appointments marked 'Não compareceu' (kept by the database's triggers). */
  noShowCount: number;
  /** 'R$ 1.234,50' */
  totalSpent: string;
  /** dd/MM/yyyy, or null for 'Nunca' */
  lastVisit: string | null;
  /** 'março de 2025' */
  since: string;
  /** dd/MM and yyyy of the creation date, for the timeline. */
  createdDay: string;
  createdYear: string;
};

/** The tiles above the list. */
export type ClientTiles = { total: number; newThisMonth: number; vip: number; active: number };
