// What a customer who left an e-mail on the booking page receives: the request received, its
// answer (accepted, with the calendar file; declined; expired). Every message names the
// professional and ends with the way to stop reminders (LGPD). They greet with 'Olá!' alone:
// the name was typed by whoever booked, so it never opens a message (docs/decisions/0701); and
// whether one may go at all is unrequested-email.server.ts's to say.
import { and, eq, sql, type SQL } from "drizzle-orm";
import { emailOutbox, type bookingRequests, type profiles } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { queueEmail, type EmailTransport } from "../../utils/email.server";
import { formatDate, minutesToTime, nowInZone } from "../dates";
import { formatMoney } from "../money";
import {
  depositAfterEnd,
  depositPaidLine,
  depositPayLines,
  PIX_CODE_ON_THE_PAGE,
  pixCodeLines,
  whyExpired,
  type DepositFacts,
} from "../deposits/deposit-words";
import { depositState } from "../deposits/deposits";
import { professionalPixCode } from "../deposits/pix";
import { bookingPageUrl, contactKey, statusPageUrl, stopRemindersUrl, withEmailProof } from "./customer-links.server";
import { whenText } from "./texts";
import { CUSTOMER_EMAIL_ORIGIN, strangerGate, type CustomerEmailKind } from "./unrequested-email.server";

type Row = typeof bookingRequests.$inferSelect;
type Request = Pick<Row, "id" | "professionalId" | "customerName" | "customerEmail" | "serviceName" | "date" | "startMinute"> &
  Partial<
    Pick<
      Row,
      | "customerEmailWithheld"
      | "expiresAt"
      | "depositCents"
      | "depositDueAt"
      | "depositReceivedAt"
      | "depositMethod"
      | "depositRefundedAt"
      | "paymentProvider"
      | "paymentId"
      | "paymentQrCode"
      | "paymentRefundId"
    >
  >;
export type CustomerEmailProfile = Profile;

type Profile = Pick<
  typeof profiles.$inferSelect,
  "userId" | "fullName" | "businessName" | "bookingSlug" | "businessAddress" | "address" | "timeZone" | "pixKey" | "pixName" | "pixCity"
>;

const proName = (p: Profile) => p.businessName || p.fullName;

async function footer(r: Request, p: Profile) {
  return ["", "—", `${proName(p)}, pelo Agendo`, `Não quero receber lembretes de ${proName(p)}: ${await stopRemindersUrl(r.professionalId, contactKey(r.customerEmail))}`];
}

const GREETING = "Olá!";

function when(r: Request) {
  return `${formatDate(r.date, true)} às ${minutesToTime(r.startMinute)}`;
}

/** The request's deposit as deposit-words reads it (none: 0 centavos). */
const depositOf = (r: Request): DepositFacts => ({
  depositCents: r.depositCents ?? 0,
  depositReceivedAt: r.depositReceivedAt ?? null,
  depositMethod: r.depositMethod ?? null,
  depositRefundedAt: r.depositRefundedAt ?? null,
  paymentProvider: r.paymentProvider ?? null,
  depositDueAt: r.depositDueAt ?? null,
  paymentId: r.paymentId ?? null,
});

/**
 * The deposit in a booking's first e-mail or its confirmation: paid (the amount), or still due —
 * the amount, until when while the time is held for it ('Sinal não pago em …', 'Tempo para
 * pagar'), and the Pix copia e cola: the charge's code when charged online (until the charge
 * exists, where to find it: pixCodeIntoFirstEmail fills it in), else the professional's own key's.
 */
function depositLines(r: Request, p: Profile, now: Date): string[] {
  const d = depositOf(r);
  const paid = depositPaidLine(d);
  if (paid) return [paid];
  const state = depositState(d, now);
  if (state !== "pending" && state !== "awaiting") return [];
  const due = r.depositDueAt && r.depositDueAt > now ? nowInZone(p.timeZone, r.depositDueAt) : null;
  const code = r.paymentProvider ? (r.paymentQrCode ? { payload: r.paymentQrCode } : null) : professionalPixCode(p, d.depositCents);
  return depositPayLines({ amountCents: d.depositCents, dueBy: due ? whenText(due.date, due.minute, p.timeZone, now).short : null, code });
}

/**
 * The first e-mail: the booking confirmed, a request sent, or (a deposit charged online) a time
 * held until its Pix is paid; with the deposit to pay.
 */
export async function requestReceivedEmail(r: Request, p: Profile, confirmed: boolean, now = new Date()) {
  const status = await statusPageUrl(r.id);
  // Confirmed at once, the deposit no longer frees the time (docs/decisions/0912).
  const deposit = depositLines(confirmed ? { ...r, depositDueAt: null } : r, p, now);
  // Charged online, it waits for the payment, not for an answer (docs/decisions/0960).
  const paying = !!r.paymentProvider && !confirmed && deposit.length > 0;
  return {
    to: r.customerEmail,
    subject: paying
      ? `Pague o sinal para garantir seu horário com ${proName(p)}`
      : confirmed
        ? `Agendamento confirmado com ${proName(p)}`
        : `Recebemos sua solicitação para ${proName(p)}`,
    text: [
      GREETING,
      "",
      paying
        ? `Seu horário de ${r.serviceName} com ${proName(p)} em ${when(r)} está reservado, à espera do sinal. Assim que o pagamento chegar, ele é confirmado e avisamos por e-mail.`
        : confirmed
          ? `Seu horário de ${r.serviceName} com ${proName(p)} em ${when(r)} está confirmado.`
          : `Sua solicitação de ${r.serviceName} com ${proName(p)} em ${when(r)} foi enviada. Avisaremos por e-mail quando for respondida.`,
      ...(deposit.length ? ["", ...deposit] : []),
      "",
      `Acompanhe, remarque ou cancele: ${await withEmailProof(status, r.professionalId, r.customerEmail)}`,
      ...(confirmed ? [`Adicionar à agenda: ${status}/ics`] : []),
      ...(await footer(r, p)),
    ].join("\n"),
  };
}

/**
 * The write that puts a charge's Pix code into the booking's first e-mail, if it has not left yet
 * (it waits for the answer to the booking POST, and the charge is made before that answer): the
 * line saying where the code is becomes the code. Run with the write that stores the charge.
 */
export function pixCodeIntoFirstEmail(db: Db, requestId: string, payload: string) {
  return db
    .update(emailOutbox)
    .set({ text: sql`replace(${emailOutbox.text}, ${PIX_CODE_ON_THE_PAGE}, ${["", ...pixCodeLines(payload)].join("\n")})` })
    .where(and(eq(emailOutbox.dedupeKey, `request-received:${requestId}`), eq(emailOutbox.status, "queued"), eq(emailOutbox.attempts, 0)));
}

export async function requestAcceptedEmail(r: Request, p: Profile, now = new Date()) {
  const status = await statusPageUrl(r.id);
  const address = p.businessAddress || p.address;
  // Accepted, the deposit no longer frees the time: what is left is to pay it, or that it was paid.
  const deposit = depositLines({ ...r, depositDueAt: null }, p, now);
  return {
    to: r.customerEmail,
    subject: `Agendamento confirmado com ${proName(p)}`,
    text: [
      GREETING,
      "",
      `${proName(p)} confirmou seu horário de ${r.serviceName} em ${when(r)}.`,
      ...(address ? [`Endereço: ${address}`] : []),
      ...(deposit.length ? ["", ...deposit] : []),
      "",
      `Adicionar à agenda: ${status}/ics`,
      `Acompanhe, remarque ou cancele: ${status}`,
      ...(await footer(r, p)),
    ].join("\n"),
  };
}

export async function requestDeclinedEmail(r: Request, p: Profile) {
  const deposit = depositAfterEnd(depositOf(r), proName(p));
  return {
    to: r.customerEmail,
    subject: `${proName(p)} não pôde atender no horário pedido`,
    text: [
      GREETING,
      "",
      `Infelizmente ${proName(p)} não pode atender ${r.serviceName} em ${when(r)}.`,
      ...(deposit ? [deposit] : []),
      `Escolha outro horário: ${bookingPageUrl(p)}`,
      ...(await footer(r, p)),
    ].join("\n"),
  };
}

export async function requestExpiredEmail(r: Request, p: Profile) {
  // The same reading of why as the status page's ending (deposit-words.ts).
  const d = depositOf(r);
  const why = whyExpired({ ...d, expiresAt: r.expiresAt ?? null, depositDueAt: r.depositDueAt ?? null, paymentRefundId: r.paymentRefundId ?? null });
  const deposit = why === "unanswered" ? depositAfterEnd(d, proName(p)) : null;
  const how = {
    unanswered: "não foi respondida a tempo e expirou",
    unpaid: "expirou porque o sinal não foi pago a tempo",
    "paid-late": `expirou: o pagamento do sinal chegou depois do prazo, e os ${formatMoney(d.depositCents)} foram devolvidos pelo Pix`,
  }[why];
  return {
    to: r.customerEmail,
    subject: `Sua solicitação para ${proName(p)} expirou`,
    text: [
      GREETING,
      "",
      `Sua solicitação de ${r.serviceName} em ${when(r)} ${how}; o horário não está reservado.`,
      ...(deposit ? [deposit] : []),
      `Escolha um novo horário: ${bookingPageUrl(p)}`,
      ...(await footer(r, p)),
    ].join("\n"),
  };
}

/**
 * Why a deposit paid online was given back: paid after 'Pague até', or confirmed to us after its
 * time was freed (`late`); the booking was cancelled or declined (`ended`); the professional gave
 * it back and the booking stands (`kept`); the deposit had been received by hand before, so the
 * Pix paid after it goes back and the booking stands (`twice`).
 */
export type RefundReason = "late" | "ended" | "kept" | "twice";

export async function depositRefundedEmail(r: Request, p: Profile, reason: RefundReason) {
  const amount = formatMoney(r.depositCents ?? 0);
  const text: Record<RefundReason, string> = {
    late: `O pagamento do sinal de ${r.serviceName} em ${when(r)} chegou depois que o prazo para pagar terminou, e o horário já não estava reservado para você. Devolvemos ${amount} pelo Pix (pode levar alguns minutos para aparecer).`,
    ended: `O sinal de ${r.serviceName} em ${when(r)} foi devolvido pelo Pix (pode levar alguns minutos para aparecer).`,
    kept: `${proName(p)} devolveu o sinal de ${amount} de ${r.serviceName} em ${when(r)} pelo Pix (pode levar alguns minutos para aparecer). Seu horário continua marcado.`,
    twice: `O sinal de ${r.serviceName} em ${when(r)} já tinha sido recebido por ${proName(p)}, então o Pix de ${amount} que você pagou depois foi devolvido (pode levar alguns minutos para aparecer). Seu horário continua marcado.`,
  };
  const stands = reason === "kept" || reason === "twice";
  return {
    to: r.customerEmail,
    subject: `Seu sinal para ${proName(p)} foi devolvido`,
    text: [
      GREETING,
      "",
      text[reason],
      stands ? `Acompanhe, remarque ou cancele: ${await statusPageUrl(r.id)}` : `Escolha um novo horário: ${bookingPageUrl(p)}`,
      ...(await footer(r, p)),
    ].join("\n"),
  };
}

export type { CustomerEmailKind };

/** What an e-mail's kind needs besides the request and the professional. */
type ComposeOpts = { confirmed: boolean; refund: RefundReason; now: Date };

const compose: Record<CustomerEmailKind, (r: Request, p: Profile, o: ComposeOpts) => Promise<{ to: string; subject: string; text: string }>> = {
  "request-received": (r, p, o) => requestReceivedEmail(r, p, o.confirmed, o.now),
  "request-accepted": (r, p, o) => requestAcceptedEmail(r, p, o.now),
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
  /**
   * `confirmed`: the 'received' e-mail of a booking confirmed at once; for the refund's, paid late
   * (the same as `refund: "late"`). `refund`: why a deposit was given back ('ended' by default).
   */
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
  const refund = opts.refund ?? (opts.confirmed ? "late" : "ended");
  const mail = await compose[kind](r, p, { confirmed: !!opts.confirmed, refund, now: opts.now });
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
