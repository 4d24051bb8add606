import { useNavigation } from "react-router";
import { AcceptForm, DeclineDialog, DeclineLink, useDeclining } from "../agenda/calendar-requests";
import type { TeamPendingRequest } from "../../domain/team/team-types";
import { DepositBadge } from "../deposits/deposit-controls";

/**
 * The salon's pending requests of the period shown: who asked whom, for when. The owner answers
 * their own here, and a member's when that member allowed it ('Aceitar'/'Recusar', plain forms
 * posting to Equipe); the others are the member's to answer, shown so the day has no surprises.
 */
export function TeamPending({ pending }: { pending: TeamPendingRequest[] }) {
  const navigation = useNavigation();
  const busyId = navigation.state !== "idle" ? navigation.formData?.get("id") : null;
  const readOnly = pending.some((r) => !r.canAnswer);
  const declining = useDeclining(pending.filter((r) => r.canAnswer));
  if (pending.length === 0) return null;
  return (
    <section className="card p-3 sm:p-4" aria-labelledby="team-pending-title" data-testid="team-pending">
      <h2 id="team-pending-title" className="font-semibold">
        Solicitações pendentes ({pending.length})
      </h2>
      {readOnly ? (
        <p className="mt-0.5 text-xs text-slate-600">
          Quem não permitiu que você gerencie a agenda responde às próprias solicitações; aqui elas aparecem só para visualização.
        </p>
      ) : null}
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {pending.map((r) => {
          const who = `${r.customerName}, ${r.dateLabel} às ${r.time}, com ${r.professional}`;
          return (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5 py-2" data-testid="team-pending-request">
              <span className="flex flex-wrap gap-x-2">
                <span className="font-semibold tabular-nums">
                  {r.dateLabel} às {r.time}
                </span>
                <span>
                  {r.customerName} · {r.serviceName}
                </span>
                <span className="text-slate-600">com {r.professional}</span>
                {r.rescheduledByCustomer ? (
                  <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900">Remarcado pelo cliente</span>
                ) : null}
                {r.deposit ? <DepositBadge deposit={r.deposit} /> : null}
              </span>
              {r.canAnswer ? (
                <span className="flex gap-2">
                  <AcceptForm id={r.id} date={r.date} time={r.time} intent="accept-request" className="btn-primary px-3 py-1.5" busy={busyId === r.id} label={`Aceitar: ${who}`} />
                  <DeclineLink id={r.id} className="btn-secondary px-3 py-1.5" label={`Recusar: ${who}`} />
                </span>
              ) : (
                <span className="text-xs text-slate-500" data-testid="team-pending-read-only">
                  Somente visualização
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <DeclineDialog request={declining && { ...declining, when: `${declining.dateLabel} às ${declining.time}, com ${declining.professional}` }} intent="decline-request" />
    </section>
  );
}
