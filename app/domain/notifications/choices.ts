// The choices of the 'Notificações' settings (pure: the form and the server share them).

/** How long before the time a customer is reminded. */
export const REMINDER_HOURS_CHOICES = [2, 3, 6, 12, 24, 48] as const;

/** When the professional's daily summary of tomorrow goes out (local hour). */
export const SUMMARY_HOUR_CHOICES = [6, 7, 8, 12, 18, 19, 20, 21, 22] as const;

/** When 'Hora de voltar' goes out by the Cloud API (local hour; none: off). */
export const COMEBACK_HOUR_CHOICES = [9, 10, 11, 14, 15, 16, 17, 18, 19] as const;

export function reminderHoursLabel(hours: number): string {
  return hours === 24 ? "1 dia antes (24 horas)" : hours === 48 ? "2 dias antes (48 horas)" : `${hours} horas antes`;
}
