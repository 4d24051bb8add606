import { describe, expect, it } from "vitest";
import { changeEmail, changeTemplateParams, cleanReason, professionalLabel, type NoticeInput } from "./change-notices";

const base: NoticeInput = {
  kind: "cancel",
  professional: "Ana Lima (Salão Flor)",
  serviceName: "Corte",
  times: [{ date: "2026-12-03", startMinute: 600 }],
  reason: "",
  timeZone: "America/Sao_Paulo",
  now: new Date("2026-12-01T12:00:00Z"),
  statusUrl: null,
  bookingUrl: "https://agendo.app/agendamento/salao-flor",
};

describe("change notices", () => {
  it("name the person who attends, and the business beside it only when it is another name", () => {
    expect(professionalLabel({ fullName: "Ana Lima", businessName: "Salão Flor" })).toBe("Ana Lima (Salão Flor)");
    expect(professionalLabel({ fullName: "Ana Lima", businessName: "ana lima" })).toBe("Ana Lima");
    expect(professionalLabel({ fullName: "", businessName: "Salão Flor" })).toBe("Salão Flor");
  });

  it("keep a reason on one line, so it travels in a template parameter", () => {
    expect(cleanReason(" Luz\ncortada\t\tno  salão ")).toBe("Luz cortada no salão");
    const params = changeTemplateParams({ ...base, reason: cleanReason("Luz\ncortada"), times: [...base.times, { date: "2026-12-10", startMinute: 600 }] });
    expect(params).toEqual(["Ana Lima (Salão Flor)", "Corte", "foram cancelados 2 horários, a partir de quinta-feira 03/12 às 10:00. Motivo: Luz cortada", base.bookingUrl]);
    expect(params.every((p) => p.trim() && !p.includes("\n"))).toBe(true);
  });

  it("never open the e-mail with the customer's name", () => {
    const mail = changeEmail({ ...base, kind: "move", before: { date: "2026-12-02", startMinute: 540 } });
    expect(mail.subject).toBe("Horário alterado: Corte agora em 03/12 às 10:00 com Ana Lima (Salão Flor)");
    expect(mail.text.split("\n").slice(0, 4)).toEqual(["Olá!", "", "Ana Lima (Salão Flor) mudou seu horário de Corte.", "Novo horário: quinta-feira 03/12 às 10:00"]);
    expect(mail.text).toContain("Antes: amanhã, quarta-feira 02/12 às 09:00");
  });
});
