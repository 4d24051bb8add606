import { Form, Link } from "react-router";
import { REPORT_PERIODS } from "../../domain/metrics/metrics";
import { STATUS_LABELS } from "../../domain/appointments/statuses";
import { FieldError } from "../forms";
import type { ReportData } from "./types";

/**
 * The advanced filter: a GET form, so it works without JavaScript and the URL can be shared.
 * It folds away in a <details> (toggles without JavaScript too) and opens by itself when a
 * filter other than the default is on, or when the dates need fixing. The custom dates show
 * as soon as 'Personalizado' is picked (CSS :has, no script needed).
 */
export function ReportFilter({ params, services }: Pick<ReportData, "params" | "services">) {
  const { period } = params;
  const error = period.error;
  const custom = period.period === "customizado";
  const active = period.period !== "este-mes" || params.service !== "todos" || params.status !== "todos";
  const dateProps = {
    type: "date",
    className: "input min-w-0",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? "periodo-error" : undefined,
  } as const;
  return (
    <details open={active || !!error} className="card group/details p-0">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-4 py-3 text-sm font-semibold [&::-webkit-details-marker]:hidden">
        <span>Filtros avançados</span>
        <span aria-hidden className="text-slate-500 transition group-open/details:rotate-180">
          ▾
        </span>
      </summary>
      <Form
        method="get"
        action="/relatorios"
        className="group/filter grid gap-3 border-t border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
        aria-label="Filtrar relatórios"
      >
        <input type="hidden" name="meses" value={params.months} />
        <div>
          <label htmlFor="periodo" className="label">
            Período
          </label>
          <select id="periodo" name="periodo" defaultValue={period.period} className="input">
            {REPORT_PERIODS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
        <fieldset
          className={`${custom ? "flex" : "hidden"} min-w-0 gap-3 group-has-[option[value=customizado]:checked]/filter:flex sm:col-span-2 lg:col-span-1`}
        >
          <legend className="sr-only">Período personalizado</legend>
          <div className="min-w-0 flex-1">
            <label htmlFor="de" className="label">
              De
            </label>
            <input id="de" name="de" defaultValue={period.de} {...dateProps} />
          </div>
          <div className="min-w-0 flex-1">
            <label htmlFor="ate" className="label">
              Até
            </label>
            <input id="ate" name="ate" defaultValue={period.ate} {...dateProps} />
          </div>
        </fieldset>
        <div>
          <label htmlFor="servico" className="label">
            Serviço
          </label>
          <select id="servico" name="servico" defaultValue={params.service} className="input">
            <option value="todos">Todos os serviços</option>
            {services.map((s) => (
              <option key={s.id} value={s.id}>
                {s.isActive ? s.name : `${s.name} (inativo)`}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="status" className="label">
            Status
          </label>
          <select id="status" name="status" defaultValue={params.status} className="input">
            <option value="todos">Todos (sem cancelados)</option>
            {Object.entries(STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {error ? (
          <div className="sm:col-span-2 lg:col-span-4">
            <FieldError id="periodo-error" errors={[error]} />
          </div>
        ) : null}
        <div className="flex gap-2 sm:col-span-2 lg:col-span-4">
          <button type="submit" className="btn-primary flex-1 sm:flex-none">
            Aplicar
          </button>
          <Link to="/relatorios" className="btn-secondary flex-1 sm:flex-none">
            Limpar
          </Link>
        </div>
      </Form>
    </details>
  );
}
