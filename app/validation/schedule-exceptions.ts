import { z } from "./zod";
import { addMonths, isIsoDate, isTime, minutesToTime, timeToMinutes } from "../domain/dates";
import type { ScheduleExceptionKind } from "../../db/schema";

// 'Folgas e bloqueios' (Configurações > Horários): a closed day or range of days, a blocked time
// range on one day, or extra hours on one date. The rules are docs/decisions/0631.

export const EXCEPTION_MESSAGES = {
  kind: "Escolha o tipo: Fechado, Bloqueio ou Horário extra.",
  dateRequired: "Informe a data.",
  dateInvalid: "Data inválida.",
  startPast: "A data não pode estar no passado.",
  endPast: "A data final não pode estar no passado.",
  tooFar: "Escolha uma data nos próximos 2 anos.",
  endBeforeStart: "A data final deve ser igual ou posterior à data inicial.",
  rangeTooLong: "O período pode ter no máximo 12 meses.",
  timeRequired: "Informe o horário.",
  timeInvalid: "Horário inválido.",
  endTimeBeforeStart: "O horário 'Até' deve ser depois de 'Das'.",
  reasonTooLong: "O motivo pode ter no máximo 80 caracteres.",
  openOnClosedDay: "Este dia está fechado em Folgas e bloqueios. Remova o fechamento antes de adicionar horário extra.",
  saveFailed: "Erro ao salvar. Tente novamente.",
  holidayUnknown: "Feriado não encontrado nos próximos 12 meses.",
} as const;

/** The schema's kinds, written here so the form's bundle does not load the database schema. */
export const EXCEPTION_KINDS = ["closed", "blocked", "open"] as const satisfies readonly ScheduleExceptionKind[];

export const REASON_MAX_LENGTH = 80;
/** How far ahead an exception may start: two years. */
export const EXCEPTION_HORIZON_MONTHS = 24;
/** The longest closed range: twelve months (a long leave, not a way to close the page). */
export const RANGE_MAX_MONTHS = 12;

/** What each kind is called on the screen. */
export const KIND_LABELS: Record<ScheduleExceptionKind, string> = {
  closed: "Fechado",
  blocked: "Bloqueio",
  open: "Horário extra",
};

/** Choices of 'Das' and 'Até': every 15 minutes from 06:00 to 23:45. */
export const EXCEPTION_TIME_CHOICES: readonly string[] = Array.from({ length: 72 }, (_, i) => minutesToTime(6 * 60 + i * 15));

export const EXCEPTION_DEFAULTS = { kind: "closed", startTime: "09:00", endTime: "12:00" } as const;

const optionalText = z.string().max(20, EXCEPTION_MESSAGES.dateInvalid).optional();

const fields = z.object({
  kind: z.enum(EXCEPTION_KINDS, { error: EXCEPTION_MESSAGES.kind }),
  startDate: z.string({ error: EXCEPTION_MESSAGES.dateRequired }).max(20, EXCEPTION_MESSAGES.dateInvalid),
  endDate: optionalText,
  startTime: optionalText,
  endTime: optionalText,
  reason: z.string().trim().max(REASON_MAX_LENGTH, EXCEPTION_MESSAGES.reasonTooLong).optional(),
  showReason: z.boolean({ error: EXCEPTION_MESSAGES.kind }).optional(),
});

export type ExceptionInput = z.input<typeof fields>;

/** What is stored: both dates, minutes for a time range (null: the whole day). */
export type ExceptionValues = {
  kind: ScheduleExceptionKind;
  startDate: string;
  endDate: string;
  startMinute: number | null;
  endMinute: number | null;
  reason: string;
  showReason: boolean;
};

/**
 * The form of one exception, checked against `today` (the professional's zone). `keepStart`: the
 * stored start date of the exception being edited, which may already be past (a holiday week
 * under way can still be shortened).
 */
export function scheduleExceptionSchema(opts: { today: string; keepStart?: string | null }) {
  const { today } = opts;
  const horizon = addMonths(today, EXCEPTION_HORIZON_MONTHS);
  return fields
    .superRefine((v, ctx) => {
      const issue = (path: keyof ExceptionInput, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      if (!isIsoDate(v.startDate)) return issue("startDate", EXCEPTION_MESSAGES.dateInvalid);
      if (v.startDate < today && v.startDate !== opts.keepStart) issue("startDate", EXCEPTION_MESSAGES.startPast);
      if (v.startDate > horizon) issue("startDate", EXCEPTION_MESSAGES.tooFar);
      if (v.kind === "closed") {
        if (v.endDate === undefined) return;
        if (!isIsoDate(v.endDate)) return issue("endDate", EXCEPTION_MESSAGES.dateInvalid);
        if (v.endDate < v.startDate) return issue("endDate", EXCEPTION_MESSAGES.endBeforeStart);
        if (v.endDate < today) return issue("endDate", EXCEPTION_MESSAGES.endPast);
        if (v.endDate >= addMonths(v.startDate, RANGE_MAX_MONTHS)) issue("endDate", EXCEPTION_MESSAGES.rangeTooLong);
        return;
      }
      const time = (value: string | undefined, path: "startTime" | "endTime") => {
        if (value === undefined) return issue(path, EXCEPTION_MESSAGES.timeRequired), null;
        if (!isTime(value)) return issue(path, EXCEPTION_MESSAGES.timeInvalid), null;
        return timeToMinutes(value);
      };
      const start = time(v.startTime, "startTime");
      const end = time(v.endTime, "endTime");
      if (start !== null && end !== null && end <= start) issue("endTime", EXCEPTION_MESSAGES.endTimeBeforeStart);
    })
    .transform((v): ExceptionValues => {
      const closed = v.kind === "closed";
      return {
        kind: v.kind,
        startDate: v.startDate,
        // A closed day without 'Data final' is that one day; a block or extra hours, one date.
        endDate: closed ? (v.endDate ?? v.startDate) : v.startDate,
        startMinute: closed ? null : timeToMinutes(v.startTime!),
        endMinute: closed ? null : timeToMinutes(v.endTime!),
        reason: v.reason ?? "",
        // Only a closed day shows its reason on the booking page ('Fechado neste dia (Feriado)').
        showReason: closed && v.showReason === true && !!v.reason,
      };
    });
}

/** One tap on a holiday: its date, checked against the holidays the server computes. */
export const closeHolidaySchema = z.object({
  date: z.string({ error: EXCEPTION_MESSAGES.holidayUnknown }).max(20, EXCEPTION_MESSAGES.holidayUnknown),
});
