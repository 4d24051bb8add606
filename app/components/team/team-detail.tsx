import { Form, Link, useNavigation } from "react-router";
import { STATUS_ACTIONS, UNDO } from "../../domain/appointments/statuses";
import { StatusBadge } from "../agenda/status-badge";
import { DepositBadge } from "../deposits/deposit-controls";
import type { TeamDetailData } from "../../domain/team/team-types";
import { closeFormHref } from "../cash/urls";

/**
 * One appointment of the salon: who, what, when. The owner may confirm, cancel or undo a member's
 * appointment only when that member allowed it, and close any member's service (its payment is
 * the salon's, docs/decisions/1051); their own are managed in Agenda.
 */
export function TeamDetail({ detail, closeHref }: { detail: TeamDetailData; closeHref: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <section className="card space-y-2 border-l-4 p-4" style={{ borderLeftColor: detail.color }} aria-labelledby="team-detail-title" data-testid="team-detail">
      <div className="flex items-start justify-between gap-2">
        <div>
          <h2 id="team-detail-title" className="font-semibold">
            {detail.clientName ?? "Cliente não encontrado"} · {detail.serviceName}
          </h2>
          <p className="text-sm text-slate-700 first-letter:uppercase">
            {detail.dateLabel}, {detail.time}–{detail.endTime} · com {detail.professional}
          </p>
          <p className="text-sm text-slate-700">
            Status: <StatusBadge status={detail.status} />
          </p>
          {detail.deposit ? (
            <p className="mt-1">
              <DepositBadge deposit={detail.deposit} />
            </p>
          ) : null}
        </div>
        <Link to={closeHref} preventScrollReset className="btn-secondary px-3" aria-label="Fechar">
          ✕
        </Link>
      </div>
      {detail.isOwnAppointment ? (
        <p className="text-sm text-slate-600">
          Este é um agendamento seu.{" "}
          <Link to={`/agenda?vista=dia&ver=${encodeURIComponent(detail.id)}`} className="btn-link">
            Abrir na Agenda
          </Link>
        </p>
      ) : !detail.canManage && detail.actions.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="team-read-only">
          Somente visualização: {detail.professional} não permitiu que a pessoa responsável pela equipe gerencie a agenda.
        </p>
      ) : detail.actions.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhuma ação disponível para este agendamento.</p>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          {!detail.canManage ? (
            <p className="w-full text-sm text-slate-600" data-testid="team-read-only">
              O pagamento você registra no Caixa do salão; confirmar, cancelar ou remarcar fica com {detail.professional}, que não
              permitiu que a pessoa responsável pela equipe gerencie a agenda.
            </p>
          ) : null}
          {detail.actions.map((a) =>
            a === "cancel" ? (
              // Asks first: 'Motivo (opcional)' and 'Avisar cliente'.
              <Link key={a} to={`${closeHref}&ver=${encodeURIComponent(detail.id)}&confirmar-cancelamento=${encodeURIComponent(detail.id)}`} preventScrollReset className="btn-danger">
                Cancelar
              </Link>
            ) : a === "complete" ? (
              // 'Fechar atendimento' for the member (docs/decisions/0922), back to this page.
              <Link key={a} to={closeFormHref(detail.id, `${closeHref}&ver=${detail.id}`)} className="btn-primary">
                {STATUS_ACTIONS.complete.label}
              </Link>
            ) : (
              <Form key={a} method="post">
                <input type="hidden" name="id" value={detail.id} />
                <button type="submit" name="intent" value={a} disabled={busy} className={a === "undo" ? "btn-secondary" : "btn-primary"}>
                  {a === "undo" ? UNDO.label : STATUS_ACTIONS[a].label}
                </button>
              </Form>
            ),
          )}
        </div>
      )}
    </section>
  );
}
