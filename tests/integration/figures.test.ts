// One month of one professional, read through every screen that shows its figures: the dashboard,
// Relatórios ('Este mês') and Clientes must tell the same story. Visits are completed
// appointments; 'recorrente', 'VIP' and 'em risco' are one rule each (docs/decisions/0760-0762).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppointmentStatus } from "../../db/schema";
import { action as dashboardAction, loader as dashboardLoader } from "../../app/routes/dashboard";
import { loader as reportsLoader } from "../../app/routes/reports";
import { loader as clientsLoader } from "../../app/routes/clients";
import type { Db } from "../../app/utils/db.server";
import { createTestDb, userContextFor } from "../support/db";
import { createAppointment, createBookablePro, createClient } from "../support/factories";
import { callAction, callLoader, replyOf } from "../support/routes";

// Saturday 15/03/2025, 12:00 in São Paulo: this month to date is 01/03-15/03.
const NOW = new Date("2025-03-15T15:00:00Z");

let db: Db;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  db = createTestDb();
});

afterEach(() => {
  vi.useRealTimers();
});

async function seedMonth(userId: string) {
  const client = async (name: string, createdAt = "2025-01-02T12:00:00Z") =>
    (await createClient(db, userId, { name, createdAt: new Date(createdAt) })).id;
  const visit = (clientId: string, date: string, status: AppointmentStatus, priceCents = 5000, startMinute = 600) =>
    createAppointment(db, userId, { clientId, date, status, priceCents, startMinute, serviceName: "Corte", durationMinutes: 30 });

  const ana = await client("Ana Lima");
  await visit(ana, "2025-03-03", "completed");
  await visit(ana, "2025-03-10", "completed"); // two visits this month: recurring
  const bia = await client("Bia Reis");
  await visit(bia, "2025-02-10", "completed");
  await visit(bia, "2025-03-05", "completed"); // came back: recurring
  await visit(bia, "2025-03-15", "scheduled", 5000, 960); // later today, not a visit yet
  const caio = await client("Caio Melo");
  await visit(caio, "2025-03-07", "completed", 4000); // first visit ever: not recurring
  // A new client with eight weekly appointments ahead: no visit yet, so no 'Frequente'.
  const davi = await client("Davi Novo", "2025-03-12T12:00:00Z");
  for (let week = 0; week < 8; week++) {
    const date = new Date(Date.UTC(2025, 2, 18 + 7 * week)).toISOString().slice(0, 10);
    await visit(davi, date, "scheduled");
  }
  // Her last visit was in January; this month she did not come.
  const eva = await client("Eva Rocha");
  await visit(eva, "2025-01-10", "completed");
  await visit(eva, "2025-03-04", "no_show");
  // Spent more than R$ 500,00: VIP on every screen.
  const fabio = await client("Fábio Nunes");
  await visit(fabio, "2025-03-12", "completed", 60_000);
  const gil = await client("Gil Cancelado");
  await visit(gil, "2025-03-08", "cancelled");
}

describe("one month through the dashboard, Relatórios and Clientes", () => {
  it("shows the same appointments, revenue, recurring clients, VIPs and clients at risk", async () => {
    const { pro } = await createBookablePro(db, { name: "Paula Ribeiro" });
    await seedMonth(pro.id);
    const ctx = await userContextFor(db, pro);
    await callAction(dashboardAction, { context: ctx, path: "/dashboard", form: { intent: "setup-finish" } });

    const dashboard = await callLoader(dashboardLoader, { context: ctx, path: "/dashboard" });
    const reports = await callLoader(reportsLoader, { context: ctx, path: "/relatorios?periodo=este-mes" });
    const report = reports.report!;

    // Appointments from the 1st to today, cancelled ones left out: Ana 2, Bia 2, Caio, Eva's
    // no-show, Fábio. Davi's two later in March are told apart, not added.
    expect(report.kpis.appointments.value).toBe(7);
    expect(dashboard.summary.appointments).toBe(7);
    expect(dashboard.summary.bookedAhead).toBe(2);
    // Revenue: the completed ones.
    expect(report.kpis.revenue.value).toBe(79_000);
    expect(dashboard.summary.revenueCents).toBe(79_000);
    // Recurring: of the 4 clients who visited (Ana, Bia, Caio, Fábio), Ana and Bia visited more than once.
    expect(report.efficiency).toMatchObject({ recurring: 2, clients: 4 });
    expect(report.efficiency.recurringShare).toBe(0.5);
    expect(dashboard.summary).toMatchObject({ returningPct: 50, monthClients: 4 });

    // VIP: one rule (more than R$ 500,00 in completed appointments), on every screen.
    expect(report.vip.map((c) => c.name)).toEqual(["Fábio Nunes"]);
    const tips = Object.fromEntries(dashboard.insights!.map((i) => [i.id, i.text]));
    expect(tips.vip).toContain("Fábio Nunes já gastou R$\u00a0600,00");
    expect(tips.opportunity).toBeUndefined();

    // At risk: last visit more than 30 days ago and nothing booked ahead. Eva's no-show is no visit.
    expect(report.atRisk.clients.map((c) => [c.name, c.lastDate])).toEqual([["Eva Rocha", "2025-01-10"]]);
    expect(tips["at-risk"]).toContain("1 cliente não volta há mais de 30 dias: Eva Rocha.");

    const clients = replyOf(await callLoader(clientsLoader, { context: ctx, path: "/clientes" })).data;
    if (clients.mode !== "list") throw new Error("expected the list");
    const by = Object.fromEntries(clients.clients.map((c) => [c.name, c]));
    expect(clients.tiles.vip).toBe(1);
    expect(by["Fábio Nunes"]).toMatchObject({ type: "VIP", visitCount: 1 });
    expect(by["Davi Novo"]).toMatchObject({ type: "Novo", loyal: false, visitCount: 0, lastVisit: null });
    expect(by["Eva Rocha"]).toMatchObject({ type: "Regular", visitCount: 1, lastVisit: "10/01/2025" });
    expect(by["Bia Reis"]).toMatchObject({ visitCount: 2, lastVisit: "05/03/2025" });
    // Ativos: a visit in the last 30 days (Ana, Bia, Caio, Fábio), not Eva's no-show nor Davi's bookings.
    expect(clients.tiles.active).toBe(4);
  });
});
