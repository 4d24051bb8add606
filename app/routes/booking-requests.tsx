import { data, Link, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/booking-requests";
import type { bookingRequests } from "../../db/schema";
import { requireUser } from "./workspace.server";
import { pendingRequests, recentlyAnswered, type RequestOutcome } from "../domain/booking-requests/booking-requests.server";
import { getDb } from "../utils/db.server";
import { appUrl } from "../utils/env.server";
import { formatDuration, formatMoney } from "../domain/money";
import { formatPhone } from "../domain/phone";
import { formatDate, minutesToTime, nowInZone } from "../domain/dates";
import { answerAndReply, answerOfIntent, readAnswerForm } from "./shared/request-answers.server";
import { professionalAcceptMessage, professionalDeclineMessage, whatsappLink } from "../domain/whatsapp";
import { AcceptForm, DeclineDialog, DeclineLink, useDeclining } from "../components/agenda/calendar-requests";
import { readForm, requireFound } from "../utils/actions.server";
import { depositView } from "../domain/deposits/deposits";
import { depositToGiveBack } from "../domain/payments/deposit-refund.server";
import { isDepositIntent, markDepositAndReply } from "./shared/deposit-marks.server";
import { DepositActions, DepositBadge, REFUND_PARAM, RefundConfirm } from "../components/deposits/deposit-controls";

export const meta: Route.MetaFunction = () => [{ title: "Solicitações — Agendo" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const today = nowInZone(user.profile.timeZone).date;
  const now = new Date();
  const [pending, recent] = await Promise.all([
    pendingRequests(db, user.id, today, 100),
    recentlyAnswered(db, user.id, now),
  ]);
  // The page answers the professional's id too, should the slug be unset.
  const bookingUrl = `${appUrl()}/agendamento/${user.profile.bookingSlug || user.id}`;
  const view = (r: typeof bookingRequests.$inferSelect) => {
    const msg = { customerName: r.customerName, serviceName: r.serviceName, date: formatDate(r.date, true), time: minutesToTime(r.startMinute) };
    return {
      id: r.id,
      status: r.status,
      rescheduledByCustomer: !!r.rescheduledByCustomerAt,
      customerName: r.customerName,
      phone: formatPhone(r.customerPhone),
      serviceName: r.serviceName,
      isoDate: r.date,
      date: formatDate(r.date, true),
      time: minutesToTime(r.startMinute),
      duration: formatDuration(r.durationMinutes),
      price: formatMoney(r.priceCents),
      notes: r.notes,
      whatsappAccept: whatsappLink(r.customerPhone, professionalAcceptMessage(msg)),
      whatsappDecline: whatsappLink(r.customerPhone, professionalDeclineMessage({ ...msg, bookingUrl })),
      deposit: depositView(r, user.profile.timeZone, now),
    };
  };
  const refundId = new URL(request.url).searchParams.get(REFUND_PARAM);
  const refund = refundId ? await refundAsked(db, user.id, refundId) : null;
  return {
    pending: pending.map(view),
    recent: recent.map((r) => ({ ...view(r), outcome: r.outcome })),
    autoConfirm: user.profile.autoConfirm,
    refund,
  };
}

/** The request `?devolver-sinal=` names, with a received deposit and how it goes back: someone else's (or none) is a 404. */
async function refundAsked(db: ReturnType<typeof getDb>, professionalId: string, id: string) {
  const { request: r, way } = requireFound(await depositToGiveBack(db, professionalId, id));
  return { id: r.id, customerName: r.customerName, amount: formatMoney(r.depositCents), way };
}

/**
 * 'Aceitar' and 'Recusar': the one answer every screen gives (answerBookingRequest); the
 * deposit's marks ('Sinal recebido', '… e aceitar', 'Devolver sinal').
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (isDepositIntent(intent)) return markDepositAndReply(context, request, { professionalId: user.id, form, intent, back: "/solicitacoes" });
  if (intent !== "accept" && intent !== "decline") throw data(null, { status: 400 });
  const { id, seen } = readAnswerForm(form);
  return answerAndReply(context, request, { professionalId: user.id, id, seen, answer: answerOfIntent(intent), back: "/solicitacoes" });
}

export default function BookingRequests() {
  const { pending, recent, autoConfirm, refund } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busyId = navigation.state !== "idle" ? navigation.formData?.get("id") : null;
  const declining = useDeclining(pending);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Solicitações</h1>
        <p className="text-slate-600">Pedidos de agendamento feitos pela sua página.</p>
      </header>

      <p className="text-sm text-slate-600" data-testid="auto-confirm-note">
        {autoConfirm ? (
          <>
            &lsquo;Confirmar automaticamente&rsquo; está ligado: os agendamentos da sua página entram direto na agenda.{" "}
            <Link to="/configuracoes/horarios#regras" className="btn-link">
              Alterar nas regras de agendamento
            </Link>
          </>
        ) : (
          <>
            Para que os agendamentos da sua página entrem direto na agenda, ligue &lsquo;Confirmar automaticamente&rsquo; nas{" "}
            <Link to="/configuracoes/horarios#regras" className="btn-link">
              regras de agendamento
            </Link>
            .
          </>
        )}
      </p>

      <section aria-labelledby="pending-title" className="space-y-3">
        <h2 id="pending-title" className="font-semibold">
          Pendentes ({pending.length})
        </h2>
        {pending.length === 0 ? (
          <p className="card text-center text-slate-600">Nenhuma solicitação pendente.</p>
        ) : (
          <ul className="space-y-3">
            {pending.map((r) => (
              <PendingRequestCard key={r.id} request={r} busy={busyId === r.id} />
            ))}
          </ul>
        )}
      </section>

      {recent.length > 0 ? <RecentAnswers recent={recent} /> : null}
      {refund ? <RefundConfirm {...refund} cancelHref="/solicitacoes" /> : null}
      <DeclineDialog request={declining && { ...declining, date: declining.isoDate, when: `${declining.date} às ${declining.time}` }} intent="decline" />
    </div>
  );
}

type RequestsData = ReturnType<typeof useLoaderData<typeof loader>>;

/** A pending request: who, when, what, the notes, 'Aceitar' / 'Recusar' and the WhatsApp replies. */
function PendingRequestCard({ request: r, busy }: { request: RequestsData["pending"][number]; busy: boolean }) {
  return (
    <li className="card space-y-3" data-testid="booking-request">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold">{r.customerName}</p>
          <p className="text-sm text-slate-600">{r.phone}</p>
          {r.rescheduledByCustomer ? <RescheduledBadge /> : null}
          {r.deposit ? (
            <p className="mt-1">
              <DepositBadge deposit={r.deposit} />
            </p>
          ) : null}
        </div>
        <p className="text-right">
          <span className="block font-semibold">
            {r.date} às {r.time}
          </span>
          <span className="text-sm text-slate-600">
            {r.serviceName} · {r.duration} · {r.price}
          </span>
        </p>
      </div>
      {r.notes ? <p className="rounded-lg bg-slate-50 p-2 text-sm">{r.notes}</p> : null}
      {r.deposit ? <DepositActions id={r.id} deposit={r.deposit} seen={{ date: r.isoDate, time: r.time }} refundHref={`?${REFUND_PARAM}=${r.id}`} busy={busy} /> : null}
      <div className="flex flex-wrap gap-2">
        <AcceptForm id={r.id} date={r.isoDate} time={r.time} intent="accept" className="btn-primary" busy={busy} />
        <DeclineLink id={r.id} className="btn-secondary" label={`Recusar: ${r.customerName}, ${r.date} às ${r.time}`} />
        <a href={r.whatsappAccept} target="_blank" rel="noopener" className="btn-link self-center">
          WhatsApp: confirmar
        </a>
        <a href={r.whatsappDecline} target="_blank" rel="noopener" className="btn-link self-center">
          WhatsApp: outro horário
        </a>
      </div>
    </li>
  );
}

const OUTCOME_LABELS: Record<RequestOutcome, string> = {
  accepted: "Aceita",
  "cancelled-after-accept": "Aceita, depois cancelada por você",
  declined: "Recusada",
  cancelled: "Cancelada pelo cliente",
  expired: "Expirada sem resposta",
  "expired-unpaid": "Expirada: sinal não pago",
  "expired-paid-late": "Expirada: sinal pago depois do prazo e devolvido",
};

/** 'Respondidas recentemente': each request with how it ended. */
function RecentAnswers({ recent }: { recent: RequestsData["recent"] }) {
  return (
    <section aria-labelledby="recent-title" className="space-y-3">
      <h2 id="recent-title" className="font-semibold">
        Respondidas recentemente
      </h2>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {recent.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
            <span>
              <span className="font-medium">{r.customerName}</span> · {r.serviceName} · {r.date} às {r.time}
            </span>
            {/* The states first, then what can be done: 'Devolver sinal' never reads as one more state. */}
            <span className="flex flex-wrap items-center gap-1">
              {r.deposit && (r.outcome === "accepted" || paidSomething(r.deposit)) ? <DepositBadge deposit={r.deposit} /> : null}
              {r.rescheduledByCustomer ? <RescheduledBadge /> : null}
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold" data-testid="request-answer">
                {OUTCOME_LABELS[r.outcome]}
              </span>
              {r.deposit && (r.status === "accepted" || r.deposit.state === "received") ? (
                <DepositActions id={r.id} deposit={r.deposit} refundHref={`?${REFUND_PARAM}=${r.id}`} />
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A deposit that was paid (and maybe given back): an ended request that never got one has nothing pending. */
const paidSomething = (d: { state: string }) => d.state === "received" || d.state === "refunded";

/** The customer moved this request (or its appointment) from their status page. */
function RescheduledBadge() {
  return (
    <span className="mt-1 inline-block rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-800" data-testid="rescheduled-by-customer">
      Remarcado pelo cliente
    </span>
  );
}
