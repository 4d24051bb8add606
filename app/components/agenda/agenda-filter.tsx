import { Form } from "react-router";
import { PERIODS, type Period } from "../../domain/periods";
import { PeriodError, PeriodFilter } from "../period-filter";

/**
 * The agenda's filter: a GET form, so it works without JavaScript; 'Filtrar' sends it, and
 * with JavaScript the periods other than 'Personalizado' apply on change.
 */
export function AgendaFilter({
  period,
  de,
  ate,
  error,
}: {
  period: Period;
  de: string;
  ate: string;
  error: string | null;
}) {
  return (
    <Form
      method="get"
      action="/agenda"
      className="group/filter card flex flex-col gap-3 p-4 sm:flex-row sm:flex-wrap sm:items-end"
      aria-label="Filtrar por período"
    >
      {/* The filter belongs to the list: sending it keeps (and remembers) the 'Lista' view. */}
      <input type="hidden" name="vista" value="lista" />
      <PeriodFilter periods={PERIODS} period={period} de={de} ate={ate} error={error} layout="row" submitOnChange />
      <button type="submit" className="btn-secondary sm:self-end">
        Filtrar
      </button>
      <PeriodError error={error} className="sm:basis-full" />
    </Form>
  );
}
