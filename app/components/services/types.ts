/** What the services screen shows of a category. */
export type CategoryView = { id: string; name: string; slug: string; serviceCount: number };

/** What the services screen shows of a service (money in centavos). */
export type { ServiceRow as ServiceView } from "../../domain/services/services.server";

export type ServiceStatsView = {
  active: number;
  inactive: number;
  averagePriceCents: number;
  total: number;
  categories: number;
};
