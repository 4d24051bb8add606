import { describe, expect, it } from "vitest";
import { linkedSeats, seatsLeft, type SeatSubscription } from "./access";

const DAY = 86_400_000;
const now = new Date("2025-03-10T12:00:00.000Z");
const at = (ms: number) => new Date(now.getTime() + ms);

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
