import type { PlansView } from "../../utils/billing.server";

export type { PlansView };
export type CurrentPlan = PlansView["current"];
