// Dashboard figures and the rule-based tips ('Dicas do seu negócio', docs/product/spec.md §9), and the
// profile's achievements. Pure: no React, no database. app/domain/metrics/dashboard.server.ts reads the
// aggregates in SQL and hands them here; every rule below is unit-tested.
//
// Definitions (docs/product/decisions.md and docs/decisions/0321-0329):
// - revenue counts completed appointments only; appointment counts leave cancelled ones out;
// - "this month" figures run from the 1st to today; they are compared with the same number of
//   days at the start of last month (the previous period of equal length, cut at its last day);
// - dates are yyyy-MM-dd in the professional's zone; "today" comes from nowInZone.
import { AT_RISK_AFTER_DAYS, averageTicket, isAtRisk, isRecurring, variation, type Variation } from "./metrics";
import { isVip, VIP_SPENT_ABOVE_CENTS } from "../clients/client-types";
import { formatMoney } from "../money";
import { addDays, capitalize, daysInMonth, formatDate, shiftMonth, weekdayName, ymd } from "../dates";

// ------------------------------------------------------------------ constants (docs/product/spec.md §9)

// The at-risk, recurring and average-ticket rules are metrics.ts's (isAtRisk, isRecurring,
// averageTicket); VIP is the client badge's (client-types.ts `isVip`, docs/decisions/0761).
/** No-activity alert: no appointment created for more than this many days. */
export const NO_ACTIVITY_AFTER_DAYS = 7;
/** Average ticket: alert below -5%, good news above +5%. */
export const TICKET_ALERT_BELOW_PCT = -5;
export const TICKET_POSITIVE_ABOVE_PCT = 5;
/** Best weekday: shown when one weekday brings at least 15% of the month's revenue. */
export const BEST_WEEKDAY_MIN_SHARE = 0.15;
/** Opportunity tip: at least this many clients and not one VIP. */
export const OPPORTUNITY_MIN_CLIENTS = 5;
/** The carousel shows the next tip after 8 seconds. */
export const INSIGHT_ROTATE_MS = 8_000;

const DAY_MS = 86_400_000;

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

/** Completed revenue, completed count and non-cancelled count of one period. */
export type PeriodTotals = { revenueCents: number; completed: number; appointments: number };

export type DashboardTotals = {
  today: PeriodTotals;
  yesterday: PeriodTotals;
  /** Month to date. */
  current: PeriodTotals;
  /** The same number of days of last month. */
  previous: PeriodTotals;
  /** Non-cancelled appointments in the whole calendar month. */
  monthAppointments: number;
};

export type ClientTotals = {
  total: number;
  /** Clients created before this month began (in the professional's zone). */
  atMonthStart: number;
  newThisMonth: number;
};

export type Kpi = {
  key: "revenue-today" | "appointments-today" | "clients" | "revenue-month";
  title: string;
  value: string;
  variation: Variation;
  detail: string;
};

const integer = new Intl.NumberFormat("pt-BR");

/**
 * The four cards, each with a real variation:
 * - Faturamento hoje: completed today vs completed yesterday;
 * - Agendamentos hoje: non-cancelled today vs yesterday;
 * - Total de clientes: clients now vs clients that existed when the month began, with the
 *   number of new ones this month;
 * - Faturamento do mês: completed month-to-date vs the same days of last month.
 */
export function dashboardKpis(t: DashboardTotals, c: ClientTotals): Kpi[] {
  const newClients =
    c.newThisMonth === 1 ? "1 novo cliente este mês" : `${integer.format(c.newThisMonth)} novos clientes este mês`;
  return [
    {
      key: "revenue-today",
      title: "Faturamento hoje",
      value: formatMoney(t.today.revenueCents),
      variation: variation(t.today.revenueCents, t.yesterday.revenueCents, "vs ontem"),
      detail: "Atendimentos concluídos",
    },
    {
      key: "appointments-today",
      title: "Agendamentos hoje",
      value: integer.format(t.today.appointments),
      variation: variation(t.today.appointments, t.yesterday.appointments, "vs ontem"),
      detail: "Sem contar os cancelados",
    },
    {
      key: "clients",
      title: "Total de clientes",
      value: integer.format(c.total),
      variation: variation(c.total, c.atMonthStart, "vs início do mês"),
      detail: newClients,
    },
    {
      key: "revenue-month",
      title: "Faturamento do mês",
      value: formatMoney(t.current.revenueCents),
      variation: variation(t.current.revenueCents, t.previous.revenueCents, "vs mesmo período do mês passado"),
      detail: "Concluídos do dia 1º até hoje",
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
 * The summary row, month-to-date like Relatórios' 'Este mês' (docs/decisions/0760): appointments
 * (non-cancelled) with those booked later this month told apart, revenue (completed), daily
 * average = that revenue / days elapsed (today included), and the share of this month's visiting
 * clients who are recurring.
 */
export function monthlySummary(t: DashboardTotals, month: ClientFigures["month"], daysElapsed: number): MonthlySummary {
  return {
    appointments: t.current.appointments,
    bookedAhead: Math.max(0, t.monthAppointments - t.current.appointments),
    revenueCents: t.current.revenueCents,
    dailyAverageCents: daysElapsed > 0 ? Math.round(t.current.revenueCents / daysElapsed) : 0,
    returningPct: month.clients > 0 ? Math.round((month.returning / month.clients) * 100) : null,
    monthClients: month.clients,
  };
}

// ------------------------------------------------------------------ when to show the tips

export type InsightsGate = {
  fullName: string;
  businessName: string;
  hasActiveDay: boolean;
  hasService: boolean;
  setupCompleted: boolean;
  /** Every item of the first-steps checklist is done. */
  allStepsDone: boolean;
};

/**
 * docs/product/spec.md §2: tips replace the first-steps card once the profile has a name and a
 * business name, a working day is active, a service exists and the professional closed the setup
 * wizard; or, without pressing anything, as soon as every first step is done (docs/decisions/0764).
 */
export function showInsights(g: InsightsGate): boolean {
  const ready = !!(g.fullName.trim() && g.businessName.trim() && g.hasActiveDay && g.hasService);
  return ready && (g.setupCompleted || g.allStepsDone);
}

/**
 * The first-time guide shows only while neither the setup flag nor the guide flag is set, and the
 * first-steps card it points at is there (`insightsShown` false).
 */
export function showGuide(flags: { setupCompletedAt: Date | null; guideSeenAt: Date | null }, insightsShown = false): boolean {
  return !flags.setupCompletedAt && !flags.guideSeenAt && !insightsShown;
}

// ------------------------------------------------------------------ the tips

export type InsightTone = "positive" | "alert" | "info";
export type Insight = { id: string; tone: InsightTone; title: string; text: string };

export type InsightData = {
  today: string;
  now: Date;
  clientCount: number;
  clients: ClientFigures;
  /** When the most recently created appointment was created; null when there is none. */
  lastCreatedAt: Date | null;
  current: PeriodTotals;
  previous: PeriodTotals;
  /** Completed revenue month-to-date by weekday, 0 = Sunday. */
  weekdayRevenueCents: number[];
  /** The service with the most completed appointments month-to-date. */
  topService: { name: string; sales: number; revenueCents: number } | null;
};

/** Average ticket of a period: completed revenue / completed appointments; null without any. */
function ticketOf(p: PeriodTotals): number | null {
  return averageTicket(p.revenueCents, p.completed);
}

function plural(n: number, one: string, many: string) {
  return `${integer.format(n)} ${n === 1 ? one : many}`;
}

function joinNames(names: string[]) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} e ${names.at(-1)}`;
}

/** The VIP (client-types.ts `isVip`) who spent the most. */
export function vipInsight(vip: ClientFigures["vip"]): Insight | null {
  const { top } = vip;
  if (!top) return null;
  const others = vip.count - 1;
  return {
    id: "vip",
    tone: "positive",
    title: "Cliente VIP",
    text:
      `${top.name} já gastou ${formatMoney(top.spentCents)} com você. Um mimo ou prioridade na agenda ajuda a manter a fidelidade.` +
      (others > 0 ? ` Você tem mais ${plural(others, "cliente VIP", "clientes VIP")}.` : ""),
  };
}

/** Clients whose last visit was more than 30 days ago, with nothing booked (metrics.ts `isAtRisk`). */
export function atRiskInsight(atRisk: ClientFigures["atRisk"]): Insight | null {
  if (atRisk.count === 0) return null;
  const rest = atRisk.count - atRisk.names.length;
  return {
    id: "at-risk",
    tone: "alert",
    title: "Clientes em risco",
    text:
      `${plural(atRisk.count, "cliente não volta", "clientes não voltam")} há mais de ${AT_RISK_AFTER_DAYS} dias: ` +
      `${joinNames(atRisk.names)}${rest > 0 ? ` e mais ${rest}` : ""}. Que tal mandar uma mensagem convidando para um retorno?`,
  };
}

/** No appointment created for more than 7 days. */
export function noActivityInsight(lastCreatedAt: Date | null, now: Date): Insight | null {
  if (!lastCreatedAt) return null;
  const days = Math.floor((now.getTime() - lastCreatedAt.getTime()) / DAY_MS);
  if (now.getTime() - lastCreatedAt.getTime() <= NO_ACTIVITY_AFTER_DAYS * DAY_MS) return null;
  return {
    id: "no-activity",
    tone: "alert",
    title: "Agenda parada",
    text: `Nenhum agendamento novo há ${days} dias. Divulgue seu link de agendamento no WhatsApp e no Instagram.`,
  };
}

/** Average ticket this month vs the same days of last month: alert below -5%, good news above +5%. */
export function ticketInsight(current: PeriodTotals, previous: PeriodTotals): Insight | null {
  const now = ticketOf(current);
  const before = ticketOf(previous);
  if (now === null || before === null) return null;
  const v = variation(now, before);
  if (v.pct === null) return null;
  if (v.pct < TICKET_ALERT_BELOW_PCT) {
    return {
      id: "ticket-down",
      tone: "alert",
      title: "Ticket médio em queda",
      text: `Seu ticket médio caiu ${Math.abs(v.pct)}%: ${formatMoney(now)} este mês contra ${formatMoney(before)} no mesmo período do mês passado. Ofereça um serviço complementar no atendimento.`,
    };
  }
  if (v.pct > TICKET_POSITIVE_ABOVE_PCT) {
    return {
      id: "ticket-up",
      tone: "positive",
      title: "Ticket médio em alta",
      text: `Seu ticket médio subiu ${v.pct}%: ${formatMoney(now)} este mês contra ${formatMoney(before)} no mesmo período do mês passado.`,
    };
  }
  return null;
}

/** The weekday with the most completed revenue this month, when it brings at least 15% of it. */
export function bestWeekdayInsight(weekdayRevenueCents: number[]): Insight | null {
  const total = weekdayRevenueCents.reduce((sum, v) => sum + v, 0);
  if (total <= 0) return null;
  let best = 0;
  weekdayRevenueCents.forEach((v, i) => {
    if (v > (weekdayRevenueCents[best] ?? 0)) best = i;
  });
  const share = (weekdayRevenueCents[best] ?? 0) / total;
  if (share < BEST_WEEKDAY_MIN_SHARE) return null;
  return {
    id: "best-weekday",
    tone: "info",
    title: "Seu melhor dia",
    text: `${capitalize(weekdayName(best))} trouxe ${Math.round(share * 100)}% do faturamento do mês. Deixe esse dia com horários livres para quem agenda de última hora.`,
  };
}

/** Five or more clients and not one VIP yet. */
export function opportunityInsight(clientCount: number, vip: ClientFigures["vip"]): Insight | null {
  if (clientCount < OPPORTUNITY_MIN_CLIENTS || vip.count > 0) return null;
  return {
    id: "opportunity",
    tone: "info",
    title: "Oportunidade",
    text: `Você já tem ${plural(clientCount, "cliente", "clientes")}, mas nenhum gastou mais de ${formatMoney(VIP_SPENT_ABOVE_CENTS)} ainda. Um pacote de serviços ou um programa de fidelidade pode criar seus primeiros VIPs.`,
  };
}

/** Revenue, appointments and average ticket: month-to-date vs the same days of last month. */
export function monthComparisonInsight(current: PeriodTotals, previous: PeriodTotals): Insight | null {
  if (current.appointments === 0 && current.completed === 0) return null;
  if (previous.appointments === 0 && previous.completed === 0) {
    return {
      id: "month-comparison",
      tone: "info",
      title: "Este mês vs mês passado",
      text: "Sem dados do mesmo período do mês passado para comparar. A comparação aparece aqui assim que houver histórico.",
    };
  }
  const pct = (v: Variation) => (v.pct === null ? "sem dados do mês passado" : `${v.pct > 0 ? "+" : ""}${v.pct}%`);
  const revenue = variation(current.revenueCents, previous.revenueCents);
  const count = variation(current.appointments, previous.appointments);
  const nowTicket = ticketOf(current);
  const beforeTicket = ticketOf(previous);
  const ticket =
    nowTicket === null || beforeTicket === null ? "sem dados para comparar" : pct(variation(nowTicket, beforeTicket));
  return {
    id: "month-comparison",
    tone: (revenue.pct ?? 0) >= 0 ? "positive" : "alert",
    title: "Este mês vs mês passado",
    text: `Em relação ao mesmo período do mês passado: faturamento ${pct(revenue)}, agendamentos ${pct(count)}, ticket médio ${ticket}.`,
  };
}

/** The service with the most completed appointments this month. */
export function topServiceInsight(top: InsightData["topService"]): Insight | null {
  if (!top || top.sales <= 0) return null;
  return {
    id: "top-service",
    tone: "positive",
    title: "Serviço mais vendido",
    text: `${top.name} é o seu serviço mais vendido este mês: ${plural(top.sales, "atendimento concluído", "atendimentos concluídos")}, ${formatMoney(top.revenueCents)}.`,
  };
}

export const STARTER_INSIGHT: Insight = {
  id: "starter",
  tone: "info",
  title: "Comece por aqui",
  text: "Cadastre seus clientes e registre seus agendamentos: as dicas sobre o seu negócio aparecem aqui conforme a sua agenda cresce.",
};

export const ALL_GOOD_INSIGHT: Insight = {
  id: "all-good",
  tone: "positive",
  title: "Tudo em dia",
  text: "Nenhum alerta por enquanto. Continue marcando os atendimentos como concluídos para acompanhar seu faturamento.",
};

/**
 * Every tip that applies, alerts first. Without any appointment yet, a starter message; when no
 * rule applies, a short 'all good' message (the carousel is never empty).
 */
export function buildInsights(d: InsightData): Insight[] {
  if (!d.lastCreatedAt) return [STARTER_INSIGHT];
  const tips = [
    noActivityInsight(d.lastCreatedAt, d.now),
    ticketInsight(d.current, d.previous),
    atRiskInsight(d.clients.atRisk),
    monthComparisonInsight(d.current, d.previous),
    vipInsight(d.clients.vip),
    topServiceInsight(d.topService),
    bestWeekdayInsight(d.weekdayRevenueCents),
    opportunityInsight(d.clientCount, d.clients.vip),
  ].filter((t): t is Insight => t !== null);
  return tips.length > 0 ? tips : [ALL_GOOD_INSIGHT];
}

// ------------------------------------------------------------------ profile achievements

export type LifetimeTotals = {
  /** Distinct clients with at least one completed appointment. */
  clientsServed: number;
  completed: number;
  revenueCents: number;
};

export type Achievement = {
  key: "clients-100" | "appointments-500" | "revenue-30k";
  title: string;
  description: string;
  earned: boolean;
  /** 0-100, whole numbers. */
  progressPct: number;
  progressLabel: string;
};

function achievement(
  key: Achievement["key"],
  title: string,
  description: string,
  current: number,
  target: number,
  format: (n: number) => string,
): Achievement {
  const earned = current >= target;
  return {
    key,
    title,
    description,
    earned,
    progressPct: earned ? 100 : Math.floor((Math.max(0, current) / target) * 100),
    progressLabel: `${format(Math.min(current, target))} de ${format(target)}`,
  };
}

/** 100 clients served, 500 completed appointments, R$ 30 mil billed: earned or in progress. */
export function achievements(t: LifetimeTotals): Achievement[] {
  const n = (v: number) => integer.format(v);
  return [
    achievement("clients-100", "100 clientes atendidos", "Clientes diferentes com atendimento concluído", t.clientsServed, 100, n),
    achievement("appointments-500", "500 agendamentos realizados", "Atendimentos concluídos", t.completed, 500, n),
    achievement("revenue-30k", "R$ 30 mil faturados", "Soma dos atendimentos concluídos", t.revenueCents, 3_000_000, formatMoney),
  ];
}
