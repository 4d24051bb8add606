// `npm run bench:load`'s last check: no double booking of the bench professional, read from the
// database after the load (the server stopped). Usage alone:
//   npx tsx scripts/load-check.ts [DATABASE_URL] [SINCE_MS]
// (default file:data/load/load.db, the bench professional, requests made in the last 6 hours).
import { createClient } from "@libsql/client";
import { minutesToTime } from "../app/domain/dates";
import { BENCH_EMAIL } from "./bench";

/**
 * Overlaps on the dates of the booking requests made since `since` (ms: the load's start). The
 * seed's own history has requests too (the deposits of scripts/bench-cash.ts, made a day before
 * their appointments, long past): they are history, not the load's bookings.
 */
export async function checkDoubleBookings(url: string, userId: string, since: number) {
  const client = createClient({ url });
  // Busy time as the app sees it: non-cancelled appointments and pending requests, on every date
  // that has a booking request of the load. The seed's own appointments overlap each other by
  // design (a busy history), so a pair counts when at least one side comes from the load.
  const busy = `
    with load_requests as (select id, date from booking_requests where professional_id = :u and created_at >= :since),
    booked_dates as (select distinct date from load_requests),
    busy as (
      select 'appointment ' || id as id, date, start_minute as s, start_minute + duration_minutes as e,
             booking_request_id in (select id from load_requests) as from_page
        from appointments where user_id = :u and status <> 'cancelled' and date in (select date from booked_dates)
      union all
      select 'request ' || id, date, start_minute, start_minute + duration_minutes, 1
        from booking_requests where professional_id = :u and status = 'pending'
    )`;
  const pairs = await client.execute({
    sql: `${busy}
      select a.id as a, b.id as b, a.date as date, a.s as as_, a.e as ae, b.s as bs, b.e as be
        from busy a join busy b on a.date = b.date and a.id < b.id and a.s < b.e and b.s < a.e
       where a.from_page or b.from_page`,
    args: { u: userId, since },
  });
  const counts = await client.execute({
    sql: `${busy}
      select (select count(*) from booking_requests where professional_id = :u and status = 'pending') as pending,
             (select count(*) from busy where id like 'appointment %') as appointments,
             (select count(*) from booked_dates) as dates`,
    args: { u: userId, since },
  });
  client.close();
  const row = counts.rows[0]!;
  return {
    pairs: pairs.rows.length,
    examples: pairs.rows
      .slice(0, 5)
      .map((r) => `${r.date}: ${r.a} [${minutesToTime(Number(r.as_))}-${minutesToTime(Number(r.ae))}) and ${r.b} [${minutesToTime(Number(r.bs))}-${minutesToTime(Number(r.be))})`),
    pending: Number(row.pending),
    appointments: Number(row.appointments),
    dates: Number(row.dates),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2] ?? `file:${new URL("../data/load/load.db", import.meta.url).pathname}`;
  const client = createClient({ url });
  const user = await client.execute({ sql: "select id from users where email = ?", args: [BENCH_EMAIL] });
  client.close();
  const since = Number(process.argv[3] ?? Date.now() - 6 * 3_600_000);
  const result = await checkDoubleBookings(url, String(user.rows[0]?.id), since);
  console.log(`${result.pairs} overlapping pairs among ${result.pending} pending requests and ${result.appointments} appointments on ${result.dates} dates`);
  for (const e of result.examples) console.log(`  ${e}`);
  process.exit(result.pairs === 0 ? 0 : 1);
}
