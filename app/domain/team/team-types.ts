// What the 'Equipe' screen draws, laid out on the server (team-calendar.server.ts).
import type { DepositView } from "../deposits/deposits";
import type { AppointmentStatus } from "../../../db/schema";
import type { RowAction } from "../appointments/statuses";
import type { AppointmentFace, CalendarBlock, Lane, MinuteRange } from "../appointments/calendar-types";

export type TeamView = "dia" | "semana";

type Timed = { id: string; startMinute: number; durationMinutes: number; bufferMinutes: number; time: string; endTime: string; serviceName: string; color: string };

export type TeamAppointment = Timed & {
  kind: "appointment";
  status: AppointmentStatus;
  statusLabel: string;
  clientName: string | null;
  /** This page with ?ver= (the appointment's detail). */
  href: string;
};

export type TeamRequest = Timed & { kind: "request"; customerName: string };

/** One professional's column of the day view. */
export type TeamColumn = {
  userId: string;
  name: string;
  isOwner: boolean;
  closed: { label: string } | null;
  windows: MinuteRange[];
  blocks: CalendarBlock[];
  appointments: (TeamAppointment & Lane)[];
  requests: (TeamRequest & Lane)[];
  cancelled: TeamAppointment[];
};

/** A day of the week view: each professional's appointments and requests. */
export type TeamWeekDay = {
  date: string;
  label: string;
  isToday: boolean;
  dayHref: string;
  people: { userId: string; name: string; closed: { label: string } | null; appointments: TeamAppointment[]; requests: TeamRequest[] }[];
};

export type TeamPendingRequest = {
  id: string;
  professional: string;
  date: string;
  dateLabel: string;
  time: string;
  customerName: string;
  serviceName: string;
  /** The customer moved it from their status link. */
  rescheduledByCustomer: boolean;
  /** The owner's own, or a member's who allowed the owner to manage their agenda. */
  canAnswer: boolean;
  /** 'Sinal pendente', 'Sinal recebido — …', 'Sinal devolvido': marked by the member in their agenda. */
  deposit: DepositView | null;
};

export type TeamDetailData = AppointmentFace & {
  id: string;
  professional: string;
  isOwnAppointment: boolean;
  /** The member allowed the owner to manage their agenda. */
  canManage: boolean;
  dateLabel: string;
  actions: RowAction[];
  /** The deposit of the request it came from (read only here: the member marks it). */
  deposit: DepositView | null;
};
