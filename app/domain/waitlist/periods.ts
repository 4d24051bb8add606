// The periods a customer on the waiting list may choose, and which times each takes in.
import type { WaitlistPeriod } from "../../../db/schema";

export const PERIOD_LABELS: Record<WaitlistPeriod, string> = {
  manha: "Manhã",
  tarde: "Tarde",
  noite: "Noite",
  qualquer: "Qualquer horário",
};

/** The choices in the order the form lists them, with the hours each covers. */
export const PERIOD_CHOICES: { value: WaitlistPeriod; label: string; hint: string }[] = [
  { value: "manha", label: "Manhã", hint: "antes das 12h" },
  { value: "tarde", label: "Tarde", hint: "das 12h às 18h" },
  { value: "noite", label: "Noite", hint: "a partir das 18h" },
  { value: "qualquer", label: "Qualquer horário", hint: "o primeiro que abrir" },
];

export function isWaitlistPeriod(value: unknown): value is WaitlistPeriod {
  return typeof value === "string" && value in PERIOD_LABELS;
}

/** Whether a start time ("HH:mm") falls in the period: mornings end at 12:00, afternoons at 18:00. */
export function inPeriod(time: string, period: WaitlistPeriod): boolean {
  if (period === "qualquer") return true;
  const hour = Number(time.slice(0, 2));
  if (period === "manha") return hour < 12;
  if (period === "tarde") return hour >= 12 && hour < 18;
  return hour >= 18;
}

/** The free times of a day that suit a period. */
export function timesInPeriod(times: readonly string[], period: WaitlistPeriod): string[] {
  return times.filter((t) => inPeriod(t, period));
}

/**
 * The periods a day's waiting list offers (in the form's order): those with a time that could
 * open (`openable`, the day's grid without the bookings) and is not free now, so something can
 * open there for the customer; 'Qualquer horário' whenever one does. None: no list that day.
 */
export function waitlistPeriods(openable: readonly string[], free: readonly string[]): WaitlistPeriod[] {
  const taken = openable.filter((t) => !free.includes(t));
  const periods = PERIOD_CHOICES.map((p) => p.value).filter((p) => p !== "qualquer" && taken.some((t) => inPeriod(t, p)));
  return periods.length ? [...periods, "qualquer"] : [];
}
