import { eq } from "drizzle-orm";
import { bookingRequests, paymentAccounts } from "../../db/schema";
import { workingDay } from "../support/factories";
import { MP_STANDIN_URL } from "./env";
import { bookablePro, expect, fileDb, signIn, test } from "./fixtures";

// Mercado Pago on the Workers runtime: the OAuth connection (its tokens sealed with AES-GCM in
// WebCrypto), a Pix charged through the API stand-in, and its payment notified by a webhook signed
// with HMAC-SHA256 that the Worker verifies before it marks the deposit paid.
test("a Pix deposit: Mercado Pago connected, the customer's Pix paid, the signed webhook confirms it", async ({ page }) => {
  const { pro, service } = await bookablePro({
    name: `Pix Workers ${crypto.randomUUID().slice(0, 6)}`,
    services: [{ name: "Mechas", priceCents: 20000, durationMinutes: 60, requiresDeposit: true, depositCents: 1500 }],
  });
  await signIn(page, pro.id);
  await page.goto("/configuracoes/pagamentos");
  await page.getByRole("button", { name: "Conectar Mercado Pago" }).click();
  await page.getByRole("link", { name: "Permitir" }).click();
  await expect(page.getByText("Mercado Pago conectado.")).toBeVisible();
  const [account] = await fileDb().select().from(paymentAccounts).where(eq(paymentAccounts.userId, pro.id));
  expect(account!.accessTokenSealed).toMatch(/^v1\./);

  // The customer books the deposit service (the same browser: the booking page is public).
  await page.goto(`/agendamento/${pro.bookingSlug}?servico=${service.id}&data=${workingDay(2)}&horario=10:00`);
  await page.getByLabel("Nome *").fill("Maria Clara");
  await page.getByLabel("Telefone / WhatsApp *").fill("11988887777");
  await page.getByLabel(/^E-mail \*/).fill("maria@example.com");
  await page.getByRole("button", { name: "Confirmar e pagar sinal" }).click();
  await expect(page.getByTestId("deposit-state")).toHaveText("Aguardando pagamento");
  await expect(page.getByLabel("Pix copia e cola")).toHaveValue(/^000201/);

  const [request] = await fileDb().select().from(bookingRequests).where(eq(bookingRequests.professionalId, pro.id));
  const paid = await fetch(`${MP_STANDIN_URL}/__pay/${request!.paymentId}`, { method: "POST" });
  expect(((await paid.json()) as { webhook: { status: number } }).webhook.status).toBe(200);
  await expect(page.getByTestId("deposit-state")).toHaveText("Sinal pago ✓ — R$ 15,00", { timeout: 10_000 });
  const [after] = await fileDb().select().from(bookingRequests).where(eq(bookingRequests.id, request!.id));
  expect(after).toMatchObject({ status: "accepted", depositCents: 1500 });
  expect(after!.paymentPaidAt).not.toBeNull();
});
