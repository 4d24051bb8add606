// Builds one migrated base database per test run; each test copies it (see db.ts).
import { mkdirSync, rmSync } from "node:fs";
import { openDb } from "../../app/utils/db.server";
import { migrateDb } from "../../scripts/migrate";
import { scratchDir } from "./scratch";

// One folder per run, so parallel runs never delete each other's files. The path reaches
// the test workers through the environment, which they inherit from this process.
process.env.AGENDO_TEST_DIR ??= scratchDir(`test/run-${process.pid}`);
export const TEST_DIR = process.env.AGENDO_TEST_DIR;
export const BASE_DB = `${TEST_DIR}/base.db`;

export default async function setup() {
  rmSync(TEST_DIR, { recursive: true, force: true });
  mkdirSync(TEST_DIR, { recursive: true });
  const db = openDb(`file:${BASE_DB}`);
  await migrateDb(db);
  db.$client.close();
}

export async function teardown() {
  rmSync(TEST_DIR, { recursive: true, force: true });
}
