import { Form, Link } from "react-router";
import type { StatusView } from "./status-view";

// What the customer can do with a booking: add it to (or remove it from) their calendar, talk to
// the professional, and until the cut-off 'Remarcar' and 'Cancelar' (asking first: ?cancelar=1,
// the question where it was asked, with what becomes of the deposit); past it, the page says so.

/** Where 'Cancelar agendamento' lands (its question) and where 'Não, manter' goes back to: with JavaScript or without, a fragment. */
const CANCEL_ANCHOR = "cancelar";
const CHANGES_ANCHOR = "alterar";

/** `confirming`: 'Cancelar' was pressed once (?cancelar=1); `refused`: the action's refusal is shown above. */
export function ChangeCard({ view: d, token, confirming, refused }: { view: StatusView; token: string; confirming: boolean; refused: boolean }) {
  const bookAgain = d.status === "cancelled" || d.status === "declined";
  return (
    <section className="card scroll-mt-3 space-y-3" id={CHANGES_ANCHOR}>
      {d.status === "pending" || d.status === "accepted" ? (
        <a href={`/agendamento/reserva/${token}/ics`} className="btn-secondary w-full" download>
          Adicionar ao calendário (.ics)
        </a>
      ) : (
        // The same event as a cancellation: a calendar that holds it removes it.
        <a href={`/agendamento/reserva/${token}/ics`} className="btn-secondary w-full" download>
          Remover do calendário (.ics)
        </a>
      )}
      {d.whatsapp ? (
        <a href={d.whatsapp} className="btn-primary w-full" target="_blank" rel="noopener">
          Falar com o profissional no WhatsApp
        </a>
      ) : null}
      {d.canChange ? (
        <>
          <p className="text-center text-sm text-slate-600" data-testid="change-until">
            Você pode {d.movesUsedUp ? "cancelar" : "remarcar ou cancelar"} por aqui {d.changeUntil}.
          </p>
          {d.movesUsedUp ? (
            refused ? null : (
              <p className="rounded-lg bg-slate-50 p-3 text-center text-sm text-slate-700" data-testid="moves-used-up">
                {d.movesUsedUp}
              </p>
            )
          ) : (
            <Link to={d.rescheduleHref} className="btn-secondary w-full">
              Remarcar
            </Link>
          )}
          {confirming ? (
            // The page opens on the question itself (#cancelar), where 'Cancelar agendamento' was tapped.
            <Form
              method="post"
              id={CANCEL_ANCHOR}
              className="scroll-mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-center"
              aria-labelledby="cancel-question"
            >
              <p id="cancel-question" className="font-semibold text-red-900">
                Cancelar {d.serviceName} em {d.date} às {d.time}?
              </p>
              <p className="mt-1 text-sm text-red-900" data-testid="cancel-consequence">
                O horário fica livre para outra pessoa.{d.cancelDeposit ? ` ${d.cancelDeposit}` : ""}
              </p>
              {/* One under the other on a phone (each label on one line), side by side from sm. */}
              <div className="mt-3 grid gap-2 sm:flex sm:justify-center">
                <Link to={`?#${CHANGES_ANCHOR}`} className="btn-secondary" replace>
                  Não, manter
                </Link>
                <button type="submit" name="intent" value="cancel" className="btn-danger">
                  Sim, cancelar
                </button>
              </div>
            </Form>
          ) : (
            <Link to={`?cancelar=1#${CANCEL_ANCHOR}`} className="btn-secondary w-full text-red-700" replace>
              Cancelar agendamento
            </Link>
          )}
        </>
      ) : d.pastCutoff && !refused ? (
        <p className="rounded-lg bg-slate-50 p-3 text-center text-sm text-slate-700" data-testid="past-cutoff">
          {d.pastCutoff}
        </p>
      ) : null}
      {bookAgain ? null : (
        <Link to={d.bookingPath} className="btn-link block text-center">
          Fazer outro agendamento
        </Link>
      )}
    </section>
  );
}
