// Applies the SQL migrations in migrations/ to DATABASE_URL (a local file or Turso).
// Usage: npx tsx scripts/migrate.ts   (also run by `npm start`)
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { migrate } from "drizzle-orm/libsql/migrator";
import { openDb, type Db } from "../app/utils/db.server";
import { env } from "../app/utils/env.server";

export async function migrateDb(db: Db) {
  await migrate(db, { migrationsFolder: new URL("../migrations", import.meta.url).pathname });
}

/** Opens DATABASE_URL (creating the folder of a local file) in WAL mode and migrates it. */
export async function openAndMigrate(url = env().DATABASE_URL, authToken = env().DATABASE_AUTH_TOKEN) {
  if (url.startsWith("file:")) {
    mkdirSync(dirname(url.slice("file:".length)), { recursive: true });
  }
  const db = openDb(url, authToken);
  if (url.startsWith("file:")) await db.$client.execute("PRAGMA journal_mode=WAL");
  await migrateDb(db);
  return db;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const db = await openAndMigrate();
  console.log(`Migrations applied to ${env().DATABASE_URL.replace(/\?.*$/, "")}`);
  db.$client.close();
}
