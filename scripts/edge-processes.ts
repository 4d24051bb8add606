// The processes the edge scripts (bench-edge.ts, profile-edge.ts) run the Workers build with:
// started from the repository's root, waited for by address, stopped together at the end.
import { spawn, type ChildProcess } from "node:child_process";

const root = new URL("..", import.meta.url).pathname;
const children: ChildProcess[] = [];

/** Starts `command` with `env` added to this process's environment; its standard error shown. */
export function start(command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
  children.push(child);
  return child;
}

/** Resolves once `url` answers 2xx; throws after `timeoutMs`. */
export async function waitFor(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer in ${timeoutMs / 1000}s`);
}

/** Stops everything `start` started. */
export function stopAll() {
  for (const child of children) child.kill("SIGTERM");
}

/** The middle value (NaN for none). */
export const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : NaN);
