import { describe, expect, it } from "vitest";
import type { ServiceRow } from "../domain/services/services.server";
import { filterServices, serviceStats } from "./services.server";

const row = (over: Partial<ServiceRow>): ServiceRow => ({
  id: crypto.randomUUID(),
  name: "Serviço",
  description: "",
  priceCents: 0,
  durationMinutes: 30,
  bufferMinutes: 0,
  color: "#4F46E5",
  isActive: true,
  requiresDeposit: false,
  depositCents: 0,
  categoryId: "c1",
  categoryName: "Cabelo",
  categorySlug: "cabelo",
  ...over,
});

describe("list filters and tiles", () => {
  const rows = [
    row({ name: "Corte Masculino", priceCents: 5000 }),
    row({ name: "Escova Progressiva", priceCents: 15000, isActive: false }),
    row({ name: "Barba", priceCents: 3500, categoryId: "c2", categoryName: "Barbearia Clássica", categorySlug: "barba" }),
    row({ name: "Pé e Mão", priceCents: 4000, categoryId: null, categoryName: null, categorySlug: null }),
  ];

  it("searches name or category name, ignoring case and accents", () => {
    expect(filterServices(rows, "corte", "").map((s) => s.name)).toEqual(["Corte Masculino"]);
    expect(filterServices(rows, "CLASSICA", "").map((s) => s.name)).toEqual(["Barba"]);
    expect(filterServices(rows, "pe e mao", "").map((s) => s.name)).toEqual(["Pé e Mão"]);
    expect(filterServices(rows, "xyz", "")).toEqual([]);
  });

  it("filters by category slug, or services without a category", () => {
    expect(filterServices(rows, "", "cabelo").map((s) => s.name)).toEqual(["Corte Masculino", "Escova Progressiva"]);
    expect(filterServices(rows, "escova", "cabelo").map((s) => s.name)).toEqual(["Escova Progressiva"]);
    expect(filterServices(rows, "", "_sem").map((s) => s.name)).toEqual(["Pé e Mão"]);
    expect(filterServices(rows, "", "nao-existe")).toEqual([]);
  });

  it("averages the price of active services only", () => {
    expect(serviceStats(rows, 2)).toEqual({
      active: 3,
      inactive: 1,
      averagePriceCents: 4167, // (50 + 35 + 40) / 3
      total: 4,
      categories: 2,
    });
    expect(serviceStats([], 0).averagePriceCents).toBe(0);
  });
});
