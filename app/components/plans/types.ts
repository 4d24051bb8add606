import type { PlansView } from "../../domain/billing/billing.server";

export type { PlansView };
export type CurrentPlan = PlansView["current"];
