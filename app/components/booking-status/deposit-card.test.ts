import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DepositCard } from "./deposit-card";
import type { DepositView } from "./status-view";

const awaiting: DepositView = {
  amountCents: 1500,
  state: "awaiting",
  label: "Aguardando pagamento",
  pix: { payload: "00020126580014br.gov.bcb.pix", svg: "<svg></svg>" },
  dueBy: null,
  payBy: "10:45",
  payRule: "Depois desse horário o horário é liberado e um pagamento feito depois é devolvido.",
  payTimeOver: false,
};

describe("the Pix card while the payment is awaited", () => {
  it("without JavaScript reloads the page once a minute, not every 15 s under a customer copying the code", () => {
    const html = renderToString(createElement(DepositCard, { deposit: awaiting, bookingPath: "/agendamento/salao", status: "pending" }));
    expect(html).toContain('<meta http-equiv="refresh" content="60"/>');
  });
});
