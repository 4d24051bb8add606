// The customer's status page's server side (routes/booking-status.tsx): the booking as the
// customer reads it, and their three changes: 'Confirmo presença', 'Cancelar' and 'Remarcar'.
import { data, type RouterContextProvider } from "react-router";
import { cancelRequestByCustomer, confirmAttendanceByCustomer } from "../domain/booking-requests/booking-requests.server";
import { loadCustomerBooking, rescheduleByCustomer, type CustomerBooking } from "../domain/booking-requests/customer-changes.server";
import {
  deadlineText,
  EXPIRED,
  moveNotice,
  movesUsedUpMessage,
  NOT_CANCELLABLE,
  pastCutoffMessage,
  pendingPromise,
  RESCHEDULE_RATE_LIMITED,
  RESCHEDULE_REFUSED,
} from "../domain/booking-requests/customer-changes";
import { pixQrSvg, professionalPixCode } from "../domain/deposits/pix";
import { refundOwedDeposits, retryCharge } from "../domain/payments/deposit-charges.server";
import { depositView, holdEndsAt } from "../domain/deposits/deposits";
import { PAY_BY_CONFIRMED, PAY_BY_RULE } from "../domain/booking-requests/online-deposits";
import { bookingEnding, depositIfCancelled } from "../domain/deposits/deposit-words";
import { formatDate, isTime, minutesToTime, nowInZone, timeToMinutes } from "../domain/dates";
import { formatDuration, formatMoney } from "../domain/money";
import { professionalLabel } from "../domain/notifications/change-notices";
import { deliverSoon } from "../domain/notifications/deliver-soon.server";
import { formatPhone } from "../domain/phone";
import { customerToProfessionalMessage, whatsappLink } from "../domain/whatsapp";
import type { DepositView, StatusView } from "../components/booking-status/status-view";
import { requireFound } from "../utils/actions.server";
import { getDb } from "../utils/db.server";
import { LIMIT_KEYS, LIMITS, type Hits } from "../utils/rate-limit.server";
import { clientAddress } from "../utils/request-context.server";
import { redirectWithToast } from "../utils/toast.server";

type Context = Readonly<RouterContextProvider>;

const PIX_BEING_MADE = "Estamos gerando o código Pix. Esta página se atualiza sozinha em alguns segundos.";

const statusPath = (token: string) => `/agendamento/reserva/${token}`;

/** Still ahead, on the professional's clock. */
function isUpcoming(r: { date: string; startMinute: number }, timeZone: string, now: Date) {
  const today = nowInZone(timeZone, now);
  return r.date > today.date || (r.date === today.date && r.startMinute > today.minute);
}

/** The page for `token` (null: no such booking), with 'Remarcar' open when the URL asks (?remarcar=1&data=&horario=). */
export async function loadStatusPage(context: Context, token: string, url: URL): Promise<StatusView | null> {
  const now = new Date();
  const rescheduling = url.searchParams.get("remarcar") === "1";
  const dateParam = url.searchParams.get("data") ?? "";
  // One round trip: the booking, and the asked date's hours and busy time when rescheduling.
  const db = getDb(context);
  const loaded = await loadCustomerBooking(db, token, { date: rescheduling ? dateParam : null, now });
  if (!loaded) return null;
  // A deposit charged online whose charge the booking POST could not create: tried again here.
  const booking = { ...loaded, request: await retryCharge(db, loaded.request, professionalLabel(loaded.profile), now) };
  const { request: r, profile, appointment } = booking;
  const time = minutesToTime(r.startMinute);
  const date = formatDate(r.date, true);
  const contact = profile.contactPhone || profile.phone;
  // The person who attends (a salon member's business name is usually the salon's).
  const professional = professionalLabel(profile);
  // Held until it expires, or sooner until its unpaid deposit is due ('Sinal não pago em …').
  const holdEnds = r.status === "pending" ? holdEndsAt(r) : null;
  const expires = holdEnds ? nowInZone(profile.timeZone, holdEnds) : null;
  const cutoff = profile.customerChangeCutoffMinutes;
  const offer = booking.offer;
  // Moves spent: 'Remarcar' gives way to the professional's WhatsApp (cancelling stays open).
  const movesUsedUp = booking.open && booking.held && booking.movesLeft <= 0 ? movesUsedUpMessage(professional) : null;
  const timeParam = url.searchParams.get("horario") ?? "";
  const chosen = offer && isTime(timeParam) && offer.times.includes(timeParam) ? timeParam : null;
  return {
    status: r.status,
    customerName: r.customerName,
    customerPhone: formatPhone(r.customerPhone),
    serviceName: r.serviceName,
    duration: formatDuration(r.durationMinutes),
    date,
    time,
    price: profile.showPrices ? formatMoney(r.priceCents) : null,
    professional,
    bookingPath: `/agendamento/${profile.bookingSlug}`,
    whatsapp: contact
      ? whatsappLink(contact, customerToProfessionalMessage({ customerName: r.customerName, serviceName: r.serviceName, date, time }))
      : null,
    attendance: r.status === "accepted" && appointment && isUpcoming(r, profile.timeZone, now) ? (appointment.customerConfirmedAt ? "confirmed" : "open") : null,
    movedBy: booking.changedBy.moved,
    cancelledBy: booking.changedBy.cancelled,
    cancelReason: booking.changedBy.reason,
    promise:
      r.status === "pending" && !awaitingPayment(r, now)
        ? pendingPromise(
            professional,
            expires ? `${formatDate(expires.date)} às ${minutesToTime(expires.minute)}` : null,
            // A withheld address hears of an acceptance only, not of a decline or an expiry (0700).
            r.customerEmail ? (r.customerEmailWithheld ? "withheld" : "sent") : "none",
          )
        : null,
    ending: r.status === "pending" || r.status === "accepted" ? null : bookingEnding({ status: r.status, cancelledBy: booking.changedBy.cancelled, professional, request: r }),
    canChange: booking.open,
    cancelDeposit: booking.open ? depositIfCancelled(r, professional) : null,
    /** 'Remarcar' opens on the current day's times (one step less on a weak connection). */
    rescheduleHref: booking.open && booking.held ? `?remarcar=1&data=${booking.held.date}` : "?remarcar=1",
    changeUntil: booking.open && booking.deadline ? deadlineText(booking.deadline, profile.timeZone, cutoff) : null,
    pastCutoff: !booking.open && booking.held ? pastCutoffMessage(cutoff, professional) : null,
    movesUsedUp,
    moveNotice: moveNotice(professional, profile.notifyCustomerChanges),
    reschedule:
      rescheduling && booking.open && !movesUsedUp
        ? {
            date: offer?.date ?? null,
            dateRequested: dateParam,
            today: booking.range.today,
            maxDate: booking.range.maxDate,
            times: offer?.times ?? [],
            closed: offer?.closed ?? null,
            chosen,
            timeGone: !!(offer && timeParam && !chosen),
          }
        : null,
    deposit: depositOf(booking, now),
    colors: { primary: profile.primaryColor, secondary: profile.secondaryColor },
  };
}

const awaitingPayment = (r: CustomerBooking["request"], now: Date) => !!r.paymentProvider && !r.depositReceivedAt && !!r.depositDueAt && r.depositDueAt > now;

/**
 * The deposit a booking asks for, in the state the professional marked; while unpaid on a pending
 * or accepted booking, its Pix when the professional has a key, and the time it is due by.
 */
function depositOf(booking: CustomerBooking, now: Date): DepositView | null {
  const { request: r, profile, depositCents } = booking;
  const view = depositView({ ...r, depositCents }, profile.timeZone, now);
  if (!view) return null;
  const base = { amountCents: view.amountCents, state: view.state, label: view.label, pix: null, dueBy: null, payBy: null, payRule: null, payTimeOver: false };
  const online = r.paymentProvider ? onlineDepositOf(r, base, profile.timeZone) : undefined;
  if (online !== undefined) return online;
  if (view.state !== "pending" && view.state !== "awaiting") return base;
  if (r.status !== "pending" && r.status !== "accepted") return null;
  const pending = { ...base, state: "pending" as const, label: `Sinal pendente — ${formatMoney(depositCents)}` };
  const due = r.status === "pending" && r.depositDueAt ? nowInZone(profile.timeZone, r.depositDueAt) : null;
  const dueBy = due ? `${formatDate(due.date)} às ${minutesToTime(due.minute)}` : null;
  const code = professionalPixCode(profile, depositCents);
  return { ...pending, dueBy, pix: "payload" in code ? { payload: code.payload, svg: pixQrSvg(code.payload) } : code };
}

/**
 * A deposit charged online, as the customer follows it (undefined: as any deposit, below). While
 * its code works: on a request waiting for it, the provider's Pix code and 'Pague até 10:45' with
 * both rules of that deadline (PAY_BY_RULE); on a booking the professional confirmed before the
 * payment (1032), the same code as the deposit still asked, the time not at stake. Its code over
 * unpaid: 'O prazo para pagar terminou' on a request, and on a confirmed booking the deposit
 * pending as any other (the professional's own Pix, marked by hand). 'Sinal pago ✓', 'Sinal
 * devolvido'. A booking that ended shows no code to pay.
 */
function onlineDepositOf(r: CustomerBooking["request"], base: DepositView, timeZone: string): DepositView | null | undefined {
  if (base.state === "received") return { ...base, label: `Sinal pago ✓ — ${formatMoney(base.amountCents)}` };
  if (base.state === "refunded") return base;
  const open = r.status === "pending" || r.status === "accepted";
  if (base.state === "awaiting" && open) {
    const until = nowInZone(timeZone, r.depositDueAt!);
    const pix = r.paymentQrCode ? { payload: r.paymentQrCode, svg: pixQrSvg(r.paymentQrCode) } : { unavailable: PIX_BEING_MADE };
    const waiting = r.status === "pending";
    return {
      ...base,
      label: waiting ? "Aguardando pagamento" : "Sinal pendente",
      pix,
      payBy: minutesToTime(until.minute),
      payRule: waiting ? PAY_BY_RULE : PAY_BY_CONFIRMED,
    };
  }
  if (r.status === "accepted") return undefined;
  return r.status === "pending" || r.status === "expired" ? { ...base, state: "pending", label: "O prazo para pagar terminou", payTimeOver: true } : null;
}

type StatusIntent = "cancel" | "reschedule" | "confirm";

/**
 * One of the customer's changes, answered: back to the page with a toast, or the refusal
 * (`{ error }`, 400; 409 for a time taken; 429 over the flood guard of 'Remarcar'). Throws 404
 * for an unknown link.
 */
export async function changeBooking(context: Context, request: Request, token: string, intent: StatusIntent, form: FormData) {
  const db = getDb(context);
  const now = new Date();
  const dateField = form.get("data");
  const date = typeof dateField === "string" ? dateField : "";
  // A move also counts against its client address, in the same round trip as the reads.
  const hits: Hits = intent === "reschedule" ? [[LIMIT_KEYS.rescheduleAddress(clientAddress(context)), LIMITS.reschedulePerAddress]] : [];
  const booking = requireFound(await loadCustomerBooking(db, token, { date: intent === "reschedule" ? date : null, now, hits }));
  const { profile } = booking;
  const professional = professionalLabel(profile);
  const refuse = (message: string, status = 400) => data({ error: message }, { status });
  const back = statusPath(token);

  if (intent === "confirm") {
    const r = booking.request;
    const about = { ...r, professionalId: booking.row.request.professionalId, appointmentId: booking.appointment?.id ?? null };
    const ok = r.status === "accepted" && isUpcoming(r, profile.timeZone, now) && (await confirmAttendanceByCustomer(db, about, now));
    if (ok) deliverSoon(context, [ok.pushKey]);
    return redirectWithToast(
      request,
      back,
      ok
        ? { type: "success", title: "Presença confirmada", description: `Obrigado! ${professional} já sabe que você vem.` }
        : { type: "error", title: "Não foi possível confirmar", description: "Este agendamento não está mais ativo. Fale com o profissional." },
    );
  }

  if (intent === "cancel") {
    // A second click after the first went through: the page says what happened.
    if (booking.request.status === "cancelled" && booking.row.request.status === "cancelled") {
      return redirectWithToast(request, back, { type: "info", title: "Agendamento cancelado", description: "Este agendamento já estava cancelado." });
    }
    if (booking.request.status === "expired") return refuse(EXPIRED);
    if (booking.held && !booking.open) return refuse(pastCutoffMessage(profile.customerChangeCutoffMinutes, professional));
    const cancelled = booking.open && (await cancelRequestByCustomer(db, booking.request.id, profile.notifyCustomerChanges ? booking.row.email : null));
    if (!cancelled) return refuse(NOT_CANCELLABLE);
    // A deposit paid online is given back at once (before the cut-off, as the page said); should
    // the provider not answer now, the scheduled job tries again.
    const paid = booking.row.request.paymentId && booking.row.request.depositReceivedAt;
    const refund = paid ? await refundOwedDeposits(db, new Date(), booking.request.id) : null;
    deliverSoon(context, [cancelled.email, cancelled.pushKey, ...(refund?.emails ?? [])]);
    return redirectWithToast(request, back, {
      type: "success",
      title: "Agendamento cancelado",
      description: paid
        ? `O horário foi liberado e o sinal de ${formatMoney(booking.row.request.depositCents)} será devolvido pelo Pix.`
        : "O horário foi liberado. Você pode agendar outro quando quiser.",
    });
  }

  if (!booking.withinLimits) return refuse(RESCHEDULE_RATE_LIMITED, 429);
  if (booking.request.status === "expired") return refuse(EXPIRED);
  if (!booking.held) return refuse(RESCHEDULE_REFUSED.unavailable);
  if (!booking.open) return refuse(pastCutoffMessage(profile.customerChangeCutoffMinutes, professional));
  const timeField = form.get("horario");
  const startMinute = typeof timeField === "string" ? timeToMinutes(timeField) : Number.NaN;
  if (Number.isNaN(startMinute) || !date) return refuse("Escolha a nova data e o novo horário.");
  const outcome = await rescheduleByCustomer(db, booking, { date, startMinute }, now);
  if (!outcome.ok) {
    if (outcome.reason === "cutoff") return refuse(pastCutoffMessage(profile.customerChangeCutoffMinutes, professional));
    if (outcome.reason === "used-up") return refuse(movesUsedUpMessage(professional));
    return refuse(RESCHEDULE_REFUSED[outcome.reason], outcome.reason === "taken" ? 409 : 400);
  }
  // The professional's e-mail waits a few minutes for the customer's last word (the job sends
  // it); their devices hear of it at once.
  deliverSoon(context, [outcome.pushKey]);
  return redirectWithToast(request, back, {
    type: "success",
    title: "Horário remarcado",
    description: `Seu novo horário é ${formatDate(date, true)} às ${minutesToTime(startMinute)}. ${moveNotice(professional, profile.notifyCustomerChanges)}`,
  });
}
