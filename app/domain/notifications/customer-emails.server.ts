// What a customer who left an e-mail on the booking page receives: the request received, its
// answer (accepted, with the calendar file; declined; expired). Every message names the
// professional and ends with the way to stop reminders (LGPD). They greet with 'Olá!' alone:
// the name was typed by whoever booked, so it never opens a message (docs/decisions/0701); and
// whether one may go at all is unrequested-email.server.ts's to say.
import { and, type SQL } from "drizzle-orm";
import type { bookingRequests, profiles } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { queueEmail, type EmailTransport } from "../../utils/email.server";
import { formatDate, minutesToTime } from "../dates";
import { bookingPageUrl, contactKey, statusPageUrl, stopRemindersUrl, withEmailProof } from "./customer-links.server";
import { CUSTOMER_EMAIL_ORIGIN, strangerGate, type CustomerEmailKind } from "./unrequested-email.server";

type Request = Pick<
  typeof bookingRequests.$inferSelect,
  "id" | "professionalId" | "customerName" | "customerEmail" | "serviceName" | "date" | "startMinute"
> &
  Partial<Pick<typeof bookingRequests.$inferSelect, "customerEmailWithheld" | "expiresAt" | "depositDueAt" | "depositReceivedAt">>;
export type CustomerEmailProfile = Profile;

type Profile = Pick<typeof profiles.$inferSelect, "userId" | "fullName" | "businessName" | "bookingSlug" | "businessAddress" | "address">;

const proName = (p: Profile) => p.businessName || p.fullName;

async function footer(r: Request, p: Profile) {
  return ["", "—", `${proName(p)}, pelo Agendo`, `Não quero receber lembretes de ${proName(p)}: ${await stopRemindersUrl(r.professionalId, contactKey(r.customerEmail))}`];
}

const GREETING = "Olá!";

function when(r: Request) {
  return `${formatDate(r.date, true)} às ${minutesToTime(r.startMinute)}`;
}

export async function requestReceivedEmail(r: Request, p: Profile, confirmed: boolean) {
  const status = await statusPageUrl(r.id);
  return {
    to: r.customerEmail,
    subject: confirmed ? `Agendamento confirmado com ${proName(p)}` : `Recebemos sua solicitação para ${proName(p)}`,
    text: [
      GREETING,
      "",
      confirmed
        ? `Seu horário de ${r.serviceName} com ${proName(p)} em ${when(r)} está confirmado.`
        : `Sua solicitação de ${r.serviceName} com ${proName(p)} em ${when(r)} foi enviada. Avisaremos por e-mail quando for respondida.`,
      "",
      `Acompanhe, remarque ou cancele: ${await withEmailProof(status, r.professionalId, r.customerEmail)}`,
      ...(confirmed ? [`Adicionar à agenda: ${status}/ics`] : []),
      ...(await footer(r, p)),
    ].join("\n"),
  };
}

export async function requestAcceptedEmail(r: Request, p: Profile) {
  const status = await statusPageUrl(r.id);
  const address = p.businessAddress || p.address;
  return {
    to: r.customerEmail,
    subject: `Agendamento confirmado com ${proName(p)}`,
    text: [
      GREETING,
      "",
      `${proName(p)} confirmou seu horário de ${r.serviceName} em ${when(r)}.`,
      ...(address ? [`Endereço: ${address}`] : []),
      "",
      `Adicionar à agenda: ${status}/ics`,
      `Acompanhe, remarque ou cancele: ${status}`,
      ...(await footer(r, p)),
    ].join("\n"),
  };
}

export async function requestDeclinedEmail(r: Request, p: Profile) {
  return {
    to: r.customerEmail,
    subject: `${proName(p)} não pôde atender no horário pedido`,
    text: [
      GREETING,
      "",
      `Infelizmente ${proName(p)} não pode atender ${r.serviceName} em ${when(r)}.`,
      `Escolha outro horário: ${bookingPageUrl(p)}`,
      ...(await footer(r, p)),
    ].join("\n"),
  };
}

/** It expired because its deposit was unpaid when due ('Sinal não pago em …'), before its time to answer ran out. */
function unpaidDeposit(r: Request) {
  if (!r.depositDueAt || r.depositReceivedAt) return false;
  return !r.expiresAt || r.depositDueAt < r.expiresAt;
}

export async function requestExpiredEmail(r: Request, p: Profile) {
  return {
    to: r.customerEmail,
    subject: `Sua solicitação para ${proName(p)} expirou`,
    text: [
      GREETING,
      "",
      `Sua solicitação de ${r.serviceName} em ${when(r)} ${unpaidDeposit(r) ? "expirou porque o sinal não foi pago a tempo" : "não foi respondida a tempo e expirou"}; o horário não está reservado.`,
      `Escolha um novo horário: ${bookingPageUrl(p)}`,
      ...(await footer(r, p)),
    ].join("\n"),
  };
}

/** Why a deposit paid online was given back (deposit-charges.server.ts's RefundReason). */
type RefundReason = "cancelled" | "late" | "twice";

/**
 * A deposit paid online given back, and why: `late`, paid after 'Pague até' or confirmed to us
 * after the time was freed; `twice`, the deposit had already been received (the booking stands);
 * else the booking was cancelled or declined.
 */
export async function depositRefundedEmail(r: Request, p: Profile, reason: RefundReason = "cancelled") {
  const refunded = "Devolvemos o valor pelo Pix (pode levar alguns minutos para aparecer).";
  const lines =
    reason === "twice"
      ? [`O sinal de ${r.serviceName} em ${when(r)} já tinha sido recebido por ${proName(p)}, então o Pix que você pagou depois foi devolvido (pode levar alguns minutos para aparecer).`, `Seu agendamento: ${await statusPageUrl(r.id)}`]
      : reason === "late"
        ? [`O pagamento do sinal de ${r.serviceName} em ${when(r)} chegou depois do prazo para pagar, quando o horário já tinha sido liberado. ${refunded}`, `Escolha um novo horário: ${bookingPageUrl(p)}`]
        : [`O sinal de ${r.serviceName} em ${when(r)} foi devolvido pelo Pix (pode levar alguns minutos para aparecer).`, `Escolha um novo horário: ${bookingPageUrl(p)}`];
  return {
    to: r.customerEmail,
    subject: `Seu sinal para ${proName(p)} foi devolvido`,
    text: [GREETING, "", ...lines, ...(await footer(r, p))].join("\n"),
  };
}

export type { CustomerEmailKind };

type ComposeOptions = { confirmed: boolean; refund?: RefundReason };

const compose: Record<CustomerEmailKind, (r: Request, p: Profile, o: ComposeOptions) => Promise<{ to: string; subject: string; text: string }>> = {
  "request-received": (r, p, o) => requestReceivedEmail(r, p, o.confirmed),
  "request-accepted": requestAcceptedEmail,
  "request-declined": requestDeclinedEmail,
  "request-expired": requestExpiredEmail,
  "deposit-refunded": (r, p, o) => depositRefundedEmail(r, p, o.refund),
};

/**
 * The write that queues one of these e-mails, for a customer who left an address (else null),
 * as far as the bounds on unrequested e-mail allow (CUSTOMER_EMAIL_ORIGIN): written only if
 * `onlyIf` holds when the batch runs, once per request and kind (its dedupe key), left for
 * `deliverSoon` right after the answer, or the job's next run. `clientAddress`: who asked,
 * for the e-mail their own booking causes.
 */
export async function queueCustomerEmail(
  db: Db,
  kind: CustomerEmailKind,
  r: Request,
  p: Profile,
  /** `confirmed`: the 'received' e-mail of a booking confirmed at once; `refund`: why a deposit went back. */
  opts: { onlyIf?: SQL; now: Date; confirmed?: boolean; refund?: RefundReason; clientAddress?: string; transport?: EmailTransport },
) {
  if (!r.customerEmail) return null;
  const origin = CUSTOMER_EMAIL_ORIGIN[kind];
  if (origin === "follow-up" && r.customerEmailWithheld) return null;
  const gate =
    origin === "stranger"
      ? strangerGate({ email: r.customerEmail, professionalId: r.professionalId, clientAddress: opts.clientAddress ?? "unknown", now: opts.now })
      : null;
  const onlyIf = gate ? (opts.onlyIf ? and(opts.onlyIf, gate.allowed) : gate.allowed) : opts.onlyIf;
  const mail = await compose[kind](r, p, { confirmed: !!opts.confirmed, refund: opts.refund });
  const dedupeKey = `${kind}:${r.id}`;
  const { statements } = queueEmail(db, mail, {
    kind,
    professionalId: r.professionalId,
    dedupeKey,
    claimed: false,
    now: opts.now,
    ...(opts.transport ? { transport: opts.transport } : {}),
    ...(gate ? { requestedBy: gate.requestedBy } : {}),
    ...(onlyIf ? { onlyIf } : {}),
  });
  return { statement: statements[1], dedupeKey };
}
