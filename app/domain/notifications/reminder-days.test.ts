import { describe, expect, it } from "vitest";
import { quickDays, reminderDay, reminderSummary } from "./reminder-days";

describe("reminderDay", () => {
  const today = "2025-03-14"; // a Friday

  it("is tomorrow by default, or the day asked from today to 30 days on", () => {
    expect(reminderDay(null, today)).toMatchObject({ date: "2025-03-15", error: null });
    expect(reminderDay("2025-03-14", today)).toMatchObject({ date: "2025-03-14", error: null });
    expect(reminderDay("2025-04-13", today)).toMatchObject({ date: "2025-04-13", error: null });
  });

  it("anything else shows tomorrow with a message for the field", () => {
    for (const asked of ["2025-03-13", "2025-04-14", "2025-02-30", "amanhã"]) {
      expect(reminderDay(asked, today)).toEqual({
        date: "2025-03-15",
        error: "Escolha uma data de hoje até 13/04/2025.",
        today,
        tomorrow: "2025-03-15",
        last: "2025-04-13",
      });
    }
  });

  it("offers today, tomorrow and the next days as quick links", () => {
    expect(quickDays(today).map((d) => d.label)).toEqual(["Hoje", "Amanhã", "Dom 16/03", "Seg 17/03", "Ter 18/03", "Qua 19/03", "Qui 20/03"]);
  });
});

describe("reminderSummary", () => {
  it("says it in pt-BR, singular and plural, without '(s)'", () => {
    expect(reminderSummary(0, 0)).toBe("Nenhum agendamento.");
    expect(reminderSummary(0, 1)).toBe("Lembrete ainda não enviado pelo WhatsApp.");
    expect(reminderSummary(1, 1)).toBe("Lembrete enviado pelo WhatsApp.");
    expect(reminderSummary(0, 3)).toBe("Nenhum dos 3 lembretes foi enviado pelo WhatsApp.");
    expect(reminderSummary(1, 3)).toBe("1 de 3 lembretes enviados pelo WhatsApp.");
    expect(reminderSummary(3, 3)).toBe("Os 3 lembretes foram enviados pelo WhatsApp.");
  });
});
