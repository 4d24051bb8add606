// A session secret for Node when none is configured: random, made on the first start and kept
// beside the database (mode 600), so sessions survive restarts and no public value ever signs a
// cookie (docs/decisions/0533). Used by `npm start` and `npm run dev`.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const root = new URL("..", import.meta.url).pathname;

/** Where the generated secret lives: beside a local database file, else in data/. */
export function sessionSecretPath(databaseUrl = process.env.DATABASE_URL ?? "file:data/agendo.db") {
  const dir = databaseUrl.startsWith("file:") ? dirname(resolve(root, databaseUrl.slice("file:".length))) : join(root, "data");
  return join(dir, ".session-secret");
}

/** Puts a secret into process.env.SESSION_SECRET unless one is configured; returns where it came from. */
export function ensureSessionSecret(databaseUrl?: string): "configured" | string {
  if (process.env.SESSION_SECRET?.trim()) return "configured";
  const path = sessionSecretPath(databaseUrl);
  mkdirSync(dirname(path), { recursive: true });
  try {
    // "wx": two processes starting at once never overwrite each other's secret.
    writeFileSync(path, randomBytes(32).toString("base64url") + "\n", { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  process.env.SESSION_SECRET = readFileSync(path, "utf8").trim();
  return path;
}
