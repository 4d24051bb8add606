// Writes the SQL of migration service_days_triggers (docs/decisions/1260): the view that states what
// one professional's services of one day are, and the triggers that recount a day of `service_days`
// from it at every write that can change it. The triggers repeat the view's statement bounded to the
// day (SQLite does not push a day looked up by a subquery into a view's GROUP BY: docs/decisions/1230),
// so the statement is written once here and bounded per trigger, never copied by hand.
//   npx tsx scripts/kept-days-sql.ts > migrations/0034_service_days_triggers.sql
// tests/integration/service-days.test.ts checks that the migration is this script's output.

/** Where a recount's professional and day come from: NEW./OLD. columns or subqueries. */
type Day = { userId: string; date: string };

const BREAK = "--> statement-breakpoint\n";

/**
 * One professional's services per day, as cash/revenue.server.ts `serviceLinesSql` reads the completed
 * appointments: the closing's service lines (closing and lines of the appointment's own professional),
 * or the appointment's own service at its list price when it has no closing; grouped as the ranking
 * groups them (the service's id, or the name without one).
 */
function serviceDaySelect(bound = "") {
  return `SELECT \`user_id\`, \`date\`, coalesce(\`service_id\`, \`name\`) AS \`service_key\`, max(\`service_id\`) AS \`service_id\`, max(\`name\`) AS \`name\`,
    sum(\`n\`) AS \`count\`, sum(\`cents\`) AS \`cents\`
  FROM (
    SELECT a.\`user_id\` AS \`user_id\`, a.\`date\` AS \`date\`, i.\`service_id\` AS \`service_id\`, i.\`name\` AS \`name\`,
      i.\`quantity\` AS \`n\`, i.\`quantity\` * i.\`unit_price_cents\` AS \`cents\`
    FROM \`appointments\` a
    JOIN \`cash_closings\` c ON c.\`appointment_id\` = a.\`id\` AND c.\`user_id\` = a.\`user_id\`
    JOIN \`cash_closing_items\` i ON i.\`closing_id\` = c.\`id\` AND i.\`user_id\` = c.\`user_id\` AND i.\`kind\` = 'service'
    WHERE a.\`status\` = 'completed'${bound}
    UNION ALL
    SELECT a.\`user_id\`, a.\`date\`, a.\`service_id\`, a.\`service_name\`, 1, a.\`price_cents\`
    FROM \`appointments\` a
    LEFT JOIN \`cash_closings\` c ON c.\`appointment_id\` = a.\`id\` AND c.\`user_id\` = a.\`user_id\`
    WHERE a.\`status\` = 'completed' AND c.\`id\` IS NULL${bound})
  GROUP BY \`user_id\`, \`date\`, coalesce(\`service_id\`, \`name\`)`;
}

/** Deletes a day's rows and inserts the definition's rows for it. */
function recount(day: Day) {
  return `  DELETE FROM \`service_days\` WHERE \`user_id\` = ${day.userId} AND \`date\` = ${day.date};
  INSERT INTO \`service_days\` (\`user_id\`, \`date\`, \`service_key\`, \`service_id\`, \`name\`, \`count\`, \`cents\`)
  ${serviceDaySelect(`\n      AND a.\`user_id\` = ${day.userId} AND a.\`date\` = ${day.date}`).replace(/\n/g, "\n  ")};`;
}

function trigger(name: string, on: string, days: Day[]) {
  return `CREATE TRIGGER \`${name}\` ${on}\nBEGIN\n${days.map(recount).join("\n")}\nEND;\n`;
}

const own = (row: "NEW" | "OLD"): Day => ({ userId: `${row}.\`user_id\``, date: `${row}.\`date\`` });
/** The day of a closing's appointment, by the appointment's id. */
const ofAppointment = (appointmentId: string): Day => ({
  userId: `(SELECT \`user_id\` FROM \`appointments\` WHERE \`id\` = ${appointmentId})`,
  date: `(SELECT \`date\` FROM \`appointments\` WHERE \`id\` = ${appointmentId})`,
});
/** The day of a closing line's appointment, by the closing's id. */
const ofClosing = (closingId: string) => ofAppointment(`(SELECT \`appointment_id\` FROM \`cash_closings\` WHERE \`id\` = ${closingId})`);

export function serviceDaysMigrationSql() {
  const header = `-- The services of the completed appointments kept per day and professional (issue 34, docs/decisions/1260).
-- Written by scripts/kept-days-sql.ts: change the script and write this file again, never by hand.
-- The view is the one statement of what a day of one professional's services is:
-- cash/revenue.server.ts \`serviceLinesSql\` over her completed appointments of that date (the closing's
-- service lines, the appointment's own service at its list price without a closing), grouped as
-- Relatórios' ranking groups them. \`service_days\` keeps its rows: every write of an appointment (of a
-- completed one, or one becoming or leaving completed), a closing or a closing's line recounts the day
-- it touches (the old day and the new one when it moves). tests/integration/service-days.test.ts holds
-- the kept rows to the view and to the ranking's SQL.
`;
  const statements = [
    `CREATE VIEW \`service_day_figures\` AS\n${serviceDaySelect()};\n`,
    "INSERT INTO `service_days` (`user_id`, `date`, `service_key`, `service_id`, `name`, `count`, `cents`)\nSELECT `user_id`, `date`, `service_key`, `service_id`, `name`, `count`, `cents` FROM `service_day_figures`;\n",
    trigger("appointments_service_days_insert", "AFTER INSERT ON `appointments` WHEN NEW.`status` = 'completed'", [own("NEW")]),
    trigger(
      "appointments_service_days_update",
      "AFTER UPDATE OF `user_id`, `status`, `date`, `price_cents`, `service_id`, `service_name` ON `appointments`\n  WHEN OLD.`status` = 'completed' OR NEW.`status` = 'completed'",
      [own("OLD"), own("NEW")],
    ),
    trigger("appointments_service_days_delete", "AFTER DELETE ON `appointments` WHEN OLD.`status` = 'completed'", [own("OLD")]),
    trigger("cash_closings_service_days_insert", "AFTER INSERT ON `cash_closings`", [ofAppointment("NEW.`appointment_id`")]),
    trigger("cash_closings_service_days_update", "AFTER UPDATE OF `id`, `appointment_id`, `user_id` ON `cash_closings`", [
      ofAppointment("OLD.`appointment_id`"),
      ofAppointment("NEW.`appointment_id`"),
    ]),
    trigger("cash_closings_service_days_delete", "AFTER DELETE ON `cash_closings`", [ofAppointment("OLD.`appointment_id`")]),
    trigger("cash_closing_items_service_days_insert", "AFTER INSERT ON `cash_closing_items`", [ofClosing("NEW.`closing_id`")]),
    trigger("cash_closing_items_service_days_update", "AFTER UPDATE ON `cash_closing_items`", [ofClosing("OLD.`closing_id`"), ofClosing("NEW.`closing_id`")]),
    trigger("cash_closing_items_service_days_delete", "AFTER DELETE ON `cash_closing_items`", [ofClosing("OLD.`closing_id`")]),
  ];
  return header + statements.join(BREAK);
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(serviceDaysMigrationSql());
