import { describe, expect, it } from "vitest";
import {
  accessReason,
  planBadge,
  TRIAL_DAYS,
  linkedSeats,
  seatsLeft,
  type AccessInput,
  type SeatSubscription,
} from "./access";
import { isSubscriptionValid, trialDaysLeft, type SubscriptionLike } from "../billing/subscription-rules";

const DAY = 86_400_000;
const now = new Date("2025-03-10T12:00:00.000Z");
const at = (ms: number) => new Date(now.getTime() + ms);

const trial = (end: Date | null): SubscriptionLike => ({ status: "trial", trialEndDate: end, subscriptionEndDate: null });
const active = (end: Date | null): SubscriptionLike => ({ status: "active", trialEndDate: null, subscriptionEndDate: end });

describe("isSubscriptionValid", () => {
  it("a trial is valid until its end instant, exclusive", () => {
    expect(isSubscriptionValid(trial(at(1)), now)).toBe(true); // 1 ms before expiry
    expect(isSubscriptionValid(trial(at(0)), now)).toBe(false); // exactly at expiry
    expect(isSubscriptionValid(trial(at(-1)), now)).toBe(false);
    expect(isSubscriptionValid(trial(at(TRIAL_DAYS * DAY)), now)).toBe(true);
  });

  it("a trial without an end date is not valid", () => {
    expect(isSubscriptionValid(trial(null), now)).toBe(false);
  });

  it("a trial's subscription end date does not extend it", () => {
    expect(isSubscriptionValid({ status: "trial", trialEndDate: at(-DAY), subscriptionEndDate: at(DAY) }, now)).toBe(false);
  });

  it("an active subscription is valid while its period end is in the future", () => {
    expect(isSubscriptionValid(active(at(30 * DAY)), now)).toBe(true);
    expect(isSubscriptionValid(active(at(1)), now)).toBe(true);
    expect(isSubscriptionValid(active(at(0)), now)).toBe(false);
    expect(isSubscriptionValid(active(at(-DAY)), now)).toBe(false);
  });

  it("an active subscription without an end date is not valid", () => {
    expect(isSubscriptionValid(active(null), now)).toBe(false);
  });

  it("cancelled and past-due subscriptions are not valid, whatever their dates", () => {
    for (const status of ["cancelled", "past_due"] as const) {
      expect(isSubscriptionValid({ status, trialEndDate: at(DAY), subscriptionEndDate: at(DAY) }, now)).toBe(false);
    }
  });

  it("no record is not valid", () => {
    expect(isSubscriptionValid(null, now)).toBe(false);
    expect(isSubscriptionValid(undefined, now)).toBe(false);
  });
});

describe("trialDaysLeft", () => {
  it("counts a started day as one", () => {
    expect(trialDaysLeft(trial(at(TRIAL_DAYS * DAY)), now)).toBe(7);
    expect(trialDaysLeft(trial(at(6 * DAY + 1)), now)).toBe(7);
    expect(trialDaysLeft(trial(at(DAY)), now)).toBe(1);
    expect(trialDaysLeft(trial(at(1)), now)).toBe(1);
  });

  it("is 0 when over, and for anything that is not a trial", () => {
    expect(trialDaysLeft(trial(at(0)), now)).toBe(0);
    expect(trialDaysLeft(trial(at(-3 * DAY)), now)).toBe(0);
    expect(trialDaysLeft(trial(null), now)).toBe(0);
    expect(trialDaysLeft(active(at(30 * DAY)), now)).toBe(0);
    expect(trialDaysLeft(null, now)).toBe(0);
  });
});

describe("accessReason", () => {
  const base: AccessInput = {
    email: "ana@example.com",
    subscription: null,
    ownerSubscription: null,
    adminEmails: ["admin@agendo.app"],
    exemptEmails: ["amiga@example.com"],
  };

  it("admins get in without any subscription, whatever the e-mail's case", () => {
    expect(accessReason({ ...base, email: "admin@agendo.app" }, now)).toBe("admin");
    expect(accessReason({ ...base, email: "Admin@Agendo.APP" }, now)).toBe("admin");
  });

  it("exempt e-mails get in without any subscription", () => {
    expect(accessReason({ ...base, email: "AMIGA@example.com" }, now)).toBe("exempt");
  });

  it("a valid own trial or subscription gives access", () => {
    expect(accessReason({ ...base, subscription: trial(at(DAY)) }, now)).toBe("subscription");
    expect(accessReason({ ...base, subscription: active(at(DAY)) }, now)).toBe("subscription");
  });

  it("a linked account gets in while its owner's subscription is valid", () => {
    expect(accessReason({ ...base, subscription: trial(at(-DAY)), ownerSubscription: active(at(DAY)) }, now)).toBe("linked");
  });

  it("a linked account is denied when the owner's subscription is not valid", () => {
    const cancelled: SubscriptionLike = { status: "cancelled", trialEndDate: null, subscriptionEndDate: at(DAY) };
    expect(accessReason({ ...base, ownerSubscription: cancelled }, now)).toBe("denied");
    expect(accessReason({ ...base, ownerSubscription: active(at(-1)) }, now)).toBe("denied");
  });

  it("everyone else is denied", () => {
    expect(accessReason(base, now)).toBe("denied");
    expect(accessReason({ ...base, subscription: trial(at(0)) }, now)).toBe("denied");
    expect(accessReason({ ...base, subscription: active(null) }, now)).toBe("denied");
  });

  it("a linked account's own trial does not count while linked: the owner's cancellation ends access", () => {
    const cancelled: SubscriptionLike = { status: "cancelled", trialEndDate: null, subscriptionEndDate: at(DAY) };
    const ownTrial = trial(at(5 * DAY));
    expect(accessReason({ ...base, subscription: ownTrial, linked: true, ownerSubscription: active(at(DAY)) }, now)).toBe("linked");
    expect(accessReason({ ...base, subscription: ownTrial, linked: true, ownerSubscription: cancelled }, now)).toBe("denied");
    expect(accessReason({ ...base, subscription: ownTrial, linked: true, ownerSubscription: null }, now)).toBe("denied");
    // Once the link is removed the same trial is theirs again.
    expect(accessReason({ ...base, subscription: ownTrial, linked: false, ownerSubscription: null }, now)).toBe("subscription");
  });

  it("a linked account with a paid plan of its own keeps access when the owner's ends", () => {
    const input = { ...base, subscription: active(at(DAY)), linked: true, ownerSubscription: active(at(-1)) };
    expect(accessReason(input, now)).toBe("subscription");
  });

  it("needs the owner's paid plan: an owner back on the trial (paid, then cancelled) carries no team", () => {
    expect(accessReason({ ...base, linked: true, ownerSubscription: active(at(DAY)) }, now)).toBe("linked");
    expect(accessReason({ ...base, linked: true, ownerSubscription: trial(at(DAY)) }, now)).toBe("denied");
    expect(accessReason({ ...base, linked: true, ownerSubscription: trial(at(0)) }, now)).toBe("denied");
  });

  it("the owner's period ends for linked access exactly at its end instant", () => {
    const input = { ...base, linked: true, ownerSubscription: active(at(0)) };
    expect(accessReason(input, at(-1))).toBe("linked");
    expect(accessReason(input, now)).toBe("denied");
  });

  it("admins and exempt e-mails get in even when linked to a lapsed owner", () => {
    const input = { ...base, linked: true, ownerSubscription: active(at(-DAY)) };
    expect(accessReason({ ...input, email: "admin@agendo.app" }, now)).toBe("admin");
    expect(accessReason({ ...input, email: "amiga@example.com" }, now)).toBe("exempt");
  });

  it("the trial ends for access exactly at its end instant", () => {
    const input = { ...base, subscription: trial(at(0)) };
    expect(accessReason(input, at(-1))).toBe("subscription");
    expect(accessReason(input, now)).toBe("denied");
  });
});

describe("plan badge", () => {
  const trial = { status: "trial" as const, trialEndDate: new Date(), subscriptionEndDate: null };
  const active = { status: "active" as const, trialEndDate: null, subscriptionEndDate: new Date() };
  it("shows the team badge for a linked professional even with their own trial record", () => {
    expect(planBadge({ access: "linked", subscription: trial })).toBe("team");
  });
  it("shows PREMIUM for a paid plan, PERÍODO GRÁTIS for a trial, nothing otherwise", () => {
    expect(planBadge({ access: "subscription", subscription: active })).toBe("premium");
    expect(planBadge({ access: "subscription", subscription: trial })).toBe("trial");
    expect(planBadge({ access: "admin", subscription: null })).toBeNull();
  });
});

// ---------------------------------------------------------------- seats

const paid = (planId: string, end: Date | null = at(30 * DAY)): SeatSubscription => ({
  status: "active",
  planId,
  trialEndDate: null,
  subscriptionEndDate: end,
});

describe("linkedSeats: professionals besides the owner", () => {
  it("follows the plan catalogue, the owner counting as one", () => {
    expect(linkedSeats(paid("essencial"), now)).toBe(1);
    expect(linkedSeats(paid("avancado"), now)).toBe(4);
    expect(linkedSeats(paid("profissional"), now)).toBe(9);
    expect(linkedSeats(paid("enterprise"), now)).toBeNull(); // unlimited
  });

  it("is 0 on a trial, without a record, for an unknown plan, and when the plan is not valid", () => {
    expect(linkedSeats({ status: "trial", planId: "trial", trialEndDate: at(DAY), subscriptionEndDate: null }, now)).toBe(0);
    expect(linkedSeats(null, now)).toBe(0);
    expect(linkedSeats(paid("ouro"), now)).toBe(0);
    expect(linkedSeats(paid("avancado", at(0)), now)).toBe(0); // period over at its end instant
    expect(linkedSeats(paid("avancado", null), now)).toBe(0);
    expect(linkedSeats({ ...paid("enterprise"), status: "cancelled" }, now)).toBe(0);
    expect(linkedSeats({ ...paid("profissional"), status: "past_due" }, now)).toBe(0);
  });
});

describe("seatsLeft", () => {
  it("counts down with the links in use (pending and active alike)", () => {
    expect(seatsLeft(paid("avancado"), 0, now)).toBe(4);
    expect(seatsLeft(paid("avancado"), 3, now)).toBe(1);
    expect(seatsLeft(paid("avancado"), 4, now)).toBe(0);
    expect(seatsLeft(paid("essencial"), 1, now)).toBe(0);
    expect(seatsLeft(paid("profissional"), 8, now)).toBe(1);
  });

  it("is never negative after a downgrade below the links in use", () => {
    expect(seatsLeft(paid("essencial"), 4, now)).toBe(0);
  });

  it("stays unlimited on Enterprise however many are linked", () => {
    expect(seatsLeft(paid("enterprise"), 250, now)).toBeNull();
  });

  it("a trial has no seat at all", () => {
    expect(seatsLeft({ status: "trial", planId: "trial", trialEndDate: at(DAY), subscriptionEndDate: null }, 0, now)).toBe(0);
  });
});
