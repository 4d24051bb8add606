// 'Equipe' (issue 16): a salon of three (the owner and two members). The owner's day view shows
// the three columns; a member allows the owner to manage their agenda in Configurações > Contas
// and the owner confirms that member's appointment; the other member's stays read-only. The
// owner accepts their own pending request from Equipe; the other member's stays theirs; her
// 'Meu' or 'Salão' on Relatórios is remembered on the Caixa.
// Runs in "js", "no-js" (@nojs: every action here is a form) and (tagged @phone) "phone".
import { eq, inArray } from "drizzle-orm";
import { appointments, bookingRequests, clients, linkedAccounts, subscriptions } from "../../db/schema";
import { addDays } from "../../app/domain/dates";
import { bookablePro, e2eDb, expect, signIn, test, workingDate } from "./fixtures";

async function salon(tag: string) {
  const db = e2eDb();
  // Everyone works 09:00-18:00 every day.
  const hours = { start: "09:00", end: "18:00" };
  const [owner, ana, bia] = (
    await Promise.all(["Dona Carla", "Ana Lima", "Bia Souza"].map((name) => bookablePro({ name: `${name} ${tag}`, hours, services: [] })))
  ).map((salonMember) => salonMember.pro);
  await db
    .update(subscriptions)
    .set({ status: "active", planId: "avancado", subscriptionEndDate: new Date(Date.now() + 30 * 86_400_000) })
    .where(eq(subscriptions.userId, owner.id));
  await db.insert(linkedAccounts).values([
    { ownerId: owner.id, linkedUserEmail: ana.email, linkedUserId: ana.id, status: "active" },
    { ownerId: owner.id, linkedUserEmail: bia.email, linkedUserId: bia.id, status: "active" },
  ]);
  // Three days ahead, not a Sunday: the next day is then in the same week (the week view below).
  const date = workingDate(3);
  const ids: Record<string, string> = {};
  for (const [i, p] of [owner, ana, bia].entries()) {
    const [client] = await db.insert(clients).values({ userId: p.id, name: `Cliente ${i} ${tag}`, phone: `1198765${String(4000 + i)}` }).returning();
    const [a] = await db
      .insert(appointments)
      .values({ userId: p.id, clientId: client!.id, serviceName: `Corte ${i}`, date, startMinute: (9 + i) * 60, durationMinutes: 60, priceCents: 5000, status: "scheduled" })
      .returning();
    ids[p.id] = a!.id;
  }
  // A pending request for the owner (answered from Equipe) and one for Bia (read-only).
  const expiresAt = new Date(Date.now() + 24 * 3_600_000);
  const requests = await db
    .insert(bookingRequests)
    .values([
      { professionalId: owner.id, customerName: `Joana ${tag}`, customerPhone: "11955551001", serviceName: "Escova", date, startMinute: 15 * 60, durationMinutes: 60, expiresAt },
      { professionalId: bia.id, customerName: `Rosa ${tag}`, customerPhone: "11955551002", serviceName: "Unha", date, startMinute: 16 * 60, durationMinutes: 60, expiresAt },
    ])
    .returning();
  return { owner, ana, bia, date, ids, requests: requests.map((r) => r.id) };
}

test("the owner sees the salon's day in three columns and manages only an allowing member's appointment @phone @nojs", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const tag = crypto.randomUUID().slice(0, 4);
  const { owner, ana, bia, date, ids, requests } = await salon(tag);

  // Ana allows the owner to manage her agenda.
  await signIn(page, ana.id);
  await page.goto("/configuracoes/contas");
  const allow = page.getByLabel("Permitir que a pessoa responsável pela equipe gerencie minha agenda");
  await expect(allow).not.toBeChecked();
  await allow.check();
  await page.getByRole("button", { name: "Salvar permissão" }).click();
  await expect(page.getByText("Permissão concedida")).toBeVisible();
  await expect(allow).toBeChecked();
  // A member has no 'Equipe'.
  expect((await page.goto("/equipe"))?.status()).toBe(404);
  await page.context().clearCookies();

  await signIn(page, owner.id);
  await page.goto("/dashboard");
  if (testInfo.project.name === "phone") await page.getByText("☰ Menu").click();
  await page.getByRole("link", { name: "Equipe" }).first().click();
  await expect(page.getByRole("heading", { name: "Equipe", level: 1 })).toBeVisible();

  await page.goto(`/equipe?vista=dia&data=${date}`);
  const headers = page.getByTestId("team-column-header");
  await expect(headers).toHaveCount(3);
  await expect(headers.nth(0)).toContainText(owner.name);
  await expect(headers.nth(1)).toContainText(ana.name);
  await expect(headers.nth(2)).toContainText(bia.name);
  await expect(page.getByTestId("team-column").nth(1).getByTestId("team-event")).toContainText(`Cliente 1 ${tag}`);
  await expect(page.getByTestId("team-column").nth(2).getByTestId("team-event")).toContainText(`Cliente 2 ${tag}`);
  if (testInfo.project.name === "phone") {
    // The page itself never scrolls sideways (the grid scrolls inside its card).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
  }
  await page.screenshot({ path: testInfo.outputPath("team-day.png"), fullPage: true });

  // Bia did not allow it: read-only.
  await page.getByTestId("team-column").nth(2).getByTestId("team-event").click();
  await expect(page.getByTestId("team-read-only")).toBeVisible();
  await expect(page.getByTestId("team-detail").getByRole("button")).toHaveCount(0);

  // Ana did: 'Confirmar' works and stays on the same day.
  await page.getByTestId("team-column").nth(1).getByTestId("team-event").click();
  await expect(page.getByTestId("team-detail")).toContainText(ana.name);
  await page.getByTestId("team-detail").getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByTestId("toast")).toContainText("Agendamento confirmado");
  await expect(page).toHaveURL(new RegExp(`/equipe\\?vista=dia&data=${date}$`));
  await expect(page.getByTestId("team-column").nth(1).getByTestId("team-event")).toHaveAttribute("data-status", "confirmed");
  const [row] = await e2eDb().select({ status: appointments.status }).from(appointments).where(eq(appointments.id, ids[ana.id]!));
  expect(row!.status).toBe("confirmed");
  const [bias] = await e2eDb().select({ status: appointments.status }).from(appointments).where(eq(appointments.id, ids[bia.id]!));
  expect(bias!.status).toBe("scheduled");

  // Pending requests: the owner answers their own; Bia's is hers to answer.
  const pending = page.getByTestId("team-pending-request");
  await expect(pending.filter({ hasText: `Rosa ${tag}` }).getByTestId("team-pending-read-only")).toBeVisible();
  await expect(pending.filter({ hasText: `Rosa ${tag}` }).getByRole("button")).toHaveCount(0);
  await pending.filter({ hasText: `Joana ${tag}` }).getByRole("button", { name: /^Aceitar: Joana/ }).click();
  await expect(page.getByText("Solicitação aceita")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/equipe\\?vista=dia&data=${date}$`));
  await expect(pending).toHaveCount(1);
  const answered = await e2eDb().select({ status: bookingRequests.status }).from(bookingRequests).where(inArray(bookingRequests.id, requests));
  expect(answered.map((r) => r.status).sort()).toEqual(["accepted", "pending"]);

  // Next day and the week are links.
  await page.getByRole("link", { name: "Próximo dia" }).click();
  await expect(page).toHaveURL(new RegExp(`data=${addDays(date, 1)}`));
  await page.getByRole("link", { name: "Semana", exact: true }).click();
  await expect(page.getByTestId("team-week")).toContainText(`Cliente 1 ${tag}`);
  await page.screenshot({ path: testInfo.outputPath("team-week.png"), fullPage: true });

  // Relatórios: a row per professional and the salon's total (the appointments are this month's
  // or next's: the period is the one holding them).
  const month = date.slice(0, 7);
  await page.goto(`/relatorios?periodo=customizado&de=${month}-01&ate=${date}`);
  const figures = page.getByTestId("team-figures");
  await expect(figures.getByTestId("team-row")).toHaveCount(3);
  for (const p of [owner, ana, bia]) await expect(figures).toContainText(p.name);
  // Three appointments and the owner's accepted request.
  await expect(figures.getByTestId("team-total")).toContainText(/Total do salão.*Agendamentos4/);
  await page.screenshot({ path: testInfo.outputPath("team-reports.png"), fullPage: true });

  // 'Meu' or 'Salão' (docs/decisions/1050): the salon's figures first; 'Meu' is remembered on the
  // device, so the Caixa opened afterwards is hers too, until she picks 'Salão' again.
  const switcher = page.getByRole("navigation", { name: "Números de quem" });
  await expect(switcher.getByRole("link", { name: "Salão" })).toHaveAttribute("aria-current", "page");
  await switcher.getByRole("link", { name: "Meu" }).click();
  await expect(page).toHaveURL(/visao=meu/);
  await expect(page.getByText("Acompanhe o desempenho do seu negócio")).toBeVisible();
  await page.goto("/caixa");
  await expect(page.getByRole("heading", { name: "Caixa", level: 1, exact: true })).toBeVisible();
  await expect(switcher.getByRole("link", { name: "Meu" })).toHaveAttribute("aria-current", "page");
  await switcher.getByRole("link", { name: "Salão" }).click();
  await expect(page.getByRole("heading", { name: "Caixa do salão", level: 1 })).toBeVisible();
  await expect(page.getByText("Somando você e mais 2 profissionais da equipe.")).toBeVisible();
});
