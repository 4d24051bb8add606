// What the agenda's views draw: a day or a week of the calendar, already laid out on the server
// (calendar.server.ts, calendar-layout.ts), so the components only place what they are given;
// and what the list and the calendar ask before a delete or a cancel.
import type { AppointmentStatus } from "../../../db/schema";
import type { RowAction } from "./statuses";
import type { DepositView } from "../deposits/deposits";

export type CalendarView = "dia" | "semana";
export type AgendaView = CalendarView | "lista";

/** A time range of a day in minutes after midnight, end excluded. */
export type MinuteRange = { start: number; end: number };

/** Where an item sits among the ones it overlaps: lane `lane` of `lanes` side by side. */
export type Lane = { lane: number; lanes: number };

/** An appointment as a calendar names it: its times, status, client, service and colour. */
export type AppointmentFace = {
  time: string;
  endTime: string;
  status: AppointmentStatus;
  clientName: string | null;
  serviceName: string;
  /** The service's colour (#rrggbb), or a stable one from the palette (docs/decisions/0642). */
  color: string;
};

export type CalendarAppointment = Lane &
  AppointmentFace & {
    id: string;
    date: string;
    startMinute: number;
    durationMinutes: number;
    /** 'Intervalo após': drawn lightly under the appointment. */
    bufferMinutes: number;
    rescheduledByCustomer: boolean;
    /** The customer answered 'Confirmo presença'. */
    customerConfirmed: boolean;
    /** The deposit of the request it came from (issue 22). */
    deposit: DepositView | null;
  };

/** A pending request as the agenda shows it (Dia, Semana and Lista), with its Aceitar and Recusar. */
export type PendingRequest = {
  id: string;
  date: string;
  dateLabel: string;
  startMinute: number;
  durationMinutes: number;
  bufferMinutes: number;
  time: string;
  endTime: string;
  customerName: string;
  phone: string;
  serviceName: string;
  color: string;
  priceCents: number;
  notes: string | null;
  /** When it stops holding its time unless answered: "dd/MM às HH:mm" in the professional's zone. */
  expires: string | null;
  rescheduledByCustomer: boolean;
  whatsapp: string;
  deposit: DepositView | null;
};

export type CalendarRequest = Lane & PendingRequest;

export type CalendarBlock = MinuteRange & { label: string; kind: "break" | "blocked" };

export type CalendarDay = {
  date: string;
  /** "seg", "ter"... */
  weekdayShort: string;
  /** "terça-feira, 1 de dezembro". */
  longLabel: string;
  /** "01/12". */
  shortDate: string;
  dayOfMonth: number;
  isToday: boolean;
  isPast: boolean;
  /** The whole day is closed: its label ('Fechado', or the reason the professional wrote). */
  closed: { label: string } | null;
  /** A national holiday on that date (shown whether or not the professional works). */
  holiday: string | null;
  /** Working windows of the date, its break and blocked ranges (greyed, with their labels). */
  windows: MinuteRange[];
  blocks: CalendarBlock[];
  appointments: CalendarAppointment[];
  requests: CalendarRequest[];
  cancelled: CalendarAppointment[];
  /** The day's own day view. */
  dayHref: string;
};

export type CalendarDetail = {
  id: string;
  date: string;
  dateLabel: string;
  time: string;
  endTime: string;
  durationMinutes: number;
  bufferMinutes: number;
  priceCents: number;
  status: AppointmentStatus;
  clientName: string | null;
  phone: string | null;
  whatsapp: string | null;
  serviceName: string;
  color: string;
  notes: string;
  clientNotes: string;
  fromBookingPage: boolean;
  rescheduledByCustomer: boolean;
  customerConfirmed: boolean;
  /** The status actions offered now ('Concluir' once started, 'Desfazer' the same day). */
  actions: RowAction[];
  /** An occurrence of a recurring series. */
  recurring: boolean;
  /** Its 'Fechar atendimento': paid, 'Pagamento pendente', or not closed (issue 22). */
  closing?: "paid" | "pending" | null;
  /** The deposit of the request it came from, marked on that request. */
  deposit: { requestId: string; view: DepositView } | null;
};

export type CalendarLinks = {
  prev: string;
  next: string;
  today: string;
  dia: string;
  semana: string;
  lista: string;
  /** This page as it is (the base of the detail and delete links). */
  self: string;
  /** The new-appointment form, on the date shown. */
  newAppointment: string;
};

/** What the calendar page draws (the loader's answer, less the summary cards). */
export type CalendarPage = {
  view: CalendarView;
  date: string;
  today: string;
  title: string;
  nowMinute: number;
  stepMinutes: number;
  axis: MinuteRange;
  days: CalendarDay[];
  pending: CalendarRequest[];
  links: CalendarLinks;
  detail: CalendarDetail | null;
  closeDetail: string;
  confirmDelete: ConfirmDelete | null;
};

/** What 'Excluir' asks about (?confirmar-exclusao=<id>). */
export type ConfirmDelete = { id: string; date: string; time: string; serviceName: string; clientName: string | null; recurring: boolean };

/** What the cancel confirmation shows and asks (the loader's answer for ?confirmar-cancelamento=<id>). */
export type CancelAsk = {
  id: string;
  date: string;
  time: string;
  serviceName: string;
  clientName: string | null;
  recurring: boolean;
  /** How 'Avisar cliente' would tell them ("por e-mail e WhatsApp"), or null: no contact. */
  notice: string | null;
};
