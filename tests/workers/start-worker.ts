// TEST ONLY. Runs the built Workers bundle (build/workers) in the local Workers runtime with
// `wrangler dev`, its secrets in a throwaway env file (mode 600, deleted on exit) rather than on
// the command line or in the repository.
//
// Env: WORKER_PORT (8799); WORKER_INSPECTOR_PORT (the runtime's inspector, for a CPU profile; a free one unless given); WORKER_VARS, the comma-separated names of the variables the Worker is
// given (each read from this process's environment; tests/workers/env.ts's workerEnv() is the
// suite's list), always including SESSION_SECRET, DATABASE_URL, DATABASE_AUTH_TOKEN and APP_URL,
// which the app refuses to start on Workers without. NODE_EXTRA_CA_CERTS, when set, is a
// certificate the runtime's own fetch trusts too (wrangler reads it: the push stand-in's).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { freePort } from "../../scripts/free-port";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("../..", import.meta.url).pathname;
const port = process.env.WORKER_PORT ?? "8799";

function required(name: string) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set`);
  if (/[\n"]/.test(value)) throw new Error(`${name} must not contain newlines or quotes`);
  return value;
}

/** A free port for the runtime's inspector (its default 9229 may be taken by another wrangler). */
const dir = mkdtempSync(join(tmpdir(), "agendo-worker-"));
const envFile = join(dir, "secrets.env");
const REQUIRED = ["SESSION_SECRET", "DATABASE_URL", "DATABASE_AUTH_TOKEN", "APP_URL"];
const names = new Set([...REQUIRED, ...(process.env.WORKER_VARS ?? "").split(",").map((n) => n.trim()).filter(Boolean)]);
for (const name of names) if (!/^[A-Z][A-Z0-9_]*$/.test(name)) throw new Error(`${name} is not a variable's name`);
writeFileSync(
  envFile,
  [
    ...[...names].map((k) => `${k}="${required(k)}"`),
    // The suites read e-mails from the outbox: the log transport, allowed as for a demo (1240).
    'ALLOW_LOG_EMAIL="1"',
  ].join("\n") + "\n",
  { mode: 0o600 },
);

const child = spawn(
  join(root, "node_modules/.bin/wrangler"),
  [
    "dev",
    "--config", join(root, "build/workers/server/wrangler.json"),
    "--ip", "127.0.0.1",
    "--port", port,
    "--inspector-port", process.env.WORKER_INSPECTOR_PORT ?? String(await freePort()),
    "--persist-to", join(dir, "state"),
    "--env-file", envFile,
    "--show-interactive-dev-session=false",
    // GET /cdn-cgi/local/scheduled?cron=… runs the Worker's `scheduled` handler (the Cron Trigger), for tests.
    "--test-scheduled",
    "--log-level", process.env.WORKER_LOG_LEVEL ?? "warn",
  ],
  {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
  },
);

const cleanup = () => rmSync(dir, { recursive: true, force: true });
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => {
  cleanup();
  process.exit(code ?? (signal ? 1 : 0));
});
