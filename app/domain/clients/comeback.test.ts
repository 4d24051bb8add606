import { describe, expect, it } from "vitest";
import { comebackMarginDays, comebackMessage } from "./comeback";

describe("'Hora de voltar'", () => {
  it("gives the larger of 7 days or 30% of the interval as the margin", () => {
    expect([comebackMarginDays(14), comebackMarginDays(60)]).toEqual([7, 18]);
  });

  it("writes a warm message from the name, the usual service and the link", () => {
    expect(comebackMessage({ client: "Carla Dias", service: "Corte", daysSince: 36, professional: "Studio Bela", link: "https://x/y" })).toBe(
      "Oi, Carla! Já faz 5 semanas do seu último corte com Studio Bela. Que tal marcar o próximo?\nÉ só escolher o melhor horário por aqui: https://x/y",
    );
  });
});
