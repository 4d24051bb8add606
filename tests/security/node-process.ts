// Our Node server (server/node.ts) started by a suite on a port of its own, as `npm start` runs
// it: a process the suite can measure (its resident memory) and stop.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "../../scripts/free-port";
import { E2E_DB_URL } from "../e2e/env";

const root = new URL("../..", import.meta.url).pathname;

export type NodeServer = { base: string; process: ChildProcess; rssMb(): number; stop(): void };

/** Starts the production build on the suite's database; `env` adds or (undefined) removes variables. */
export async function startNodeServer(env: Record<string, string | undefined> = {}): Promise<NodeServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const merged: Record<string, string | undefined> = { ...process.env, PORT: String(port), DATABASE_URL: E2E_DB_URL, NODE_ENV: "production", ...env };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  const build = join(root, process.env.AGENDO_BUILD_DIR ?? "build/node", "server/index.js");
  const child = spawn(process.execPath, [join(root, "server/node.ts"), build], { cwd: root, env: merged, stdio: "ignore" });
  const server: NodeServer = {
    base,
    process: child,
    /** Resident memory of the server process (every thread of it), in MB (Linux /proc). */
    rssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
    },
    stop: () => void child.kill("SIGTERM"),
  };
  // Up to a minute: a busy machine may take that long to load the build.
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${base}/login`).then((r) => r.ok, () => false);
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 100));
  }
  server.stop();
  throw new Error("the Node server did not start");
}
