// The dashboard's figures: the periods it compares, the KPI cards, the monthly summary and what
// it needs to know of its clients. Pure: no React, no database. dashboard-queries.server.ts reads
// the aggregates in SQL and hands them here; every rule below is unit-tested (insights.test.ts).
//
// Definitions (docs/decisions/0321-0329):
// - revenue counts completed appointments only; appointment counts leave cancelled ones out;
// - "this month" figures run from the 1st to today; they are compared with the same number of
//   days at the start of last month (the previous period of equal length, cut at its last day);
// - dates are yyyy-MM-dd in the professional's zone; "today" comes from nowInZone.
import { isAtRisk, isRecurring, variation, type Variation } from "./metrics";
import { isVip } from "../clients/client-types";
import { formatInteger, formatMoney } from "../money";
import { addDays, daysInMonth, formatDate, shiftMonth, ymd } from "../dates";
import { plural } from "../words";

// ------------------------------------------------------------------ periods

/**
 * The periods the dashboard compares, around `today`:
 * - month: the whole calendar month (for the appointments booked after today, told apart);
 * - current: the 1st of this month to today (month-to-date: every figure of 'este mês');
 * - previous: the same number of days from the 1st of last month, cut at last month's end
 *   (31/03 compares with 01/02-28/02);
 * - yesterday, and daysElapsed = today's day of the month (the daily average's divisor).
 */
export function monthWindows(today: string) {
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  const prev = shiftMonth(year, month, -1);
  const prevLength = daysInMonth(prev.year, prev.month);
  return {
    month: { from: ymd(year, month, 1), to: ymd(year, month, daysInMonth(year, month)) },
    current: { from: ymd(year, month, 1), to: today },
    previous: { from: ymd(prev.year, prev.month, 1), to: ymd(prev.year, prev.month, Math.min(day, prevLength)) },
    previousMonth: { from: ymd(prev.year, prev.month, 1), to: ymd(prev.year, prev.month, prevLength) },
    yesterday: addDays(today, -1),
    tomorrow: addDays(today, 1),
    daysElapsed: day,
  };
}

/** 'Hoje', 'Amanhã' or dd/MM. */
export function dayLabel(date: string, today: string): string {
  if (date === today) return "Hoje";
  if (date === addDays(today, 1)) return "Amanhã";
  return formatDate(date);
}

// ------------------------------------------------------------------ KPI cards and monthly summary

/**
 * 'Faturamento' of one period (cash/revenue.server.ts: received plus the completed appointments
 * without a closing at list prices, told apart), tips apart, 'Previsto' (still scheduled, at list
 * prices), completed count and non-cancelled count.
 */
export type PeriodTotals = {
  revenueCents: number;
  receivedCents: number;
  unclosedCents: number;
  unclosedCount: number;
  tipsCents: number;
  expectedCents: number;
  completed: number;
  appointments: number;
};

/** A period's totals from its revenue alone (the rest zero): for figures built without closings. */
export function periodTotals(revenueCents: number, completed: number, appointments = completed): PeriodTotals {
  return { revenueCents, receivedCents: revenueCents, unclosedCents: 0, unclosedCount: 0, tipsCents: 0, expectedCents: 0, completed, appointments };
}

/** The honest footnote of a 'Faturamento': what is in it without a closing, the tips apart, and 'Previsto'. */
export function revenueDetail(p: PeriodTotals, fallback: string): string {
  const parts: string[] = [];
  if (p.unclosedCount > 0) parts.push(`inclui ${formatMoney(p.unclosedCents)} sem fechamento`);
  if (p.tipsCents > 0) parts.push(`gorjetas à parte: ${formatMoney(p.tipsCents)}`);
  if (p.expectedCents > 0) parts.push(`previsto: ${formatMoney(p.expectedCents)}`);
  return parts.length ? `${fallback}; ${parts.join("; ")}` : fallback;
}

export type DashboardTotals = {
  today: PeriodTotals;
  yesterday: PeriodTotals;
  /** Month to date. */
  current: PeriodTotals;
  /** The same number of days of last month. */
  previous: PeriodTotals;
  /** Non-cancelled appointments in the whole calendar month. */
  monthAppointments: number;
  /** 'Previsto': still scheduled from today to the month's end, at list prices. */
  monthExpectedCents: number;
};

export type ClientTotals = {
  total: number;
  /** The month's new clients ('Novos': clients.server.ts `newClientBetween`; imported ones are not). */
  newThisMonth: number;
};

export type Kpi = {
  key: "revenue-today" | "appointments-today" | "clients" | "revenue-month";
  title: string;
  value: string;
  variation: Variation;
  detail: string;
};

/**
 * The four cards, each with a real variation:
 * - Faturamento hoje: completed today vs completed yesterday;
 * - Agendamentos hoje: non-cancelled today vs yesterday;
 * - Total de clientes: clients now vs clients now but the month's new ones, with the number of
 *   new ones this month;
 * - Faturamento do mês: completed month-to-date vs the same days of last month.
 */
export function dashboardKpis(t: DashboardTotals, c: ClientTotals): Kpi[] {
  const newClients =
    `${plural(c.newThisMonth, "novo cliente", "novos clientes")} este mês`;
  return [
    {
      key: "revenue-today",
      title: "Faturamento hoje",
      value: formatMoney(t.today.revenueCents),
      variation: variation(t.today.revenueCents, t.yesterday.revenueCents, "vs ontem"),
      detail: revenueDetail(t.today, "Recebido nos concluídos"),
    },
    {
      key: "appointments-today",
      title: "Agendamentos hoje",
      value: formatInteger(t.today.appointments),
      variation: variation(t.today.appointments, t.yesterday.appointments, "vs ontem"),
      detail: "Sem contar os cancelados",
    },
    {
      key: "clients",
      title: "Total de clientes",
      value: formatInteger(c.total),
      // At the month's start: every client but the month's new ones (an imported client was there before).
      variation: variation(c.total, c.total - c.newThisMonth, "vs início do mês"),
      detail: newClients,
    },
    {
      key: "revenue-month",
      title: "Faturamento do mês",
      value: formatMoney(t.current.revenueCents),
      variation: variation(t.current.revenueCents, t.previous.revenueCents, "vs mesmo período do mês passado"),
      detail: revenueDetail({ ...t.current, expectedCents: t.monthExpectedCents }, "Recebido do dia 1º até hoje"),
    },
  ];
}

/** One client's figures: completed spend, visits (completed appointments) and dates. */
export type ClientStat = {
  name: string;
  spentCents: number;
  /** Latest visit (completed appointment), or null. */
  lastVisitDate: string | null;
  /** Latest non-cancelled appointment date (may be ahead of today), or null. */
  lastAppointmentDate: string | null;
  /** Visits this month to date, and before this month. */
  monthVisits: number;
  earlierVisits: number;
};

export type MonthlySummary = {
  /** Non-cancelled appointments from the 1st to today (Relatórios' 'Este mês'). */
  appointments: number;
  /** Non-cancelled appointments after today in this calendar month, told apart. */
  bookedAhead: number;
  revenueCents: number;
  /** Of the revenue, completed without a closing (at list prices), and the tips apart. */
  unclosedCents: number;
  tipsCents: number;
  /** 'Previsto': still scheduled from today to the month's end. */
  expectedCents: number;
  dailyAverageCents: number;
  /** Of the clients who visited this month, % recurring (metrics.ts `isRecurring`); null without any. */
  returningPct: number | null;
  /** Clients who visited this month (a completed appointment). */
  monthClients: number;
};

/**
 * What the dashboard needs to know of its clients, rather than every client: this month's
 * visiting clients and how many of them are recurring, the VIPs (the biggest spender and how
 * many), and the clients at risk (how many, and the first three by amount spent, then name).
 * `clientFigures` is the rule; the dashboard's SQL computes the same figures without sending
 * every client's row (tests/integration/dashboard.test.ts holds them equal).
 */
export type ClientFigures = {
  month: { clients: number; returning: number };
  vip: { count: number; top: { name: string; spentCents: number } | null };
  atRisk: { count: number; names: string[] };
};

/** The figures from every client with an appointment (any status). */
export function clientFigures(clients: ClientStat[], today: string): ClientFigures {
  const visited = clients.filter((c) => c.monthVisits > 0);
  const vips = clients.filter((c) => isVip(c.spentCents)).sort(bestCustomersFirst);
  const atRisk = clients.filter((c) => isAtRisk(c, today)).sort(bestCustomersFirst);
  return {
    month: { clients: visited.length, returning: visited.filter((c) => isRecurring(c.monthVisits, c.earlierVisits)).length },
    vip: { count: vips.length, top: vips[0] ? { name: vips[0].name, spentCents: vips[0].spentCents } : null },
    atRisk: { count: atRisk.length, names: atRisk.slice(0, AT_RISK_NAMES).map((c) => c.name) },
  };
}

/** How many at-risk clients the tip names. */
export const AT_RISK_NAMES = 3;

/** The order clients are named in the tips: the best customers first, then by name. */
export function bestCustomersFirst(a: { spentCents: number; name: string }, b: { spentCents: number; name: string }) {
  return b.spentCents - a.spentCents || a.name.localeCompare(b.name, "pt-BR");
}

/**
 * The summary row, month-to-date like Relatórios' 'Este mês': appointments
 * (non-cancelled) with those booked later this month told apart, revenue (completed), daily
 * average = that revenue / days elapsed (today included), and the share of this month's visiting
 * clients who are recurring.
 */
export function monthlySummary(t: DashboardTotals, month: ClientFigures["month"], daysElapsed: number): MonthlySummary {
  return {
    appointments: t.current.appointments,
    bookedAhead: Math.max(0, t.monthAppointments - t.current.appointments),
    revenueCents: t.current.revenueCents,
    unclosedCents: t.current.unclosedCents,
    tipsCents: t.current.tipsCents,
    expectedCents: t.monthExpectedCents,
    dailyAverageCents: daysElapsed > 0 ? Math.round(t.current.revenueCents / daysElapsed) : 0,
    returningPct: month.clients > 0 ? Math.round((month.returning / month.clients) * 100) : null,
    monthClients: month.clients,
  };
}
