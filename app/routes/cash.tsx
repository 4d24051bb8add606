import { Form, useLoaderData } from "react-router";
import type { Route } from "./+types/cash";
import { PeriodError, PeriodFilter } from "../components/period-filter";
import { ByMethod, CashTotals, ItemsSold, PendingPayments } from "../components/cash/cash-summary";
import { ClosingsList } from "../components/cash/closings-list";
import { requireUser } from "./workspace.server";
import { getDb } from "../utils/db.server";
import { cashDay } from "../domain/cash/day.server";
import { cashPeriod, CASH_PERIOD_RULES } from "../domain/cash/period";
import { formatDate } from "../domain/dates";
import { FIGURES_PARAM } from "../domain/salon";
import { FiguresSwitch } from "../components/figures-switch";
import { rememberFigures, resolveFigures } from "./shared/figures.server";

export const meta: Route.MetaFunction = () => [{ title: "Caixa — Agendo" }];

/** 'Meu' or 'Salão' chosen in the address is remembered on this device (docs/decisions/1050). */
export const middleware: Route.MiddlewareFunction[] = [rememberFigures];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const url = new URL(request.url);
  const { today, period } = cashPeriod(url.searchParams, user.profile.timeZone);
  const figures = await resolveFigures(request, user);
  const day = period.range ? await cashDay(getDb(context), figures.scope, period.range, today, user.profile.timeZone) : null;
  // The CSV is of what the screen shows, whatever the device remembers by then.
  const exportQuery = new URLSearchParams(url.search);
  if (figures.choice) exportQuery.set(FIGURES_PARAM, figures.choice);
  const query = exportQuery.toString();
  return { period, day, query: query ? `?${query}` : "", figures: figures.view };
}

function rangeLabel(range: { from: string; to: string }) {
  return range.from === range.to ? formatDate(range.from, true) : `${formatDate(range.from, true)} a ${formatDate(range.to, true)}`;
}

/** 'Caixa': what the day (or period) brought, phone first (docs/decisions/0903), hers or the salon's (1050). */
export default function Cash() {
  const { period, day, query, figures } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <header className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">{figures?.choice === "salao" ? "Caixa do salão" : "Caixa"}</h1>
          {period.range ? <p className="text-slate-600">{rangeLabel(period.range)}</p> : null}
        </div>
        {period.range ? (
          <a href={`/caixa/exportar${query}`} className="btn-secondary" download>
            Exportar CSV
          </a>
        ) : null}
      </header>
      {figures ? <FiguresSwitch view={figures} /> : null}
      {day ? <CashTotals day={day} /> : null}
      <Form method="get" className="group/filter card flex flex-col gap-3 p-4 sm:flex-row sm:items-end">
        {figures ? <input type="hidden" name={FIGURES_PARAM} value={figures.choice} /> : null}
        <PeriodFilter periods={CASH_PERIOD_RULES.periods} period={period.period} de={period.de} ate={period.ate} error={period.error} layout="row" submitOnChange />
        <button type="submit" className="btn-secondary">Ver</button>
        <PeriodError error={period.error} className="sm:basis-full" />
      </Form>
      {day ? (
        <>
          <ByMethod day={day} />
          <ClosingsList closings={day.closings} total={day.services} showDate={period.range!.from !== period.range!.to} back={`/caixa${query}`} />
          <PendingPayments pending={day.pending} />
          <ItemsSold items={day.items} />
        </>
      ) : null}
    </div>
  );
}
