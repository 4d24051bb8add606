import { data, Form, Link, useActionData, useLoaderData, useParams, useSearchParams } from "react-router";
import type { Route } from "./+types/booking-status";
import { cancelRequestByCustomer, confirmAttendanceByCustomer } from "../domain/booking-requests/booking-requests.server";
import { loadCustomerBooking, rescheduleByCustomer, type RescheduleOutcome } from "../domain/booking-requests/customer-changes.server";
import { deadlineText, movesUsedUpMessage, pastCutoffMessage } from "../domain/booking-requests/customer-changes";
import { LIMITS, type Hits } from "../utils/rate-limit.server";
import { clientAddress } from "../utils/request-context.server";
import { afterResponse } from "../utils/background.server";
import { getDb } from "../utils/db.server";
import { deliverEmail } from "../utils/email.server";
import { formatDuration, formatMoney } from "../domain/money";
import { formatPhone } from "../domain/phone";
import { depositPix, normalizePixKey } from "../domain/booking-requests/pix";
import { formatDate, isTime, minutesToTime, nowInZone, timeToMinutes } from "../domain/dates";
import { useNonce } from "../utils/nonce";
import { redirectWithToast } from "../utils/toast.server";
import { customerToProfessionalMessage, whatsappLink } from "../domain/whatsapp";
import { brandTheme } from "../domain/brand-colours";
import { LegalLinks } from "../components/legal-page";
import { TimePicker } from "../components/booking/time-picker";
import { BOOKING_PAGE_SCRIPT } from "./booking.enhance";
import { professionalLabel } from "../domain/notifications/change-notices";

// The customer's private page for one booking request (/agendamento/reserva/{token}):
// its status, .ics, WhatsApp to the professional, the Pix deposit when asked, and, until the
// professional's cut-off, 'Remarcar' (?remarcar=1, then &data=, then &horario= to confirm: each
// step a plain GET, the move a POST) and 'Cancelar'.

/** The customer's page is complete as HTML: no framework download (docs/decisions/0621). */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = () => [
  { title: "Seu agendamento — Agendo" },
  { name: "robots", content: "noindex" },
];

const NO_PIX_KEY = "O profissional ainda não informou uma chave Pix. Combine o pagamento do sinal pelo WhatsApp.";

const STATUS = {
  pending: { label: "Aguardando confirmação", style: "bg-amber-100 text-amber-900" },
  accepted: { label: "Confirmado", style: "bg-emerald-100 text-emerald-900" },
  declined: { label: "Recusado", style: "bg-red-100 text-red-900" },
  cancelled: { label: "Cancelado", style: "bg-slate-200 text-slate-800" },
  expired: { label: "Expirado", style: "bg-slate-200 text-slate-800" },
} as const;

/** A cancelled booking says who cancelled it (docs/decisions/0720). */
const CANCELLED_BY = { professional: "Cancelado pelo profissional", customer: "Cancelado por você" } as const;

/**
 * The one promise a pending request makes (under 'Solicitação enviada!' and on every later
 * visit): the time is held until the request expires, and where the answer arrives.
 */
export function pendingPromise(professional: string, expires: string | null, byEmail: boolean) {
  const held = `Seu horário fica reservado${expires ? ` até ${expires}` : ""} enquanto ${professional} confirma.`;
  return `${held} ${byEmail ? "A resposta chega por e-mail e aparece nesta página." : "A resposta aparece nesta página."}`;
}

/** Why a move was refused, as the customer reads it. */
export const RESCHEDULE_REFUSED: Record<Exclude<RescheduleOutcome, { ok: true }>["reason"], string> = {
  taken: "Este horário acabou de ser ocupado. Escolha outro horário.",
  "not-offered": "Este horário não está mais disponível. Escolha outro horário.",
  same: "Este já é o seu horário. Escolha outro para remarcar.",
  changed: "Seu agendamento mudou enquanto você escolhia. Confira o horário atual antes de remarcar.",
  unavailable: "Este agendamento não pode mais ser remarcado por aqui. Fale com o profissional.",
  // The cut-off's own message names it (pastCutoffMessage), and so does the limit of moves (movesUsedUpMessage).
  cutoff: "",
  "used-up": "",
};

/** Over the flood guard of 'Remarcar' (LIMITS.reschedulePerAddress): 429. */
export const RESCHEDULE_RATE_LIMITED = "Muitas remarcações seguidas. Tente novamente mais tarde ou fale com o profissional.";

/** What the customer is told of the professional's notice of a move. */
const moveNotice = (professional: string, byEmail: boolean) =>
  byEmail ? `${professional} receberá o aviso da mudança.` : `${professional} verá a mudança na agenda.`;

export const EXPIRED = "Esta solicitação expirou sem resposta e o horário foi liberado. Faça um novo agendamento.";

export const NOT_CANCELLABLE = "Este agendamento não pode mais ser cancelado por aqui. Fale com o profissional.";

const statusPath = (token: string) => `/agendamento/reserva/${token}`;

/** Still ahead, on the professional's clock. */
function isUpcoming(r: { date: string; startMinute: number }, timeZone: string, now: Date) {
  const today = nowInZone(timeZone, now);
  return r.date > today.date || (r.date === today.date && r.startMinute > today.minute);
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = getDb(context);
  const url = new URL(request.url);
  const now = new Date();
  const rescheduling = url.searchParams.get("remarcar") === "1";
  const dateParam = url.searchParams.get("data") ?? "";
  // One round trip: the booking, and the asked date's hours and busy time when rescheduling.
  const booking = await loadCustomerBooking(db, params.token, { date: rescheduling ? dateParam : null, now });
  if (!booking) throw data(null, { status: 404 });
  const { request: r, profile, depositCents, appointment } = booking;
  const time = minutesToTime(r.startMinute);
  const date = formatDate(r.date, true);
  const contact = profile.contactPhone || profile.phone;
  // The person who attends (a salon member's business name is usually the salon's).
  const professional = professionalLabel(profile);
  const expires = r.status === "pending" && r.expiresAt ? nowInZone(profile.timeZone, r.expiresAt) : null;
  const pixKey = normalizePixKey(profile.pixKey);
  const deposit =
    depositCents > 0 && (r.status === "pending" || r.status === "accepted")
      ? {
          amountCents: depositCents,
          ...(pixKey
            ? depositPix({
                key: pixKey,
                name: profile.pixName || profile.businessName || profile.fullName,
                city: profile.pixCity || "BRASIL",
                amountCents: depositCents,
              })
            : { unavailable: NO_PIX_KEY }),
        }
      : null;
  const cutoff = profile.customerChangeCutoffMinutes;
  const offer = booking.offer;
  // Moves spent: 'Remarcar' gives way to the professional's WhatsApp (cancelling stays open).
  const movesUsedUp = booking.open && booking.held && booking.movesLeft <= 0 ? movesUsedUpMessage(professional) : null;
  const timeParam = url.searchParams.get("horario") ?? "";
  const chosen = offer && isTime(timeParam) && offer.times.includes(timeParam) ? timeParam : null;
  return data(
    {
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
        ? whatsappLink(
            contact,
            customerToProfessionalMessage({ customerName: r.customerName, serviceName: r.serviceName, date, time }),
          )
        : null,
      // 'Confirmo presença' (the reminder's link): an upcoming appointment, once per appointment.
      attendance: r.status === "accepted" && appointment && isUpcoming(r, profile.timeZone, now) ? (appointment.customerConfirmedAt ? "confirmed" : "open") : null,
      /** Who moved the time last ('remarcado por você' / 'alterado pelo profissional'); never on a cancelled booking. */
      movedBy: booking.changedBy.moved,
      cancelledBy: booking.changedBy.cancelled,
      cancelReason: booking.changedBy.reason,
      promise:
        r.status === "pending"
          ? pendingPromise(
              professional,
              expires ? `${formatDate(expires.date)} às ${minutesToTime(expires.minute)}` : null,
              // A withheld address hears of an acceptance only, not of a decline or an expiry (0700).
              !!r.customerEmail && !r.customerEmailWithheld,
            )
          : null,
      /** 'Remarcar' and 'Cancelar' are offered until the cut-off. */
      canChange: booking.open,
      /** 'Remarcar' opens on the current day's times (one step less on a weak connection). */
      rescheduleHref: booking.open && booking.held ? `?remarcar=1&data=${booking.held.date}` : "?remarcar=1",
      changeUntil: booking.open && booking.deadline ? deadlineText(booking.deadline, profile.timeZone, cutoff) : null,
      /** Still booked, but past the cut-off: the page says so and points to WhatsApp. */
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
      deposit,
      colors: { primary: profile.primaryColor, secondary: profile.secondaryColor },
    },
    { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = getDb(context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent !== "cancel" && intent !== "reschedule" && intent !== "confirm") throw data(null, { status: 400 });
  const now = new Date();
  const dateField = form.get("data");
  const timeField = form.get("horario");
  const date = typeof dateField === "string" ? dateField : "";
  // A move also counts against its client address, in the same round trip as the reads.
  const hits: Hits = intent === "reschedule" ? [[`reschedule:ip:${clientAddress(context)}`, LIMITS.reschedulePerAddress]] : [];
  const booking = await loadCustomerBooking(db, params.token, { date: intent === "reschedule" ? date : null, now, hits });
  if (!booking) throw data(null, { status: 404 });
  const { profile } = booking;
  const professional = professionalLabel(profile);
  const refuse = (message: string, status = 400) => data({ error: message }, { status });
  const back = statusPath(params.token);

  if (intent === "confirm") {
    const r = booking.request;
    const ok = r.status === "accepted" && isUpcoming(r, profile.timeZone, now) && (await confirmAttendanceByCustomer(db, r.id, now));
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
    const told = cancelled.email;
    if (told) afterResponse(context, () => deliverEmail(db, told));
    return redirectWithToast(request, back, {
      type: "success",
      title: "Agendamento cancelado",
      description: "O horário foi liberado. Você pode agendar outro quando quiser.",
    });
  }

  if (!booking.withinLimits) return refuse(RESCHEDULE_RATE_LIMITED, 429);
  if (booking.request.status === "expired") return refuse(EXPIRED);
  if (!booking.held) return refuse(RESCHEDULE_REFUSED.unavailable);
  if (!booking.open) return refuse(pastCutoffMessage(profile.customerChangeCutoffMinutes, professional));
  const startMinute = typeof timeField === "string" ? timeToMinutes(timeField) : Number.NaN;
  if (Number.isNaN(startMinute) || !date) return refuse("Escolha a nova data e o novo horário.");
  const outcome = await rescheduleByCustomer(db, booking, { date, startMinute }, now);
  if (!outcome.ok) {
    if (outcome.reason === "cutoff") return refuse(pastCutoffMessage(profile.customerChangeCutoffMinutes, professional));
    if (outcome.reason === "used-up") return refuse(movesUsedUpMessage(professional));
    return refuse(RESCHEDULE_REFUSED[outcome.reason], outcome.reason === "taken" ? 409 : 400);
  }
  // The professional's notice waits a few minutes for the customer's last word (the job sends it).
  return redirectWithToast(request, back, {
    type: "success",
    title: "Horário remarcado",
    description: `Seu novo horário é ${formatDate(date, true)} às ${minutesToTime(startMinute)}. ${moveNotice(professional, profile.notifyCustomerChanges)}`,
  });
}

export default function BookingStatus() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [search] = useSearchParams();
  const { token } = useParams();
  const isNew = search.get("novo") === "1";
  const confirming = search.get("cancelar") === "1";
  const askAttendance = search.get("confirmar") === "1";
  const status = d.cancelledBy ? { ...STATUS.cancelled, label: CANCELLED_BY[d.cancelledBy] } : STATUS[d.status];
  const bookAgain = d.status === "cancelled" || d.status === "declined";
  const error = actionData?.error ?? null;
  return (
    <div
      className="min-h-screen bg-slate-50"
      style={brandTheme(d.colors.primary, d.colors.secondary)}
    >
      <div className="h-24 bg-gradient-to-r from-brand to-brand-2" aria-hidden />
      <main className="mx-auto -mt-16 max-w-xl space-y-4 px-3 pb-10">
        <section className="card text-center">
          {isNew && d.status === "accepted" ? (
            <>
              <p className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-100 text-2xl text-emerald-700" aria-hidden>
                ✓
              </p>
              <h1 className="mt-2 text-2xl font-bold">Agendamento Confirmado!</h1>
              <p className="text-slate-600">Seu horário foi reservado com sucesso</p>
            </>
          ) : isNew && d.status === "pending" ? (
            <>
              <p className="mx-auto flex size-12 items-center justify-center rounded-full bg-amber-100 text-2xl text-amber-800" aria-hidden>
                ✉
              </p>
              <h1 className="mt-2 text-2xl font-bold">Solicitação enviada!</h1>
              <p className="text-slate-600" data-testid="pending-promise">
                {d.promise}
              </p>
            </>
          ) : d.status === "expired" ? (
            <>
              <h1 className="text-2xl font-bold">Solicitação expirada</h1>
              <p className="mt-1 text-slate-600" data-testid="expired-note">
                {d.professional} não respondeu a tempo e o horário foi liberado. Se ainda quiser ser atendido(a), escolha um
                novo horário.
              </p>
            </>
          ) : (
            <h1 className="text-2xl font-bold">Seu agendamento</h1>
          )}
          <p className="mt-3">
            <span className={`rounded-full px-3 py-1 text-sm font-semibold ${status.style}`} data-testid="request-status">
              {status.label}
            </span>
          </p>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-left text-sm">
            <dt className="text-slate-500">Cliente</dt>
            <dd className="font-medium">{d.customerName}</dd>
            <dt className="text-slate-500">Telefone</dt>
            <dd className="font-medium">{d.customerPhone}</dd>
            <dt className="text-slate-500">Serviço</dt>
            <dd className="font-medium">
              {d.serviceName} · {d.duration}
            </dd>
            <dt className="text-slate-500">Data</dt>
            <dd className="font-medium" data-testid="booking-date">
              {d.date}
            </dd>
            <dt className="text-slate-500">Horário</dt>
            <dd className="font-medium" data-testid="booking-time">
              {d.time}
              {d.movedBy === "customer" ? <span className="ml-2 text-xs font-normal text-slate-500">(remarcado por você)</span> : null}
              {d.movedBy === "professional" ? (
                <span className="ml-2 text-xs font-normal text-slate-500">(alterado pelo profissional)</span>
              ) : null}
            </dd>
            {d.price ? (
              <>
                <dt className="text-slate-500">Valor</dt>
                <dd className="font-medium">{d.price}</dd>
              </>
            ) : null}
            <dt className="text-slate-500">Profissional</dt>
            <dd className="font-medium">{d.professional}</dd>
          </dl>
          {d.promise && !isNew ? (
            <p className="mt-4 text-sm text-slate-600" data-testid="pending-promise">
              {d.promise}
            </p>
          ) : null}
          {d.movedBy === "professional" && d.status === "accepted" ? (
            <p className="mt-4 rounded-lg bg-sky-50 p-3 text-left text-sm text-sky-900" data-testid="moved-by-professional">
              {d.professional} alterou o horário deste agendamento: agora é {d.date} às {d.time}.
            </p>
          ) : null}
          {d.cancelledBy === "professional" ? (
            <p className="mt-4 rounded-lg bg-slate-50 p-3 text-left text-sm text-slate-800" data-testid="cancel-note">
              {d.professional} cancelou este horário.
              {d.cancelReason ? <span className="mt-1 block font-medium">Motivo: {d.cancelReason}</span> : null}
            </p>
          ) : null}
          {bookAgain ? (
            <Link to={d.bookingPath} className="btn-primary mt-4 w-full">
              Agendar outro horário
            </Link>
          ) : null}
          {d.status === "expired" ? (
            <Link to={d.bookingPath} className="btn-primary mt-4 w-full">
              Agendar novamente
            </Link>
          ) : null}
          {isNew ? (
            <p className="mt-2 rounded-lg bg-sky-50 p-3 text-left text-sm text-sky-900">
              Guarde este endereço: por ele você acompanha a confirmação e pode remarcar ou cancelar o agendamento.
            </p>
          ) : null}
        </section>

        {error ? (
          <div className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800" role="alert" data-testid="change-error">
            <p>{error}</p>
            {(d.pastCutoff || d.movesUsedUp) && d.whatsapp ? (
              <a href={d.whatsapp} className="mt-1 inline-block font-semibold underline" target="_blank" rel="noopener">
                Falar com {d.professional} no WhatsApp
              </a>
            ) : null}
          </div>
        ) : null}

        {d.reschedule ? <Reschedule refused={!!error} /> : null}

        {d.deposit && !d.reschedule ? (
          <section className="card text-center" aria-labelledby="pix-title">
            <h2 id="pix-title" className="font-semibold">
              Sinal via Pix: {formatMoney(d.deposit.amountCents)}
            </h2>
            {"payload" in d.deposit ? (
              <>
                <p className="mt-1 text-sm text-slate-600">
                  Este serviço pede um sinal para garantir o horário. Pague pelo QR code ou pelo Pix copia e cola.
                </p>
                <div
                  className="mx-auto mt-3 w-48 [&_svg]:h-auto [&_svg]:w-full"
                  role="img"
                  aria-label="QR code do Pix"
                  dangerouslySetInnerHTML={{ __html: d.deposit.svg }}
                />
                <label htmlFor="pix-code" className="label mt-3 text-left">
                  Pix copia e cola
                </label>
                <textarea id="pix-code" readOnly rows={3} className="input font-mono text-xs" value={d.deposit.payload} />
              </>
            ) : (
              <p className="mt-1 text-sm text-slate-600" data-testid="pix-unavailable">
                Este serviço pede um sinal para garantir o horário. {d.deposit.unavailable}
              </p>
            )}
          </section>
        ) : null}

        {d.attendance === "open" && !d.reschedule ? (
          <Form
            method="post"
            className={`card space-y-3 text-center ${askAttendance ? "ring-2 ring-brand" : ""}`}
            aria-labelledby="attendance-title"
          >
            <h2 id="attendance-title" className="font-semibold">
              Você vem no dia {d.date} às {d.time}?
            </h2>
            <p className="text-sm text-slate-600">Confirme para {d.professional} saber que pode contar com você.</p>
            <button type="submit" name="intent" value="confirm" className="btn-primary w-full">
              Confirmo presença
            </button>
          </Form>
        ) : d.attendance === "confirmed" ? (
          <p className="card text-center font-medium text-emerald-800" data-testid="attendance-confirmed">
            ✓ Presença confirmada. Até lá!
          </p>
        ) : null}

        {d.reschedule ? null : (
          <section className="card space-y-3">
            {d.status === "pending" || d.status === "accepted" ? (
              <a href={`/agendamento/reserva/${token}/ics`} className="btn-secondary w-full" download>
                Adicionar ao calendário (.ics)
              </a>
            ) : (
              // The same event as a cancellation: a calendar that holds it removes it.
              <a href={`/agendamento/reserva/${token}/ics`} className="btn-secondary w-full" download>
                Remover do calendário (.ics)
              </a>
            )}
            {d.whatsapp ? (
              <a href={d.whatsapp} className="btn-primary w-full" target="_blank" rel="noopener">
                Falar com o profissional no WhatsApp
              </a>
            ) : null}
            {d.canChange ? (
              <>
                <p className="text-center text-sm text-slate-600" data-testid="change-until">
                  Você pode {d.movesUsedUp ? "cancelar" : "remarcar ou cancelar"} por aqui {d.changeUntil}.
                </p>
                {d.movesUsedUp ? (
                  error ? null : (
                    <p className="rounded-lg bg-slate-50 p-3 text-center text-sm text-slate-700" data-testid="moves-used-up">
                      {d.movesUsedUp}
                    </p>
                  )
                ) : (
                  <Link to={d.rescheduleHref} className="btn-secondary w-full">
                    Remarcar
                  </Link>
                )}
                {confirming ? (
                  <Form method="post" className="rounded-lg border border-red-200 bg-red-50 p-3 text-center">
                    <p className="text-sm text-red-900">Tem certeza que deseja cancelar este agendamento?</p>
                    <div className="mt-3 flex justify-center gap-2">
                      <Link to="?" className="btn-secondary" replace>
                        Não, manter
                      </Link>
                      <button type="submit" name="intent" value="cancel" className="btn-danger">
                        Sim, cancelar
                      </button>
                    </div>
                  </Form>
                ) : (
                  <Link to="?cancelar=1" className="btn-secondary w-full text-red-700" replace>
                    Cancelar agendamento
                  </Link>
                )}
              </>
            ) : d.pastCutoff && !error ? (
              <p className="rounded-lg bg-slate-50 p-3 text-center text-sm text-slate-700" data-testid="past-cutoff">
                {d.pastCutoff}
              </p>
            ) : null}
            {bookAgain ? null : (
              <Link to={d.bookingPath} className="btn-link block text-center">
                Fazer outro agendamento
              </Link>
            )}
          </section>
        )}
        <footer className="text-center text-sm text-slate-600">
          <LegalLinks />
        </footer>
      </main>
    </div>
  );
}

/** 'Remarcar': a date, its free times for the same service, then the new time to confirm. */
function Reschedule({ refused }: { refused: boolean }) {
  const d = useLoaderData<typeof loader>();
  const nonce = useNonce();
  const r = d.reschedule!;
  return (
    <section className="card space-y-4" aria-labelledby="reschedule-title">
      <div className="flex items-center justify-between gap-2">
        <h2 id="reschedule-title" className="font-semibold">
          Remarcar horário
        </h2>
        <Link to="?" className="btn-link">
          Voltar
        </Link>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">Horário atual</dt>
        <dd className="font-medium">
          {d.date} às {d.time}
        </dd>
        {r.chosen && r.date ? (
          <>
            <dt className="text-slate-500">Novo horário</dt>
            <dd className="font-semibold text-brand" data-testid="new-time">
              {formatDate(r.date, true)} às {r.chosen}
            </dd>
          </>
        ) : null}
      </dl>
      {r.chosen && r.date ? (
        <Form method="post" className="space-y-3">
          <input type="hidden" name="data" value={r.date} />
          <input type="hidden" name="horario" value={r.chosen} />
          <p className="text-sm text-slate-600">
            O horário atual é liberado assim que o novo for reservado. {d.moveNotice}
          </p>
          <button type="submit" name="intent" value="reschedule" className="btn-primary w-full py-3 text-base">
            Confirmar remarcação
          </button>
          <Link to={`?remarcar=1&data=${r.date}`} className="btn-link block text-center">
            Escolher outro horário
          </Link>
        </Form>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Escolha uma nova data para {d.serviceName} ({d.duration}).
          </p>
          <TimePicker
            hidden={{ remarcar: "1" }}
            date={r.date}
            dateRequested={r.dateRequested}
            today={r.today}
            maxDate={r.maxDate}
            times={r.times}
            closed={r.closed}
            // The action's refusal is already shown above: not twice.
            error={r.timeGone && !refused ? RESCHEDULE_REFUSED["not-offered"] : null}
          />
          {/* The booking page's small script: a chosen date shows its times at once, Continuar waits for a time. */}
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: BOOKING_PAGE_SCRIPT }} />
        </>
      )}
    </section>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
