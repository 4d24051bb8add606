import { z } from "./zod";
import { ALLOWED_TIME_ZONES, SLOT_STEPS, timeToMinutes } from "../domain/dates";
import type { BookingWindow } from "../../db/schema";

// Messages are the spec's, word for word, where it gives them.
export const INVALID_HOURS =
  "Horários inválidos. Verifique se o horário de fim é posterior ao de início e se o intervalo está dentro do horário de trabalho.";
export const SAVED_HOURS = "Horários de trabalho salvos com sucesso.";
export const SAVE_HOURS_FAILED = "Erro ao salvar os horários. Tente novamente.";
export const SAVED_PREFERENCES = "Fuso horário e intervalo da agenda salvos com sucesso.";
export const SAVE_PREFERENCES_FAILED = "Erro ao salvar as preferências. Tente novamente.";
export const INVALID_TIME_ZONE = "Timezone inválido";
export const INVALID_SLOT_STEP = "Escolha 15, 30 ou 60 minutos.";

/** An active day defaults to 09:00-18:00; a break, once on, to 12:00-13:00. */
export const DEFAULT_DAY = { startTime: "09:00", endTime: "18:00" } as const;
export const DEFAULT_BREAK = { breakStartTime: "12:00", breakEndTime: "13:00" } as const;

/**
 * What the editor suggests for a day never saved (docs/decisions/0753): the spec's active day,
 * Monday to Saturday (Saturday is a salon's busiest day), Sunday closed.
 */
export function suggestedDay(dayOfWeek: number) {
  return { isActive: dayOfWeek !== 0, ...DEFAULT_DAY, breakStartTime: null, breakEndTime: null };
}

const optionalText = z.string({ error: INVALID_HOURS }).max(10, INVALID_HOURS).optional();

/** One day as the form sends it (checkboxes absent when off, as browsers send them). */
const dayFields = z.object(
  {
    isActive: z.boolean({ error: INVALID_HOURS }).optional(),
    startTime: optionalText,
    endTime: optionalText,
    hasBreak: z.boolean({ error: INVALID_HOURS }).optional(),
    breakStartTime: optionalText,
    breakEndTime: optionalText,
  },
  { error: INVALID_HOURS },
);

export type DayInput = z.input<typeof dayFields>;

const daySchema = dayFields
  // A closed day is not checked: its hours only matter once it is switched on again.
  .refine((day) => !day.isActive || validDay(day), { message: INVALID_HOURS })
  .transform((day) => toRow(day));

function validDay(day: DayInput): boolean {
  const start = timeToMinutes(day.startTime ?? "");
  const end = timeToMinutes(day.endTime ?? "");
  if (!(start < end)) return false;
  if (!day.hasBreak) return true;
  const breakStart = timeToMinutes(day.breakStartTime ?? "");
  const breakEnd = timeToMinutes(day.breakEndTime ?? "");
  return start <= breakStart && breakStart < breakEnd && breakEnd <= end;
}

/** The row to store. A closed day keeps well-formed times and falls back to defaults otherwise. */
function toRow(day: DayInput): {
  isActive: boolean;
  startTime: string;
  endTime: string;
  breakStartTime: string | null;
  breakEndTime: string | null;
} {
  const time = (value: string | undefined, fallback: string) =>
    Number.isNaN(timeToMinutes(value ?? "")) ? fallback : value!;
  const startTime = time(day.startTime, DEFAULT_DAY.startTime);
  const endTime = time(day.endTime, DEFAULT_DAY.endTime);
  const breakOk =
    day.hasBreak === true &&
    !Number.isNaN(timeToMinutes(day.breakStartTime ?? "")) &&
    !Number.isNaN(timeToMinutes(day.breakEndTime ?? ""));
  return {
    isActive: day.isActive === true,
    startTime,
    endTime,
    breakStartTime: breakOk ? day.breakStartTime! : null,
    breakEndTime: breakOk ? day.breakEndTime! : null,
  };
}

/** The whole week in one post: days[0] is Sunday ... days[6] Saturday. */
export const workingHoursSchema = z.object({
  intent: z.literal("hours"),
  days: z.array(daySchema).length(7, INVALID_HOURS),
});

export const preferencesSchema = z.object({
  intent: z.literal("preferences"),
  timeZone: z
    .string({ error: INVALID_TIME_ZONE })
    .refine((tz) => ALLOWED_TIME_ZONES.includes(tz), INVALID_TIME_ZONE),
  slotStepMinutes: z
    .number({ error: INVALID_SLOT_STEP })
    .refine((n) => (SLOT_STEPS as readonly number[]).includes(n), INVALID_SLOT_STEP),
});

// 'Regras de agendamento': what customers may do on the booking page (docs/decisions/0633).
export const SAVED_RULES = "Regras de agendamento salvas com sucesso.";
export const SAVE_RULES_FAILED = "Erro ao salvar as regras de agendamento. Tente novamente.";
export const INVALID_CHOICE = "Escolha uma das opções.";

/** 'Antecedência mínima', in minutes (default 60). */
export const NOTICE_CHOICES: readonly (readonly [number, string])[] = [
  [0, "Sem antecedência"],
  [30, "30 minutos"],
  [60, "1 hora"],
  [120, "2 horas"],
  [180, "3 horas"],
  [360, "6 horas"],
  [720, "12 horas"],
  [1440, "24 horas"],
  [2880, "48 horas"],
];

/** 'Solicitações expiram em', in hours (default 24). */
export const EXPIRY_CHOICES: readonly (readonly [number, string])[] = [
  [2, "2 horas"],
  [6, "6 horas"],
  [12, "12 horas"],
  [24, "24 horas"],
  [48, "48 horas"],
  [72, "72 horas"],
];

/** 'Cancelamento/remarcação até', in minutes before the time (default 120). */
export const CUTOFF_CHOICES: readonly (readonly [number, string])[] = [
  [0, "A qualquer momento"],
  [60, "1 hora antes"],
  [120, "2 horas antes"],
  [360, "6 horas antes"],
  [720, "12 horas antes"],
  [1440, "24 horas antes"],
  [2880, "48 horas antes"],
];

/**
 * 'Sinal não pago em … libera o horário', in minutes after the request was made (default off):
 * a pending request whose deposit is still unpaid then stops holding its time.
 */
export const DEPOSIT_RELEASE_CHOICES: readonly (readonly [number, string])[] = [
  [0, "Desligado"],
  [30, "30 minutos"],
  [60, "1 hora"],
  [120, "2 horas"],
  [360, "6 horas"],
  [1440, "24 horas"],
];

/**
 * 'Tempo para pagar' (issue 23): how long a deposit charged online holds the time, 30 minutes to
 * 1 hour: a Pix charge lives at least 30 minutes, and the hold is the charge's life (decision 1030).
 */
export const PAYMENT_HOLD_CHOICES: readonly (readonly [number, string])[] = [
  [30, "30 minutos"],
  [45, "45 minutos"],
  [60, "1 hora"],
];

/** 'Agendar com até' (labels: BOOKING_WINDOW_LABELS), written here as the schema's enum. */
const BOOKING_WINDOW_CHOICES = ["1s", "2s", "1m", "2m", "3m", "6m"] as const satisfies readonly BookingWindow[];

const oneOf = (choices: readonly (readonly [number, string])[]) =>
  z.number({ error: INVALID_CHOICE }).refine((n) => choices.some(([value]) => value === n), INVALID_CHOICE);

export const bookingRulesSchema = z.object({
  intent: z.literal("booking-rules"),
  minNoticeMinutes: oneOf(NOTICE_CHOICES),
  bookingWindow: z.enum(BOOKING_WINDOW_CHOICES, { error: INVALID_CHOICE }),
  requestExpiryHours: oneOf(EXPIRY_CHOICES),
  customerChangeCutoffMinutes: oneOf(CUTOFF_CHOICES),
  depositReleaseMinutes: oneOf(DEPOSIT_RELEASE_CHOICES),
  paymentHoldMinutes: oneOf(PAYMENT_HOLD_CHOICES).optional(),
  /** 'Confirmar automaticamente': bookings from the page go straight to the agenda. */
  autoConfirm: z.boolean().optional().transform((v) => v ?? false),
  /** 'Lista de espera': step 2 offers 'Avise-me se abrir um horário' (issue 24). */
  waitlistEnabled: z.boolean().optional().transform((v) => v ?? false),
});
