// When a subscription counts: a trial until its end, a paid plan until its period's end, and the
// trial's days left. Pure functions over the subscription's row; access (accounts/access.ts) and
// the plan's status (plan-status.ts) both decide from them.

export type SubscriptionLike = {
  status: "trial" | "active" | "past_due" | "cancelled";
  trialEndDate: Date | null;
  subscriptionEndDate: Date | null;
};

/** Trial valid while its end is in the future; active valid while its period end is. */
export function isSubscriptionValid(sub: SubscriptionLike | null | undefined, now: Date) {
  if (!sub) return false;
  if (sub.status === "trial") return !!sub.trialEndDate && sub.trialEndDate > now;
  if (sub.status === "active") return !!sub.subscriptionEndDate && sub.subscriptionEndDate > now;
  return false;
}

/** A paid subscription within its period (a trial is not one). */
export function isPaidSubscriptionValid(sub: SubscriptionLike | null | undefined, now: Date) {
  return !!sub && sub.status === "active" && isSubscriptionValid(sub, now);
}

/** Whole days left in a trial, counting a started day as one (0 when over). */
export function trialDaysLeft(sub: SubscriptionLike | null | undefined, now: Date) {
  if (!sub || sub.status !== "trial" || !sub.trialEndDate) return 0;
  const ms = sub.trialEndDate.getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / 86_400_000);
}
