import { describe, expect, it } from "vitest";
import { chargeExpiry, paidAfterDeadline, paymentHoldMinutes } from "./online-deposits";

const at = (iso: string) => new Date(iso);

describe("the deadline of a deposit charged online (decision 1030)", () => {
  it("asks the charge to expire at the hold's end, never under Mercado Pago's 30 minutes, on a whole minute", () => {
    // A 45-minute hold: the code lives exactly as long.
    expect(chargeExpiry(at("2026-11-26T13:00:10Z"), at("2026-11-26T13:45:00Z"))).toEqual(at("2026-11-26T13:45:00Z"));
    // A 30-minute hold asked a moment later: 30 minutes and a margin from the ask, rounded up.
    expect(chargeExpiry(at("2026-11-26T13:00:10.300Z"), at("2026-11-26T13:30:10Z"))).toEqual(at("2026-11-26T13:32:00Z"));
    expect(chargeExpiry(at("2026-11-26T13:00:00Z"), at("2026-11-26T13:30:00Z"))).toEqual(at("2026-11-26T13:31:00Z"));
  });

  it("keeps the deadline set when the booking was made for the charge asked a moment later, even across a minute", () => {
    const made = at("2026-11-26T13:00:59.950Z");
    const due = chargeExpiry(made, new Date(made.getTime() + 30 * 60_000));
    expect(due).toEqual(at("2026-11-26T13:32:00Z"));
    expect(chargeExpiry(at("2026-11-26T13:01:00.400Z"), due)).toEqual(due);
  });

  it("reads a 'Tempo para pagar' saved under the minimum as the minimum", () => {
    expect([5, 15, 20, 30, 45, 60, 90].map(paymentHoldMinutes)).toEqual([30, 30, 30, 30, 45, 60, 60]);
  });

  it("a payment after the hold's end is late on a request, never on a booking already confirmed", () => {
    const r = { expiresAt: at("2026-11-27T13:00:00Z"), depositDueAt: at("2026-11-26T13:31:00Z") };
    expect(paidAfterDeadline({ ...r, status: "pending" }, at("2026-11-26T13:30:59Z"))).toBe(false);
    expect(paidAfterDeadline({ ...r, status: "pending" }, at("2026-11-26T13:31:01Z"))).toBe(true);
    expect(paidAfterDeadline({ ...r, status: "expired" }, at("2026-11-26T13:40:00Z"))).toBe(true);
    expect(paidAfterDeadline({ ...r, status: "accepted" }, at("2026-11-26T13:40:00Z"))).toBe(false);
    // The request's own expiry comes first (a booking very soon): that is the deadline.
    expect(paidAfterDeadline({ status: "expired", expiresAt: at("2026-11-26T13:20:00Z"), depositDueAt: r.depositDueAt }, at("2026-11-26T13:25:00Z"))).toBe(true);
  });
});
