// What a customer reads when the business changes their time (docs/decisions/0720): a cancel or
// a move to another time (each with the professional's 'Motivo', docs/decisions/1072), or a
// cancel undone. The same facts in
// three forms: the e-mail, the WhatsApp text the professional sends with one tap (wa.me), and the
// parameters of the approved WhatsApp template ('alteracao_agendamento', README). Pure.
import { firstName } from "../names";
import { whenText } from "./texts";

export type ChangeKind = "cancel" | "move" | "restore";

export type NoticeTime = { date: string; startMinute: number };

export type NoticeInput = {
  kind: ChangeKind;
  /** Who attends the customer, as they know them (professionalLabel). */
  professional: string;
  serviceName: string;
  /** The times concerned, soonest first: the cancelled ones, the new ones, or the ones kept. */
  times: NoticeTime[];
  /** A move of one appointment: the time the customer knew (null when it is not sure they did). */
  before?: NoticeTime | null;
  /** 'Motivo (opcional)' of a cancel or a move ('' when none). */
  reason: string;
  timeZone: string;
  now: Date;
  /** The customer's status page (a booking made on the page), else null. */
  statusUrl: string | null;
  /** The professional's booking page ('Agendar outro horário'). */
  bookingUrl: string;
  /** A cancel of a booking with a deposit paid: what becomes of it (deposit-words.ts); else null. */
  deposit?: string | null;
};

/**
 * The professional as a customer names them: the person, and their business beside it when it
 * has another name ('Ana Lima (Salão Flor)'): a salon member's business name is usually the
 * salon's, which alone would not say who attends.
 */
export function professionalLabel(p: { fullName: string; businessName: string }): string {
  const person = p.fullName.trim();
  const business = p.businessName.trim();
  if (!person) return business;
  return business && business.toLowerCase() !== person.toLowerCase() ? `${person} (${business})` : person;
}

/** A cancel's or a move's reason as it may travel (one line, no control characters, at most 200 characters). */
export const REASON_MAX = 200;

export function cleanReason(value: unknown): string {
  if (typeof value !== "string") return "";
  return value.replace(/[\u0000-\u001f\u007f]+/g, " ").replace(/\s+/g, " ").trim();
}

const when = (t: NoticeTime, n: NoticeInput) => whenText(t.date, t.startMinute, n.timeZone, n.now);

function first(n: NoticeInput): NoticeTime {
  const t = n.times[0];
  if (!t) throw new RangeError("A notice needs at least one time");
  return t;
}

/** The change in one line, after "…seu horário de <serviço>: " (no line breaks: a template parameter). */
export function changeSentence(n: NoticeInput): string {
  const many = n.times.length > 1;
  const at = when(first(n), n).long;
  const reason = n.reason ? `. Motivo: ${n.reason}` : "";
  if (n.kind === "cancel") {
    return (many ? `foram cancelados ${n.times.length} horários, a partir de ${at}` : `foi cancelado o de ${at}`) + reason;
  }
  if (n.kind === "move") {
    if (many) return `${n.times.length} horários mudaram; o próximo é ${at}${reason}`;
    return `passou para ${at}${n.before ? ` (antes: ${when(n.before, n).long})` : ""}${reason}`;
  }
  return many
    ? `o cancelamento foi desfeito e os ${n.times.length} horários continuam marcados, a partir de ${at}`
    : `o cancelamento foi desfeito e o horário de ${at} continua marcado`;
}

const SUBJECTS: Record<ChangeKind, string> = { cancel: "Horário cancelado", move: "Horário alterado", restore: "Horário mantido" };

/** The e-mail: never opens with the customer's name; the links come from APP_URL. */
export function changeEmail(n: NoticeInput): { subject: string; text: string } {
  const short = when(first(n), n).short;
  const list = n.times.map((t) => `- ${when(t, n).long}`);
  const many = n.times.length > 1;
  const body: string[] =
    n.kind === "cancel"
      ? [
          many ? `${n.professional} cancelou seus horários de ${n.serviceName}:` : `${n.professional} cancelou seu horário de ${n.serviceName} ${when(first(n), n).long}.`,
          ...(many ? list : []),
          ...(n.reason ? [`Motivo: ${n.reason}`] : []),
          ...(n.deposit ? [n.deposit] : []),
          "",
          `Agendar outro horário: ${n.bookingUrl}`,
          ...(n.statusUrl ? [`Detalhes: ${n.statusUrl}`] : []),
        ]
      : n.kind === "move"
        ? [
            `${n.professional} mudou ${many ? "seus horários" : "seu horário"} de ${n.serviceName}.`,
            ...(many ? ["Novos horários:", ...list] : [`Novo horário: ${when(first(n), n).long}`]),
            ...(!many && n.before ? [`Antes: ${when(n.before, n).long}`] : []),
            ...(n.reason ? [`Motivo: ${n.reason}`] : []),
            "",
            ...(n.statusUrl
              ? [`Acompanhe, remarque ou cancele: ${n.statusUrl}`, `Adicionar à agenda: ${n.statusUrl}/ics`]
              : [`Se o novo horário não servir, fale com ${n.professional}.`]),
          ]
        : [
            many
              ? `${n.professional} desfez o cancelamento: seus horários de ${n.serviceName} continuam marcados:`
              : `${n.professional} desfez o cancelamento: seu horário de ${n.serviceName} ${when(first(n), n).long} continua marcado.`,
            ...(many ? list : []),
            ...(n.statusUrl ? ["", `Detalhes: ${n.statusUrl}`] : []),
          ];
  return {
    subject: `${SUBJECTS[n.kind]}: ${n.serviceName} ${n.kind === "move" ? `agora ${short}` : short} com ${n.professional}`,
    text: ["Olá!", "", ...body, "", "—", `${n.professional}, pelo Agendo`].join("\n"),
  };
}

/** What the professional sends with one tap ('Avisar no WhatsApp'), in their own voice. */
export function changeWhatsappText(n: NoticeInput, customerName: string): string {
  const name = firstName(customerName);
  const hello = name ? `Olá, ${name}!` : "Olá!";
  const at = when(first(n), n).long;
  const many = n.times.length > 1;
  // Its own full stop, unless the professional ended it with one ('Imprevisto!').
  const reason = n.reason ? ` Motivo: ${n.reason}${/[.!?…]$/.test(n.reason) ? "" : "."}` : "";
  if (n.kind === "cancel") {
    const what = many ? `cancelar seus horários de ${n.serviceName} a partir de ${at} (${n.times.length} horários)` : `cancelar seu horário de ${n.serviceName} ${at}`;
    return `${hello} Preciso ${what}.${reason} Desculpe o transtorno. Se quiser, escolha outro horário: ${n.bookingUrl}`;
  }
  if (n.kind === "move") {
    const what = many ? `Seus horários de ${n.serviceName} mudaram; o próximo é ${at}.` : `Seu horário de ${n.serviceName} mudou para ${at}.`;
    return `${hello} ${what}${reason}${n.statusUrl ? ` Detalhes: ${n.statusUrl}` : " Se não servir, me avise."}`;
  }
  const kept = many ? `seus horários de ${n.serviceName} a partir de ${at} continuam marcados` : `seu horário de ${n.serviceName} ${at} continua marcado`;
  return `${hello} Pode desconsiderar o aviso de cancelamento: ${kept}.`;
}

/**
 * The template's body parameters, in order ({{1}}…{{4}}; README 'WhatsApp'): the professional,
 * the service, the change, the link (the status page, else the booking page).
 */
export function changeTemplateParams(n: NoticeInput): string[] {
  return [n.professional, n.serviceName || "atendimento", changeSentence(n), n.statusUrl ?? n.bookingUrl];
}

/** How the customer will be told: e-mail, automatic WhatsApp, or the one-tap WhatsApp link. */
export type NoticeRoute = { email: string | null; whatsapp: { phone: string; automatic: boolean } | null };

/** "por e-mail e WhatsApp", "pelo WhatsApp (você envia com um toque)", … or null when there is no contact. */
export function describeRoute(route: NoticeRoute): string | null {
  const wa = route.whatsapp;
  if (route.email && wa?.automatic) return "por e-mail e WhatsApp";
  if (route.email && wa) return "por e-mail; e pelo WhatsApp, com um toque seu";
  if (route.email) return "por e-mail";
  if (wa?.automatic) return "pelo WhatsApp";
  if (wa) return "pelo WhatsApp, com um toque seu";
  return null;
}
