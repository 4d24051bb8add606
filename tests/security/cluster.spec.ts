// `npm start` as it runs in production (scripts/start.ts, docs/decisions/0985): on a fresh
// database with WEB_CONCURRENCY=2 the cluster's primary forks two worker processes; both answer requests
// (each one's CPU time grows under a burst: the connections are dealt out in turn), the scheduled
// job runs in exactly one of them, two customers booking the same time at once get one booking
// and one 'taken', and SIGTERM stops the workers and the primary cleanly.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { createClient } from "@libsql/client";
import { test, expect } from "@playwright/test";
import { freePort } from "../../scripts/free-port";
import { workingDate } from "../e2e/fixtures";
import { E2E_PORT } from "../e2e/env";
import { scratchDir } from "../support/scratch";

const root = new URL("../..", import.meta.url).pathname;
const dbPath = `${scratchDir("e2e")}/cluster-${E2E_PORT}.db`;

/** The processes under `pid`: its children, theirs, ... (Linux /proc). */
function descendants(pid: number): number[] {
  if (!existsSync(`/proc/${pid}`)) return [];
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number),
  );
  return children.flatMap((kid) => [kid, ...descendants(kid)]);
}

/** The processes under `pid` that run the Node server. */
function serverWorkers(pid: number): number[] {
  return descendants(pid).filter((kid) => existsSync(`/proc/${kid}`) && readFileSync(`/proc/${kid}/cmdline`, "utf8").includes("server/node.ts")).sort((a, b) => a - b);
}

/** User plus system CPU time of a process, in clock ticks. */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

test("npm start with WEB_CONCURRENCY=2: two workers answer, one runs the job, one of two bookings of a time wins", async () => {
  test.setTimeout(60_000);
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${dbPath}${suffix}`, { force: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = { ...process.env, PORT: String(port), DATABASE_URL: `file:${dbPath}`, WEB_CONCURRENCY: "2", JOB_INTERVAL_SECONDS: "1", AGENDO_DEMO: "1" };
  delete env.TRUST_PROXY;
  const start = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  start.stdout.on("data", (chunk) => (log += chunk));
  start.stderr.on("data", (chunk) => (log += chunk));
  const exited = new Promise<number | null>((resolve) => start.on("exit", (code) => resolve(code)));
  try {
    await expect.poll(() => log.match(/Agendo worker \d+ on/g)?.length ?? 0, { timeout: 45_000 }).toBe(2);
    const workers = serverWorkers(start.pid!);
    expect(workers).toHaveLength(2);
    const listening = [...log.matchAll(/Agendo worker (\d+) on/g)].map((m) => Number(m[1])).sort((a, b) => a - b);
    expect(listening).toEqual(workers);

    // Both answer: a burst of requests on new connections, dealt out in turn, costs each CPU time.
    const before = workers.map(cpuTicks);
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(Array.from({ length: 40 }, () => fetch(`${base}/login`, { headers: { connection: "close" } })));
      expect(answers.every((res) => res.status === 200)).toBe(true);
      await Promise.all(answers.map((res) => res.arrayBuffer()));
    }
    const spent = workers.map((pid, i) => cpuTicks(pid) - before[i]!);
    for (const ticks of spent) expect(ticks).toBeGreaterThanOrEqual(5);

    // The job's worker has run it (every second) while the other served.
    const runs = () => [...log.matchAll(/\[job\] first run done in process (\d+)/g)].map((m) => Number(m[1]));
    await expect.poll(() => runs().length).toBe(1);

    // Two customers take the demo's first free time of a working day at once.
    const page = await (await fetch(`${base}/agendamento/demo`)).text();
    const service = /name="servico" value="([^"]+)"/.exec(page)![1]!;
    const date = workingDate(3);
    const slots = await (await fetch(`${base}/agendamento/demo?servico=${service}&data=${date}`)).text();
    const time = /name="horario" value="(\d\d:\d\d)"/.exec(slots)![1]!;
    const book = (name: string, phone: string) =>
      fetch(`${base}/agendamento/demo?servico=${service}&data=${date}&horario=${time}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, connection: "close" },
        body: new URLSearchParams({ servico: service, data: date, horario: time, name, phone }),
      }).then((res) => res.status);
    expect((await Promise.all([book("Ana Souza", "11975550001"), book("Bruno Lima", "11975550002")])).sort()).toEqual([302, 409]);
    const db = createClient({ url: `file:${dbPath}` });
    const rows = await db.execute({ sql: "select count(*) as n from booking_requests where date = ?", args: [date] });
    db.close();
    expect(Number(rows.rows[0]!.n)).toBe(1);

    // Both workers have lived through several job intervals by now: one of them ran the job.
    expect(runs()).toHaveLength(1);
    expect(workers).toContain(runs()[0]);
    expect(log.match(/runs the scheduled job every 1 s/g)).toHaveLength(1);

    start.kill("SIGTERM");
    expect(await exited).toBe(0);
    for (const pid of workers) expect(existsSync(`/proc/${pid}`)).toBe(false);
  } finally {
    // On a failure: nothing of this server outlives the test.
    for (const pid of [...descendants(start.pid!), start.pid!]) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {}
    }
  }
});
