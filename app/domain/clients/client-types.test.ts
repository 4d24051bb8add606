import { describe, expect, it } from "vitest";
import { clientType, isLoyal, isVip } from "./client-types";

const REAIS = 100;

describe("isVip (the one VIP rule)", () => {
  it("is above R$ 500,00 spent", () => {
    expect(isVip(500 * REAIS)).toBe(false);
    expect(isVip(500 * REAIS + 1)).toBe(true);
  });
});

describe("clientType (checked in order: VIP, Frequente, Regular, Novo)", () => {
  it("is VIP only above R$ 500,00 spent", () => {
    expect(clientType({ totalSpentCents: 500 * REAIS, visitCount: 1 })).toBe("Regular");
    expect(clientType({ totalSpentCents: 500 * REAIS + 1, visitCount: 1 })).toBe("VIP");
    expect(clientType({ totalSpentCents: 501 * REAIS, visitCount: 1 })).toBe("VIP");
  });

  it("VIP wins over Frequente", () => {
    expect(clientType({ totalSpentCents: 501 * REAIS, visitCount: 20 })).toBe("VIP");
  });

  it("is Frequente above 5 visits", () => {
    expect(clientType({ totalSpentCents: 0, visitCount: 5 })).toBe("Regular");
    expect(clientType({ totalSpentCents: 0, visitCount: 6 })).toBe("Frequente");
    expect(clientType({ totalSpentCents: 500 * REAIS, visitCount: 6 })).toBe("Frequente");
  });

  it("is Regular from 1 visit and Novo with none (bookings ahead are no visit)", () => {
    expect(clientType({ totalSpentCents: 0, visitCount: 1 })).toBe("Regular");
    expect(clientType({ totalSpentCents: 0, visitCount: 0 })).toBe("Novo");
  });
});

describe("isLoyal (Fiel badge)", () => {
  it("is earned above 10 visits", () => {
    expect(isLoyal({ visitCount: 10 })).toBe(false);
    expect(isLoyal({ visitCount: 11 })).toBe(true);
    expect(isLoyal({ visitCount: 0 })).toBe(false);
  });
});
