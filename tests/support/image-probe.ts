// Runs the profile-photo pipeline on one file in a process of its own and prints what it answered,
// how long it took and how much the process's peak memory grew: the decompression-bomb tests
// need a peak no earlier test has raised. Usage: tsx tests/support/image-probe.ts FILE
import { readFileSync } from "node:fs";
import { processProfileImage } from "../../app/domain/accounts/profile-photo-image.server";

const bytes = new Uint8Array(readFileSync(process.argv[2]!));
const peakBefore = process.resourceUsage().maxRSS;
const started = performance.now();
const result = await processProfileImage(bytes);
const ms = performance.now() - started;
const growthMb = (process.resourceUsage().maxRSS - peakBefore) / 1024;
console.log(JSON.stringify({ error: result.ok ? null : result.error, ms, growthMb }));
