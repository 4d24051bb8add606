// The bench's Caixa (issue 22): every completed appointment of the heavy tenant closed with its
// payments, in bulk SQL (a product on every 5th, a discount on every 7th, a tip on every 3rd, Pix,
// Dinheiro, cards and a split Pix + Dinheiro on every 4th), and a deposit marked on the request of
// every 10th (returned on every 100th). Runs once per bench database: on a cached database seeded
// before the Caixa existed it adds what is missing.
import { sql } from "drizzle-orm";
import type { Db } from "../app/utils/db.server";

export async function seedCash(db: Db, userId: string) {
  const [{ n } = { n: 0 }] = await db.all<{ n: number }>(sql`select count(*) as n from cash_closings where user_id = ${userId}`);
  if (Number(n) > 0) return 0;
  const now = Date.now();
  // A day's noon in UTC, a day before the appointment: when its deposit was marked.
  const dayBefore = sql.raw(`cast((julianday(a.date) - 2440588.5) * 86400000 as integer) - 43200000`);
  const due = sql.raw(`c.subtotal_cents - c.discount_cents - c.deposit_cents + c.tip_cents`);
  const statements = [
    sql`insert into booking_requests (id, professional_id, service_id, service_name, customer_name, customer_phone, date, start_minute, duration_minutes, price_cents, status, deposit_cents, deposit_method, deposit_received_at, deposit_refunded_at, created_at, updated_at)
      select lower(hex(randomblob(16))), a.user_id, a.service_id, a.service_name, 'Cliente Bench', '11999990000', a.date, a.start_minute, a.duration_minutes, a.price_cents, 'accepted', 1500, 'pix', ${dayBefore},
        case when a.rowid % 100 = 0 then ${dayBefore} + 3600000 end, ${dayBefore} - 3600000, ${dayBefore} - 3600000
      from appointments a where a.user_id = ${userId} and a.status = 'completed' and a.rowid % 10 = 0`,
    sql`update appointments set booking_request_id = (select r.id from booking_requests r where r.professional_id = appointments.user_id and r.date = appointments.date and r.start_minute = appointments.start_minute and r.customer_name = 'Cliente Bench')
      where user_id = ${userId} and status = 'completed' and rowid % 10 = 0`,
    sql`insert into cash_closings (id, user_id, appointment_id, status, subtotal_cents, discount_cents, tip_cents, deposit_cents, closed_at, closed_by, revision, created_at, updated_at)
      select lower(hex(randomblob(16))), a.user_id, a.id, 'paid', a.price_cents + case when a.rowid % 5 = 0 then 2000 else 0 end,
        case when a.rowid % 7 = 0 then 500 else 0 end, case when a.rowid % 3 = 0 then 500 else 0 end,
        case when a.rowid % 10 = 0 and a.rowid % 100 <> 0 then 1500 else 0 end, ${now}, a.user_id, lower(hex(randomblob(8))), ${now}, ${now}
      from appointments a where a.user_id = ${userId} and a.status = 'completed'`,
    sql`insert into cash_closing_items (id, closing_id, user_id, position, kind, service_id, name, unit_price_cents, quantity)
      select lower(hex(randomblob(16))), c.id, c.user_id, 0, 'service', a.service_id, a.service_name, a.price_cents, 1
      from cash_closings c join appointments a on a.id = c.appointment_id where c.user_id = ${userId}`,
    sql`insert into cash_closing_items (id, closing_id, user_id, position, kind, service_id, name, unit_price_cents, quantity)
      select lower(hex(randomblob(16))), c.id, c.user_id, 1, 'product', null, case when a.rowid % 2 = 0 then 'Pomada' else 'Cera' end, 2000, 1
      from cash_closings c join appointments a on a.id = c.appointment_id where c.user_id = ${userId} and a.rowid % 5 = 0`,
    sql`insert into cash_payments (id, closing_id, user_id, method, amount_cents)
      select lower(hex(randomblob(16))), c.id, c.user_id, case a.rowid % 4 when 1 then 'cash' when 2 then 'debit' when 3 then 'credit' else 'pix' end,
        ${due} - case when a.rowid % 4 = 0 then 2000 else 0 end
      from cash_closings c join appointments a on a.id = c.appointment_id where c.user_id = ${userId}`,
    sql`insert into cash_payments (id, closing_id, user_id, method, amount_cents)
      select lower(hex(randomblob(16))), c.id, c.user_id, 'cash', 2000
      from cash_closings c join appointments a on a.id = c.appointment_id where c.user_id = ${userId} and a.rowid % 4 = 0`,
  ];
  // One transaction: a failure leaves nothing half seeded.
  await db.transaction(async (tx) => {
    for (const statement of statements) await tx.run(statement);
  });
  const [{ closings } = { closings: 0 }] = await db.all<{ closings: number }>(sql`select count(*) as closings from cash_closings where user_id = ${userId}`);
  return Number(closings);
}
