import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { services, type AppointmentStatus } from "../../db/schema";
import { loader } from "../../app/routes/reports";
import { loader as exportLoader } from "../../app/routes/reports.export";
import type { Db } from "../../app/utils/db.server";
import { PERIOD_ERRORS } from "../../app/domain/periods";
import { REPORT_CSV_HEADER } from "../../app/domain/metrics/report-csv.server";
import { REPORT_NOTICES } from "../../app/domain/metrics/report-params";
import { createTestDb, userContextFor } from "../support/db";
import { createAppointment, createAppointments, createBookablePro, createClient, createProfessional } from "../support/factories";
import { callLoader } from "../support/routes";

// "Now" is Monday 10/03/2025 08:00 in São Paulo (11:00 UTC). Only Date is faked: the
// database driver keeps its real timers. This month to date is 01/03 to 10/03; it compares
// with 01/02 to 10/02. Working week Mon-Sat 09:00-18:00 with a 12:00-13:00 break.
const NOW = new Date("2025-03-10T11:00:00Z");

type Ctx = Awaited<ReturnType<typeof userContextFor>>;
type Pro = {
  id: string;
  ctx: Ctx;
  service: Record<"corte" | "barba" | "manicure", string>;
  client: Record<string, string>;
};

const SERVICES = {
  corte: { name: "Corte Masculino", priceCents: 5000, durationMinutes: 45 },
  barba: { name: "Barba", priceCents: 3500, durationMinutes: 30 },
  manicure: { name: "Manicure", priceCents: 4500, durationMinutes: 60 },
} as const;

const CLIENT_NAMES = ["Ana Costa", "Bia Reis", "Caio Melo", "Davi Rocha", "Eva Prado", "Fábio Luz", "Gil Nunes", "Hugo Dias"];

let db: Db;
let pro: Pro;
let other: Pro;

async function setUp(name: string, prefix: string): Promise<Pro> {
  const { pro: account, services } = await createBookablePro(db, { name, services: Object.values(SERVICES) });
  const byName = new Map(services.map((s) => [s.name, s.id]));
  const service = {} as Pro["service"];
  for (const [key, s] of Object.entries(SERVICES)) service[key as keyof typeof SERVICES] = byName.get(s.name)!;
  const client: Record<string, string> = {};
  for (const [i, clientName] of CLIENT_NAMES.entries()) {
    const row = await createClient(db, account.id, {
      name: `${prefix}${clientName}`,
      phone: `11${prefix ? "8" : "9"}${String(1000000 + i).padStart(8, "0")}`,
    });
    client[clientName.split(" ")[0]!] = row.id;
  }
  return { id: account.id, ctx: await userContextFor(db, account), service, client };
}

async function appt(
  who: Pro,
  clientKey: string,
  serviceKey: keyof typeof SERVICES,
  date: string,
  status: AppointmentStatus,
  time = "09:00",
  price?: number,
) {
  const s = SERVICES[serviceKey];
  const [h, m] = time.split(":").map(Number) as [number, number];
  await createAppointment(db, who.id, {
    clientId: who.client[clientKey]!,
    serviceId: who.service[serviceKey],
    serviceName: s.name,
    date,
    startMinute: h * 60 + m,
    durationMinutes: s.durationMinutes,
    priceCents: price ?? s.priceCents,
    status,
  });
}

/** The professional's history (see the figures worked out in each test). */
async function seedHistory(who: Pro) {
  // This month to date (01/03 - 10/03).
  await appt(who, "Ana", "corte", "2025-03-03", "completed", "09:00"); // Mon
  await appt(who, "Bia", "barba", "2025-03-03", "completed", "10:00"); // Mon
  await appt(who, "Davi", "barba", "2025-03-05", "no_show", "09:00"); // Wed
  await appt(who, "Ana", "manicure", "2025-03-07", "completed", "09:00"); // Fri
  await appt(who, "Caio", "corte", "2025-03-08", "cancelled", "09:00"); // Sat, never counts
  await appt(who, "Bia", "corte", "2025-03-10", "scheduled", "14:00"); // today, Mon
  await appt(who, "Ana", "corte", "2025-03-12", "scheduled", "09:00"); // after today
  // Previous period (01/02 - 10/02).
  await appt(who, "Ana", "corte", "2025-02-04", "completed");
  await appt(who, "Caio", "corte", "2025-02-05", "cancelled");
  await appt(who, "Gil", "barba", "2025-02-07", "completed"); // 31 days ago: at risk
  await appt(who, "Hugo", "barba", "2025-02-08", "completed"); // 30 days ago: not yet
  await appt(who, "Eva", "corte", "2025-02-10", "completed");
  // Older history.
  await appt(who, "Eva", "barba", "2025-02-15", "completed");
  await appt(who, "Caio", "corte", "2025-01-05", "completed");
  await appt(who, "Fábio", "barba", "2024-11-20", "completed");
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  db = createTestDb();
  pro = await setUp("Ana Souza", "");
  other = await setUp("Bruno Lima", "Outro ");
  await seedHistory(pro);
  // The other professional: large figures on the same days, and clients at risk of their own.
  await appt(other, "Ana", "corte", "2025-03-03", "completed", "09:00", 99_900);
  await appt(other, "Bia", "manicure", "2025-03-04", "completed", "09:00", 88_800);
  await appt(other, "Eva", "barba", "2025-02-04", "completed", "09:00", 77_700);
  await appt(other, "Caio", "corte", "2024-06-01", "completed");
});

afterEach(() => {
  vi.useRealTimers();
});

async function report(who: Pro, query = "") {
  return callLoader(loader, { context: who.ctx, path: `/relatorios${query}` });
}

async function figures(who: Pro, query = "") {
  const data = await report(who, query);
  if (!data.report) throw new Error(`no report: ${data.params.period.error}`);
  return data.report;
}

async function exportCsv(who: Pro, query = "") {
  return callLoader(exportLoader, { context: who.ctx, path: `/relatorios/exportar${query}` });
}

describe("KPI cards", () => {
  it("este-mes: completed revenue, non-cancelled counts, against the same days of February", async () => {
    const r = await figures(pro);
    expect(r.range).toEqual({ from: "2025-03-01", to: "2025-03-10" });
    expect(r.previous).toEqual({ from: "2025-02-01", to: "2025-02-10" });
    // Revenue: 50 + 35 + 45 (completed only) vs 50 + 35 + 35 + 50.
    expect(r.kpis.revenue).toMatchObject({ value: 13000, previous: 17000 });
    expect(r.kpis.revenue.variation.label).toBe("-24% vs período anterior");
    // Appointments: Ana x2, Bia x2, Davi (no-show) — not Caio's cancelled one, not 12/03.
    expect(r.kpis.appointments).toMatchObject({ value: 5, previous: 4 });
    expect(r.kpis.appointments.variation.label).toBe("+25% vs período anterior");
    expect(r.kpis.clients).toMatchObject({ value: 3, previous: 4 });
    expect(r.kpis.clients.variation.label).toBe("-25% vs período anterior");
    // Ticket: 130,00 / 3 = 43,33 vs 170,00 / 4 = 42,50.
    expect(r.kpis.ticket).toMatchObject({ value: 4333, previous: 4250 });
    expect(r.kpis.ticket.variation.label).toBe("+2% vs período anterior");
    // Daily average: 130,00 over the 10 days lived so far.
    expect(r.kpis.dailyAverageCents).toBe(1300);
    expect(r.kpis.completed).toBe(3);
  });

  it("says there is no data when the previous period is empty", async () => {
    // The last 7 days (04/03 - 10/03) against 25/02 - 03/03; a custom January has no December.
    const week = await figures(pro, "?periodo=7d");
    expect(week.kpis.revenue).toMatchObject({ value: 4500, previous: 8500 });
    expect(week.kpis.appointments).toMatchObject({ value: 3, previous: 2 });
    const january = await figures(pro, "?periodo=customizado&de=2025-01-01&ate=2025-01-31");
    expect(january.previous).toEqual({ from: "2024-12-01", to: "2024-12-31" });
    expect(january.kpis.revenue).toMatchObject({ value: 5000, previous: 0 });
    expect(january.kpis.revenue.variation.label).toBe("Sem dados do período anterior");
  });

  it("filters by service and status, with the previous period filtered alike", async () => {
    const corte = await figures(pro, `?servico=${pro.service.corte}`);
    expect(corte.kpis.revenue).toMatchObject({ value: 5000, previous: 10000 });
    expect(corte.kpis.revenue.variation.label).toBe("-50% vs período anterior");
    expect(corte.kpis.appointments.value).toBe(2);
    expect(corte.kpis.clients.value).toBe(2);
    expect(corte.topServices.map((s) => s.name)).toEqual(["Corte Masculino"]);

    const done = await figures(pro, "?status=completed");
    expect(done.kpis.appointments.value).toBe(3);
    expect(done.kpis.revenue.value).toBe(13000);

    // Cancelled ones only count when that status is chosen; they never make revenue.
    const cancelled = await figures(pro, "?status=cancelled");
    expect(cancelled.kpis.appointments).toMatchObject({ value: 1, previous: 1 });
    expect(cancelled.kpis.revenue.value).toBe(0);
    expect(cancelled.kpis.ticket.value).toBeNull();
    // An average of nothing is not a -100% drop.
    expect(cancelled.kpis.ticket.variation).toEqual({ pct: null, label: "Sem dados para comparar", trend: "none" });
  });

  it("never counts another professional's data, and theirs never counts ours", async () => {
    const theirs = await figures(other);
    expect(theirs.kpis.revenue.value).toBe(99_900 + 88_800);
    expect(theirs.kpis.appointments.value).toBe(2);
    expect(theirs.vip.map((c) => c.name)).toEqual(["Outro Ana Costa", "Outro Bia Reis"]);
    expect(theirs.atRisk.clients.map((c) => c.name)).toEqual(["Outro Caio Melo", "Outro Eva Prado"]);
    const ours = await figures(pro, "?periodo=365d");
    expect(ours.vip.every((c) => !c.name.startsWith("Outro"))).toBe(true);
    expect(ours.atRisk.clients.every((c) => !c.name.startsWith("Outro"))).toBe(true);
  });

  it("a service id of another professional is ignored with a notice", async () => {
    const data = await report(pro, `?servico=${other.service.corte}`);
    expect(data.params.notice).toBe(REPORT_NOTICES.unknownService);
    expect(data.params.service).toBe("todos");
    expect(data.report?.kpis.revenue.value).toBe(13000);
    // The select offers the professional's own services only.
    expect(data.services.map((s) => s.id).sort()).toEqual(Object.values(pro.service).sort());
  });
});

describe("sections", () => {
  it("weekday performance, Seg to Dom", async () => {
    const r = await figures(pro);
    expect(r.weekdays.map((d) => [d.short, d.count, d.revenueCents])).toEqual([
      ["Seg", 3, 8500],
      ["Ter", 0, 0],
      ["Qua", 1, 0],
      ["Qui", 0, 0],
      ["Sex", 1, 4500],
      ["Sáb", 0, 0],
      ["Dom", 0, 0],
    ]);
  });

  it("top services by revenue, then by count", async () => {
    const r = await figures(pro);
    expect(r.topServices.map((s) => [s.name, s.count, s.revenueCents])).toEqual([
      ["Corte Masculino", 2, 5000],
      ["Manicure", 1, 4500],
      ["Barba", 2, 3500],
    ]);
  });

  it("top services show the service's current name", async () => {
    await db.update(services).set({ name: "Corte Premium" }).where(eq(services.id, pro.service.corte));
    const r = await figures(pro);
    expect(r.topServices[0]!.name).toBe("Corte Premium");
  });

  it("VIP clients: the VIP badge's clients (above R$ 500,00 in all), by what they spent in the period", async () => {
    await appt(pro, "Caio", "corte", "2025-03-06", "completed", "11:00", 60_000); // R$ 650 in all
    await appt(pro, "Eva", "manicure", "2025-03-04", "completed", "11:00", 47_000); // R$ 555 in all
    await appt(pro, "Hugo", "corte", "2025-01-10", "completed", "11:00", 60_000); // R$ 635 in all, not this month
    const r = await figures(pro);
    // Ana spent the most of the others this month, but R$ 145 in all: no VIP.
    expect(r.vip.map((c) => [c.name, c.spentCents, c.completed])).toEqual([
      ["Caio Melo", 60_000, 1],
      ["Eva Prado", 47_000, 1],
    ]);
    const year = await figures(pro, "?periodo=365d");
    expect(year.vip.map((c) => [c.name, c.spentCents])).toEqual([
      ["Caio Melo", 65_000],
      ["Hugo Dias", 63_500],
      ["Eva Prado", 55_500],
    ]);
  });

  it("clients at risk: last non-cancelled appointment over 30 days ago, longest absence first", async () => {
    const r = await figures(pro);
    expect(r.atRisk.total).toBe(3);
    expect(r.atRisk.clients.map((c) => [c.name, c.lastDate, c.days])).toEqual([
      ["Fábio Luz", "2024-11-20", 110],
      ["Caio Melo", "2025-01-05", 64], // his cancelled 08/03 does not count as a visit
      ["Gil Nunes", "2025-02-07", 31],
    ]);
    // The filters do not narrow it.
    const filtered = await figures(pro, `?periodo=7d&servico=${pro.service.manicure}`);
    expect(filtered.atRisk.total).toBe(3);
  });

  it("efficiency: occupancy, average time and recurring clients", async () => {
    const r = await figures(pro);
    // 45 + 30 + 30 + 60 + 45 booked minutes; 8 working days of 480 min from 01/03 to 10/03.
    expect(r.efficiency).toMatchObject({
      bookedMinutes: 210,
      availableMinutes: 8 * 480,
      averageDurationMinutes: 45, // (45 + 30 + 60) / 3 completed
      completed: 3,
      // Of the clients who visited (Ana and Bia; Davi did not come), Ana visited twice. Bia's
      // second appointment, later today, is no visit yet.
      recurring: 1,
      clients: 2,
    });
    expect(r.efficiency.occupancy).toBeCloseTo(210 / 3840);
    expect(r.efficiency.recurringShare).toBe(0.5);
  });

  it("revenue evolution over 6 months by default, 3 or 12 on request", async () => {
    const r = await figures(pro);
    expect(r.chart.map((m) => [m.key, m.revenueCents])).toEqual([
      ["2024-10", 0],
      ["2024-11", 3500],
      ["2024-12", 0],
      ["2025-01", 5000],
      ["2025-02", 20500],
      ["2025-03", 13000],
    ]);
    expect((await figures(pro, "?meses=3")).chart.map((m) => m.key)).toEqual(["2025-01", "2025-02", "2025-03"]);
    expect((await figures(pro, "?meses=12")).chart).toHaveLength(12);
    expect((await figures(pro, "?meses=99")).chart).toHaveLength(6);
  });

  it("an empty professional gets zeros and honest labels", async () => {
    const account = await createProfessional(db, { name: "Nova Pro" });
    const ctx = await userContextFor(db, account);
    const data = await callLoader(loader, { context: ctx, path: "/relatorios" });
    expect(data.hasAny).toBe(false);
    expect(data.report?.kpis.revenue.value).toBe(0);
    expect(data.report?.kpis.revenue.variation.label).toBe("0% vs período anterior");
    expect(data.report?.kpis.ticket.value).toBeNull();
    expect(data.report?.efficiency.occupancy).toBeNull(); // no working hours
    expect(data.report?.vip).toEqual([]);
    expect(data.report?.atRisk).toEqual({ total: 0, clients: [] });
  });
});

describe("filter input", () => {
  it("wrong custom dates give a pt-BR message, never a 500", async () => {
    const reversed = await report(pro, "?periodo=customizado&de=2025-03-05&ate=2025-03-01");
    expect(reversed.report).toBeNull();
    expect(reversed.params.period.error).toBe(PERIOD_ERRORS.reversed);
    expect((await report(pro, "?periodo=customizado&de=abc&ate=2025-03-01")).params.period.error).toBe(
      PERIOD_ERRORS.invalid,
    );
    expect((await report(pro, "?periodo=customizado")).params.period.error).toBe(PERIOD_ERRORS.missing);
    // Unknown values fall back to the defaults.
    const odd = await report(pro, "?periodo=x&status=y&servico=&meses=1");
    expect(odd.params).toMatchObject({ service: "todos", status: "todos", months: 6, notice: null });
    expect(odd.params.period.period).toBe("este-mes");
  });
});

describe("CSV export", () => {
  it("exports the filtered appointments in pt-BR, BOM and ';'", async () => {
    const res = await exportCsv(pro);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe(
      'attachment; filename="relatorio-agendamentos-2025-03-01-a-2025-03-10.csv"',
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split("\r\n")).toEqual([
      REPORT_CSV_HEADER.join(";"),
      "03/03/2025;09:00;Ana Costa;Corte Masculino;45min;50,00;Concluído;50,00;;Sem fechamento",
      "03/03/2025;10:00;Bia Reis;Barba;30min;35,00;Concluído;35,00;;Sem fechamento",
      "05/03/2025;09:00;Davi Rocha;Barba;30min;35,00;Não compareceu;;;",
      "07/03/2025;09:00;Ana Costa;Manicure;1h;45,00;Concluído;45,00;;Sem fechamento",
      "10/03/2025;14:00;Bia Reis;Corte Masculino;45min;50,00;Agendado;;;",
      "",
    ]);
    expect(REPORT_CSV_HEADER.join(";")).toBe("Data;Horário;Cliente;Serviço;Duração;Preço (R$);Status;Faturado (R$);Gorjeta (R$);Fechamento");
  });

  it("follows the service and status filters", async () => {
    const cancelled = await (await exportCsv(pro, "?status=cancelled")).text();
    expect(cancelled.trim().split("\r\n").slice(1)).toEqual(["08/03/2025;09:00;Caio Melo;Corte Masculino;45min;50,00;Cancelado;;;"]);
    const manicure = await (await exportCsv(pro, `?periodo=30d&servico=${pro.service.manicure}`)).text();
    expect(manicure.trim().split("\r\n").slice(1)).toEqual(["07/03/2025;09:00;Ana Costa;Manicure;1h;45,00;Concluído;45,00;;Sem fechamento"]);
    // Another professional's service id exports all of ours, none of theirs.
    const foreign = await (await exportCsv(pro, `?servico=${other.service.corte}`)).text();
    expect(foreign).not.toContain("Outro");
    expect(foreign.trim().split("\r\n")).toHaveLength(6);
  });

  it("never exports another professional's rows", async () => {
    const theirs = await (await exportCsv(other, "?periodo=365d")).text();
    const lines = theirs.trim().split("\r\n").slice(1);
    expect(lines).toHaveLength(4);
    expect(lines.every((l) => l.includes(";Outro "))).toBe(true);
  });

  it("streams long exports page by page, in order", async () => {
    const account = await createProfessional(db, { name: "Muitos Atendimentos" });
    const bulk = await userContextFor(db, account);
    const rows = Array.from({ length: 2345 }, (_, i) => ({
      serviceName: "Corte",
      // 4 a day from 01/03/2023 to 09/10/2024.
      date: new Date(Date.UTC(2023, 2, 1) + Math.floor(i / 4) * 86_400_000).toISOString().slice(0, 10),
      startMinute: 540 + (i % 4) * 60,
      durationMinutes: 30,
      priceCents: 1000 + i,
      status: "completed" as const,
    }));
    for (let i = 0; i < rows.length; i += 400) await createAppointments(db, account.id, rows.slice(i, i + 400));
    const res = await callLoader(exportLoader, { context: bulk, path: "/relatorios/exportar?periodo=customizado&de=2023-01-01&ate=2025-03-10" });
    const lines = (await res.text()).trim().split("\r\n").slice(1);
    expect(lines).toHaveLength(2345);
    expect(lines[0]).toBe("01/03/2023;09:00;Cliente não encontrado;Corte;30min;10,00;Concluído;10,00;;Sem fechamento");
    expect(lines[2344]).toContain(";33,44;"); // 1000 + 2344 centavos
    expect(new Set(lines).size).toBe(2345);
  });

  it("wrong dates answer 400 with the message", async () => {
    const res = await exportCsv(pro, "?periodo=customizado&de=2025-03-05&ate=2025-03-01");
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(PERIOD_ERRORS.reversed);
  });
});
