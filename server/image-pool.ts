// A small pool of worker threads for work too heavy for the event loop every visitor waits on
// (decoding a profile photo: docs/decisions/0710). At most `size` jobs run at once and `queue`
// wait; past that a job is answered `busy` at once rather than left hanging. A worker exits
// after `idleMs` without work or after `jobsPerWorker` jobs, and its memory goes with it; one
// that crashes or runs past `timeoutMs` is ended and its job answered `failed`.
import { availableParallelism } from "node:os";
import { Worker, type ResourceLimits, type Transferable } from "node:worker_threads";
import type { ImageProcessor } from "../app/domain/accounts/profile-photo-processor.server";
import type { ProcessResult } from "../app/domain/accounts/profile-photo-image.server";

export type PoolOptions = {
  /** The worker's module: answers each message (a job's input) with one message (its output). */
  url: URL;
  size: number;
  queue: number;
  idleMs: number;
  jobsPerWorker: number;
  timeoutMs: number;
  resourceLimits?: ResourceLimits;
};

export type PoolAnswer<Out> = { ok: true; value: Out } | { ok: false; reason: "busy" | "failed" };

type Job<In, Out> = { input: In; transfer: Transferable[]; resolve: (answer: PoolAnswer<Out>) => void };
type Slot<In, Out> = { worker: Worker; job: Job<In, Out> | null; jobs: number; timer?: NodeJS.Timeout };

export function createWorkerPool<In, Out>(options: PoolOptions) {
  const slots = new Set<Slot<In, Out>>();
  const waiting: Job<In, Out>[] = [];

  function spawn() {
    const slot: Slot<In, Out> = { worker: new Worker(options.url, { resourceLimits: options.resourceLimits }), job: null, jobs: 0 };
    slot.worker.unref();
    slot.worker.on("message", (value: Out) => done(slot, { ok: true, value }));
    slot.worker.on("error", (error) => console.error("[worker pool] a worker failed", error));
    slot.worker.on("exit", () => gone(slot));
    slots.add(slot);
    return slot;
  }

  function start(slot: Slot<In, Out>, job: Job<In, Out>) {
    clearTimeout(slot.timer);
    slot.job = job;
    slot.timer = setTimeout(() => void slot.worker.terminate(), options.timeoutMs);
    slot.timer.unref();
    slot.worker.postMessage(job.input, job.transfer);
  }

  /** Gives waiting jobs to idle workers, starting workers up to `size`. */
  function pump() {
    while (waiting.length > 0) {
      const idle = [...slots].find((slot) => !slot.job);
      if (!idle && slots.size >= options.size) return;
      start(idle ?? spawn(), waiting.shift()!);
    }
  }

  function retire(slot: Slot<In, Out>) {
    slots.delete(slot);
    clearTimeout(slot.timer);
    void slot.worker.terminate();
  }

  function done(slot: Slot<In, Out>, answer: PoolAnswer<Out>) {
    const job = slot.job;
    slot.job = null;
    slot.jobs++;
    clearTimeout(slot.timer);
    job?.resolve(answer);
    if (slot.jobs >= options.jobsPerWorker) retire(slot);
    else {
      slot.timer = setTimeout(() => retire(slot), options.idleMs);
      slot.timer.unref();
    }
    pump();
  }

  /** The worker exited: asked to, or it crashed, ran out of memory or past its time. */
  function gone(slot: Slot<In, Out>) {
    slots.delete(slot);
    clearTimeout(slot.timer);
    const job = slot.job;
    slot.job = null;
    job?.resolve({ ok: false, reason: "failed" });
    pump();
  }

  return {
    /** Runs a job; `transfer` lists what the input hands over instead of copying. */
    run(input: In, transfer: Transferable[] = []): Promise<PoolAnswer<Out>> {
      return new Promise((resolve) => {
        if (waiting.length >= options.queue && slots.size >= options.size && [...slots].every((slot) => slot.job)) {
          return resolve({ ok: false, reason: "busy" });
        }
        waiting.push({ input, transfer, resolve });
        pump();
      });
    },
    /** Workers alive, jobs running and jobs waiting. */
    stats: () => ({ workers: slots.size, running: [...slots].filter((slot) => slot.job).length, waiting: waiting.length }),
    async close() {
      for (const job of waiting.splice(0)) job.resolve({ ok: false, reason: "failed" });
      await Promise.all([...slots].map((slot) => slot.worker.terminate()));
    },
  };
}

/**
 * Photo threads for one server process (docs/decisions/0711, 0985): its share of the cores
 * (cores / server processes on the machine) less one for its event loop, at least one and at
 * most two. One process on 2 cores: 1; two workers on 2 cores: 1 each; one on 8 cores: 2.
 */
export function photoThreads(cores: number, processes: number): number {
  const share = Math.floor(cores / Math.max(1, processes));
  return Math.max(1, Math.min(2, share - 1));
}

/**
 * The Node server's photo decoding (docs/decisions/0710, 0711): `workerUrl` (the built
 * image-worker.js, or server/image-worker.ts under tsx) in worker threads, as many at once as
 * photoThreads gives this process (`processes`: the server processes sharing the machine's
 * cores), eight more waiting at most, the rest answered 'tente novamente em instantes'.
 */
export function createImageProcessor(workerUrl: URL, processes = 1): ImageProcessor {
  const pool = createWorkerPool<Uint8Array, ProcessResult>({
    url: workerUrl,
    size: photoThreads(availableParallelism(), processes),
    queue: 8,
    idleMs: 10_000,
    jobsPerWorker: 50,
    timeoutMs: 30_000,
    // A small young generation: the decoders' garbage is collected as it is made, instead of a
    // worker's heap growing by ~100 MB before its first collection (measured: 0710).
    resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 96 },
  });
  return async (bytes) => {
    const answer = await pool.run(bytes, [bytes.buffer]);
    if (answer.ok) return answer.value;
    // A worker that crashed or ran out of time or memory on this file: the file is what failed.
    return { ok: false, error: answer.reason === "busy" ? "busy" : "unreadable" };
  };
}
