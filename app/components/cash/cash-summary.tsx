import { Link } from "react-router";
import { formatDate, minutesToTime } from "../../domain/dates";
import { formatInteger, formatMoney } from "../../domain/money";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "../../domain/cash/totals";
import type { CashDay } from "../../domain/cash/day.server";
import { closeFormHref } from "./urls";
import { plural } from "../../domain/words";

/** 'Recebido' big enough to read at a glance on a phone, 'Previsto' beside it. */
export function CashTotals({ day }: { day: CashDay }) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <div className="card col-span-2 p-4 sm:col-span-1" data-testid="cash-received">
        <p className="text-sm font-medium text-slate-600">Recebido</p>
        <p className="text-4xl font-bold tabular-nums text-emerald-700 sm:text-3xl">{formatMoney(day.receivedCents)}</p>
        <p className="text-sm text-slate-500">{plural(day.services, "atendimento", "atendimentos")}</p>
        {day.unclosed.count ? (
          <p className="text-sm text-amber-700" data-testid="cash-unclosed">
            + {formatMoney(day.unclosed.cents)} de {plural(day.unclosed.count, "concluído", "concluídos")} sem fechamento (preço de tabela)
          </p>
        ) : null}
      </div>
      <div className="card col-span-2 flex items-baseline justify-between gap-3 p-4 sm:col-span-1 sm:block" data-testid="cash-expected">
        <p className="text-sm font-medium text-slate-600">Previsto</p>
        <p className="text-xl font-bold tabular-nums text-slate-700 sm:text-3xl">{formatMoney(day.expected.cents)}</p>
        <p className="text-sm text-slate-500">{formatInteger(day.expected.count)} a atender</p>
      </div>
    </div>
  );
}

function Row({ label, value, muted = false, strong = false, testId }: { label: string; value: string; muted?: boolean; strong?: boolean; testId?: string }) {
  return (
    <div className={`flex justify-between gap-4 py-1.5 ${muted ? "text-slate-500" : ""} ${strong ? "font-semibold" : ""}`} data-testid={testId}>
      <dt>{label}</dt>
      <dd className="tabular-nums font-medium whitespace-nowrap">{value}</dd>
    </div>
  );
}

const depositCount = (n: number) => plural(n, "sinal", "sinais");

/**
 * 'Sinais recebidos' and 'Sinais devolvidos' in the period, by when they were marked: informative,
 * apart from 'Recebido' (a deposit counts there on the day its service is closed, docs/decisions/0921).
 */
function DepositsMarked({ marked }: { marked: CashDay["depositsMarked"] }) {
  return (
    <div className="mt-3 border-t border-slate-200 pt-2 text-sm" data-testid="cash-deposits">
      <dl>
        <Row label={`Sinais recebidos (${depositCount(marked.received.count)})`} value={formatMoney(marked.received.cents)} muted />
        <Row label={`Sinais devolvidos (${depositCount(marked.refunded.count)})`} value={formatMoney(marked.refunded.cents)} muted />
      </dl>
      <p className="pt-1 text-xs text-slate-500">Marcados no período; o sinal entra no recebido quando o atendimento é fechado.</p>
    </div>
  );
}

/**
 * Received by method (as handed over, tips inside: the drawer and the card machine match it) and
 * the deposits, adding up to 'Total pago'; less the tips (the professional's, not revenue), 'Recebido'
 * (docs/decisions/1063).
 */
export function ByMethod({ day }: { day: CashDay }) {
  return (
    <section className="card p-4" aria-labelledby="por-forma">
      <h2 id="por-forma" className="font-semibold">Por forma de pagamento</h2>
      <dl className="mt-2 divide-y divide-slate-100 text-sm" data-testid="cash-by-method">
        {PAYMENT_METHODS.map((m) => (
          <Row key={m} label={PAYMENT_METHOD_LABELS[m]} value={formatMoney(day.byMethod[m] ?? 0)} />
        ))}
        {day.depositsCents ? <Row label="Sinais recebidos antes" value={formatMoney(day.depositsCents)} /> : null}
      </dl>
      <dl className="mt-1 border-t border-slate-300 text-sm" data-testid="cash-reconcile">
        <Row label="Total pago" value={formatMoney(day.totalPaidCents)} strong testId="cash-total-paid" />
        <Row label="Gorjetas (do profissional, fora do recebido)" value={`− ${formatMoney(day.tipsCents)}`} muted testId="cash-tips" />
        <Row label="Recebido" value={formatMoney(day.receivedCents)} strong />
      </dl>
      <DepositsMarked marked={day.depositsMarked} />
    </section>
  );
}

export function ItemsSold({ items }: { items: CashDay["items"] }) {
  return (
    <section className="card p-4" aria-labelledby="itens-vendidos">
      <h2 id="itens-vendidos" className="font-semibold">Produtos e itens vendidos</h2>
      {items.length ? (
        <dl className="mt-2 divide-y divide-slate-100 text-sm">
          {items.map((i) => <Row key={i.name} label={`${formatInteger(i.quantity)}× ${i.name}`} value={formatMoney(i.cents)} />)}
        </dl>
      ) : (
        <p className="mt-2 text-sm text-slate-500">Nenhum item vendido no período.</p>
      )}
    </section>
  );
}

/** 'Pagamento pendente': every service completed without its payment, until it is settled (on the salon's Caixa, whose it is). */
export function PendingPayments({ pending }: { pending: CashDay["pending"] }) {
  return (
    <section className="card p-4" aria-labelledby="pendentes">
      <h2 id="pendentes" className="font-semibold">Pagamentos pendentes</h2>
      {pending.length ? (
        <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="cash-pending">
          {pending.map((p) => (
            <li key={p.appointmentId} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="font-medium">{p.clientName ?? "Cliente não encontrado"}</p>
                <p className="text-slate-500">
                  {p.serviceName || "Serviço não encontrado"} · {formatDate(p.date)} às {minutesToTime(p.startMinute)}
                  {p.professionalName ? ` · ${p.professionalName}` : ""}
                </p>
              </div>
              <div className="shrink-0 text-right">
                <p className="tabular-nums font-medium">{formatMoney(p.dueCents)}</p>
                <Link to={closeFormHref(p.appointmentId, "/caixa")} className="text-sm font-medium text-brand-700 underline">Receber</Link>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-500">Nenhum pagamento pendente.</p>
      )}
    </section>
  );
}
