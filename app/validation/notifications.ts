// 'Notificações' settings: which e-mails the professional gets and how customers are reminded.
import { z } from "zod";
import { REMINDER_HOURS_CHOICES, SUMMARY_HOUR_CHOICES } from "../domain/notifications/choices";

const checkbox = z.boolean().optional().transform((v) => v ?? false);
const oneOf = (choices: readonly number[], message: string) =>
  z.coerce.number({ error: message }).refine((n) => choices.includes(n), { message });

export const notificationsSchema = z.object({
  notifyNewRequest: checkbox,
  notifyCustomerChanges: checkbox,
  dailySummary: checkbox,
  dailySummaryHour: oneOf(SUMMARY_HOUR_CHOICES, "Escolha um horário da lista."),
  reminderHoursBefore: oneOf(REMINDER_HOURS_CHOICES, "Escolha uma antecedência da lista."),
  reminderEmail: checkbox,
  reminderWhatsapp: checkbox,
});

export const NOTIFICATIONS_SAVED = { title: "Notificações salvas", description: "Suas preferências de avisos foram atualizadas." };
