// 'Notificações' settings: which e-mails the professional gets and how customers are reminded.
import { z } from "zod";
import { COMEBACK_HOUR_CHOICES, REMINDER_HOURS_CHOICES, SUMMARY_HOUR_CHOICES } from "../domain/notifications/choices";

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
  /** 'Hora de voltar' automático: the local hour, or nothing (off). */
  comebackAutoHour: oneOf(COMEBACK_HOUR_CHOICES, "Escolha um horário da lista.").optional().transform((v) => v ?? null),
});

export const NOTIFICATIONS_SAVED = { title: "Notificações salvas", description: "Suas preferências de avisos foram atualizadas." };

/** 'Incluir telefone e observações' in the calendar feed (Configurações > Notificações). */
export const feedDetailsSchema = z.object({
  feedDetails: z.boolean({ error: "Marque ou desmarque a opção." }).optional().transform((v) => v ?? false),
});

export const FEED_DETAILS_ON = {
  title: "Telefone e observações incluídos",
  description: "Sua agenda no calendário passa a mostrar o nome completo, o telefone e as observações.",
};
export const FEED_DETAILS_OFF = {
  title: "Telefone e observações retirados",
  description: "Sua agenda no calendário mostra só o serviço e o primeiro nome do cliente.",
};
