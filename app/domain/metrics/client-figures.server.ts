// The client figures that the dashboard and Relatórios both show, as SQL written once: the
// period's clients with their visits and whether they are recurring (metrics.ts `isRecurring`),
// and the clients at risk (metrics.ts `isAtRisk`). A visit is a completed appointment
// (docs/decisions/0760). Every statement carries the professional's id.
import { and, eq, lt, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { appointments, cashClosings, clients } from "../../../db/schema";
import type { DateRange } from "../dates";
import { atRiskCutoff, RECURRING_VISITS_ABOVE } from "./metrics";
import { ownClosing, visitRevenueCents } from "../cash/revenue.server";
import { statusIs } from "../status-rules.server";
import { APPOINTMENT_STATUS } from "../status-rules";

const earlier = alias(appointments, "earlier");

/**
 * One row per client of the period (the appointments `where` selects, which holds the
 * professional or the salon, the dates and any filter): `client_id`, `n` appointments, `visits`
 * (completed ones) and `recurring`
 * (1 or 0). Recurring needs more than one visit up to the period's end: with a single visit in the
 * period, at most two earlier visits of the client are looked up on
 * appointments_user_client_metrics_idx (only for those clients).
 */
export function periodClientsSql(range: DateRange, where: SQL): SQL {
  const visits = sql`coalesce(sum(case when ${statusIs(APPOINTMENT_STATUS.completed)} then 1 else 0 end), 0)`;
  // The client's own professional's visits (a client is one professional's: on the salon's figures too).
  const visitsUpToEnd = sql`(select count(*) from (select 1 from ${appointments} as ${sql.identifier("earlier")}
      where ${earlier.userId} = ${appointments.userId} and ${earlier.clientId} = ${appointments.clientId}
        and ${statusIs(APPOINTMENT_STATUS.completed, earlier.status)} and ${earlier.date} <= ${range.to}
      limit ${RECURRING_VISITS_ABOVE + 1}))`;
  return sql`select ${appointments.clientId} as client_id, count(*) as n,
      ${visits} as visits,
      case when ${visits} = 0 then 0
        when ${visits} > ${RECURRING_VISITS_ABOVE} then 1
        else ${visitsUpToEnd} > ${RECURRING_VISITS_ABOVE} end as recurring
    from ${appointments}
    where ${where} and ${appointments.clientId} is not null
    group by ${appointments.clientId}`;
}

/**
 * What one client (the row of `clients` in the outer statement) brought in the appointments
 * `where` selects: received.ts's `visitCents` of each completed one, its closing by its own
 * professional joined. A correlated subquery, so that a list of a few clients (Relatórios'
 * 'Clientes VIP') joins the closings of those clients only, not of the whole period.
 */
export function clientSpentSql(where: SQL): SQL {
  // The client's appointments on (user_id, client_id, ...): left to itself, SQLite starts from the
  // period's dates and reads the whole period once per client.
  return sql`(select coalesce(sum(${visitRevenueCents}), 0) from ${appointments} indexed by appointments_user_client_metrics_idx
    left join ${cashClosings} on ${ownClosing}
    where ${appointments.userId} = ${clients.userId} and ${appointments.clientId} = ${clients.id} and ${where})`;
}

/** Over `per_client` (a CTE of periodClientsSql): clients, those who visited, the recurring ones. */
export const PERIOD_CLIENT_TOTALS = sql.raw(
  "count(*) as clients, coalesce(sum(visits > 0), 0) as visited, coalesce(sum(recurring), 0) as recurring",
);

/**
 * The clients at risk, from the figures kept on each client (migration figures_visits): last visit
 * before the cutoff and nothing booked from today on (the latest non-cancelled appointment is
 * before today). Read FROM `AT_RISK_CLIENTS`: the index holds every column of the rule (and the
 * amount spent), so a count never opens a client's row and a list in last-visit order stops early.
 */
export function atRiskClient(userId: string, today: string): SQL {
  return and(
    eq(clients.userId, userId),
    lt(clients.lastVisitDate, atRiskCutoff(today)),
    lt(clients.lastAppointmentDate, today),
  )!;
}
export const AT_RISK_CLIENTS = sql`${clients} indexed by clients_user_last_visit_idx`;
