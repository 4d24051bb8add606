import { Form, Link } from "react-router";
import type { DepositMethod } from "../../../db/schema";
import { DEPOSIT_METHOD_LABELS, type DepositView } from "../../domain/deposits/deposits";
import { ConfirmDialog } from "../confirm-dialog";

// A booking's deposit on the professional's screens: its state as a badge, 'Sinal recebido' in
// one tap (Pix chosen; another method from the list), 'Sinal recebido e aceitar' on a pending
// request, and 'Devolver sinal' for a received one, asked first (a page state: the same
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

/** Where 'Devolver sinal' asks first from any screen: Solicitações' confirmation. */
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
    // An action, in words that cannot pass for the deposit's state beside it.
    return (
      <Link to={refundHref} preventScrollReset className="btn-link self-center text-sm">
        Devolver sinal
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

/**
 * 'Devolver sinal' asks first (`?devolver-sinal=<id>`), in the words of how it goes back
 * (RefundWay): a payment by Mercado Pago is refunded by the app itself; otherwise the
 * professional gives it back (by their bank, or in Mercado Pago's app once disconnected) and the
 * app records it.
 */
export function RefundConfirm({
  id,
  customerName,
  amount,
  way,
  cancelHref,
}: {
  id: string;
  customerName: string;
  amount: string;
  way: "provider" | "provider-app" | "bank";
  cancelHref: string;
}) {
  const byApp = way === "provider";
  return (
    <ConfirmDialog
      title={byApp ? "Devolver o sinal pelo Mercado Pago?" : "Registrar a devolução do sinal?"}
      question={
        byApp ? `${amount} voltam para ${customerName} pelo Mercado Pago, para a conta que pagou.` : `O sinal de ${amount} de ${customerName} fica registrado como devolvido.`
      }
      intent="deposit-refunded"
      id={id}
      confirmLabel={byApp ? `Devolver ${amount}` : "Registrar devolução"}
      pendingLabel={byApp ? "Devolvendo..." : "Registrando..."}
      dismissLabel="Voltar"
      cancelHref={cancelHref}
    >
      <p className="text-sm text-slate-600">
        {byApp
          ? "O Agendo pede a devolução agora; o valor pode levar alguns minutos para aparecer para o cliente."
          : way === "provider-app"
            ? `Sua conta do Mercado Pago não está mais conectada: devolva o pagamento a ${customerName} pelo app do Mercado Pago; o Agendo só registra a devolução.`
            : `Devolva o valor a ${customerName} pelo seu banco; o Agendo só registra a devolução.`}
      </p>
    </ConfirmDialog>
  );
}
