import type { ChangeEvent } from "react";
import { useSubmit } from "react-router";
import { CUSTOM_PERIOD } from "../domain/periods";
import { FieldError } from "./forms";

const ERROR_ID = "periodo-error";

const LAYOUTS = {
  /** One row from sm up (the agenda). */
  row: { select: "sm:w-56", fieldset: "", date: "min-w-0 flex-1 sm:w-44 sm:flex-none" },
  /** Cells of a grid (the reports' filter). */
  grid: { select: undefined, fieldset: "sm:col-span-2 lg:col-span-1", date: "min-w-0 flex-1" },
} as const;

/**
 * The period select and its custom dates (periodo, de, ate), inside a GET form whose class
 * list has `group/filter`: the dates show as soon as 'Personalizado' is picked (CSS :has, no
 * script needed). With `submitOnChange` and JavaScript, the other periods apply on change.
 * A wrong custom range is told by <PeriodError>, placed where the form's layout wants it.
 */
export function PeriodFilter({
  periods,
  period,
  de,
  ate,
  error,
  layout,
  submitOnChange = false,
}: {
  periods: readonly { value: string; label: string }[];
  period: string;
  de: string;
  ate: string;
  error: string | null;
  layout: keyof typeof LAYOUTS;
  submitOnChange?: boolean;
}) {
  const submit = useSubmit();
  const classes = LAYOUTS[layout];
  const onChange = submitOnChange
    ? (e: ChangeEvent<HTMLSelectElement>) => {
        if (e.currentTarget.value !== CUSTOM_PERIOD) submit(e.currentTarget.form, { preventScrollReset: true });
      }
    : undefined;
  const dateProps = {
    type: "date",
    className: "input min-w-0",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? ERROR_ID : undefined,
  } as const;
  return (
    <>
      <div className={classes.select}>
        <label htmlFor="periodo" className="label">
          Período
        </label>
        <select id="periodo" name="periodo" defaultValue={period} className="input" onChange={onChange}>
          {periods.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      <fieldset
        className={`${period === CUSTOM_PERIOD ? "flex" : "hidden"} min-w-0 gap-3 group-has-[option[value=customizado]:checked]/filter:flex ${classes.fieldset}`.trim()}
      >
        <legend className="sr-only">Período personalizado</legend>
        <div className={classes.date}>
          <label htmlFor="de" className="label">
            De
          </label>
          <input id="de" name="de" defaultValue={de} {...dateProps} />
        </div>
        <div className={classes.date}>
          <label htmlFor="ate" className="label">
            Até
          </label>
          <input id="ate" name="ate" defaultValue={ate} {...dateProps} />
        </div>
      </fieldset>
    </>
  );
}

/** The message of a wrong custom range, which the date fields point to (aria-describedby). */
export function PeriodError({ error, className }: { error: string | null; className: string }) {
  return error ? (
    <div className={className}>
      <FieldError id={ERROR_ID} errors={[error]} />
    </div>
  ) : null;
}
