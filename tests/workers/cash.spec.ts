import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { appointments, cashClosings, cashPayments } from "../../db/schema";
import { nowInZone } from "../../app/domain/dates";
import { formatMoney } from "../../app/domain/money";
import { createClient } from "../support/factories";
import { bookablePro, expect, fileDb, httpDb, signIn, test } from "./fixtures";

// 'Fechar atendimento' written in one batch over HTTP, and the Caixa's CSV as the Worker answers it.
test("the Caixa: an appointment closed with Pix and a tip, its figures shown, its CSV downloaded", async ({ page }) => {
  const { pro, service } = await bookablePro({ name: `Caixa Workers ${crypto.randomUUID().slice(0, 6)}`, services: [{ name: "Corte Masculino", priceCents: 5000, durationMinutes: 45 }] });
  const client = await createClient(httpDb(), pro.id, { name: "Rafael Costa" });
  const today = nowInZone("America/Sao_Paulo").date;
  const [appt] = await httpDb()
    .insert(appointments)
    .values({ userId: pro.id, clientId: client.id, serviceId: service.id, serviceName: "Corte Masculino", date: today, startMinute: 0, durationMinutes: 45, priceCents: 5000 })
    .returning();
  await signIn(page, pro.id);

  await page.goto(`/agenda?periodo=customizado&de=${today}&ate=${today}`);
  await page.getByTestId("appointment-row").getByRole("link", { name: /^Concluir/ }).click();
  await expect(page.getByRole("heading", { name: "Fechar atendimento" })).toBeVisible();
  await page.getByLabel("Gorjeta (R$)").fill("5,00");
  await page.getByLabel("Forma de pagamento 1").selectOption("pix");
  await page.getByLabel("Valor 1 (R$)").fill("55,00");
  await page.getByRole("button", { name: "Concluir e registrar pagamento" }).click();
  await expect(page.getByTestId("toast")).toContainText("Atendimento concluído");

  await page.goto("/caixa");
  await expect(page.getByTestId("cash-by-method")).toContainText(`Pix${formatMoney(5500)}`);
  await expect(page.getByTestId("cash-tips")).toContainText(formatMoney(500));
  const [closing] = await fileDb().select().from(cashClosings).where(eq(cashClosings.appointmentId, appt!.id));
  expect(closing).toBeTruthy();
  const payments = await fileDb().select().from(cashPayments).where(eq(cashPayments.closingId, closing!.id));
  expect(payments.map((p) => [p.method, p.amountCents])).toEqual([["pix", 5500]]);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Exportar CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`caixa-${today}-a-${today}.csv`);
  const csv = (await readFile((await file.path())!)).toString("utf-8");
  expect(csv).toContain("Cliente");
  expect(csv).toContain("Rafael Costa");
  expect(csv).toContain("Corte Masculino");
});
