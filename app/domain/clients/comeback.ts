// 'Hora de voltar' (issue 24), the pure part: the margin a regular is given past their usual
// interval, and the warm pt-BR message written from their name, their usual service and the
// booking link. The rule itself runs in SQL (comeback.server.ts) over every client at once.
import { firstName } from "../names";

// A client needs visits on three dates (two gaps) before they have a usual interval: the
// database keeps it on their row (clients.usual_interval_days, migration waitlist_usual_interval).
/** The margin past the usual interval: the larger of 7 days or 30% of it. */
export const MARGIN_DAYS = 7;
export const MARGIN_SHARE = 0.3;

export function comebackMarginDays(intervalDays: number): number {
  return Math.max(MARGIN_DAYS, MARGIN_SHARE * intervalDays);
}

/** 'Já faz 5 semanas' / 'Já faz 12 dias' / 'Já faz 3 meses' since the last visit. */
export function sinceText(days: number): string {
  if (days >= 60) return `${Math.floor(days / 30)} meses`;
  if (days >= 14) return `${Math.floor(days / 7)} semanas`;
  return `${days} dias`;
}

/**
 * What the last visit was, after 'do seu último': 'atendimento de esmaltação em gel'. The service
 * is never the noun of 'último' itself: an article would have to agree with a name the app
 * cannot read the gender (or number) of ('último esmaltação', 'último luzes'). The one-tap text
 * and the approved template's {{3}} both take these words.
 */
export function lastVisitWords(service: string | null): string {
  const name = service?.trim().toLocaleLowerCase("pt-BR");
  return name ? `atendimento de ${name}` : "atendimento";
}

export function comebackMessage(input: { client: string; service: string | null; daysSince: number; professional: string; link: string }): string {
  const first = firstName(input.client) || "tudo bem";
  return [
    `Oi, ${first}! Já faz ${sinceText(input.daysSince)} do seu último ${lastVisitWords(input.service)} com ${input.professional}. Que tal marcar o próximo?`,
    `É só escolher o melhor horário por aqui: ${input.link}`,
  ].join("\n");
}
