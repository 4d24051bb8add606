import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { appointments, cashClosings } from "../../db/schema";
import { nowInZone } from "../../app/domain/dates";
import { formatMoney } from "../../app/domain/money";
import { createClient } from "../support/factories";
import { bookablePro, e2eDb, expect, signIn, test } from "./fixtures";

// Issue 22: 'Concluir' opens 'Fechar atendimento'; a service closed with a product, a tip and a
// split payment shows in the Caixa. A plain form (@nojs), on a phone too (@phone). Issue 32: a line
// removed, the total recalculated without JavaScript, the Caixa's closings and 'Total pago'.

async function startedToday(page: Page) {
  const { pro, service } = await bookablePro({ services: [{ name: "Corte Masculino", priceCents: 5000, durationMinutes: 45 }] });
  const client = await createClient(e2eDb(), pro.id, { name: "Rafael Costa" });
  const today = nowInZone("America/Sao_Paulo").date;
  const [appt] = await e2eDb()
    .insert(appointments)
    .values({ userId: pro.id, clientId: client.id, serviceId: service.id, serviceName: "Corte Masculino", date: today, startMinute: 0, durationMinutes: 45, priceCents: 5000 })
    .returning();
  await signIn(page, pro.id);
  return { today, appt: appt! };
}

test("closing a service with a product, a tip and Pix + Dinheiro; the Caixa shows it @nojs @phone", async ({ page }) => {
  const { today, appt } = await startedToday(page);
  await page.goto(`/agenda?periodo=customizado&de=${today}&ate=${today}`);
  await page.getByTestId("appointment-row").getByRole("link", { name: /^Concluir/ }).click();
  await expect(page.getByRole("heading", { name: "Fechar atendimento" })).toBeVisible();
  await expect(page.getByLabel("Serviço")).toHaveValue("Corte Masculino");
  await expect(page.getByLabel("Preço (R$)")).toHaveValue("50,00");

  // '+ Adicionar item' (a submit without JavaScript): a product line, typed values kept.
  await page.getByLabel("Gorjeta (R$)").fill("5,00");
  await page.getByRole("button", { name: "+ Adicionar item" }).click();
  await expect(page.getByTestId("closing-item")).toHaveCount(2);
  await expect(page.getByLabel("Gorjeta (R$)")).toHaveValue("5,00");
  const product = page.getByTestId("closing-item").nth(1);
  await product.getByLabel("Item").fill("Pomada");
  await product.getByLabel("Preço (R$)").fill("20,00");

  // A line added by mistake goes with 'Remover' (a submit without JavaScript), nothing else lost.
  await page.getByRole("button", { name: "+ Adicionar item" }).click();
  await page.getByTestId("closing-item").nth(2).getByLabel("Item").fill("Cera");
  await page.getByTestId("closing-item").nth(2).getByLabel("Preço (R$)").fill("15,00");
  await page.getByRole("button", { name: "Remover Cera" }).click();
  await expect(page.getByTestId("closing-item")).toHaveCount(2);
  await expect(page.getByTestId("closing-item").nth(1).getByLabel("Item")).toHaveValue("Pomada");
  await expect(page.getByLabel("Gorjeta (R$)")).toHaveValue("5,00");
  // 'Total a receber' follows what is typed: live with JavaScript, with 'Recalcular total' (or Enter) without.
  await page.getByLabel("Gorjeta (R$)").fill("6,00");
  if (test.info().project.name === "no-js") await page.getByLabel("Gorjeta (R$)").press("Enter");
  await expect(page.getByTestId("closing-totals")).toContainText(`Total a receber${formatMoney(7600)}`);
  await expect(page.getByRole("button", { name: "Recalcular total" })).toHaveCount(test.info().project.name === "no-js" ? 1 : 0);
  await page.getByLabel("Gorjeta (R$)").fill("5,00");

  // A split that does not add up is told beside the payments, nothing saved.
  await page.getByLabel("Forma de pagamento 1").selectOption("pix");
  await page.getByLabel("Valor 1 (R$)").fill("50,00");
  await page.getByLabel("Forma de pagamento 2").selectOption("cash");
  await page.getByLabel("Valor 2 (R$)").fill("20,00");
  await page.getByRole("button", { name: "Concluir e registrar pagamento" }).click();
  await expect(page.locator("#pagamentos-error")).toContainText(`somam ${formatMoney(7000)}, mas o total a receber é ${formatMoney(7500)}`);
  await expect(page.getByTestId("closing-totals")).toContainText(formatMoney(7500));
  expect(await e2eDb().select().from(cashClosings).where(eq(cashClosings.appointmentId, appt.id))).toHaveLength(0);

  await page.getByLabel("Valor 2 (R$)").fill("25,00");
  await page.getByRole("button", { name: "Concluir e registrar pagamento" }).click();
  await expect(page.getByTestId("toast")).toContainText("Atendimento concluído");
  await expect(page.getByTestId("appointment-row")).toContainText("Concluído");

  await page.goto("/caixa");
  await expect(page.getByTestId("cash-received")).toContainText(formatMoney(7000));
  await expect(page.getByTestId("cash-by-method")).toContainText(`Pix${formatMoney(5000)}`);
  await expect(page.getByTestId("cash-by-method")).toContainText(`Dinheiro${formatMoney(2500)}`);
  await expect(page.getByTestId("cash-tips")).toContainText(formatMoney(500));
  await expect(page.getByTestId("cash-total-paid")).toContainText(formatMoney(7500));
  await expect(page.getByText("1× Pomada")).toBeVisible();
  // The day's closings, each with a link back to it.
  const closing = page.getByTestId("cash-closing");
  await expect(closing).toHaveCount(1);
  await expect(closing).toContainText("Rafael Costa");
  await expect(closing).toContainText("Corte Masculino + 1 item · Pix + Dinheiro");
  await closing.getByRole("link", { name: /^Ver fechamento/ }).click();
  await expect(page.getByRole("heading", { name: "Fechamento do atendimento" })).toBeVisible();
});
