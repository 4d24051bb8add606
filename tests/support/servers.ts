// The servers a Playwright suite runs against, started together rather than one after another
// (Playwright's `webServer` entries start in sequence: the Workers suite waited ~11 s for five
// servers that each need 1-4 s on their own). Used as a configuration's `globalSetup`: it returns
// the teardown. Each server runs in its own process group, so stopping it stops what its command
// started (tsx, wrangler and workerd under it); its standard error is shown with its name.
import { spawn, type ChildProcess } from "node:child_process";

export type Server = {
  name: string;
  /** A shell command, run from the repository's root. */
  command: string;
  /** Answers (below 400) once the server is ready. */
  url: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Its standard output shown too (standard error always is). */
  stdout?: boolean;
};

const root = new URL("../..", import.meta.url).pathname;
const STOP_WAIT_MS = 5_000;
/** Signals that end a run without its teardown (Playwright handles SIGINT itself, teardown included). */
const SIGNALS = ["SIGTERM", "SIGHUP"] as const;

async function answers(url: string) {
  try {
    const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(2_000) });
    await res.body?.cancel();
    return res.status < 400;
  } catch {
    return false;
  }
}

function prefixed(name: string, out: NodeJS.WritableStream) {
  let rest = "";
  return (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  };
}

function stopGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

/** Starts every server at once and resolves when all answer; the result stops them all. */
export async function startServers(servers: Server[]): Promise<() => Promise<void>> {
  const busy = await Promise.all(servers.map(async (s) => ((await answers(s.url)) ? s.url : null)));
  const taken = busy.filter(Boolean);
  if (taken.length) throw new Error(`Already answering before the suite started its servers: ${taken.join(", ")} (a server left running?)`);

  const children = servers.map((server) => {
    const child = spawn(server.command, {
      cwd: root,
      shell: true,
      detached: true,
      env: { ...process.env, ...server.env },
      stdio: ["ignore", server.stdout ? "pipe" : "ignore", "pipe"],
    });
    child.stderr!.on("data", prefixed(server.name, process.stderr));
    child.stdout?.on("data", prefixed(server.name, process.stdout));
    return child;
  });
  // Should this process end without the teardown (an interrupted run, a signal), the servers end
  // with it; a signal is then given its default effect on this process.
  const killAll = () => children.forEach((child) => stopGroup(child, "SIGTERM"));
  const onSignal = (signal: NodeJS.Signals) => {
    killAll();
    forget();
    process.kill(process.pid, signal);
  };
  const forget = () => {
    process.off("exit", killAll);
    for (const signal of SIGNALS) process.off(signal, onSignal);
  };
  process.on("exit", killAll);
  for (const signal of SIGNALS) process.on(signal, onSignal);

  const stop = async () => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once("exit", resolve));
        stopGroup(child, "SIGTERM");
        const timer = setTimeout(() => stopGroup(child, "SIGKILL"), STOP_WAIT_MS);
        await exited;
        clearTimeout(timer);
      }),
    );
    forget();
  };

  try {
    await Promise.all(
      servers.map(async (server, i) => {
        const child = children[i]!;
        const deadline = Date.now() + (server.timeoutMs ?? 60_000);
        while (!(await answers(server.url))) {
          if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${server.name} (${server.command}) exited with ${child.exitCode ?? child.signalCode} before answering at ${server.url}`);
          if (Date.now() > deadline) throw new Error(`${server.name} did not answer at ${server.url} within ${(server.timeoutMs ?? 60_000) / 1000} s`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
