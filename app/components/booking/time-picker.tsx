import { Form } from "react-router";
import { formatDate } from "../../domain/dates";

// The customer's date and time choice, as plain GET forms (the state lives in the URL, so every
// step works without JavaScript): the booking page's step 2 and the status page's 'Remarcar'.
// With JavaScript, the page's inline script (routes/booking.enhance.ts) submits a chosen date at
// once (`data-submit-on-change`) and keeps Continuar disabled until a time is chosen
// (`data-choose`).

/** A date and its free times, as the customer may choose them. */
export type DayChoice = {
  /** The date shown, when it is one the customer may choose. */
  date: string | null;
  /** The date asked for in the URL (shown as out of range when `date` is null). */
  dateRequested: string;
  today: string;
  maxDate: string;
  times: string[];
  /** Closed all day ('Folgas e bloqueios'), with its public reason. */
  closed: { reason: string | null } | null;
};

type Props = DayChoice & {
  /** The URL state to keep in both forms (e.g. the service, or the reschedule step). */
  hidden: Record<string, string>;
  /** A message above the times: the time chosen is no longer free. */
  error?: string | null;
  /** The time to show chosen (going back to the grid from a later step). */
  chosen?: string | null;
};

export function TimePicker({ hidden, date, dateRequested, today, maxDate, times, closed, error, chosen }: Props) {
  const keep = Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
  return (
    <>
      <Form method="get" className="flex items-end gap-2">
        {keep}
        <div className="flex-1">
          <label htmlFor="data" className="label">
            Data
          </label>
          <input
            id="data"
            type="date"
            name="data"
            required
            min={today}
            max={maxDate}
            defaultValue={date ?? ""}
            className="input"
            data-submit-on-change
          />
        </div>
        <button type="submit" className="btn-secondary">
          Ver horários
        </button>
      </Form>
      {dateRequested && !date ? (
        <p className="field-error" role="alert">
          Escolha uma data entre hoje e {formatDate(maxDate, true)}.
        </p>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {!date ? (
        <p className="rounded-lg bg-slate-50 p-4 text-center text-sm text-slate-600">Selecione uma data primeiro</p>
      ) : closed ? (
        <div className="rounded-lg bg-slate-50 p-4 text-center" data-testid="closed-day">
          <p className="font-medium">Fechado neste dia{closed.reason ? ` (${closed.reason})` : ""}</p>
          <p className="text-sm text-slate-600">Tente selecionar outra data</p>
        </div>
      ) : times.length === 0 ? (
        <div className="rounded-lg bg-slate-50 p-4 text-center">
          <p className="font-medium">Nenhum horário disponível para esta data</p>
          <p className="text-sm text-slate-600">Tente selecionar outra data</p>
        </div>
      ) : (
        <Form method="get" data-choose>
          {keep}
          <input type="hidden" name="data" value={date} />
          <fieldset>
            <legend className="label">Horários disponíveis</legend>
            <div className="grid grid-cols-4 gap-2">
              {times.map((time) => (
                <label
                  key={time}
                  className="flex cursor-pointer items-center justify-center rounded-lg border border-slate-300 py-2 text-sm font-medium has-checked:border-brand has-checked:bg-brand has-checked:text-white"
                >
                  <input type="radio" name="horario" value={time} required defaultChecked={time === chosen} className="sr-only" />
                  {time}
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className="btn-primary mt-4 w-full py-3 text-base">
            Continuar
          </button>
        </Form>
      )}
    </>
  );
}
