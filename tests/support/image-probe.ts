// Runs the profile-photo pipeline on one file in a process of its own and prints what it answered,
// how long it took and how much the process's peak memory grew: the decompression-bomb tests
// need a peak no earlier test has raised. With --worker, as the Node server runs it: in a worker
// thread of its pool (started beforehand, so its own start does not count).
// Usage: tsx tests/support/image-probe.ts FILE [--worker]
import { readFileSync } from "node:fs";
import { processProfileImage } from "../../app/domain/accounts/profile-photo-image.server";
import { createImageProcessor } from "../../server/image-pool.ts";

const bytes = new Uint8Array(readFileSync(process.argv[2]!));
const inWorker = process.argv.includes("--worker");
const process_ = inWorker ? createImageProcessor(new URL("../../server/image-worker.ts", import.meta.url)) : processProfileImage;
if (inWorker) await process_(new Uint8Array([0xff, 0xd8, 0xff]));
const peakBefore = process.resourceUsage().maxRSS;
const started = performance.now();
const result = await process_(bytes);
const ms = performance.now() - started;
const growthMb = (process.resourceUsage().maxRSS - peakBefore) / 1024;
console.log(JSON.stringify({ error: result.ok ? null : result.error, ms, growthMb }));
process.exit(0);
