import { Form, Link } from "react-router";
import { REPORT_PERIODS } from "../../domain/metrics/metrics";
import { STATUS_LABELS } from "../../domain/appointments/statuses";
import { PeriodError, PeriodFilter } from "../period-filter";
import type { ReportData } from "./types";

/**
 * The advanced filter: a GET form, so it works without JavaScript and the URL can be shared.
 * It folds away in a <details> (toggles without JavaScript too) and opens by itself when a
 * filter other than the default is on, or when the dates need fixing. The period fields are
 * the shared PeriodFilter's; a period applies with 'Aplicar', not on change.
 */
export function ReportFilter({ params, services, figures = null }: Pick<ReportData, "params" | "services"> & { figures?: { name: string; value: string } | null }) {
  const { period } = params;
  const error = period.error;
  const active = period.period !== "este-mes" || params.service !== "todos" || params.status !== "todos";
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
        {figures ? <input type="hidden" name={figures.name} value={figures.value} /> : null}
        <PeriodFilter
          periods={REPORT_PERIODS}
          period={period.period}
          de={period.de}
          ate={period.ate}
          error={error}
          layout="grid"
        />
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
        <PeriodError error={error} className="sm:col-span-2 lg:col-span-4" />
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
