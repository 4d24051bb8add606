import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { appointments, categories, clients, linkedAccounts, subscriptions, users, type AppointmentStatus } from "../../db/schema";
import { GUIDE_DELAY_MS } from "../../app/components/dashboard/welcome-guide";
import { monthWindows } from "../../app/domain/metrics/dashboard-figures";
import { formatMoney } from "../../app/domain/money";
import { addDays, nowInZone } from "../../app/domain/dates";
import { bookablePro, createPro, e2eDb, expect, signIn, test, waitForHydration } from "./fixtures";

// Project "js" runs every test; "no-js" (plain HTML and forms) those tagged @nojs: the guide,
// the wizard, the tutorial's ticks, and what shows differently without JavaScript. The cards and
// /perfil are server HTML, the same without it.

/** A professional with a unique name: parallel sign-ups with one name race for one booking slug. */
function newPro(first = "Paula") {
  return createPro({ name: `${first} ${crypto.randomUUID().slice(0, 8)}` });
}

/**
 * Opens the dashboard on a clock the test moves (with JavaScript), and lets the guide's delay
 * pass once React has the page: a guide that was to come back would be showing by then.
 */
async function openPastGuideDelay(page: Page, path = "/dashboard") {
  const javaScript = test.info().project.use.javaScriptEnabled !== false;
  if (javaScript) await page.clock.install();
  await page.goto(path);
  await expect(page.getByRole("heading", { name: /^(Primeiros passos|Dicas do seu negócio)$/ }).first()).toBeVisible();
  if (!javaScript) return;
  await waitForHydration(page);
  await page.clock.runFor(GUIDE_DELAY_MS + 300);
}

async function flags(userId: string) {
  const [row] = await e2eDb()
    .select({ setup: users.setupCompletedAt, guide: users.guideSeenAt, tutorial: users.tutorialSteps })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

type Seed = { client: number; day: number; status: AppointmentStatus; price: number; service: string; minute: number; createdAgo: number };

/** Clients and appointments around today (in São Paulo), and what the cards must say about them. */
async function seedHistory(userId: string) {
  const today = nowInZone("America/Sao_Paulo").date;
  const db = e2eDb();
  const names = ["Ana Lima", "Bruno Reis", "Carla Dias"];
  const ids: string[] = [];
  for (const [i, name] of names.entries()) {
    const [row] = await db
      .insert(clients)
      .values({ userId, name, phone: `1197${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`, createdAt: new Date(Date.now() - (i + 1) * 90 * 86_400_000) })
      .returning();
    ids.push(row!.id);
  }
  const seeds: Seed[] = [
    { client: 0, day: 0, status: "completed", price: 5000, service: "Corte Masculino", minute: 600, createdAgo: 600 },
    { client: 1, day: 0, status: "scheduled", price: 8500, service: "Corte + Escova", minute: 840, createdAgo: 30 },
    { client: 2, day: 0, status: "cancelled", price: 3500, service: "Barba", minute: 960, createdAgo: 500 },
    { client: 1, day: -1, status: "completed", price: 4000, service: "Barba", minute: 600, createdAgo: 2000 },
    { client: 2, day: -1, status: "completed", price: 6000, service: "Manicure", minute: 660, createdAgo: 2100 },
    { client: 2, day: 1, status: "scheduled", price: 4500, service: "Manicure", minute: 570, createdAgo: 5 },
  ];
  for (const s of seeds) {
    await db.insert(appointments).values({
      userId,
      clientId: ids[s.client]!,
      date: addDays(today, s.day),
      startMinute: s.minute,
      status: s.status,
      priceCents: s.price,
      serviceName: s.service,
      createdAt: new Date(Date.now() - s.createdAgo * 60_000),
    });
  }
  // Month to date: completed from the 1st to today (yesterday may be last month).
  const { current } = monthWindows(today);
  const monthRevenue = seeds
    .filter((s) => s.status === "completed")
    .filter((s) => {
      const date = addDays(today, s.day);
      return date >= current.from && date <= current.to;
    })
    .reduce((sum, s) => sum + s.price, 0);
  return { monthRevenue };
}

test("the cards show the professional's real figures, /perfil the real counts; on a 360 px phone nothing is wider than the screen @phone", async ({ page }, testInfo) => {
  const pro = await newPro();
  const { monthRevenue } = await seedHistory(pro.id);
  // Someone else's big day must not count.
  const other = await newPro("Outra");
  const [zed] = await e2eDb().insert(clients).values({ userId: other.id, name: "Zé Intruso", phone: "11955550000" }).returning();
  await e2eDb().insert(appointments).values({
    userId: other.id,
    clientId: zed!.id,
    date: nowInZone("America/Sao_Paulo").date,
    startMinute: 600,
    status: "completed",
    priceCents: 99_900,
    serviceName: "Alheio",
  });
  await signIn(page, pro.id);
  await page.goto("/dashboard");

  const revenueToday = page.getByTestId("kpi-revenue-today");
  await expect(revenueToday.getByTestId("kpi-value")).toHaveText("R$ 50,00");
  await expect(revenueToday.getByTestId("kpi-variation")).toHaveText("▼-50% vs ontem");
  const today = page.getByTestId("kpi-appointments-today");
  await expect(today.getByTestId("kpi-value")).toHaveText("2");
  await expect(today.getByTestId("kpi-variation")).toHaveText("■0% vs ontem");
  await expect(page.getByTestId("kpi-clients").getByTestId("kpi-value")).toHaveText("3");
  await expect(page.getByTestId("kpi-revenue-month").getByTestId("kpi-value")).toHaveText(formatMoney(monthRevenue));

  // The 4 most recently created, tomorrow's first.
  const recent = page.getByTestId("recent-appointment");
  await expect(recent).toHaveCount(4);
  await expect(recent.nth(0)).toContainText("Amanhã");
  await expect(recent.nth(0)).toContainText("09:30");
  await expect(recent.nth(0)).toContainText("Carla Dias");
  await expect(recent.nth(1)).toContainText("Hoje");
  await expect(recent.nth(1)).toContainText("Bruno Reis");
  await expect(recent.nth(1)).toContainText("Corte + Escova");
  await expect(page.getByText("Zé Intruso")).toHaveCount(0);

  // /perfil (with JavaScript on the desktop): completed appointments only, this professional's
  // only: 3 appointments, 3 different clients, R$ 150,00.
  if (testInfo.project.name === "js") {
    await page.getByRole("main").getByRole("link", { name: "Meu Perfil" }).click();
    await expect(page.getByRole("heading", { name: "Meu Perfil" })).toBeVisible();
    await expect(page.getByRole("heading", { name: pro.name })).toBeVisible();
    await expect(page.getByTestId("plan-badge")).toHaveText("PERÍODO GRÁTIS");
    await expect(page.getByTestId("profile-clients").getByTestId("profile-value")).toHaveText("3");
    await expect(page.getByTestId("profile-appointments").getByTestId("profile-value")).toHaveText("3");
    await expect(page.getByTestId("profile-revenue").getByTestId("profile-value")).toHaveText("R$ 150,00");
    await expect(page.getByTestId("profile-duration").getByTestId("profile-value")).toHaveText("1h");
    await expect(page.getByTestId("achievement-clients-100").getByTestId("achievement-progress")).toHaveText("3 de 100");
    await expect(page.getByTestId("achievement-revenue-30k").getByTestId("achievement-progress")).toHaveText(
      "R$ 150,00 de R$ 30.000,00",
    );
    await expect(page.getByText(/4[,.]9|4[,.]8|avaliaç/i)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Editar Perfil" })).toHaveAttribute("href", "/configuracoes/perfil");
  }

  // On a 360 px phone nothing is wider than the screen, with a long name and service among the
  // appointments and the booking link.
  const db = e2eDb();
  const [client] = await db.insert(clients).values({ userId: pro.id, name: "Fernanda Lima Albuquerque de Souza", phone: "11987650777" }).returning();
  await db.insert(appointments).values({ userId: pro.id, clientId: client!.id, date: nowInZone("America/Sao_Paulo").date, startMinute: 600, durationMinutes: 30, serviceName: "Corte Masculino com Barba", status: "completed" });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Agendamentos recentes" })).toBeVisible();
  await expect(page.getByText("Fernanda Lima Albuquerque de Souza").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("the first-time guide: 'Entendi!' hides it for good @nojs", async ({ page }, testInfo) => {
  const pro = await newPro();
  await signIn(page, pro.id);
  await page.goto("/dashboard");
  const guide = page.getByTestId("welcome-guide");
  await expect(guide).toBeVisible();
  await expect(guide.getByRole("heading", { name: "Boas-vindas!" })).toBeVisible();
  await expect(guide).toContainText("comece pelos Primeiros passos");
  const button = page.getByTestId("first-steps-button");
  await expect(button).toHaveAttribute("data-highlight", "on");
  if (testInfo.project.name === "js") {
    await expect(guide).toHaveClass(/absolute/); // floating over the checklist, after 1 s
  }
  await guide.getByRole("button", { name: "Entendi!" }).click();
  await expect(guide).toHaveCount(0);
  await expect(button).toHaveAttribute("data-highlight", "off");
  await expect.poll(async () => (await flags(pro.id)).guide).not.toBeNull();
  await openPastGuideDelay(page);
  await expect(page.getByRole("heading", { name: "Primeiros passos" })).toBeVisible();
  await expect(page.getByTestId("welcome-guide")).toHaveCount(0);
});

test("the setup wizard: finishing it swaps the first steps for the tips, and it stays so @nojs", async ({ page }, testInfo) => {
  const { pro } = await bookablePro({
    name: `Paula ${crypto.randomUUID().slice(0, 8)}`,
    services: [{ name: "Corte Masculino", priceCents: 5000, durationMinutes: 45 }],
  });
  await seedHistory(pro.id);
  await signIn(page, pro.id);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Primeiros passos" })).toBeVisible();
  await expect(page.getByTestId("insights")).toHaveCount(0);

  await page.getByTestId("first-steps-button").click();
  const wizard = page.getByTestId("setup-wizard");
  await expect(wizard).toBeVisible();
  if (testInfo.project.name === "js") await expect(page.getByRole("dialog", { name: "Configuração inicial" })).toBeVisible();
  await expect(wizard.getByTestId("wizard-step-profile")).toContainText("Perfil Profissional (concluído)");
  await expect(wizard.getByTestId("wizard-step-hours")).toContainText("Horários de Funcionamento (concluído)");
  await expect(wizard.getByTestId("wizard-step-services")).toContainText("Serviços Oferecidos (concluído)");
  await expect(wizard.getByTestId("wizard-step-page")).toContainText("Personalização da Página (pendente)");
  await expect(wizard.getByRole("link", { name: "Continuar Configuração" })).toHaveAttribute("href", "/configuracoes/pagina");
  await wizard.getByRole("button", { name: "Finalizar Configuração" }).click();

  await expect(page.getByText("Configuração concluída!")).toBeVisible();
  const insights = page.getByTestId("insights");
  await expect(insights.getByRole("heading", { name: "Dicas do seu negócio" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Primeiros passos" })).toHaveCount(0);
  await expect(page.getByTestId("setup-wizard")).toHaveCount(0);
  expect((await flags(pro.id)).setup).not.toBeNull();

  // Today's Corte Masculino is the best seller so far this month (and the only one today).
  if (testInfo.project.name === "js") {
    await expect(insights.getByTestId("insights-position")).toHaveText(/^1 de \d+$/);
    await insights.getByRole("button", { name: "Próxima dica" }).click();
    await expect(insights.getByTestId("insights-position")).toHaveText(/^2 de \d+$/);
  } else {
    await expect(insights.getByTestId("insight-month-comparison")).toBeVisible();
  }

  await openPastGuideDelay(page);
  await expect(page.getByTestId("insights")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Primeiros passos" })).toHaveCount(0);
  await expect(page.getByTestId("welcome-guide")).toHaveCount(0);
});

test("'Configurar Depois' closes the wizard and the guide on every device @nojs", async ({ page }) => {
  const pro = await newPro();
  await signIn(page, pro.id);
  await page.goto("/dashboard?assistente=1#assistente");
  const wizard = page.getByTestId("setup-wizard");
  await expect(wizard).toBeVisible();
  // Not ready (no working hours, no service): continue to the first step still to do.
  await expect(wizard.getByRole("link", { name: "Continuar Configuração" })).toHaveAttribute("href", "/configuracoes/horarios");
  await expect(wizard.getByRole("button", { name: "Finalizar Configuração" })).toHaveCount(0);
  await wizard.getByRole("button", { name: "Configurar Depois" }).click();
  await expect(page.getByText("Configuração adiada")).toBeVisible();
  await expect(page.getByTestId("setup-wizard")).toHaveCount(0);
  expect((await flags(pro.id)).setup).not.toBeNull();
  // The data is still missing, so the checklist stays; the guide does not come back.
  await openPastGuideDelay(page);
  await expect(page.getByRole("heading", { name: "Primeiros passos" })).toBeVisible();
  await expect(page.getByTestId("welcome-guide")).toHaveCount(0);
});

test("a linked account sees whose team it is in, and may close the notice for the session @nojs", async ({ page }, testInfo) => {
  const owner = await newPro("Dona");
  const member = await newPro("Membro");
  // A team rides on the owner's paid plan (docs/decisions/0422).
  await e2eDb()
    .update(subscriptions)
    .set({ status: "active", planId: "avancado", subscriptionEndDate: new Date(Date.now() + 30 * 86_400_000) })
    .where(eq(subscriptions.userId, owner.id));
  await e2eDb()
    .insert(linkedAccounts)
    .values({ ownerId: owner.id, linkedUserEmail: member.email, linkedUserId: member.id, status: "active" });
  await signIn(page, member.id);
  await page.goto("/dashboard");
  const banner = page.getByTestId("linked-banner");
  await expect(banner).toContainText(`Você faz parte da equipe de ${owner.name}`);
  if (testInfo.project.name === "js") {
    await banner.getByRole("button", { name: "Fechar aviso da equipe" }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: /Membro/ })).toBeVisible();
    await expect(page.getByTestId("linked-banner")).toHaveCount(0);
  } else {
    // Without JavaScript there is nothing to close it with: it simply stays.
    await expect(banner.getByRole("button")).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId("linked-banner")).toBeVisible();
  }
});

test("/tutorial: a ticked step stays ticked @phone @nojs", async ({ page }) => {
  const pro = await newPro();
  await signIn(page, pro.id);
  await page.goto("/dashboard");
  await page.getByRole("main").getByRole("link", { name: "Tutorial", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Tutorial de configuração" })).toBeVisible();
  await expect(page.getByText("14 minutos")).toBeVisible();
  // The profile is complete from sign-up; working hours are not.
  await expect(page.getByTestId("tutorial-step-profile").getByTestId("tutorial-status")).toContainText("Concluído");
  const hours = page.getByTestId("tutorial-step-hours");
  await expect(hours.getByTestId("tutorial-status")).toHaveText("Pendente");
  await hours.getByRole("button", { name: "Marcar como concluído: Horários de trabalho" }).click();
  await expect(hours.getByTestId("tutorial-status")).toHaveText("Concluído");
  await expect.poll(async () => JSON.parse((await flags(pro.id)).tutorial)).toEqual(["hours"]);
  await page.reload();
  await expect(page.getByTestId("tutorial-step-hours").getByTestId("tutorial-status")).toHaveText("Concluído");
  await page.getByTestId("tutorial-step-hours").getByRole("button", { name: "Desmarcar: Horários de trabalho" }).click();
  await expect(page.getByTestId("tutorial-step-hours").getByTestId("tutorial-status")).toHaveText("Pendente");
  await expect.poll(async () => JSON.parse((await flags(pro.id)).tutorial)).toEqual([]);
  await page.getByRole("link", { name: "Voltar ao Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the back-to-top button: at the end of the page without JavaScript, with it once the page scrolled; never over a field @nojs", async ({ page }, testInfo) => {
  const pro = await createPro();
  await signIn(page, pro.id);
  await page.setViewportSize({ width: 360, height: 740 });
  const button = page.getByRole("link", { name: "Voltar ao topo" });
  /** Whether the button, where it is drawn now, covers any part of the locator's box. */
  const covers = async (field: import("@playwright/test").Locator) => {
    if (!(await button.isVisible())) return false;
    const [a, b] = [await button.boundingBox(), await field.boundingBox()];
    return !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  };
  // The service form's 'Ou crie uma nova categoria' (shown beside the categories already made,
  // while none is chosen), at the bottom of a 740 px screen.
  await e2eDb().insert(categories).values(["Cabelo", "Barba"].map((name) => ({ userId: pro.id, name, slug: name.toLowerCase() })));
  await page.goto("/servicos?novo=1");
  const newCategory = page.getByLabel("Ou crie uma nova categoria");
  await newCategory.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 4));
  await expect(newCategory).toBeInViewport();
  expect(await covers(newCategory)).toBe(false);
  if (testInfo.project.name === "no-js") {
    // In the flow after the page's content: reached by scrolling, over nothing.
    await expect(button).toBeAttached();
    await page.goto("/relatorios");
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeVisible();
    return;
  }
  // Scrolled far: it floats, and goes while a field is being typed in (a phone's keyboard).
  await page.mouse.wheel(0, 400);
  await expect(button).toBeVisible();
  await newCategory.focus();
  await expect(button).toBeHidden();
  await newCategory.blur();
  await expect(button).toBeVisible();

  await page.goto("/relatorios");
  await expect(button).toBeHidden();
  await page.mouse.wheel(0, 1500);
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);
  await expect(button).toBeHidden();
});

test("on a phone the menu opens, and closes when the chosen page opens @phone", async ({ page }, info) => {
  test.skip(info.project.name !== "phone", "the ☰ Menu is the phone's layout");
  const pro = await createPro({ name: `Menu ${crypto.randomUUID().slice(0, 6)}` });
  await signIn(page, pro.id);
  await page.goto("/dashboard");
  await page.getByText("☰ Menu").click();
  const menu = page.getByRole("navigation", { name: "Menu", exact: true });
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: "Clientes" }).click();
  await expect(page).toHaveURL(/\/clientes$/);
  await expect(page.getByRole("heading", { name: "Clientes", level: 1 })).toBeVisible();
  await expect(menu).toBeHidden();
  await expect(page.getByText("☰ Menu")).toBeVisible();
});
