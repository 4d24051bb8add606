// The profile page's achievements: earned, or how far along.
import { formatInteger, formatMoney } from "../money";

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
  return [
    achievement("clients-100", "100 clientes atendidos", "Clientes diferentes com atendimento concluído", t.clientsServed, 100, formatInteger),
    achievement("appointments-500", "500 agendamentos realizados", "Atendimentos concluídos", t.completed, 500, formatInteger),
    achievement("revenue-30k", "R$ 30 mil faturados", "Recebido nos atendimentos concluídos", t.revenueCents, 3_000_000, formatMoney),
  ];
}
