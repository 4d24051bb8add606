// 'Calendários externos': the add form. The address must be one the server may fetch
// (domain/calendars/addresses.ts); the name is optional (the provider's name by default).
import { checkFeedUrl, providerName } from "../domain/calendars/addresses";
import { z } from "./zod";

export const CALENDAR_URL_REQUIRED = "Cole o endereço secreto no formato iCal do calendário.";
export const CALENDAR_UNREADABLE = "Não foi possível ler este calendário. Confira se copiou o endereço secreto no formato iCal inteiro.";
export const CALENDAR_TOO_COMPLEX = "Este calendário tem eventos ou repetições demais para ser lido. Confira se o endereço é mesmo o da sua agenda.";
export const CALENDAR_LIMIT = "Você já tem 5 calendários externos. Remova um para adicionar outro.";

export function externalCalendarSchema(options: { allowLoopback: boolean }) {
  return z
    .object({
      name: z.string().trim().max(60, "Nome deve ter no máximo 60 caracteres").optional(),
      url: z.string({ error: CALENDAR_URL_REQUIRED }).trim().max(2000, "Endereço longo demais."),
    })
    .transform((value, ctx) => {
      const checked = checkFeedUrl(value.url, options);
      if (!checked.ok) {
        ctx.addIssue({ code: "custom", message: checked.message, path: ["url"] });
        return z.NEVER;
      }
      return { name: value.name || providerName(checked.url), url: checked.url.toString() };
    });
}
