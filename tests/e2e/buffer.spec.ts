import { bookablePro, expect, signIn, test, workingDate } from "./fixtures";

// 'Intervalo após', end to end: the professional sets 10 minutes after a service on its form;
// once a customer books 09:00, the next time the booking page offers is 09:45 (09:30 would leave
// no time to clean the chair), not 09:30. With JavaScript only: the service form and the booking
// steps without it are the journeys of services.spec.ts and booking.spec.ts (@nojs), and the
// interval is the server's rule either way.

test("a 10-minute 'Intervalo após' pushes the next free time", async ({ page, browser }, info) => {
  const { pro, service } = await bookablePro({
    name: `Barbearia Intervalo ${info.project.name} ${crypto.randomUUID().slice(0, 4)}`,
    profile: { slotStepMinutes: 15, autoConfirm: true },
    hours: { start: "09:00", end: "18:00" },
    category: "Barba",
    services: [{ name: "Barba completa", priceCents: 4000, durationMinutes: 30 }],
  });

  // The professional sets the interval on the service's form.
  await signIn(page, pro.id);
  await page.goto("/servicos");
  await page.getByRole("link", { name: "Editar" }).click();
  await page.getByLabel("Intervalo após (min)").fill("10");
  await page.getByRole("button", { name: "Atualizar" }).click();
  await expect(page.getByText("Serviço atualizado com sucesso.")).toBeVisible();

  // A customer books 09:00.
  const date = workingDate(info.project.name === "js" ? 4 : 5);
  const customer = await browser.newContext({ locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  const booking = await customer.newPage();
  await booking.goto(`/agendamento/${pro.bookingSlug}`);
  await booking.getByText("Barba completa", { exact: true }).click();
  await booking.getByRole("button", { name: "Continuar" }).click();
  await booking.getByLabel("Data").fill(date);
  await booking.getByRole("button", { name: "Ver horários" }).click();
  await expect(booking.getByText("09:30", { exact: true })).toBeVisible();
  await booking.getByText("09:00", { exact: true }).click();
  await booking.getByRole("button", { name: "Continuar" }).click();
  await booking.getByLabel("Nome *").fill("Otávio Reis");
  await booking.getByLabel("Telefone / WhatsApp *").fill("11977776655");
  await booking.getByRole("button", { name: "Confirmar Agendamento" }).click();
  await expect(booking.getByRole("heading", { name: "Agendamento Confirmado!" })).toBeVisible();

  // The next customer: 09:15 and 09:30 are gone (the cut plus its ten minutes), 09:45 is the first.
  await booking.goto(`/agendamento/${pro.bookingSlug}?servico=${service.id}&data=${date}`);
  await expect(booking.getByText("09:45", { exact: true })).toBeVisible();
  for (const gone of ["09:00", "09:15", "09:30"]) await expect(booking.getByText(gone, { exact: true })).toHaveCount(0);
  await customer.close();
});
