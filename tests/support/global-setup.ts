// Builds one migrated base database per test run; each test copies it (see db.ts).
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { openDb } from "../../app/utils/db.server";
import { migrateDb } from "../../scripts/migrate";
import { scratchDir } from "./scratch";

// One folder per run, so parallel runs never delete each other's files. The path reaches
// the test workers through the environment, which they inherit from this process.
process.env.AGENDO_TEST_DIR ??= scratchDir(`test/run-${process.pid}`);
export const TEST_DIR = process.env.AGENDO_TEST_DIR;
export const BASE_DB = `${TEST_DIR}/base.db`;

/** Whether a process of this machine is still running. */
function running(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The folders of earlier runs that never reached their teardown (stopped by a signal or a time
 * limit): in memory-backed storage each held up to half a gigabyte of the machine's memory. A
 * folder is left alone while the run that made it is still running.
 */
function removeAbandonedRuns() {
  const parent = scratchDir("test");
  let names: string[] = [];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^run-(\d+)$/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !running(pid)) rmSync(`${parent}/${name}`, { recursive: true, force: true });
  }
}

export default async function setup() {
  removeAbandonedRuns();
  rmSync(TEST_DIR, { recursive: true, force: true });
  mkdirSync(TEST_DIR, { recursive: true });
  const db = openDb(`file:${BASE_DB}`);
  await migrateDb(db);
  db.$client.close();
}

export async function teardown() {
  rmSync(TEST_DIR, { recursive: true, force: true });
}
