// What the professional hears by e-mail of the customers' doings on the booking page: a new
// request, a cancel and a move (the deposit's state and fate in the first two).
import { appUrl } from "../../utils/env.server";
import { formatDate, minutesToTime } from "../dates";
import { formatMoney } from "../money";
import { formatPhone } from "../phone";
import { depositView, type DepositFields } from "../deposits/deposits";
import { depositOnCustomerCancel, type DepositFacts } from "../deposits/deposit-words";

/**
 * The professional hears that a customer cancelled from their link (Configurações > Notificações),
 * and what becomes of the deposit (given back automatically when paid online).
 */
export function cancelledByCustomerEmail(
  to: string,
  r: { customerName: string; customerPhone: string; serviceName: string; date: string; startMinute: number; status: string } & DepositFacts,
) {
  const deposit = depositOnCustomerCancel(r);
  const when = `${formatDate(r.date, true)} às ${minutesToTime(r.startMinute)}`;
  return {
    to,
    subject: `Cancelado pelo cliente: ${r.customerName}, ${when}`,
    text: [
      r.status === "pending" ? `${r.customerName} cancelou a solicitação de agendamento:` : `${r.customerName} cancelou o agendamento:`,
      "",
      `Cliente: ${r.customerName}`,
      `Telefone: ${formatPhone(r.customerPhone)}`,
      `Serviço: ${r.serviceName}`,
      `Data: ${when}`,
      ...(deposit ? [deposit] : []),
      "",
      `O horário foi liberado. Veja sua agenda: ${appUrl()}/agenda?vista=dia&data=${r.date}`,
    ].join("\n"),
  };
}

/**
 * The professional hears of every new request by e-mail, with its deposit in the words of their
 * screens ('Sinal pendente — R$ 15,00', 'Sinal pago — R$ 15,00 via Pix às 10:32'), read in their
 * `timeZone`.
 */
export function newRequestEmail(
  to: string,
  r: { customerName: string; customerPhone: string; serviceName: string; date: string; startMinute: number; priceCents: number; notes: string | null } & DepositFields,
  confirmed: boolean,
  timeZone: string,
  now = new Date(),
) {
  const when = `${formatDate(r.date, true)} às ${minutesToTime(r.startMinute)}`;
  const deposit = depositView(r, timeZone, now);
  const origin = appUrl();
  return {
    to,
    subject: confirmed ? `Novo agendamento: ${r.customerName}, ${when}` : `Nova solicitação de agendamento: ${r.customerName}, ${when}`,
    text: [
      confirmed
        ? "Um cliente agendou pela sua página (confirmado automaticamente):"
        : "Você recebeu uma nova solicitação de agendamento pela sua página:",
      "",
      `Cliente: ${r.customerName}`,
      `Telefone: ${formatPhone(r.customerPhone)}`,
      `Serviço: ${r.serviceName}`,
      `Data: ${when}`,
      `Valor: ${formatMoney(r.priceCents)}`,
      ...(deposit ? [deposit.label] : []),
      r.notes ? `Observações: ${r.notes}` : "",
      "",
      confirmed ? `Veja na agenda: ${origin}/agenda` : `Aceite ou recuse em: ${origin}/solicitacoes`,
    ].join("\n"),
  };
}

/** The line of the move's e-mail with the time the professional knew of; a later move keeps it. */
export const MOVED_FROM = "Antes: ";

/** The professional hears of the moves: the time they knew, the new one, and where to see it. */
export function rescheduledEmail(
  to: string,
  r: {
    kind: "request" | "appointment";
    customerName: string;
    customerPhone: string;
    serviceName: string;
    from: { date: string; startMinute: number };
    to: { date: string; startMinute: number };
  },
) {
  const when = (t: { date: string; startMinute: number }) => `${formatDate(t.date, true)} às ${minutesToTime(t.startMinute)}`;
  const origin = appUrl();
  const pending = r.kind === "request";
  return {
    to,
    subject: `Remarcado pelo cliente: ${r.customerName}, ${when(r.to)}`,
    text: [
      pending
        ? `${r.customerName} remarcou a solicitação de agendamento pela sua página:`
        : `${r.customerName} remarcou o agendamento pela sua página:`,
      "",
      `Cliente: ${r.customerName}`,
      `Telefone: ${formatPhone(r.customerPhone)}`,
      `Serviço: ${r.serviceName}`,
      `${MOVED_FROM}${when(r.from)}`,
      `Agora: ${when(r.to)}`,
      "",
      pending
        ? `O horário antigo foi liberado. A solicitação continua aguardando sua resposta: ${origin}/solicitacoes`
        : `O horário antigo foi liberado e o agendamento continua confirmado no novo horário. Veja na agenda: ${origin}/agenda?periodo=customizado&de=${r.to.date}&ate=${r.to.date}`,
    ].join("\n"),
  };
}

/**
 * A salon member hears that the owner answered one of their requests from Equipe (with the
 * member's leave): who answered, how, and where it stands now.
 */
export function memberAnsweredEmail(
  to: string,
  r: { owner: string; answer: "accepted" | "declined"; customerName: string; customerPhone: string; serviceName: string; date: string; startMinute: number },
) {
  const when = `${formatDate(r.date, true)} às ${minutesToTime(r.startMinute)}`;
  const origin = appUrl();
  const accepted = r.answer === "accepted";
  return {
    to,
    subject: `${r.owner} ${accepted ? "aceitou" : "recusou"} uma solicitação sua: ${r.customerName}, ${when}`,
    text: [
      `${r.owner} ${accepted ? "aceitou" : "recusou"}, pela tela Equipe, esta solicitação de agendamento da sua página:`,
      "",
      `Cliente: ${r.customerName}`,
      `Telefone: ${formatPhone(r.customerPhone)}`,
      `Serviço: ${r.serviceName}`,
      `Data: ${when}`,
      "",
      accepted
        ? `O agendamento foi confirmado na sua agenda: ${origin}/agenda?vista=dia&data=${r.date}`
        : "O horário foi liberado e o cliente foi avisado, se deixou e-mail.",
    ].join("\n"),
  };
}
