// Who may use the signed-in workspace (a trial, a subscription or an owner's seat) and how
// many professionals an owner may link (seats). Pure functions: the caller loads the rows and
// passes "now", so expiry is decided at request time and no background job is needed.
import { linkedSeatsOf, planById } from "../billing/plans";
import { isPaidSubscriptionValid, isSubscriptionValid, type SubscriptionLike } from "../billing/subscription-rules";

export const TRIAL_DAYS = 7;

export type AccessInput = {
  email: string;
  subscription: SubscriptionLike | null;
  /**
   * True when this user is an active linked account of another professional. Defaults to
   * "an owner's subscription was passed".
   */
  linked?: boolean;
  /** The subscription of the owner who linked this user, when the link is active. */
  ownerSubscription?: SubscriptionLike | null;
  adminEmails: string[];
  exemptEmails: string[];
};

export type AccessReason = "admin" | "exempt" | "subscription" | "linked" | "denied";

/**
 * Admins and exempt e-mails (configuration) always get in. A linked professional gets in
 * while the owner's subscription is valid, or through a paid plan of their own; their own trial
 * does not count while they are linked, so the owner's cancellation ends their access at once
 * (docs/decisions/0422). Anyone else needs a valid trial or subscription.
 */
export function accessReason(input: AccessInput, now: Date): AccessReason {
  const email = input.email.toLowerCase();
  if (input.adminEmails.includes(email)) return "admin";
  if (input.exemptEmails.includes(email)) return "exempt";
  const linked = input.linked ?? input.ownerSubscription != null;
  if (!linked) return isSubscriptionValid(input.subscription, now) ? "subscription" : "denied";
  if (isPaidSubscriptionValid(input.subscription, now)) return "subscription";
  // Only the owner's paid plan carries a team: a row back on its trial (paid, then cancelled
  // within the trial) lets nobody else in (a trial allows no linked accounts).
  if (isPaidSubscriptionValid(input.ownerSubscription, now)) return "linked";
  return "denied";
}

// ---------------------------------------------------------------- seats

export type SeatSubscription = SubscriptionLike & { planId: string };

/**
 * Professionals the owner may link besides themselves: the plan's seats minus the owner
 * (Essencial 1, Avançado 4, Profissional 9), null for unlimited (Enterprise), 0 on a trial,
 * without a record, or when the paid period is over or cancelled.
 */
export function linkedSeats(sub: SeatSubscription | null | undefined, now: Date): number | null {
  if (!sub || !isPaidSubscriptionValid(sub, now)) return 0;
  const plan = planById(sub.planId);
  if (!plan) return 0;
  return linkedSeatsOf(plan);
}

/**
 * Links still possible with `used` links (pending and active both hold a seat); null for
 * unlimited. Never negative: after a downgrade below the links in use, existing links stay
 * and no new one fits (docs/decisions/0423).
 */
export function seatsLeft(sub: SeatSubscription | null | undefined, used: number, now: Date): number | null {
  const seats = linkedSeats(sub, now);
  return seats === null ? null : Math.max(0, seats - used);
}

// ---------------------------------------------------------------- plan badge

export type PlanBadge = "premium" | "trial" | "team" | null;

/**
 * The badge beside the settings title and on the profile: a team member's access comes from
 * the owner's plan whatever their own record says; then a paid plan, then a trial.
 */
export function planBadge(user: { access: AccessReason; subscription: SubscriptionLike | null }): PlanBadge {
  if (user.access === "linked") return "team";
  if (user.subscription?.status === "active") return "premium";
  if (user.subscription?.status === "trial") return "trial";
  return null;
}
