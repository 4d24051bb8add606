import { describe, expect, it } from "vitest";
import { comebackMarginDays, comebackMessage, lastVisitWords } from "./comeback";

describe("'Hora de voltar'", () => {
  it("gives the larger of 7 days or 30% of the interval as the margin", () => {
    expect([comebackMarginDays(14), comebackMarginDays(60)]).toEqual([7, 18]);
  });

  it("writes a warm message from the name, the usual service and the link", () => {
    expect(comebackMessage({ client: "Carla Dias", service: "Corte", daysSince: 36, professional: "Studio Bela", link: "https://x/y" })).toBe(
      "Oi, Carla! Já faz 5 semanas do seu último atendimento de corte com Studio Bela. Que tal marcar o próximo?\nÉ só escolher o melhor horário por aqui: https://x/y",
    );
  });

  it("names every service without an article that would have to agree with it", () => {
    const sentence = (service: string | null) =>
      comebackMessage({ client: "Carla Dias", service, daysSince: 36, professional: "Studio Bela", link: "https://x/y" }).split("\n")[0];
    expect(sentence("Esmaltação em gel")).toBe("Oi, Carla! Já faz 5 semanas do seu último atendimento de esmaltação em gel com Studio Bela. Que tal marcar o próximo?");
    expect(sentence("Luzes")).toContain("do seu último atendimento de luzes com");
    expect(sentence("Corte + Barba")).toContain("do seu último atendimento de corte + barba com");
    expect(sentence(null)).toContain("do seu último atendimento com Studio Bela");
    // The template's {{3}} ('do seu último {{3}}') gets the same words.
    expect([lastVisitWords("Escova progressiva"), lastVisitWords(null), lastVisitWords("  ")]).toEqual([
      "atendimento de escova progressiva",
      "atendimento",
      "atendimento",
    ]);
  });
});
