import { describe, expect, it } from "vitest";
import { clientType, isLoyal } from "./client-types";

const REAIS = 100;

describe("clientType (checked in order: VIP, Frequente, Regular, Novo)", () => {
  it("is VIP only above R$ 500,00 spent", () => {
    expect(clientType({ totalSpentCents: 500 * REAIS, appointmentCount: 1 })).toBe("Regular");
    expect(clientType({ totalSpentCents: 500 * REAIS + 1, appointmentCount: 1 })).toBe("VIP");
    expect(clientType({ totalSpentCents: 501 * REAIS, appointmentCount: 1 })).toBe("VIP");
  });

  it("VIP wins over Frequente", () => {
    expect(clientType({ totalSpentCents: 501 * REAIS, appointmentCount: 20 })).toBe("VIP");
  });

  it("is Frequente above 5 appointments", () => {
    expect(clientType({ totalSpentCents: 0, appointmentCount: 5 })).toBe("Regular");
    expect(clientType({ totalSpentCents: 0, appointmentCount: 6 })).toBe("Frequente");
    expect(clientType({ totalSpentCents: 500 * REAIS, appointmentCount: 6 })).toBe("Frequente");
  });

  it("is Regular from 1 appointment and Novo with none", () => {
    expect(clientType({ totalSpentCents: 0, appointmentCount: 1 })).toBe("Regular");
    expect(clientType({ totalSpentCents: 0, appointmentCount: 0 })).toBe("Novo");
  });
});

describe("isLoyal (Fiel badge)", () => {
  it("is earned above 10 appointments", () => {
    expect(isLoyal({ appointmentCount: 10 })).toBe(false);
    expect(isLoyal({ appointmentCount: 11 })).toBe(true);
    expect(isLoyal({ appointmentCount: 0 })).toBe(false);
  });
});
