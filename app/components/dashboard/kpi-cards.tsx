import type { Kpi } from "../../domain/metrics/dashboard-figures";
import type { Variation } from "../../domain/metrics/metrics";

const TREND = {
  up: { icon: "▲", className: "text-emerald-700" },
  down: { icon: "▼", className: "text-red-700" },
  flat: { icon: "■", className: "text-slate-500" },
  none: { icon: "", className: "text-slate-500" },
} as const;

export function VariationText({ variation, testId }: { variation: Variation; testId?: string }) {
  const trend = TREND[variation.trend];
  return (
    <p className={`text-xs font-medium sm:text-sm ${trend.className}`} data-testid={testId}>
      {trend.icon ? (
        <span aria-hidden className="mr-1 text-[0.65rem]">
          {trend.icon}
        </span>
      ) : null}
      {variation.label}
    </p>
  );
}

/** Revenue today, appointments today, total clients and monthly revenue, each with a real variation. */
export function KpiCards({ kpis }: { kpis: Kpi[] }) {
  return (
    <section aria-label="Indicadores" className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
      {kpis.map((kpi) => (
        <div key={kpi.key} className="card min-w-0 p-3 sm:p-4" data-testid={`kpi-${kpi.key}`}>
          <p className="text-xs font-medium text-slate-600 sm:text-sm">{kpi.title}</p>
          <p className="mt-1 truncate text-lg font-bold tabular-nums sm:text-2xl" data-testid="kpi-value">
            {kpi.value}
          </p>
          <VariationText variation={kpi.variation} testId="kpi-variation" />
          <p className="mt-0.5 text-xs text-slate-500">{kpi.detail}</p>
        </div>
      ))}
    </section>
  );
}
