/** What the services screen shows of a category. */
export type CategoryView = { id: string; name: string; slug: string; serviceCount: number };

/** What the services screen shows of a service (money in centavos). */
export type ServiceView = {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  durationMinutes: number;
  color: string;
  isActive: boolean;
  requiresDeposit: boolean;
  depositCents: number;
  categoryId: string | null;
  categoryName: string | null;
  categorySlug: string | null;
};

export type ServiceStatsView = {
  active: number;
  inactive: number;
  averagePriceCents: number;
  total: number;
  categories: number;
};
