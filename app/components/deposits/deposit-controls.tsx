import { Form, Link } from "react-router";
import type { DepositMethod } from "../../../db/schema";
import { DEPOSIT_METHOD_LABELS, type DepositView } from "../../domain/booking-requests/deposits";
import { ConfirmDialog } from "../confirm-dialog";

// A booking's deposit on the professional's screens: its state as a badge, 'Sinal recebido' in
// one tap (Pix chosen; another method from the list), 'Sinal recebido e aceitar' on a pending
// request, and 'Sinal devolvido' for a received one, asked first (a page state: the same
// without JavaScript).

const TONES: Record<DepositView["state"], string> = {
  pending: "bg-amber-100 text-amber-900",
  awaiting: "bg-sky-100 text-sky-900",
  received: "bg-emerald-100 text-emerald-900",
  refunded: "bg-slate-200 text-slate-800",
};

/** 'Sinal pendente — R$ 15,00', 'Sinal recebido — R$ 15,00 via Pix às 10:32', 'Sinal devolvido — R$ 15,00'. */
export function DepositBadge({ deposit }: { deposit: DepositView }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[deposit.state]}`} data-testid="deposit-state">
      {deposit.label}
    </span>
  );
}

const SHORT: Record<DepositView["state"], string> = { pending: "Sinal pendente", awaiting: "Aguardando pagamento", received: "Sinal recebido", refunded: "Sinal devolvido" };
const MARK_TONES: Record<DepositView["state"], string> = { pending: "text-amber-800", awaiting: "text-sky-800", received: "text-emerald-800", refunded: "text-slate-600" };

/** The deposit's state in a calendar block, where a line is all there is ('Sinal recebido'). */
export function DepositMark({ deposit }: { deposit: DepositView }) {
  return <span className={`truncate font-semibold ${MARK_TONES[deposit.state]}`}>{SHORT[deposit.state]}</span>;
}

/** The query parameter of the refund's confirmation: `?devolver-sinal=<request id>`. */
export const REFUND_PARAM = "devolver-sinal";

/** Where 'Sinal devolvido' asks first from any screen: Solicitações' confirmation. */
export const refundHref = (requestId: string) => `/solicitacoes?${REFUND_PARAM}=${requestId}`;

/**
 * What the professional can do with the deposit: mark it received (and accept, when `seen` is
 * the pending request's time), or ask to give it back.
 */
export function DepositActions({
  id,
  deposit,
  seen,
  refundHref,
  busy,
}: {
  id: string;
  deposit: DepositView;
  /** A pending request's date and time, as the answer forms post them: offers 'e aceitar'. */
  seen?: { date: string; time: string };
  refundHref: string;
  busy?: boolean;
}) {
  if (deposit.state === "received") {
    return (
      <Link to={refundHref} preventScrollReset className="btn-link self-center text-sm">
        Sinal devolvido
      </Link>
    );
  }
  if (deposit.state !== "pending") return null;
  return (
    <Form method="post" className="flex flex-wrap items-center gap-2" preventScrollReset>
      <input type="hidden" name="id" value={id} />
      {seen ? (
        <>
          <input type="hidden" name="date" value={seen.date} />
          <input type="hidden" name="time" value={seen.time} />
        </>
      ) : null}
      <label className="sr-only" htmlFor={`deposit-method-${id}`}>
        Forma de pagamento do sinal
      </label>
      <select id={`deposit-method-${id}`} name="method" defaultValue="pix" className="input w-auto py-1.5 text-sm">
        {(Object.keys(DEPOSIT_METHOD_LABELS) as DepositMethod[]).map((m) => (
          <option key={m} value={m}>
            {DEPOSIT_METHOD_LABELS[m]}
          </option>
        ))}
      </select>
      <button type="submit" name="intent" value="deposit-received" className="btn-secondary px-3 py-1.5 text-sm" disabled={busy}>
        Sinal recebido
      </button>
      {seen ? (
        <button type="submit" name="intent" value="deposit-received-accept" className="btn-primary px-3 py-1.5 text-sm" disabled={busy}>
          Sinal recebido e aceitar
        </button>
      ) : null}
    </Form>
  );
}

/** 'Devolver o sinal?': the confirmation of `?devolver-sinal=<id>`. */
export function RefundConfirm({ id, customerName, amount, cancelHref }: { id: string; customerName: string; amount: string; cancelHref: string }) {
  return (
    <ConfirmDialog
      title="Marcar sinal como devolvido?"
      question={`O sinal de ${amount} de ${customerName} fica registrado como devolvido.`}
      intent="deposit-refunded"
      id={id}
      confirmLabel="Sinal devolvido"
      pendingLabel="Registrando..."
      dismissLabel="Voltar"
      cancelHref={cancelHref}
    >
      <p className="text-sm text-slate-600">Faça a devolução pelo seu banco; o Agendo só registra que ela foi feita.</p>
    </ConfirmDialog>
  );
}
