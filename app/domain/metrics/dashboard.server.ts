// The dashboard's data: its reads (dashboard-queries.server.ts) added to the page's batch, and
// the figures they give, as insights.ts expects them. For an owner who chose 'Salão'
// (docs/decisions/1050) the cards and the month's summary add up the salon, read in the same
// batch; the tips, the lists and the names stay hers.
import type { AppointmentStatus } from "../../../db/schema";
import type { CurrentUser } from "../accounts/access.server";
import { ReadBatch, type Db } from "../../utils/db.server";
import { revenueOf } from "../cash/revenue.server";
import type { ClientFigures, ClientTotals, DashboardTotals } from "./dashboard-figures";
import type { FigureScope } from "../salon";
import {
  birthdaysQuery,
  clientFiguresQuery,
  clientTotalsQuery,
  dashboardClock,
  figuresFrom,
  flagsQuery,
  lastCreatedQuery,
  moneyTotalsQuery,
  linkedOwnerQuery,
  pick,
  recentQuery,
  salonMonthClientsQuery,
  topServiceQuery,
  totalsQuery,
  weekdayRevenueQuery,
  type DashboardClock,
} from "./dashboard-queries.server";

export type RecentAppointment = {
  id: string;
  date: string;
  startMinute: number;
  status: AppointmentStatus;
  serviceName: string;
  clientName: string | null;
};

/**
 * Everything the dashboard needs beyond the setup steps, added to a page's batch of reads: the
 * returned getter answers once the batch has run (one round trip with the page's other reads).
 */
export function dashboardReads(reads: ReadBatch, db: Db, user: Pick<CurrentUser, "id" | "email" | "profile">, now = new Date(), scope?: FigureScope) {
  const clock = dashboardClock(user.profile.timeZone, now);
  const salon = scope?.salon ? salonReads(reads, db, scope, clock) : null;
  const queries = {
    totals: reads.add(totalsQuery(db, user.id, clock)),
    money: reads.add(moneyTotalsQuery(db, user.id, clock)),
    clients: reads.add(clientTotalsQuery(db, user.id, clock)),
    figures: reads.add(clientFiguresQuery(db, user.id, clock)),
    last: reads.add(lastCreatedQuery(db, user.id)),
    weekdays: reads.add(weekdayRevenueQuery(db, user.id, clock)),
    top: reads.add(topServiceQuery(db, user.id, clock)),
    recent: reads.add(recentQuery(db, user.id)),
    owner: reads.add(linkedOwnerQuery(db, user)),
    flags: reads.add(flagsQuery(db, user.id)),
    birthdays: reads.add(birthdaysQuery(db, user.id, clock)),
  };
  return () => withShown(dashboardData(clock, now, {
    totalsRows: queries.totals(),
    moneyRows: queries.money(),
    clientRows: queries.clients(),
    figures: queries.figures(),
    last: queries.last(),
    weekdays: queries.weekdays(),
    top: queries.top(),
    recent: queries.recent(),
    owner: queries.owner(),
    flags: queries.flags(),
    birthdays: queries.birthdays(),
  }), salon?.());
}

/** The salon's cards and summary: its totals, its clients (counts) and the month's visiting clients. */
function salonReads(reads: ReadBatch, db: Db, scope: FigureScope, clock: DashboardClock) {
  const totals = reads.add(totalsQuery(db, scope, clock));
  const money = reads.add(moneyTotalsQuery(db, scope, clock));
  const clients = reads.add(clientTotalsQuery(db, scope, clock));
  const month = reads.add(salonMonthClientsQuery(db, scope, clock));
  return () => {
    const [m] = month();
    return { totals: totalsOf({ ...totals()[0], ...money()[0] }), clientTotals: clientTotalsOf(clients()[0]), month: { clients: Number(m?.visited ?? 0), returning: Number(m?.recurring ?? 0) } };
  };
}

type Shown = { totals: DashboardTotals; clientTotals: ClientTotals; month: ClientFigures["month"] };

/** What the cards and the month's summary show: the salon's when asked, else hers. */
function withShown<D extends { totals: DashboardTotals; clientTotals: ClientTotals; clientFigures: ClientFigures }>(data: D, salon: Shown | undefined) {
  return { ...data, shown: salon ?? { totals: data.totals, clientTotals: data.clientTotals, month: data.clientFigures.month } };
}

function totalsOf(row: Record<string, number> | undefined): DashboardTotals {
  return {
    today: pick(row, "today"),
    yesterday: pick(row, "yesterday"),
    current: pick(row, "current"),
    previous: pick(row, "previous"),
    monthAppointments: pick(row, "month").appointments,
    monthExpectedCents: pick(row, "ahead").expectedCents,
  };
}

function clientTotalsOf(c: Rows<typeof clientTotalsQuery>[number] | undefined): ClientTotals {
  return { total: c?.total ?? 0, newThisMonth: c?.newThisMonth ?? 0 };
}

/** The dashboard's figures on their own, in one round trip. */
export async function loadDashboardData(db: Db, user: Pick<CurrentUser, "id" | "email" | "profile">, now = new Date()) {
  const reads = new ReadBatch();
  const data = dashboardReads(reads, db, user, now);
  await reads.run(db);
  return data();
}

type Rows<F extends (...args: never[]) => PromiseLike<unknown>> = Awaited<ReturnType<F>>;

function dashboardData(
  clock: DashboardClock,
  now: Date,
  { totalsRows, moneyRows, clientRows, figures, last, weekdays, top, recent, owner, flags, birthdays }: {
    totalsRows: Rows<typeof totalsQuery>;
    moneyRows: Rows<typeof moneyTotalsQuery>;
    clientRows: Rows<typeof clientTotalsQuery>;
    figures: Rows<typeof clientFiguresQuery>;
    last: Rows<typeof lastCreatedQuery>;
    weekdays: Rows<typeof weekdayRevenueQuery>;
    top: Rows<typeof topServiceQuery>;
    recent: Rows<typeof recentQuery>;
    owner: Rows<typeof linkedOwnerQuery>;
    flags: Rows<typeof flagsQuery>;
    birthdays: Rows<typeof birthdaysQuery>;
  },
) {
  const totals = totalsOf({ ...totalsRows[0], ...moneyRows[0] });
  const clientTotals = clientTotalsOf(clientRows[0]);
  const clientFigures = figuresFrom(figures);
  const weekdayRevenueCents = Array.from({ length: 7 }, () => 0);
  for (const w of weekdays) if (w.weekday >= 0 && w.weekday <= 6) weekdayRevenueCents[w.weekday] = revenueOf(w).revenueCents;
  return {
    clock,
    totals,
    clientTotals,
    clientFigures,
    lastCreatedAt: last[0]?.createdAt ?? null,
    weekdayRevenueCents,
    topService: top[0] ? { name: top[0].name, sales: Number(top[0].sales), revenueCents: Number(top[0].revenueCents) } : null,
    recent: recent as RecentAppointment[],
    linkedOwner: owner[0] ?? null,
    flags: flags[0] ?? { setupCompletedAt: null, guideSeenAt: null, tutorialSteps: "[]", createdAt: now },
    birthdays,
  };
}
