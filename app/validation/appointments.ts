import { z } from "./zod";
import { isIsoDate, isTime } from "../domain/dates";

// Messages of docs/product/spec.md §5 (appointment form) word for word where it gives them.
export const APPOINTMENT_ERRORS = {
  client: "Selecione um cliente",
  service: "Selecione um serviço",
  date: "Selecione uma data",
  datePast: "Data do agendamento deve ser hoje ou no futuro",
  dateTooFar: "Escolha uma data em até 6 meses.",
  time: "Selecione um horário",
  timeInvalid: "Horário inválido",
  notesMax: "Observações devem ter no máximo 500 caracteres",
  taken: "Este horário acabou de ser ocupado. Escolha outro horário.",
} as const;

export const NOTES_MAX = 500;

/**
 * The appointment form (create and edit). Conform turns empty inputs into undefined, so
 * required fields carry their message as the type error too. `today` and `maxDate`
 * (yyyy-MM-dd in the professional's zone) bound the date; `keepDate` is the date an edited
 * appointment already has, which stays acceptable even once it is in the past.
 */
export function appointmentSchema(opts: { today: string; maxDate: string; keepDate?: string }) {
  const { client, service, date, time } = APPOINTMENT_ERRORS;
  return z.object({
    clientId: z.string({ error: client }).trim().min(1, client).max(64, client),
    serviceId: z.string({ error: service }).trim().min(1, service).max(64, service),
    date: z
      .string({ error: date })
      .trim()
      .check((ctx) => {
        const problem = dateProblem(ctx.value, opts);
        if (problem) ctx.issues.push({ code: "custom", message: problem, input: ctx.value });
      }),
    time: z
      .string({ error: time })
      .trim()
      .refine(isTime, APPOINTMENT_ERRORS.timeInvalid),
    notes: z.string().trim().max(NOTES_MAX, APPOINTMENT_ERRORS.notesMax).optional(),
  });
}

export type AppointmentInput = z.output<ReturnType<typeof appointmentSchema>>;

function dateProblem(value: string, opts: { today: string; maxDate: string; keepDate?: string }) {
  if (!isIsoDate(value)) return APPOINTMENT_ERRORS.date;
  if (value === opts.keepDate) return null;
  if (value < opts.today) return APPOINTMENT_ERRORS.datePast;
  if (value > opts.maxDate) return APPOINTMENT_ERRORS.dateTooFar;
  return null;
}
