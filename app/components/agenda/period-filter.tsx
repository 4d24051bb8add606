import { Form, useSubmit } from "react-router";
import { PERIODS, type Period } from "../../domain/periods";
import { FieldError } from "../forms";

/**
 * The period filter: a GET form, so it works without JavaScript. The custom dates show as
 * soon as 'Personalizado' is picked (CSS :has, no script needed); with JavaScript the other
 * periods apply on change.
 */
export function PeriodFilter({
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
  const submit = useSubmit();
  return (
    <Form
      method="get"
      action="/agenda"
      className="group/filter card flex flex-col gap-3 p-4 sm:flex-row sm:flex-wrap sm:items-end"
      aria-label="Filtrar por período"
    >
      <div className="sm:w-56">
        <label htmlFor="periodo" className="label">
          Período
        </label>
        <select
          id="periodo"
          name="periodo"
          defaultValue={period}
          className="input"
          onChange={(e) => {
            if (e.currentTarget.value !== "customizado") {
              submit(e.currentTarget.form, { preventScrollReset: true });
            }
          }}
        >
          {PERIODS.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      <fieldset
        className={`${period === "customizado" ? "flex" : "hidden"} min-w-0 gap-3 group-has-[option[value=customizado]:checked]/filter:flex`}
      >
        <legend className="sr-only">Período personalizado</legend>
        <div className="min-w-0 flex-1 sm:w-44 sm:flex-none">
          <label htmlFor="de" className="label">
            De
          </label>
          <input
            id="de"
            name="de"
            type="date"
            defaultValue={de}
            className="input min-w-0"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "periodo-error" : undefined}
          />
        </div>
        <div className="min-w-0 flex-1 sm:w-44 sm:flex-none">
          <label htmlFor="ate" className="label">
            Até
          </label>
          <input
            id="ate"
            name="ate"
            type="date"
            defaultValue={ate}
            className="input min-w-0"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "periodo-error" : undefined}
          />
        </div>
      </fieldset>
      <button type="submit" className="btn-secondary sm:self-end">
        Filtrar
      </button>
      {error ? (
        <div className="sm:basis-full">
          <FieldError id="periodo-error" errors={[error]} />
        </div>
      ) : null}
    </Form>
  );
}
