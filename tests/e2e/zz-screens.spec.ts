import { addDays, dayOfWeek, nowInZone } from "../../app/domain/dates";
import { appointments } from "../../db/schema";
import { createClient, createService, createWorkingHours } from "../support/factories";
import { createPro, e2eDb, expect, signIn, test } from "./fixtures";

for (const [name, viewport] of [["phone", { width: 360, height: 740 }], ["desktop", { width: 1280, height: 900 }]] as const) {
  test(`screens ${name}`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    const pro = await createPro();
    const db = e2eDb();
    await createWorkingHours(db, pro.id);
    const service = await createService(db, pro.id, { name: "Corte Masculino", priceCents: 5000, durationMinutes: 45 });
    const client = await createClient(db, pro.id, { name: "Rafael Costa" });
    await signIn(page, pro.id);
    let first = addDays(nowInZone("America/Sao_Paulo").date, 2);
    while (dayOfWeek(first) !== 2) first = addDays(first, 1);
    await db.insert(appointments).values({ userId: pro.id, clientId: client.id, serviceId: service.id, serviceName: "Corte Masculino", date: addDays(first, 28), startMinute: 600, durationMinutes: 45, priceCents: 5000 });
    await page.goto("/agenda?novo=1");
    await page.getByLabel("Cliente").selectOption({ label: "Rafael Costa" });
    await page.getByLabel("Serviço").selectOption({ label: "Corte Masculino (45 min)" });
    await page.getByLabel("Data").fill(first);
    await expect(page.getByText(/horários? livres? em/)).toBeVisible();
    await page.getByLabel("Horário").selectOption("10:00");
    await page.screenshot({ path: `/tmp/shots/${name}-form.png`, fullPage: true });
    await page.locator("summary", { hasText: "Repetir" }).click();
    await page.getByLabel("Frequência").selectOption({ label: "A cada 2 semanas" });
    await page.getByLabel("Quantas vezes").fill("6");
    await page.getByRole("button", { name: "Ver datas" }).click();
    await expect(page.getByTestId("series-date")).toHaveCount(6);
    await page.screenshot({ path: `/tmp/shots/${name}-preview.png`, fullPage: true });
    await page.getByRole("button", { name: "Agendar", exact: true }).click();
    await expect(page.getByTestId("toast")).toBeVisible();
    await page.screenshot({ path: `/tmp/shots/${name}-list.png`, fullPage: true });
    await page.goto("/agenda?novo=1");
    await page.getByLabel("Cliente").selectOption({ label: "Rafael Costa" });
    await page.getByLabel("Serviço").selectOption({ label: "Corte Masculino (45 min)" });
    await page.getByLabel("Data").fill(first);
    await page.getByLabel("Encaixe (outra hora)").fill("20:00");
    await page.getByRole("button", { name: "Agendar", exact: true }).click();
    await expect(page.getByText("Fora do horário de atendimento. Agendar mesmo assim?")).toBeVisible();
    await page.screenshot({ path: `/tmp/shots/${name}-walkin.png`, fullPage: true });
  });
}
