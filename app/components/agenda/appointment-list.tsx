import { Form, Link, useLocation, useNavigation } from "react-router";
import { DepositBadge } from "../deposits/deposit-controls";
import type { AppointmentStatus } from "../../../db/schema";
import type { DepositView } from "../../domain/deposits/deposits";
import { formatDuration, formatMoney } from "../../domain/money";
import { formatDate } from "../../domain/dates";
import { STATUS_ACTIONS, UNDO, type RowAction } from "../../domain/appointments/statuses";
import { StatusBadge } from "./status-badge";
import { ScopeChoice } from "./cancel-dialog";
import { closeFormHref } from "../cash/urls";

type AgendaRow = {
  id: string;
  date: string;
  time: string;
  durationMinutes: number;
  priceCents: number;
  status: AppointmentStatus;
  serviceName: string;
  notes: string;
  clientName: string | null;
  /** The status actions offered now by the clock, from the server. */
  actions: RowAction[];
  /** An occurrence of a recurring series ('Agendamento recorrente'). */
  recurring: boolean;
  /** The customer answered 'Confirmo presença' from their reminder. */
  customerConfirmed: boolean;
  /** Its 'Fechar atendimento': paid, 'Pagamento pendente', or not closed (issue 22). */
  closing?: "paid" | "pending" | null;
  /** The deposit of the request it came from (issue 22). */
  deposit?: DepositView | null;
};

const ACTION_STYLES = {
  confirm: "border-green-300 text-green-800 hover:bg-green-50",
  complete: "border-slate-300 text-slate-800 hover:bg-slate-50",
  "no-show": "border-amber-300 text-amber-900 hover:bg-amber-50",
  cancel: "border-red-300 text-red-700 hover:bg-red-50",
  undo: "border-blue-300 text-blue-800 hover:bg-blue-50",
} as const satisfies Record<RowAction, string>;

function actionLabel(action: RowAction) {
  return action === "undo" ? UNDO.label : STATUS_ACTIONS[action].label;
}

export const smallButton = "inline-flex items-center rounded-lg border px-3 py-1.5 text-sm font-medium bg-white disabled:opacity-60";

/** Query string of the list with one parameter changed (null removes it). */
export function listHref(search: string, changes: Record<string, string | null>) {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const query = params.toString();
  return query ? `/agenda?${query}` : "/agenda";
}

/**
 * An appointment's buttons, in the list and in the calendar's panel alike: the status actions
 * offered now (each a form of its own; 'Cancelar' asks first), 'Editar' and 'Excluir'. `who`
 * names the appointment for screen readers; `confirmHref` is this page with a confirmation open.
 */
export function AppointmentActions({
  id,
  actions,
  who,
  confirmHref,
  busy,
}: {
  id: string;
  actions: RowAction[];
  who: string;
  confirmHref: (param: "confirmar-cancelamento" | "confirmar-exclusao") => string;
  busy: boolean;
}) {
  const location = useLocation();
  return (
    <>
      {actions.map((action) =>
        action === "complete" ? (
          // 'Concluir' opens 'Fechar atendimento' (issue 22): what was charged and how it was paid.
          <Link
            key={action}
            to={closeFormHref(id, `${location.pathname}${location.search}`)}
            className={`${smallButton} ${ACTION_STYLES.complete}`}
            aria-label={`Concluir: ${who}`}
          >
            Concluir
          </Link>
        ) : action === "cancel" ? (
          <Link
            key={action}
            to={confirmHref("confirmar-cancelamento")}
            preventScrollReset
            className={`${smallButton} ${ACTION_STYLES.cancel}`}
            aria-label={`Cancelar: ${who}`}
          >
            Cancelar
          </Link>
        ) : (
          <Form method="post" key={action} preventScrollReset>
            <input type="hidden" name="id" value={id} />
            <button
              type="submit"
              name="intent"
              value={action}
              className={`${smallButton} ${ACTION_STYLES[action]}`}
              disabled={busy}
              aria-label={`${actionLabel(action)}: ${who}`}
            >
              {actionLabel(action)}
            </button>
          </Form>
        ),
      )}
      <Link to={`/agenda?editar=${id}`} className={`${smallButton} border-slate-300 text-slate-800 hover:bg-slate-50`} aria-label={`Editar: ${who}`}>
        Editar
      </Link>
      <Link
        to={confirmHref("confirmar-exclusao")}
        preventScrollReset
        className={`${smallButton} border-red-300 text-red-700 hover:bg-red-50`}
        aria-label={`Excluir: ${who}`}
      >
        Excluir
      </Link>
    </>
  );
}

function Row({ row, search }: { row: AgendaRow; search: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === row.id;
  const client = row.clientName ?? "Cliente não encontrado";
  const service = row.serviceName || "Serviço não encontrado";
  return (
    <li className="card flex gap-3 p-4 sm:gap-4" data-testid="appointment-row">
      <div className="w-16 shrink-0 text-center">
        <p className="text-lg font-bold tabular-nums">{row.time}</p>
        <p className="text-sm text-slate-500 tabular-nums">{formatDate(row.date)}</p>
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        <div>
          <div className="flex items-start justify-between gap-2">
            <p className={`min-w-0 font-semibold ${row.clientName ? "" : "italic text-slate-500"}`}>{client}</p>
            <StatusBadge status={row.status} />
          </div>
          <p className={`text-sm ${row.serviceName ? "text-slate-700" : "italic text-slate-500"}`}>
            {service}
            {row.recurring ? (
              <span className="ml-2 inline-flex items-center rounded-full bg-violet-50 px-2 py-0.5 text-xs font-medium text-violet-800 ring-1 ring-inset ring-violet-200">
                ↻ recorrente
              </span>
            ) : null}
          </p>
          {row.customerConfirmed ? <CustomerConfirmedBadge /> : null}
          {row.deposit ? <DepositBadge deposit={row.deposit} /> : null}
          {row.closing ? <ClosingLink id={row.id} status={row.closing} back={`/agenda${search}`} /> : null}
          <p className="text-sm text-slate-500">
            {formatDuration(row.durationMinutes)} · {formatMoney(row.priceCents)}
          </p>
          {row.notes ? <p className="mt-1 line-clamp-2 text-sm text-slate-500">{row.notes}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <AppointmentActions
            id={row.id}
            actions={row.actions}
            who={`${client}, ${formatDate(row.date)} às ${row.time}`}
            confirmHref={(param) => listHref(search, { [param]: row.id })}
            busy={busy}
          />
        </div>
      </div>
    </li>
  );
}

/** 'Pagamento pendente' (to settle) or 'Fechamento' (to see or change) of a closed service. */
export function ClosingLink({ id, status, back }: { id: string; status: "paid" | "pending"; back: string }) {
  const to = closeFormHref(id, back);
  return status === "pending" ? (
    <Link to={to} className="inline-flex items-center rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-inset ring-amber-200 underline">
      Pagamento pendente
    </Link>
  ) : (
    <Link to={to} className="text-xs font-medium text-slate-600 underline">
      Ver fechamento
    </Link>
  );
}

/** The delete confirmation's form, for the scope choice below. */
export const DELETE_FORM_ID = "delete-appointment";

/** In the delete confirmation of a recurring appointment: 'Só este' or 'Este e os próximos'. */
export function DeleteScopeChoice() {
  return <ScopeChoice legend="Agendamento recorrente: excluir" formId={DELETE_FORM_ID} />;
}

export function AppointmentList({ rows, search }: { rows: AgendaRow[]; search: string }) {
  return (
    <ul className="space-y-3" aria-label="Agendamentos">
      {rows.map((row) => (
        <Row key={row.id} row={row} search={search} />
      ))}
    </ul>
  );
}

/**
 * No appointment in the list: the first-time invitation only to a professional with nothing in
 * the agenda yet, neither appointments nor the requests shown above the list.
 */
export function EmptyAgenda({ hasAny }: { hasAny: boolean }) {
  return (
    <div className="card flex flex-col items-center gap-3 py-10 text-center">
      <p className="text-3xl" aria-hidden>
        ◷
      </p>
      {hasAny ? (
        <p className="font-medium text-slate-700">Nenhum agendamento no período selecionado</p>
      ) : (
        <>
          <p className="font-medium text-slate-700">Nenhum agendamento cadastrado</p>
          <Link to="/agenda?novo=1" className="btn-primary">
            Criar Primeiro Agendamento
          </Link>
        </>
      )}
    </div>
  );
}

export function Pagination({ page, pageCount, total, search }: { page: number; pageCount: number; total: number; search: string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Paginação" className="flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link className="btn-secondary" to={listHref(search, { pagina: String(page - 1) })}>
          ← Anterior
        </Link>
      ) : (
        <span />
      )}
      <p className="text-slate-600">
        Página {page} de {pageCount} · {total} agendamentos
      </p>
      {page < pageCount ? (
        <Link className="btn-secondary" to={listHref(search, { pagina: String(page + 1) })}>
          Próxima →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** 'Confirmo presença' answered by the customer from their reminder. */
function CustomerConfirmedBadge() {
  return (
    <p className="text-sm font-medium text-emerald-800" data-testid="customer-confirmed">
      ✓ Cliente confirmou presença
    </p>
  );
}
