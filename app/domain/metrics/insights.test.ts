import { describe, expect, it } from "vitest";
import { achievements } from "./achievements";
import {
  clientFigures,
  dashboardKpis,
  dayLabel,
  monthlySummary,
  monthWindows,
  type ClientStat,
  type DashboardTotals,
  periodTotals,
  type PeriodTotals,
} from "./dashboard-figures";
import {
  ALL_GOOD_INSIGHT,
  atRiskInsight,
  bestWeekdayInsight,
  buildInsights,
  monthComparisonInsight,
  noActivityInsight,
  opportunityInsight,
  showGuide,
  showInsights,
  STARTER_INSIGHT,
  ticketInsight,
  topServiceInsight,
  vipInsight,
  type InsightData,
} from "./insights";

const nb = (s: string | undefined) => s?.replaceAll("\u00a0", " ");

/** The figures the tips read, from every client (the rule the dashboard's SQL follows too). */
const figures = (clients: ClientStat[], today = "2025-03-31") => clientFigures(clients, today);

function client(overrides: Partial<ClientStat> = {}): ClientStat {
  return { name: "Ana", spentCents: 0, lastVisitDate: "2025-03-10", lastAppointmentDate: "2025-03-10", monthVisits: 1, earlierVisits: 0, ...overrides };
}

/** A client whose last visit (and last appointment) was on that date. */
function lastSeen(date: string | null, overrides: Partial<ClientStat> = {}): ClientStat {
  return client({ lastVisitDate: date, lastAppointmentDate: date, ...overrides });
}

function period(revenueCents: number, completed: number, appointments = completed): PeriodTotals {
  return periodTotals(revenueCents, completed, appointments);
}

const ZERO = period(0, 0);

describe("monthWindows", () => {
  it("compares the month to date with the same days of last month", () => {
    expect(monthWindows("2025-03-15")).toMatchObject({
      month: { from: "2025-03-01", to: "2025-03-31" },
      current: { from: "2025-03-01", to: "2025-03-15" },
      previous: { from: "2025-02-01", to: "2025-02-15" },
      yesterday: "2025-03-14",
      tomorrow: "2025-03-16",
      daysElapsed: 15,
    });
  });

  it("cuts the previous window at a shorter month's end", () => {
    expect(monthWindows("2025-03-31").previous).toEqual({ from: "2025-02-01", to: "2025-02-28" });
    expect(monthWindows("2024-03-30").previous).toEqual({ from: "2024-02-01", to: "2024-02-29" });
  });

  it("goes back a year in January, and yesterday of the 1st is last month", () => {
    const w = monthWindows("2025-01-01");
    expect(w.previous).toEqual({ from: "2024-12-01", to: "2024-12-01" });
    expect(w.yesterday).toBe("2024-12-31");
    expect(w.daysElapsed).toBe(1);
  });
});

describe("dayLabel", () => {
  it("says Hoje, Amanhã, else dd/MM", () => {
    expect(dayLabel("2025-03-15", "2025-03-15")).toBe("Hoje");
    expect(dayLabel("2025-03-16", "2025-03-15")).toBe("Amanhã");
    expect(dayLabel("2025-04-01", "2025-03-31")).toBe("Amanhã");
    expect(dayLabel("2025-03-14", "2025-03-15")).toBe("14/03");
    expect(dayLabel("2025-03-20", "2025-03-15")).toBe("20/03");
  });
});

describe("dashboardKpis", () => {
  const totals: DashboardTotals = {
    today: period(15_000, 2, 4),
    yesterday: period(10_000, 1, 4),
    current: period(40_000, 8, 10),
    previous: period(50_000, 9, 12),
    monthAppointments: 14,
    monthExpectedCents: 0,
  };

  it("each card's variation is against its own previous period", () => {
    const kpis = dashboardKpis(totals, { total: 12, newThisMonth: 2 });
    expect(kpis.map((k) => [k.key, nb(k.value), k.variation.label, k.detail])).toEqual([
      ["revenue-today", "R$ 150,00", "+50% vs ontem", "Recebido nos concluídos"],
      ["appointments-today", "4", "0% vs ontem", "Sem contar os cancelados"],
      ["clients", "12", "+20% vs início do mês", "2 novos clientes este mês"],
      ["revenue-month", "R$ 400,00", "-20% vs mesmo período do mês passado", "Recebido do dia 1º até hoje"],
    ]);
  });

  it("'Faturamento' tells apart what has no closing, the tips and 'Previsto'", () => {
    const today = { ...period(15_000, 2, 4), unclosedCents: 5_000, unclosedCount: 1, tipsCents: 700, expectedCents: 9_000 };
    const [card] = dashboardKpis({ ...totals, today }, { total: 12, newThisMonth: 2 });
    expect(nb(card!.detail)).toBe("Recebido nos concluídos; inclui R$ 50,00 sem fechamento; gorjetas à parte: R$ 7,00; previsto: R$ 90,00");
  });

  it("never invents a variation from nothing", () => {
    const kpis = dashboardKpis({ ...totals, yesterday: ZERO, previous: ZERO }, { total: 1, newThisMonth: 1 });
    expect(kpis.map((k) => k.variation.label)).toEqual([
      "Sem dados do período anterior",
      "Sem dados do período anterior",
      "Sem dados do período anterior",
      "Sem dados do período anterior",
    ]);
    expect(kpis[2]!.detail).toBe("1 novo cliente este mês");
  });
});

describe("monthlySummary", () => {
  const totals: DashboardTotals = {
    today: ZERO,
    yesterday: ZERO,
    current: period(10_000, 3, 7),
    previous: ZERO,
    monthAppointments: 9,
    monthExpectedCents: 0,
  };

  it("month to date, the bookings ahead apart; returning share among this month's visiting clients", () => {
    const clients = [
      client({ monthVisits: 3 }), // recurring: three visits this month
      client({ monthVisits: 1 }), // a first visit
      client({ monthVisits: 1, earlierVisits: 2 }), // came back
      client({ monthVisits: 0, earlierVisits: 5 }), // did not visit this month: not counted
    ];
    expect(monthlySummary(totals, figures(clients).month, 3)).toEqual({
      appointments: 7,
      bookedAhead: 2,
      revenueCents: 10_000,
      unclosedCents: 0,
      tipsCents: 0,
      expectedCents: 0,
      dailyAverageCents: 3333,
      returningPct: 67,
      monthClients: 3,
    });
  });

  it("no visiting client this month: no percentage", () => {
    expect(monthlySummary(totals, figures([client({ monthVisits: 0 })]).month, 1).returningPct).toBeNull();
  });
});

describe("showInsights and showGuide", () => {
  const ready = { fullName: "Ana", businessName: "Studio", hasActiveDay: true, hasService: true, setupCompleted: true, allStepsDone: false };

  it("needs name, business name, an active day, a service and the setup flag", () => {
    expect(showInsights(ready)).toBe(true);
    expect(showInsights({ ...ready, fullName: "  " })).toBe(false);
    expect(showInsights({ ...ready, businessName: "" })).toBe(false);
    expect(showInsights({ ...ready, hasActiveDay: false })).toBe(false);
    expect(showInsights({ ...ready, hasService: false })).toBe(false);
    expect(showInsights({ ...ready, setupCompleted: false })).toBe(false);
  });

  it("or every first step done, without the flag", () => {
    expect(showInsights({ ...ready, setupCompleted: false, allStepsDone: true })).toBe(true);
  });

  it("the guide shows only while neither flag is set and the first-steps card is there", () => {
    const when = new Date();
    expect(showGuide({ setupCompletedAt: null, guideSeenAt: null })).toBe(true);
    expect(showGuide({ setupCompletedAt: when, guideSeenAt: null })).toBe(false);
    expect(showGuide({ setupCompletedAt: null, guideSeenAt: when })).toBe(false);
    expect(showGuide({ setupCompletedAt: null, guideSeenAt: null }, true)).toBe(false);
  });
});

describe("VIP tip (the badge's rule: total spent above R$ 500,00)", () => {
  it("names the client who spent the most above the line", () => {
    const tip = vipInsight(
      figures([
        client({ name: "Bia", spentCents: 120_000 }),
        client({ name: "Caio", spentCents: 250_000 }),
        client({ name: "Duda", spentCents: 50_000 }), // R$ 500,00 exactly: not VIP
      ]).vip,
    );
    expect(tip?.id).toBe("vip");
    expect(nb(tip?.text)).toContain("Caio já gastou R$ 2.500,00");
    expect(tip?.text).toContain("mais 1 cliente VIP");
  });

  it("R$ 500,00 exactly is not above the line", () => {
    expect(vipInsight(figures([client({ spentCents: 50_000 })]).vip)).toBeNull();
    expect(vipInsight(figures([client({ spentCents: 50_001 })]).vip)).not.toBeNull();
    expect(vipInsight(figures([]).vip)).toBeNull();
  });
});

describe("at-risk tip (last visit over 30 days ago, nothing booked)", () => {
  const today = "2025-03-31";

  it("lists who has not come back, best customers first", () => {
    const tip = atRiskInsight(
      figures(
        [
          lastSeen("2025-02-28", { name: "Eva", spentCents: 1_000 }), // 31 days
          lastSeen("2024-12-01", { name: "Fábio", spentCents: 90_000, lastAppointmentDate: "2025-03-20" }), // a no-show since
          lastSeen("2025-03-30", { name: "Gil" }),
        ],
        today,
      ).atRisk,
    );
    expect(tip?.id).toBe("at-risk");
    expect(tip?.text).toContain("2 clientes não voltam há mais de 30 dias: Fábio e Eva.");
  });

  it("30 days exactly, a booking ahead or no visit at all is not at risk", () => {
    expect(atRiskInsight(figures([lastSeen("2025-03-01")], today).atRisk)).toBeNull(); // 30 days
    expect(atRiskInsight(figures([lastSeen("2025-01-10", { lastAppointmentDate: "2025-04-10" })], today).atRisk)).toBeNull();
    expect(atRiskInsight(figures([lastSeen(null, { lastAppointmentDate: "2025-01-10" })], today).atRisk)).toBeNull();
  });

  it("shows three names and counts the rest", () => {
    const old = ["A", "B", "C", "D", "E"].map((name) => lastSeen("2024-01-01", { name }));
    expect(atRiskInsight(figures(old, today).atRisk)?.text).toContain("5 clientes não voltam há mais de 30 dias: A, B e C e mais 2.");
  });
});

describe("no-activity alert (no appointment created for more than 7 days)", () => {
  const now = new Date("2025-03-15T15:00:00Z");
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);

  it("after more than 7 days", () => {
    const tip = noActivityInsight(daysAgo(10), now);
    expect(tip?.id).toBe("no-activity");
    expect(tip?.text).toContain("há 10 dias");
    expect(noActivityInsight(new Date(daysAgo(7).getTime() - 1), now)).not.toBeNull();
  });

  it("not at 7 days, nor without any appointment", () => {
    expect(noActivityInsight(daysAgo(7), now)).toBeNull();
    expect(noActivityInsight(daysAgo(1), now)).toBeNull();
    expect(noActivityInsight(null, now)).toBeNull();
  });
});

describe("average-ticket tips (alert below -5%, good news above +5%)", () => {
  it("average ticket is completed revenue over completed appointments", () => {
    // R$ 100,00 over 4 completed of 9 appointments is R$ 25,00 (metrics.ts's averageTicket).
    const tip = ticketInsight(period(10_000, 4, 9), period(10_000, 5));
    expect(nb(tip?.text)).toContain("R$ 25,00 este mês contra R$ 20,00");
    expect(ticketInsight(ZERO, period(10_000, 5))).toBeNull();
  });

  it("alert below -5%", () => {
    const tip = ticketInsight(period(9_400, 1), period(10_000, 1)); // -6%
    expect(tip?.id).toBe("ticket-down");
    expect(tip?.text).toContain("caiu 6%");
  });

  it("good news above +5%", () => {
    const tip = ticketInsight(period(10_600, 1), period(10_000, 1)); // +6%
    expect(tip?.id).toBe("ticket-up");
    expect(tip?.text).toContain("subiu 6%");
  });

  it("nothing between -5% and +5%, or without both periods", () => {
    expect(ticketInsight(period(9_500, 1), period(10_000, 1))).toBeNull();
    expect(ticketInsight(period(10_500, 1), period(10_000, 1))).toBeNull();
    expect(ticketInsight(period(10_000, 1), ZERO)).toBeNull();
    expect(ticketInsight(ZERO, period(10_000, 1))).toBeNull();
  });
});

describe("best-weekday tip (at least 15% of the month's revenue)", () => {
  it("names the best weekday and its share", () => {
    const tip = bestWeekdayInsight([0, 1_000, 1_000, 1_000, 1_000, 2_000, 4_000]);
    expect(tip?.text).toContain("Sábado trouxe 40% do faturamento do mês");
  });

  it("not below 15% (possible only when revenue is spread very evenly), nor without revenue", () => {
    // Seven days at 14.29% each: no weekday stands out.
    expect(bestWeekdayInsight([1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000])).toBeNull();
    expect(bestWeekdayInsight([0, 0, 0, 0, 0, 0, 0])).toBeNull();
    expect(bestWeekdayInsight([0, 1_500, 1_500, 1_500, 1_500, 1_500, 1_500])?.text).toContain("Segunda-feira");
  });
});

describe("opportunity tip (5 or more clients and no VIP)", () => {
  it("5 clients, none above R$ 500,00", () => {
    const tip = opportunityInsight(5, figures([client({ spentCents: 50_000 })]).vip);
    expect(tip?.id).toBe("opportunity");
    expect(nb(tip?.text)).toContain("5 clientes, mas nenhum gastou mais de R$ 500,00");
  });

  it("not with fewer than 5 clients, nor once a VIP exists", () => {
    expect(opportunityInsight(4, figures([]).vip)).toBeNull();
    expect(opportunityInsight(8, figures([client({ spentCents: 50_001 })]).vip)).toBeNull();
  });
});

describe("month vs last month tip", () => {
  it("compares revenue, appointments and average ticket", () => {
    const tip = monthComparisonInsight(period(30_000, 3, 4), period(20_000, 2, 5));
    expect(tip?.text).toBe(
      "Em relação ao mesmo período do mês passado: faturamento +50%, agendamentos -20%, ticket médio 0%.",
    );
    expect(tip?.tone).toBe("positive");
    expect(monthComparisonInsight(period(10_000, 1), period(20_000, 1))?.tone).toBe("alert");
  });

  it("says when last month has no data, and is silent when this month has none", () => {
    expect(monthComparisonInsight(period(30_000, 3), ZERO)?.text).toContain("Sem dados do mesmo período do mês passado");
    expect(monthComparisonInsight(ZERO, period(30_000, 3))).toBeNull();
    expect(monthComparisonInsight(period(0, 0, 2), period(10_000, 1))?.text).toContain("ticket médio sem dados para comparar");
  });
});

describe("top-service tip", () => {
  it("names the service with the most completed appointments", () => {
    const tip = topServiceInsight({ name: "Corte", sales: 12, revenueCents: 60_000 });
    expect(nb(tip?.text)).toBe("Corte é o seu serviço mais vendido este mês: 12 atendimentos concluídos, R$ 600,00.");
  });

  it("nothing without sales", () => {
    expect(topServiceInsight(null)).toBeNull();
    expect(topServiceInsight({ name: "Corte", sales: 0, revenueCents: 0 })).toBeNull();
  });
});

describe("buildInsights", () => {
  const base: InsightData = {
    today: "2025-03-15",
    now: new Date("2025-03-15T15:00:00Z"),
    clientCount: 1,
    clients: figures([client()], "2025-03-15"),
    lastCreatedAt: new Date("2025-03-15T10:00:00Z"),
    current: ZERO,
    previous: ZERO,
    weekdayRevenueCents: [0, 0, 0, 0, 0, 0, 0],
    topService: null,
  };

  it("a starter message before the first appointment", () => {
    expect(buildInsights({ ...base, lastCreatedAt: null })).toEqual([STARTER_INSIGHT]);
  });

  it("'Tudo em dia' when no rule applies", () => {
    expect(buildInsights(base)).toEqual([ALL_GOOD_INSIGHT]);
  });

  it("alerts first", () => {
    const ids = buildInsights({
      ...base,
      lastCreatedAt: new Date("2025-03-01T10:00:00Z"),
      clientCount: 6,
      clients: figures([lastSeen("2025-01-01")], "2025-03-15"),
      current: period(10_000, 1),
      previous: period(20_000, 1),
      weekdayRevenueCents: [0, 10_000, 0, 0, 0, 0, 0],
      topService: { name: "Corte", sales: 1, revenueCents: 10_000 },
    }).map((t) => t.id);
    expect(ids).toEqual(["no-activity", "ticket-down", "at-risk", "month-comparison", "top-service", "best-weekday", "opportunity"]);
  });
});

describe("achievements", () => {
  it("in progress with the real numbers", () => {
    const list = achievements({ clientsServed: 37, completed: 120, revenueCents: 1_234_500 });
    expect(list.map((a) => [a.key, a.earned, a.progressPct, nb(a.progressLabel)])).toEqual([
      ["clients-100", false, 37, "37 de 100"],
      ["appointments-500", false, 24, "120 de 500"],
      ["revenue-30k", false, 41, "R$ 12.345,00 de R$ 30.000,00"],
    ]);
  });

  it("earned at the target", () => {
    const list = achievements({ clientsServed: 100, completed: 501, revenueCents: 3_000_000 });
    expect(list.every((a) => a.earned && a.progressPct === 100)).toBe(true);
    expect(list[1]!.progressLabel).toBe("500 de 500");
    expect(achievements({ clientsServed: 99, completed: 0, revenueCents: 2_999_999 }).map((a) => a.earned)).toEqual([
      false,
      false,
      false,
    ]);
  });
});
