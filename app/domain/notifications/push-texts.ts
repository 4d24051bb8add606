// What a push notification says (pure: the settings' switches and the server share it). Who,
// what and when on the first line ('Nova solicitação: Carla, Corte, sex 28/11 às 10:00'), a
// second line with what to do, and the screen a tap opens.
import { dayOfWeek, formatDate, minutesToTime, weekdayName } from "../dates";
import { formatMoney } from "../money";
import type { PushContent as PushMessage } from "../../utils/web-push.server";

/** The events a professional may get a push for, each one switchable. */
export const PUSH_KINDS = ["new-request", "auto-confirmed", "customer-cancel", "customer-move", "attendance", "deposit-paid"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** The switches of Configurações > Notificações, in order. */
export const PUSH_KIND_LABELS: Record<PushKind, string> = {
  "new-request": "Nova solicitação",
  "auto-confirmed": "Agendamento confirmado automaticamente",
  "customer-cancel": "Cancelamento pelo cliente",
  "customer-move": "Remarcação pelo cliente",
  attendance: "“Confirmo presença” do cliente",
  "deposit-paid": "Sinal pago pelo Pix",
};

/** A notice: what the phone shows, the screen a tap opens, and its tag (a later one of the same booking replaces it). */
export type PushContent = PushMessage & { tag: string };

/** The booking a notice tells of. */
export type PushBooking = {
  id: string;
  customerName: string;
  serviceName: string;
  date: string;
  startMinute: number;
  /** Its appointment, once there is one: a tap opens it. */
  appointmentId?: string | null;
};

/** "sex 28/11 às 10:00". */
export function shortWhen(date: string, startMinute: number): string {
  return `${weekdayName(dayOfWeek(date), "short")} ${formatDate(date)} às ${minutesToTime(startMinute)}`;
}

const TITLES: Record<PushKind, string> = {
  "new-request": "Nova solicitação",
  "auto-confirmed": "Novo agendamento",
  "customer-cancel": "Cancelado pelo cliente",
  "customer-move": "Remarcado pelo cliente",
  attendance: "Presença confirmada",
  "deposit-paid": "Sinal pago",
};

/** Where a tap goes: the request to answer, the appointment, or the day it was on. */
function openUrl(kind: PushKind, b: PushBooking): string {
  if (kind === "new-request") return "/solicitacoes";
  if (b.appointmentId && kind !== "customer-cancel") return `/agenda?editar=${encodeURIComponent(b.appointmentId)}`;
  return `/agenda?vista=dia&data=${b.date}`;
}

/**
 * The notice of one event. `extra`: the time before a move ('Antes: qui 27/11 às 15:00'), the
 * deposit paid in centavos, the earlier notice of the booking it takes the place of on the phone.
 */
export function pushContent(
  kind: PushKind,
  b: PushBooking,
  extra: { from?: { date: string; startMinute: number }; depositCents?: number; replaces?: PushKind } = {},
): PushContent {
  const lines: Record<PushKind, string> = {
    "new-request": "Toque para aceitar ou recusar.",
    "auto-confirmed": "Confirmado automaticamente. Já está na sua agenda.",
    "customer-cancel": "O horário foi liberado na sua agenda.",
    "customer-move": extra.from ? `Antes: ${shortWhen(extra.from.date, extra.from.startMinute)}.` : "O novo horário já está na sua agenda.",
    attendance: "O cliente confirmou que vem.",
    "deposit-paid": `${extra.depositCents ? `${formatMoney(extra.depositCents)} pelo Pix. ` : ""}Agendamento confirmado.`,
  };
  return {
    title: `${TITLES[kind]}: ${b.customerName}, ${b.serviceName}, ${shortWhen(b.date, b.startMinute)}`,
    body: lines[kind],
    url: openUrl(kind, b),
    tag: `${extra.replaces ?? kind}:${b.id}`,
  };
}

/** 'Enviar notificação de teste'. */
export const TEST_PUSH: PushContent = {
  title: "Notificações ligadas",
  body: "Este aparelho vai receber os avisos do Agendo.",
  url: "/configuracoes/notificacoes",
  tag: "test",
};

/** The kinds a professional turned off, read from what is stored ('new-request,attendance'). */
export function mutedKinds(stored: string): Set<PushKind> {
  return new Set(PUSH_KINDS.filter((k) => stored.split(",").includes(k)));
}
