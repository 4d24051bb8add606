// The rule-based tips of the dashboard ('Dicas do seu negócio') and when they replace the
// first-steps card. Pure: no React, no database; every rule below is unit-tested. The figures
// they read are dashboard-figures.ts's.
import { AT_RISK_AFTER_DAYS, averageTicket, variation, type Variation } from "./metrics";
import { VIP_SPENT_ABOVE_CENTS } from "../clients/client-types";
import { formatMoney } from "../money";
import { capitalize, weekdayName } from "../dates";
import type { ClientFigures, PeriodTotals } from "./dashboard-figures";
import { plural } from "../words";

// ------------------------------------------------------------------ constants

// The at-risk, recurring and average-ticket rules are metrics.ts's (isAtRisk, isRecurring,
// averageTicket); VIP is the client badge's (client-types.ts `isVip`).
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
 * Tips replace the first-steps card once the profile has a name and a
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
