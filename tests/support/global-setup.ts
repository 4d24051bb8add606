// Builds one migrated base database per test run; each test copies it (see db.ts).
import { mkdirSync, rmSync } from "node:fs";
import { openDb } from "../../app/utils/db.server";
import { migrateDb } from "../../scripts/migrate";

export const TEST_DIR = new URL("../../data/test", import.meta.url).pathname;
export const BASE_DB = `${TEST_DIR}/base.db`;

export default async function setup() {
  rmSync(TEST_DIR, { recursive: true, force: true });
  mkdirSync(TEST_DIR, { recursive: true });
  const db = openDb(`file:${BASE_DB}`);
  await migrateDb(db);
  db.$client.close();
}
