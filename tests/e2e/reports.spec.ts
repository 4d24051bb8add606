import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { appointments, clients, type AppointmentStatus } from "../../db/schema";
import { addDays, formatDate, nowInZone } from "../../app/domain/dates";
import { bookablePro, e2eDb, expect, signIn, test } from "./fixtures";

// Each test runs in project "js" (React enhances); the filters and the export (@nojs) also in
// "no-js" (a plain GET form): a wrong custom period is answered by the server from the same
// form's query, the same without JavaScript. Each test seeds its own professional. "Today" is real, so the history sits where every period can
// see it the same way on any day: the current rows on today (always in 'Este mês' and in the
// last 7 and 30 days), the older ones 40 days ago (never in this month to date, always in the
// 30 days before the last 30).

const today = () => nowInZone("America/Sao_Paulo").date;

async function seedHistory() {
  const {
    pro,
    services: [corte, barba],
  } = await bookablePro({
    name: `Paula ${crypto.randomUUID().slice(0, 8)}`,
    services: [
      { name: "Corte Masculino", priceCents: 5000, durationMinutes: 45 },
      { name: "Barba", priceCents: 3500, durationMinutes: 30 },
    ],
  });
  const db = e2eDb();
  const [carla, rui, lia] = await db
    .insert(clients)
    .values([
      { userId: pro.id, name: "Carla Mendes", phone: "11960000001" },
      { userId: pro.id, name: "Rui Barros", phone: "11960000002" },
      { userId: pro.id, name: "Lia Campos", phone: "11960000003" },
    ])
    .returning();
  const row = (client: typeof carla, service: typeof corte, date: string, minute: number, status: AppointmentStatus) => ({
    userId: pro.id,
    clientId: client!.id,
    serviceId: service!.id,
    serviceName: service!.name,
    date,
    startMinute: minute,
    durationMinutes: service!.durationMinutes,
    priceCents: service!.priceCents,
    status,
  });
  const old = addDays(today(), -40);
  await db.insert(appointments).values([
    row(carla, corte, today(), 540, "completed"),
    row(rui, barba, today(), 600, "completed"),
    row(carla, barba, today(), 660, "completed"),
    row(lia, corte, today(), 840, "cancelled"),
    row(rui, corte, today(), 960, "scheduled"),
    row(lia, corte, old, 540, "completed"),
    row(rui, corte, old, 600, "completed"),
    // Long before every period and chart: what makes Carla a VIP (above R$ 500,00 in all).
    { ...row(carla, corte, addDays(today(), -400), 540, "completed"), priceCents: 50_000 },
  ]);
  return { pro, barbaId: barba!.id, old };
}

async function expectKpis(page: Page, values: { revenue: string; appointments: string; clients: string; ticket: string }) {
  await expect(page.getByTestId("kpi-revenue-value")).toHaveText(values.revenue);
  await expect(page.getByTestId("kpi-appointments-value")).toHaveText(values.appointments);
  await expect(page.getByTestId("kpi-clients-value")).toHaveText(values.clients);
  await expect(page.getByTestId("kpi-ticket-value")).toHaveText(values.ticket);
}

test("reports show real figures, filter by period and service, and export the CSV @phone @nojs", async ({ page }) => {
  const { pro, barbaId } = await seedHistory();
  await signIn(page, pro.id);
  await page.goto("/relatorios");
  await expect(page.getByRole("heading", { name: "Relatórios e Análises" })).toBeVisible();

  // Este mês: today's completed 50 + 35 + 35; 4 appointments (the cancelled one left out).
  await expectKpis(page, { revenue: "R$ 120,00", appointments: "4", clients: "2", ticket: "R$ 40,00" });
  await expect(page.getByTestId("report-period")).toContainText(`Este mês`);
  await expect(page.getByRole("img", { name: /total R\$ 220,00/ })).toBeVisible();
  await expect(page.getByTestId("at-risk-clients")).toContainText("Lia Campos");
  await expect(page.getByTestId("at-risk-clients")).toContainText("Há 40 dias");
  await expect(page.getByTestId("vip-clients").getByRole("listitem").first()).toContainText("Carla Mendes");
  await expect(page.getByTestId("recurring-value")).toHaveText("100%");

  // Last 30 days against the 30 before: 120 vs 100 (the two cuts 40 days ago).
  await page.getByText("Filtros avançados").click();
  await page.getByLabel("Período", { exact: true }).selectOption("30d");
  await page.getByRole("button", { name: "Aplicar" }).click();
  await expect(page).toHaveURL(/periodo=30d/);
  await expectKpis(page, { revenue: "R$ 120,00", appointments: "4", clients: "2", ticket: "R$ 40,00" });
  await expect(page.getByTestId("kpi-revenue-variation")).toHaveText(/\+20% vs período anterior/);
  await expect(page.getByTestId("kpi-appointments-variation")).toHaveText(/\+100% vs período anterior/);
  await expect(page.getByTestId("kpi-ticket-variation")).toHaveText(/-20% vs período anterior/);

  // Only Barba: two today, nothing in the 30 days before.
  await page.getByLabel("Serviço", { exact: true }).selectOption({ label: "Barba" });
  await page.getByRole("button", { name: "Aplicar" }).click();
  await expect(page).toHaveURL(new RegExp(`servico=${barbaId}`));
  await expectKpis(page, { revenue: "R$ 70,00", appointments: "2", clients: "2", ticket: "R$ 35,00" });
  await expect(page.getByTestId("kpi-revenue-variation")).toHaveText(/Sem dados do período anterior/);
  await expect(page.getByTestId("top-services")).toContainText("Barba");
  await expect(page.getByTestId("top-services")).not.toContainText("Corte Masculino");
  // The filter stays filled in after the reload.
  await expect(page.getByLabel("Serviço", { exact: true })).toHaveValue(barbaId);
  await expect(page.getByLabel("Período", { exact: true })).toHaveValue("30d");

  // The CSV holds what the filter selects.
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Exportar CSV" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^relatorio-agendamentos-.*\.csv$/);
  const csv = (await readFile(await download.path())).toString("utf8");
  const day = formatDate(today(), true);
  expect(csv.replace(/^\uFEFF/, "").trim().split("\r\n")).toEqual([
    "Data;Horário;Cliente;Serviço;Duração;Preço (R$);Status;Faturado (R$);Gorjeta (R$);Fechamento",
    `${day};10:00;Rui Barros;Barba;30min;35,00;Concluído;35,00;;Sem fechamento`,
    `${day};11:00;Carla Mendes;Barba;30min;35,00;Concluído;35,00;;Sem fechamento`,
  ]);

  // Limpar goes back to the defaults.
  await page.getByRole("link", { name: "Limpar" }).click();
  await expect(page).toHaveURL(/\/relatorios$/);
  await expectKpis(page, { revenue: "R$ 120,00", appointments: "4", clients: "2", ticket: "R$ 40,00" });
});

test("wrong custom dates are explained, and the chart switches months", async ({ page }) => {
  const { pro, old } = await seedHistory();
  await signIn(page, pro.id);
  await page.goto("/relatorios");

  await page.getByText("Filtros avançados").click();
  await page.getByLabel("Período", { exact: true }).selectOption("customizado");
  await page.getByLabel("De", { exact: true }).fill(today());
  await page.getByLabel("Até", { exact: true }).fill(old);
  await page.getByRole("button", { name: "Aplicar" }).click();
  await expect(page.getByText("A data inicial deve ser anterior ou igual à data final.")).toBeVisible();
  await expect(page.getByLabel("De", { exact: true })).toHaveValue(today());
  await expect(page.getByTestId("kpi-revenue")).toHaveCount(0);

  // The same dates the right way round: the two periods' rows, both cuts 40 days ago included.
  await page.getByLabel("De", { exact: true }).fill(old);
  await page.getByLabel("Até", { exact: true }).fill(today());
  await page.getByRole("button", { name: "Aplicar" }).click();
  await expectKpis(page, { revenue: "R$ 220,00", appointments: "6", clients: "3", ticket: "R$ 44,00" });

  await page.getByRole("link", { name: "12 meses" }).click();
  await expect(page).toHaveURL(/meses=12/);
  await expect(page.getByTestId("revenue-chart").locator("g[data-month]")).toHaveCount(12);
  await expect(page.getByRole("link", { name: "12 meses" })).toHaveAttribute("aria-current", "true");
  // The custom period survives the chart switch.
  await expect(page.getByTestId("kpi-revenue-value")).toHaveText("R$ 220,00");
});
