import { describe, expect, it } from "vitest";
import { closingTotals, splitAddsUp } from "./totals";
import { receivedCents } from "./received";

const lines = [
  { unitPriceCents: 5000, quantity: 1 },
  { unitPriceCents: 1500, quantity: 2 },
];

describe("closingTotals", () => {
  it("sums the lines, takes a discount in R$, deducts the deposit and adds the tip", () => {
    const t = closingTotals({ lines, discount: { kind: "amount", cents: 1000 }, tipCents: 500, depositCents: 1500 });
    expect(t).toEqual({ subtotalCents: 8000, discountCents: 1000, chargedCents: 7000, depositCents: 1500, tipCents: 500, dueCents: 6000 });
  });

  it("rounds a percentage discount to the centavo", () => {
    const t = closingTotals({ lines: [{ unitPriceCents: 3333, quantity: 1 }], discount: { kind: "percent", basisPoints: 1000 }, tipCents: 0, depositCents: 0 });
    expect(t.discountCents).toBe(333);
    expect(t.dueCents).toBe(3000);
  });

  it("never deducts more deposit than was charged", () => {
    const t = closingTotals({ lines: [{ unitPriceCents: 1000, quantity: 1 }], discount: { kind: "amount", cents: 0 }, tipCents: 200, depositCents: 1500 });
    expect(t.depositCents).toBe(1000);
    expect(t.dueCents).toBe(200);
  });

  it("accepts a split only when it adds up to the centavo", () => {
    const t = closingTotals({ lines: [{ unitPriceCents: 7000, quantity: 1 }], discount: { kind: "amount", cents: 0 }, tipCents: 0, depositCents: 0 });
    expect(splitAddsUp(t, [{ method: "pix", amountCents: 5000 }, { method: "cash", amountCents: 2000 }])).toBe(true);
    expect(splitAddsUp(t, [{ method: "pix", amountCents: 5000 }, { method: "cash", amountCents: 1999 }])).toBe(false);
  });
});

describe("receivedCents", () => {
  it("is the payments less the tip plus the deposit, and only the deposit while pending", () => {
    expect(receivedCents({ status: "paid", paidCents: 7500, tipCents: 500, depositCents: 1500 })).toBe(8500);
    expect(receivedCents({ status: "pending", paidCents: 0, tipCents: 0, depositCents: 1500 })).toBe(1500);
  });
});
