import { appointments, clients } from "../../db/schema";
import { addDays, nowInZone } from "../../app/domain/dates";
import { createPro, e2eDb, expect, signIn, test } from "./fixtures";

// The client's card (/clientes?ver=<id>) and 'Aniversariantes da semana': server HTML and plain
// links ('Ver mais' is a link), the same without JavaScript, so checked with it (js, phone).

const br = (date: string) => `${date.slice(8)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

test("@phone the client's card: notes, history with 'Ver mais', no-shows badge, next appointment", async ({ page }, info) => {
  const pro = await createPro({ name: `Salão Ficha ${info.project.name}` });
  const db = e2eDb();
  const today = nowInZone("America/Sao_Paulo").date;
  const [ana] = await db
    .insert(clients)
    .values({ userId: pro.id, name: "Ana Paula Souza", phone: "11987650000", notes: "Prefere tesoura." })
    .returning();
  await db.insert(clients).values({ userId: pro.id, name: "Bia Lima", phone: "11987650001" });
  for (let i = 1; i <= 12; i++) {
    await db.insert(appointments).values({
      userId: pro.id,
      clientId: ana!.id,
      serviceName: i === 1 ? "Escova" : "Corte",
      date: addDays(today, -i * 7),
      startMinute: 600,
      priceCents: 5000,
      status: i <= 2 ? "no_show" : "completed",
    });
  }
  await db.insert(appointments).values({ userId: pro.id, clientId: ana!.id, serviceName: "Coloração", date: addDays(today, 5), startMinute: 900, status: "confirmed" });
  await signIn(page, pro.id);

  await page.goto("/clientes");
  const card = page.getByTestId("client-card").filter({ hasText: "Ana Paula Souza" });
  await expect(card.getByTestId("client-no-shows")).toHaveText("Faltou 2x");
  await expect(page.getByTestId("client-card").filter({ hasText: "Bia Lima" }).getByTestId("client-no-shows")).toHaveCount(0);
  await card.getByRole("link", { name: "Ana Paula Souza", exact: true }).click();

  await expect(page.getByRole("heading", { name: "Ana Paula Souza" })).toBeVisible();
  await expect(page.getByTestId("client-notes")).toHaveText("Prefere tesoura.");
  await expect(page.getByTestId("no-show-count")).toHaveText("2");
  await expect(page.getByTestId("next-appointment")).toContainText(`${br(addDays(today, 5))} às 15:00`);
  await expect(page.getByTestId("next-appointment")).toContainText("Coloração");
  const history = page.getByTestId("history-entry");
  await expect(history).toHaveCount(10);
  await expect(history.first()).toContainText(br(addDays(today, -7)));
  await expect(history.first()).toContainText("Escova");
  await expect(history.first()).toContainText("Não compareceu");
  await page.getByRole("link", { name: "Ver mais" }).click();
  await expect(history).toHaveCount(12);
  await expect(page.getByRole("link", { name: "Ver mais" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/5511987650000\?text=/);

  // Another professional's client is not found.
  const other = await createPro({ name: `Outro ${info.project.name}` });
  const [theirs] = await db.insert(clients).values({ userId: other.id, name: "De Outro", phone: "11987650009" }).returning();
  const response = await page.goto(`/clientes?ver=${theirs!.id}`);
  expect(response?.status()).toBe(404);
});

test("birthdays of the week on the dashboard, with a WhatsApp greeting", async ({ page }, info) => {
  const pro = await createPro({ name: `Salão Niver ${info.project.name}` });
  const db = e2eDb();
  const today = nowInZone("America/Sao_Paulo").date;
  await db.insert(clients).values([
    { userId: pro.id, name: "Carla Dias", phone: "11987650002", birthDate: `1990-${today.slice(5)}` },
    { userId: pro.id, name: "Fora da Semana", phone: "11987650003", birthDate: `1990-${addDays(today, 10).slice(5)}` },
  ]);
  await signIn(page, pro.id);
  await page.goto("/dashboard");
  const section = page.getByTestId("week-birthdays");
  await expect(section.getByRole("heading", { name: "Aniversariantes da semana" })).toBeVisible();
  await expect(section.getByTestId("birthday")).toHaveCount(1);
  await expect(section.getByTestId("birthday")).toContainText("Hoje");
  await expect(section.getByTestId("birthday")).toContainText("Carla Dias");
  const link = section.getByRole("link", { name: "Parabenizar Carla Dias pelo WhatsApp" });
  const href = (await link.getAttribute("href"))!;
  expect(href).toMatch(/^https:\/\/wa\.me\/5511987650002\?text=/);
  expect(decodeURIComponent(href.split("?text=")[1]!)).toContain("Feliz aniversário, Carla!");
});
