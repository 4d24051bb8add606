import { describe, expect, it } from "vitest";
import {
  customerToProfessionalMessage,
  professionalAcceptMessage,
  professionalDeclineMessage,
  whatsappLink,
  whatsappNumber,
} from "./whatsapp";

const booking = {
  customerName: "Maria Silva",
  serviceName: "Corte + Escova",
  date: "01/12/2026",
  time: "14:30",
};

describe("whatsappNumber", () => {
  it("adds 55 to a DDD + number of 10 or 11 digits", () => {
    expect(whatsappNumber("11988887777")).toBe("5511988887777");
    expect(whatsappNumber("1133334444")).toBe("551133334444");
    expect(whatsappNumber("(11) 98888-7777")).toBe("5511988887777");
  });

  it("keeps a number that already has 55 (12 or 13 digits)", () => {
    expect(whatsappNumber("5511988887777")).toBe("5511988887777");
    expect(whatsappNumber("551133334444")).toBe("551133334444");
    expect(whatsappNumber("+55 (11) 98888-7777")).toBe("5511988887777");
  });

  it("decides by length, so DDD 55 (RS) numbers still get the country code", () => {
    expect(whatsappNumber("55999998888")).toBe("5555999998888");
  });
});

describe("whatsappLink", () => {
  it("builds a wa.me link with the encoded message", () => {
    expect(whatsappLink("11988887777", "Olá! Tudo bem?")).toBe(
      "https://wa.me/5511988887777?text=Ol%C3%A1!%20Tudo%20bem%3F",
    );
  });

  it("encodes characters that would break the query", () => {
    const link = whatsappLink("5511988887777", "Corte + Escova & Barba #1 às 10:00");
    expect(link).toBe(
      "https://wa.me/5511988887777?text=Corte%20%2B%20Escova%20%26%20Barba%20%231%20%C3%A0s%2010%3A00",
    );
    const text = new URL(link).searchParams.get("text");
    expect(text).toBe("Corte + Escova & Barba #1 às 10:00");
  });
});

describe("messages", () => {
  it("client to professional", () => {
    expect(customerToProfessionalMessage(booking)).toBe(
      "Olá! Sou Maria Silva e acabei de solicitar um agendamento de Corte + Escova para 01/12/2026 às 14:30 pela sua página no Agendo.",
    );
  });

  it("professional accepts", () => {
    expect(professionalAcceptMessage(booking)).toBe(
      "Olá, Maria Silva! Seu agendamento de Corte + Escova em 01/12/2026 às 14:30 está confirmado. Até lá!",
    );
  });

  it("professional declines, with the link to pick another time", () => {
    const bookingUrl = "https://agendo.app/agendamento/studio-bela";
    expect(professionalDeclineMessage({ ...booking, bookingUrl })).toBe(
      "Olá, Maria Silva! Infelizmente não consigo atender no dia 01/12/2026 às 14:30. Que tal escolher outro horário na minha página? https://agendo.app/agendamento/studio-bela",
    );
    const { serviceName: _unused, ...noService } = booking;
    expect(professionalDeclineMessage({ ...noService, bookingUrl })).toBe(professionalDeclineMessage({ ...booking, bookingUrl }));
  });

  it("accepts a yyyy-MM-dd date and tidies spaces in the name", () => {
    expect(professionalAcceptMessage({ ...booking, customerName: "  Maria   Silva ", date: "2026-12-01" })).toBe(
      "Olá, Maria Silva! Seu agendamento de Corte + Escova em 01/12/2026 às 14:30 está confirmado. Até lá!",
    );
  });

  it("round-trips through a link", () => {
    const link = whatsappLink("11988887777", customerToProfessionalMessage(booking));
    expect(new URL(link).searchParams.get("text")).toBe(customerToProfessionalMessage(booking));
    expect(new URL(link).pathname).toBe("/5511988887777");
  });
});
