// The worker pool's promises (docs/decisions/0711): bounded work and waiting, 'busy' at once
// past that, crashed or stuck workers answered and replaced, idle workers gone.
import { afterEach, describe, expect, it } from "vitest";
import { createWorkerPool, photoThreads, type PoolOptions } from "./image-pool.ts";

/** A worker module from source: `on(message)` returns (or resolves to) the answer. */
const workerOf = (on: string) =>
  new URL(
    `data:text/javascript,${encodeURIComponent(`
      import { parentPort, threadId } from "node:worker_threads";
      const on = ${on};
      parentPort.on("message", async (m) => parentPort.postMessage(await on(m)));`)}`,
  );

/** Jobs wait on the shared gate until the test opens it, then answer with their input and thread. */
const gated = workerOf(`(m) => { Atomics.wait(new Int32Array(m.gate), 0, 0); return { value: m.value, threadId }; }`);

const defaults = { size: 1, queue: 2, idleMs: 60_000, jobsPerWorker: 100, timeoutMs: 20_000 };
let pools: { close(): Promise<void> }[] = [];
function pool<In, Out>(options: Partial<PoolOptions> & { url: URL }) {
  const created = createWorkerPool<In, Out>({ ...defaults, ...options });
  pools.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(pools.map((p) => p.close()));
  pools = [];
});

describe("createWorkerPool", () => {
  it("runs `size` jobs at once, keeps `queue` waiting and answers the next one busy at once", async () => {
    const jobs = pool<{ gate: SharedArrayBuffer; value: number }, { value: number }>({ url: gated });
    const gate = new SharedArrayBuffer(4);
    const answers = [1, 2, 3].map((value) => jobs.run({ gate, value }));
    expect(await jobs.run({ gate, value: 4 })).toEqual({ ok: false, reason: "busy" });
    expect(jobs.stats()).toEqual({ workers: 1, running: 1, waiting: 2 });
    Atomics.store(new Int32Array(gate), 0, 1);
    Atomics.notify(new Int32Array(gate), 0);
    expect((await Promise.all(answers)).map((a) => a.ok && a.value.value)).toEqual([1, 2, 3]);
  });

  it("answers failed for a worker that crashes or runs past its time, and goes on with a new one", async () => {
    const jobs = pool<string, string>({
      url: workerOf(`(m) => { if (m === "crash") process.exit(1); if (m === "stuck") for (;;); return "ok:" + m; }`),
      timeoutMs: 300,
    });
    expect(await jobs.run("crash")).toEqual({ ok: false, reason: "failed" });
    expect(await jobs.run("stuck")).toEqual({ ok: false, reason: "failed" });
    expect(await jobs.run("foto")).toEqual({ ok: true, value: "ok:foto" });
  });

  it("ends a worker once idle, and after `jobsPerWorker` jobs", async () => {
    const open = new SharedArrayBuffer(4);
    Atomics.store(new Int32Array(open), 0, 1);
    const jobs = pool<{ gate: SharedArrayBuffer; value: number }, { threadId: number }>({ url: gated, idleMs: 50, jobsPerWorker: 2 });
    const threads: number[] = [];
    for (let value = 0; value < 3; value++) {
      const answer = await jobs.run({ gate: open, value });
      if (answer.ok) threads.push(answer.value.threadId);
    }
    expect(threads[0]).toBe(threads[1]);
    expect(threads[2]).not.toBe(threads[1]);
    await expect.poll(() => jobs.stats().workers).toBe(0);
  });
});

describe("photoThreads", () => {
  it("gives each server process its share of the cores less its event loop: at least one, at most two", () => {
    expect(photoThreads(2, 1)).toBe(1);
    expect(photoThreads(2, 2)).toBe(1);
    expect(photoThreads(8, 1)).toBe(2);
    expect(photoThreads(8, 8)).toBe(1);
    expect(photoThreads(16, 4)).toBe(2);
    expect(photoThreads(1, 1)).toBe(1);
  });
});
