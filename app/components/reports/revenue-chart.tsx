import { Link } from "react-router";
import { barPercent, CHART_MONTH_CHOICES, type ChartMonths } from "../../domain/metrics/metrics";
import { formatMoney } from "../../domain/money";
import { ReportSection } from "./section";
import type { Report } from "./types";

const ROW = 32;
const BAR = 16;
// Columns in % of the chart's width: month label, bar area, value (right aligned).
const BAR_X = 18;
const BAR_W = 50;

/**
 * Revenue by month as server-rendered SVG bars, one row per month (reads well on a phone).
 * Any month above zero gets at least 5% of the longest bar; a month at zero shows R$ 0,00.
 * Screen readers get the summary in aria-label and every figure in a visually hidden table;
 * each bar has its own <title> (a tooltip on hover).
 */
export function RevenueChart({
  chart,
  months,
  hrefFor,
}: {
  chart: Report["chart"];
  months: ChartMonths;
  hrefFor: (months: ChartMonths) => string;
}) {
  const max = Math.max(0, ...chart.map((m) => m.revenueCents));
  const total = chart.reduce((sum, m) => sum + m.revenueCents, 0);
  const best = max > 0 ? chart.find((m) => m.revenueCents === max) : null;
  const first = chart[0]!;
  const last = chart.at(-1)!;
  const summary =
    `Receita por mês, de ${first.long} a ${last.long}: total ${formatMoney(total)}.` +
    (best ? ` Maior mês: ${best.long}, ${formatMoney(best.revenueCents)}.` : " Nenhuma receita no intervalo.");
  return (
    <ReportSection
      id="evolucao"
      title="Evolução da receita"
      definition="Atendimentos concluídos por mês, com os filtros de serviço e status. O mês atual vai até hoje."
      actions={<MonthsSwitch months={months} hrefFor={hrefFor} />}
    >
      <svg
        role="img"
        aria-label={summary}
        width="100%"
        height={chart.length * ROW}
        className="block overflow-visible text-xs"
        data-testid="revenue-chart"
      >
        {chart.map((m, i) => (
          <MonthBar key={m.key} month={m} y={i * ROW} pct={barPercent(m.revenueCents, max)} />
        ))}
      </svg>
      <ChartTable chart={chart} />
    </ReportSection>
  );
}

/** '3 meses', '6 meses' or '12 meses': how many months the chart shows. */
function MonthsSwitch({ months, hrefFor }: { months: ChartMonths; hrefFor: (months: ChartMonths) => string }) {
  return (
    <nav aria-label="Meses no gráfico" className="flex rounded-lg border border-slate-300 bg-white p-0.5 text-xs">
      {CHART_MONTH_CHOICES.map((n) => (
        <Link
          key={n}
          to={hrefFor(n)}
          preventScrollReset
          aria-current={n === months ? "true" : undefined}
          className={`rounded-md px-2.5 py-1.5 font-medium ${
            n === months ? "bg-brand text-white" : "text-slate-700 hover:bg-slate-100"
          }`}
        >
          {n} meses
        </Link>
      ))}
    </nav>
  );
}

/** One month's row: its label, its bar over the track, and its revenue. */
function MonthBar({ month, y, pct }: { month: Report["chart"][number]; y: number; pct: number }) {
  return (
    <g data-month={month.key}>
      <title>{`${month.long}: ${formatMoney(month.revenueCents)}`}</title>
      <text x="0" y={y + ROW / 2} dominantBaseline="middle" className="fill-slate-600">
        {month.short}
      </text>
      <rect x={`${BAR_X}%`} y={y + (ROW - BAR) / 2} width={`${BAR_W}%`} height={BAR} rx="4" className="fill-slate-100" />
      {pct > 0 ? (
        <rect
          x={`${BAR_X}%`}
          y={y + (ROW - BAR) / 2}
          width={`${(pct * BAR_W) / 100}%`}
          height={BAR}
          rx="4"
          className="fill-brand"
          data-percent={Math.round(pct)}
        />
      ) : null}
      <text
        x="100%"
        y={y + ROW / 2}
        dominantBaseline="middle"
        textAnchor="end"
        className="fill-slate-900 font-semibold tabular-nums"
      >
        {formatMoney(month.revenueCents)}
      </text>
    </g>
  );
}

/** Every figure for screen readers. */
function ChartTable({ chart }: { chart: Report["chart"] }) {
  return (
    <table className="sr-only">
      <caption>Receita por mês</caption>
      <thead>
        <tr>
          <th scope="col">Mês</th>
          <th scope="col">Receita</th>
        </tr>
      </thead>
      <tbody>
        {chart.map((m) => (
          <tr key={m.key}>
            <th scope="row">{m.long}</th>
            <td>{formatMoney(m.revenueCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
