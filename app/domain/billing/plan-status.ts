// What a professional's plan is now, as the plans screens and the current-plan card show it.
import { isSubscriptionValid, trialDaysLeft } from "./subscription-rules";
import { stripeConfigured } from "../../utils/stripe.server";
import { formatInstant } from "../dates";
import { planById } from "./plans";
import type { SubscriptionRow } from "./subscription-decision";

export function subscriptionStatusLabel(row: SubscriptionRow | null, now: Date) {
  if (!row) return "Sem assinatura";
  if (row.status === "trial") return trialDaysLeft(row, now) > 0 ? "Período grátis" : "Período grátis encerrado";
  if (row.status === "active") return isSubscriptionValid(row, now) ? "Ativa" : "Expirada";
  if (row.status === "past_due") return "Pagamento pendente";
  return "Cancelada";
}

function formatDay(date: Date | null, timeZone: string) {
  return date ? formatInstant(date, timeZone) : null;
}

/** The current-plan card: plan, status, dates and price, in the professional's zone. */
export function currentPlan(row: SubscriptionRow | null, { now, timeZone }: { now: Date; timeZone: string }) {
  const activeValid = row?.status === "active" && isSubscriptionValid(row, now);
  return {
    planId: activeValid ? (row!.planId as string) : null,
    planName: !row || row.status === "trial" ? "Período grátis" : (planById(row.planId)?.name ?? "Sem plano"),
    billingPeriod: activeValid ? row!.billingPeriod : null,
    status: row?.status ?? null,
    statusLabel: subscriptionStatusLabel(row, now),
    premium: row?.status === "active",
    activeValid,
    trialDaysLeft: trialDaysLeft(row, now),
    trialEnds: row?.status === "trial" ? formatDay(row.trialEndDate, timeZone) : null,
    periodEnds: row?.status === "active" || row?.status === "cancelled" ? formatDay(row.subscriptionEndDate, timeZone) : null,
    priceMonthlyCents: activeValid ? row!.priceMonthlyCents : null,
    canManage: !!row?.stripeCustomerId && stripeConfigured(),
  };
}

export type CurrentPlan = ReturnType<typeof currentPlan>;
