import { Link } from "react-router";
import { formatDate, minutesToTime } from "../../domain/dates";
import { formatInteger, formatMoney } from "../../domain/money";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "../../domain/cash/totals";
import type { ClosedService } from "../../domain/cash/closed-services.server";
import { closeFormHref } from "./urls";
import { plural } from "../../domain/words";

/** 'Corte + 2 itens': the service and how many more lines the closing had. */
function whatText(c: ClosedService) {
  const more = c.items - 1;
  const service = c.serviceName || "Serviço não encontrado";
  return more > 0 ? `${service} + ${plural(more, "item", "itens")}` : service;
}

/** 'Pix + Dinheiro', the deposit deducted too; or 'Pagamento pendente'. */
function howText(c: ClosedService) {
  if (c.status === "pending") return "Pagamento pendente";
  const ways = PAYMENT_METHODS.filter((m) => c.byMethod[m] > 0).map((m) => PAYMENT_METHOD_LABELS[m]);
  if (c.deposit > 0) ways.push("sinal");
  return ways.join(" + ");
}

/**
 * 'Atendimentos fechados': the period's closings, the latest first, each with what it received
 * (as 'Recebido' counts it: without the tip) and a link to see or change it (docs/decisions/1063).
 */
export function ClosingsList({ closings, total, showDate, back }: { closings: ClosedService[]; total: number; showDate: boolean; back: string }) {
  return (
    <section className="card p-4" aria-labelledby="fechados">
      <h2 id="fechados" className="font-semibold">
        Atendimentos fechados {total ? <span className="text-sm font-normal text-slate-500">({formatInteger(total)})</span> : null}
      </h2>
      {closings.length ? (
        <>
          <p className="mt-1 text-sm text-slate-500">O valor de cada um é o recebido, sem a gorjeta.</p>
          <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="cash-closings">
            {closings.map((c) => {
              const when = `${showDate ? `${formatDate(c.date)} ` : ""}${minutesToTime(c.startMinute)}`;
              const client = c.clientName ?? "Cliente não encontrado";
              return (
                <li key={c.appointmentId} className="flex items-center justify-between gap-3 py-2" data-testid="cash-closing">
                  <div className="min-w-0">
                    <p className="font-medium">
                      <span className="tabular-nums">{when}</span> · {client}
                    </p>
                    <p className="text-slate-500">
                      {whatText(c)} · <span className={c.status === "pending" ? "font-medium text-amber-800" : undefined}>{howText(c)}</span>
                    </p>
                  </div>
                  <div className="shrink-0 text-right">
                    <p className="tabular-nums font-medium">{formatMoney(c.receivedCents)}</p>
                    <Link to={closeFormHref(c.appointmentId, back)} className="text-sm font-medium text-brand-700 underline" aria-label={`${c.status === "pending" ? "Receber" : "Ver fechamento"}: ${when}, ${client}`}>
                      {c.status === "pending" ? "Receber" : "Ver"}
                    </Link>
                  </div>
                </li>
              );
            })}
          </ul>
          {total > closings.length ? (
            <p className="mt-2 text-sm text-slate-500">
              Mostrando os {formatInteger(closings.length)} mais recentes. Todos estão no CSV (Exportar CSV).
            </p>
          ) : null}
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-500">Nenhum atendimento fechado no período.</p>
      )}
    </section>
  );
}
