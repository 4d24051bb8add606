import { Link } from "react-router";
import type { StatusView } from "./status-view";

// The top of the customer's status page: what just happened ('Agendamento Confirmado!',
// 'Solicitação enviada!' with its promise, how it ended), the status, the booking's details, who
// changed it and why, and the way to book again.

const STATUS = {
  pending: { label: "Aguardando confirmação", style: "bg-amber-100 text-amber-900" },
  accepted: { label: "Confirmado", style: "bg-emerald-100 text-emerald-900" },
  declined: { label: "Recusado", style: "bg-red-100 text-red-900" },
  cancelled: { label: "Cancelado", style: "bg-slate-200 text-slate-800" },
  expired: { label: "Expirado", style: "bg-slate-200 text-slate-800" },
} as const;

/** A cancelled booking says who cancelled it. */
const CANCELLED_BY = { professional: "Cancelado pelo profissional", customer: "Cancelado por você" } as const;

/** `isNew`: the customer has just booked (?novo=1). */
export function StatusCard({ view: d, isNew }: { view: StatusView; isNew: boolean }) {
  // Held for its deposit, charged online: what it waits for is the payment, not an answer.
  const awaiting = d.status === "pending" && d.deposit?.state === "awaiting";
  const status = d.cancelledBy
    ? { ...STATUS.cancelled, label: CANCELLED_BY[d.cancelledBy] }
    : awaiting
      ? { label: "Aguardando pagamento do sinal", style: "bg-sky-100 text-sky-900" }
      : STATUS[d.status];
  const bookAgain = d.status === "cancelled" || d.status === "declined";
  return (
    <section className="card text-center">
      <Headline view={d} isNew={isNew} />
      <p className="mt-3">
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${status.style}`} data-testid="request-status">
          {status.label}
        </span>
      </p>
      <BookingDetails view={d} />
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
  );
}

/**
 * What just happened: booked and confirmed, a request sent (with its promise), or how it ended
 * (an expiry, a decline, a cancel: `ending`); else the plain title.
 */
function Headline({ view: d, isNew }: { view: StatusView; isNew: boolean }) {
  return isNew && d.status === "accepted" ? (
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
  ) : d.ending ? (
    <>
      <h1 className="text-2xl font-bold">{d.ending.title}</h1>
      {d.ending.note ? (
        <p className="mt-1 text-slate-600" data-testid="ending-note">
          {d.ending.note}
        </p>
      ) : null}
    </>
  ) : (
    <h1 className="text-2xl font-bold">Seu agendamento</h1>
  );
}

/** The booking's details: who, what, when (and who moved it), the price, the professional. */
function BookingDetails({ view: d }: { view: StatusView }) {
  return (
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
  );
}
