import { Link, useLocation } from "react-router";
import type { BillingPeriod } from "../../domain/billing/plans";
import { YEARLY_DISCOUNT_LABEL } from "../../domain/billing/plans";

/**
 * Mensal / Anual as two links (`?periodo=anual`): the choice lives in the URL, so it works
 * without JavaScript and survives a reload.
 */
export function PeriodToggle({ period }: { period: BillingPeriod }) {
  const { pathname } = useLocation();
  const options = [
    { value: "monthly" as const, label: "Mensal", to: pathname },
    { value: "yearly" as const, label: "Anual", to: `${pathname}?periodo=anual` },
  ];
  return (
    <nav aria-label="Período de cobrança" className="inline-flex rounded-full border border-slate-300 bg-white p-1">
      {options.map((o) => {
        const current = o.value === period;
        return (
          <Link
            key={o.value}
            to={o.to}
            replace
            preventScrollReset
            aria-current={current ? "page" : undefined}
            className={`flex items-center gap-2 rounded-full px-4 py-1.5 text-sm font-semibold ${
              current ? "bg-brand text-white" : "text-slate-700 hover:bg-slate-100"
            }`}
          >
            {o.label}
            {o.value === "yearly" ? (
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-bold ${
                  current ? "bg-white text-brand" : "bg-emerald-100 text-emerald-800"
                }`}
              >
                {YEARLY_DISCOUNT_LABEL}
              </span>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}
