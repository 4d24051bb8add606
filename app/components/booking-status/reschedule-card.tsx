import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { RESCHEDULE_REFUSED } from "../../domain/booking-requests/customer-changes";
import { formatDate } from "../../domain/dates";
import { TimePicker } from "../booking/time-picker";
import type { RescheduleView, StatusView } from "./status-view";

// 'Remarcar' on the customer's status page: a date, its free times for the same service, then
// the new time to confirm (each step a plain GET, the move a POST).

/**
 * `refused`: the action's refusal is shown above (not twice); `enhancement`: the booking page's
 * small script, with the date picker (a chosen date shows its times at once, Continuar waits for
 * a time).
 */
export function RescheduleCard({ view: d, reschedule: r, refused, enhancement }: { view: StatusView; reschedule: RescheduleView; refused: boolean; enhancement: ReactNode }) {
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
          {enhancement}
        </>
      )}
    </section>
  );
}
