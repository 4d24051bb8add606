// The processes of `npm run bench:load` (scripts/load.ts): servers started with their output in
// a log file, stopped at the end, and the resident memory of a server and every process under
// it (a cluster's primary and its workers, docs/decisions/0985) read from /proc.
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const children: ChildProcess[] = [];

/**
 * A child process whose output goes to a log file, never through a pipe to this process: on
 * Linux a write to a pipe blocks when the pipe is full, and this process, busy driving
 * hundreds of connections, reads its pipes late. The server (which logs every request) would
 * then stall on its own log lines and the figures would measure that stall.
 */
export function startProcess(args: string[], env: Record<string, string>, name: string, logDir: string) {
  mkdirSync(logDir, { recursive: true });
  const logFile = join(logDir, `${name}.log`);
  const fd = openSync(logFile, "w");
  const child = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", fd, fd], env: { ...process.env, ...env } });
  closeSync(fd);
  children.push(child);
  const tail = () => readFileSync(logFile, "utf8").split("\n").filter((l) => l.trim()).slice(-30);
  return { child, tail, logFile };
}

export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

export async function stopAll() {
  for (const child of children) await stopProcess(child);
}

process.on("exit", () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

export async function waitFor(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}

// --- memory -----------------------------------------------------------------------------------

/** A process and every process under it (Linux: /proc/<pid>/task/<tid>/children). */
export function processTree(pid: number): number[] {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    try {
      for (const task of readdirSync(`/proc/${pids[i]}/task`)) {
        const kids = readFileSync(`/proc/${pids[i]}/task/${task}/children`, "utf8").trim();
        if (kids) pids.push(...kids.split(/\s+/).map(Number));
      }
    } catch {
      // gone, or no /proc
    }
  }
  return pids;
}

export type RssSample = { t: number; rssKb: number; hwmKb: number; processes: number };

/** Resident memory of a process tree: the sum of RSS and of peaks (VmHWM) over its processes. */
export function readTreeStatus(pid: number): RssSample | null {
  let rssKb = 0;
  let hwmKb = 0;
  let processes = 0;
  for (const p of processTree(pid)) {
    try {
      const status = readFileSync(`/proc/${p}/status`, "utf8");
      const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
      rssKb += kb("VmRSS");
      hwmKb += kb("VmHWM");
      processes++;
    } catch {
      // no /proc (not Linux) or the process is gone
    }
  }
  return processes > 0 ? { t: Date.now(), rssKb, hwmKb, processes } : null;
}

export function sampleRss(pid: number, everyMs: number) {
  const samples: RssSample[] = [];
  const take = () => {
    const s = readTreeStatus(pid);
    if (s) samples.push(s);
  };
  take();
  const timer = setInterval(take, everyMs);
  return { samples, stop: () => clearInterval(timer) };
}

export const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};
