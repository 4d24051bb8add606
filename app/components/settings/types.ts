// What the Horários screen's 'Folgas e bloqueios' and 'Regras de agendamento' sections show,
// as the loader hands it over (plain values, already formatted in pt-BR).
import type { ScheduleExceptionKind } from "../../../db/schema";

/** The form's values of an exception (what 'Editar' fills in). */
type ExceptionFormValues = {
  kind: ScheduleExceptionKind;
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  reason: string;
  showReason: boolean;
};

export type ExceptionView = {
  id: string;
  kind: ScheduleExceptionKind;
  kindLabel: string;
  /** 'Sexta-feira, 25/12/2026' or 'De 20/12/2026 a 05/01/2027'. */
  when: string;
  /** '12:00 às 14:00' for a block or extra hours. */
  times: string | null;
  reason: string;
  showReason: boolean;
  /** Appointments and pending requests inside it (closed days and blocks only). */
  covered: number;
  form: ExceptionFormValues;
};

/** An appointment or pending request inside a closed day or block, with how to warn the customer. */
export type CoveredView = {
  key: string;
  kind: "appointment" | "request";
  when: string;
  time: string;
  clientName: string;
  phone: string | null;
  serviceName: string;
  /** wa.me link with the polite message, or null without a phone. */
  whatsapp: string | null;
  /** Where to act on it: the appointment in the agenda, or the requests screen. */
  href: string;
};

export type HolidayView = {
  date: string;
  when: string;
  name: string;
  /** A national 'ponto facultativo' (Carnaval, Corpus Christi), not a holiday by law. */
  optional: boolean;
  /** A whole-day closing already covers it. */
  closed: boolean;
};

export type BookingRulesValues = {
  minNoticeMinutes: number;
  bookingWindow: string;
  requestExpiryHours: number;
  customerChangeCutoffMinutes: number;
  depositReleaseMinutes: number;
  paymentHoldMinutes: number;
  autoConfirm: boolean;
  waitlistEnabled: boolean;
};

/** The page state in the URL: ?folga=<id>, ?remover-folga=<id>, ?afetados=<id>, ?feriados=1. */
export const EXCEPTION_PARAMS = {
  edit: "folga",
  remove: "remover-folga",
  covered: "afetados",
  holidays: "feriados",
} as const;

export const HOURS_PATH = "/configuracoes/horarios";
/** The section's anchor: links and redirects land on it, with or without JavaScript. */
export const EXCEPTIONS_ANCHOR = "folgas";
