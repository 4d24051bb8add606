import { z } from "./zod";
import { addMonths, isIsoDate, isTime } from "../domain/dates";
import { SERIES_COUNT, SERIES_MAX_MONTHS } from "../domain/appointments/series";
import { STATUS_ERRORS } from "../domain/appointments/statuses";
import { cleanReason, REASON_MAX } from "../domain/notifications/change-notices";

// The appointment form's messages: the spec's words where it gives them.
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
  // 'Encaixe': the professional's own time outside the offered ones.
  walkIn: "Fora do horário de atendimento. Agendar mesmo assim?",
  walkInPast: "Este horário já passou. Agendar mesmo assim?",
  // 'Repetir'.
  repeat: "Escolha de quanto em quanto tempo repetir",
  count: `Informe de ${SERIES_COUNT.min} a ${SERIES_COUNT.max} vezes`,
  until: "Informe até quando repetir",
  untilBefore: "A data final deve ser depois da primeira data",
  untilTooFar: `Escolha uma data final em até ${SERIES_MAX_MONTHS} meses da primeira`,
  seriesEmpty: "Nenhuma data para agendar: escolha ao menos uma data livre ou outro horário.",
  preview: "Confira as datas da repetição em 'Ver datas' antes de agendar.",
  seriesWalkIn: "Um agendamento recorrente usa um horário da lista; para um encaixe, não repita.",
} as const;

/** 'Repetir': "0" (não repetir) or every 1 to 4 weeks. */
export const REPEAT_CHOICES = ["0", "1", "2", "3", "4"] as const;

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
    // The offered times (a select) or, for an 'Encaixe', any other time the professional types.
    time: z.string().trim().optional(),
    otherTime: z.string().trim().optional(),
    notes: z.string().trim().max(NOTES_MAX, APPOINTMENT_ERRORS.notesMax).optional(),
    // A move's 'Motivo (opcional)', sent with the customer's notice; measured as it would travel.
    motivo: z
      .string()
      .refine((v) => cleanReason(v).length <= REASON_MAX, STATUS_ERRORS.reasonTooLong)
      .optional(),
    repeat: z.enum(REPEAT_CHOICES, { error: APPOINTMENT_ERRORS.repeat }).optional(),
    endKind: z.enum(["count", "until"]).optional(),
    count: z.string().trim().optional(),
    until: z.string().trim().optional(),
  }).superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", message, path: [path] });
    if (v.otherTime) {
      if (!isTime(v.otherTime)) issue("otherTime", APPOINTMENT_ERRORS.timeInvalid);
    } else if (!v.time) issue("time", time);
    else if (!isTime(v.time)) issue("time", APPOINTMENT_ERRORS.timeInvalid);
    if (!v.repeat || v.repeat === "0") return;
    if (v.otherTime) issue("otherTime", APPOINTMENT_ERRORS.seriesWalkIn);
    if ((v.endKind ?? "count") === "count") {
      const n = Number(v.count);
      if (!v.count || !Number.isInteger(n) || n < SERIES_COUNT.min || n > SERIES_COUNT.max) issue("count", APPOINTMENT_ERRORS.count);
    } else if (!v.until || !isIsoDate(v.until)) issue("until", APPOINTMENT_ERRORS.until);
    else if (isIsoDate(v.date) && v.until <= v.date) issue("until", APPOINTMENT_ERRORS.untilBefore);
    else if (isIsoDate(v.date) && v.until > addMonths(v.date, SERIES_MAX_MONTHS)) issue("until", APPOINTMENT_ERRORS.untilTooFar);
    // Runs even when another field is wrong, so every error shows at once.
  }, { when: () => true });
}

/** The time the form chose: the typed 'Outro horário (encaixe)' wins over the select. */
export function chosenTime(input: { time?: string; otherTime?: string }): string {
  return input.otherTime || input.time || "";
}

function dateProblem(value: string, opts: { today: string; maxDate: string; keepDate?: string }) {
  if (!isIsoDate(value)) return APPOINTMENT_ERRORS.date;
  if (value === opts.keepDate) return null;
  if (value < opts.today) return APPOINTMENT_ERRORS.datePast;
  if (value > opts.maxDate) return APPOINTMENT_ERRORS.dateTooFar;
  return null;
}
