import { describe, expect, it } from "vitest";
import { formatMoney } from "../money";
import { mutedKinds, pushContent, shortWhen } from "./push-texts";

const carla = { id: "r1", customerName: "Carla", serviceName: "Corte", date: "2025-11-28", startMinute: 600 };

describe("push texts", () => {
  it("say who, what and when in one line, the weekday short ('sex 28/11 às 10:00')", () => {
    expect(shortWhen("2025-11-28", 600)).toBe("sex 28/11 às 10:00");
    expect(pushContent("new-request", carla)).toEqual({
      title: "Nova solicitação: Carla, Corte, sex 28/11 às 10:00",
      body: "Toque para aceitar ou recusar.",
      url: "/solicitacoes",
      tag: "new-request:r1",
    });
  });

  it("open the appointment when there is one, the day of a cancelled one, and tell a move's old time and a deposit's amount", () => {
    expect(pushContent("auto-confirmed", { ...carla, appointmentId: "a1" }).url).toBe("/agenda?editar=a1");
    expect(pushContent("customer-cancel", { ...carla, appointmentId: "a1" }).url).toBe("/agenda?vista=dia&data=2025-11-28");
    const moved = pushContent("customer-move", carla, { from: { date: "2025-11-27", startMinute: 900 } });
    expect([moved.title, moved.body]).toEqual(["Remarcado pelo cliente: Carla, Corte, sex 28/11 às 10:00", "Antes: qui 27/11 às 15:00."]);
    expect(pushContent("deposit-paid", carla, { depositCents: 3000 }).body).toBe(`${formatMoney(3000)} pelo Pix. Agendamento confirmado.`);
  });

  it("read the muted kinds back, ignoring what is not a kind", () => {
    expect([...mutedKinds("new-request,attendance,nada")]).toEqual(["new-request", "attendance"]);
    expect(mutedKinds("").size).toBe(0);
  });
});
