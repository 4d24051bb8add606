// Who may use the signed-in workspace (spec section 6, DECISIONS 'Access and plans').
// Pure functions: the caller loads the rows and passes "now".

export type SubscriptionLike = {
  status: "trial" | "active" | "past_due" | "cancelled";
  trialEndDate: Date | null;
  subscriptionEndDate: Date | null;
};

export const TRIAL_DAYS = 7;

/** Trial valid while its end is in the future; active valid while its period end is. */
export function isSubscriptionValid(sub: SubscriptionLike | null | undefined, now: Date) {
  if (!sub) return false;
  if (sub.status === "trial") return !!sub.trialEndDate && sub.trialEndDate > now;
  if (sub.status === "active") return !!sub.subscriptionEndDate && sub.subscriptionEndDate > now;
  return false;
}

/** Whole days left in a trial, counting a started day as one (0 when over). */
export function trialDaysLeft(sub: SubscriptionLike | null | undefined, now: Date) {
  if (!sub || sub.status !== "trial" || !sub.trialEndDate) return 0;
  const ms = sub.trialEndDate.getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / 86_400_000);
}

export type AccessInput = {
  email: string;
  subscription: SubscriptionLike | null;
  /** The subscription of the owner who linked this user, when the link is active. */
  ownerSubscription?: SubscriptionLike | null;
  adminEmails: string[];
  exemptEmails: string[];
};

export type AccessReason = "admin" | "exempt" | "subscription" | "linked" | "denied";

export function accessReason(input: AccessInput, now: Date): AccessReason {
  const email = input.email.toLowerCase();
  if (input.adminEmails.includes(email)) return "admin";
  if (input.exemptEmails.includes(email)) return "exempt";
  if (isSubscriptionValid(input.subscription, now)) return "subscription";
  if (input.ownerSubscription && isSubscriptionValid(input.ownerSubscription, now)) {
    return "linked";
  }
  return "denied";
}
