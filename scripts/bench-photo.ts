// Part of the edge mode (scripts/bench-edge.ts): the CPU time one profile photo costs on the
// Workers build, against Cloudflare's CPU limits (docs/decisions/1201). The local runtime reports
// no request's CPU time, so the runtime's own processes (workerd, under `wrangler dev`) are read
// in /proc around each upload: their CPU time for a photo stored, minus for as many bytes refused
// before any decoding (no image: the same transfer, session, form, rate-limit and database work).
// What is left is decoding, resizing and encoding in the isolate, which is what Cloudflare counts
// against the limit; reading CPU time rather than the clock keeps it true on a busy machine. The
// same photo decoded in-process on Node (process.cpuUsage) is printed beside it.
import { readdirSync, readFileSync } from "node:fs";
import { createAccount } from "../app/domain/accounts/registration.server";
import { processProfileImage } from "../app/domain/accounts/profile-photo-image.server";
import type { Db } from "../app/utils/db.server";
import { createSession } from "../app/utils/session.server";
import { syntheticJpeg } from "../tests/support/synthetic-images";

/** Workers Free: 10 ms of CPU a request; Workers Paid: 30 s by default (up to 5 min with limits.cpu_ms). */
export const CPU_LIMIT_MS = { free: 10, paid: 30_000 };
const RUNS = 7;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const TICK_MS = 10; // Linux's USER_HZ (getconf CLK_TCK: 100)

/** The processes under `root` (the launcher) named workerd: the Workers runtime wrangler started. */
function runtimePids(root: number): number[] {
  const stats = readdirSync("/proc").filter((d) => /^\d+$/.test(d)).flatMap((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      return [{ pid: Number(pid), comm: stat.slice(stat.indexOf("(") + 1, close), ppid: Number(stat.slice(close + 2).split(" ")[1]) }];
    } catch {
      return [];
    }
  });
  const under = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of stats) {
      if (!under.has(p.ppid) || under.has(p.pid)) continue;
      under.add(p.pid);
      grew = true;
    }
  }
  return stats.filter((p) => under.has(p.pid) && p.comm === "workerd").map((p) => p.pid);
}

/** CPU time (user + system) the runtime's processes have used, in ms. */
function runtimeCpuMs(pids: number[]) {
  return pids.reduce((sum, pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return sum + (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  }, 0);
}

async function uploadCpu(db: Db, origin: string, pids: number[], file: Uint8Array<ArrayBuffer>, name: string) {
  // A new professional each time: uploads are limited per account and hour.
  const account = await createAccount(db, { name: "Foto Bench", email: `foto-${crypto.randomUUID().slice(0, 8)}@example.com`, phone: "11987654321", password: "senha123" });
  const cookie = (await createSession(db, new Request(origin), account.userId, false)).split(";")[0]!;
  const form = new FormData();
  form.set("intent", "upload-image");
  form.set("image", new File([file], name, { type: "image/jpeg" }));
  const before = runtimeCpuMs(pids);
  const res = await fetch(`${origin}/configuracoes/perfil`, { method: "POST", body: form, headers: { cookie, origin }, redirect: "manual" });
  await res.arrayBuffer();
  return { ms: runtimeCpuMs(pids) - before, status: res.status };
}

/** Prints the photo's CPU time on the Workers build (and on Node) against the plans' limits. */
export async function benchWorkerPhoto(db: Db, origin: string, launcherPid: number) {
  const pids = runtimePids(launcherPid);
  if (!pids.length) throw new Error("no workerd process found under the launcher");
  const photo = syntheticJpeg(4000, 3000); // 12 MP, a phone's camera: what the server gets without JavaScript
  // As many bytes, not an image: the same upload through wrangler's proxy, refused by its content.
  const notAPhoto = new Uint8Array(photo.byteLength).fill(0x61);
  await uploadCpu(db, origin, pids, photo, "aquecimento.jpg"); // the isolate's first decode compiles the decoder
  const stored: number[] = [];
  const refused: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const ok = await uploadCpu(db, origin, pids, photo, "eu.jpg");
    if (ok.status !== 302 && ok.status !== 303) throw new Error(`the photo upload answered ${ok.status}`);
    stored.push(ok.ms);
    refused.push((await uploadCpu(db, origin, pids, notAPhoto, "eu.jpg")).ms);
  }
  const workerCpu = median(stored) - median(refused);

  const node: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const before = process.cpuUsage();
    const result = await processProfileImage(photo);
    const used = process.cpuUsage(before);
    if (!result.ok) throw new Error(`the photo was refused on Node: ${result.error}`);
    if (i > 0) node.push((used.user + used.system) / 1000);
  }
  const pct = (limit: number) => `${((workerCpu / limit) * 100).toFixed(1)}% of`;
  console.log(`\nProfile photo, 12 MP JPEG (${(photo.byteLength / 1e6).toFixed(1)} MB) -> 256x256, ${RUNS} runs, medians:`);
  console.log(`  Workers build (workerd's CPU time under wrangler dev): upload ${median(stored).toFixed(0)} ms, the same bytes refused before decoding ${median(refused).toFixed(0)} ms -> CPU per photo ≈ ${workerCpu.toFixed(0)} ms`);
  console.log(`  Node, in-process (process.cpuUsage): ${median(node).toFixed(0)} ms`);
  console.log(`  Against Cloudflare's CPU limit a request: Workers Paid ${pct(CPU_LIMIT_MS.paid)} ${CPU_LIMIT_MS.paid / 1000} s (the plan to deploy on); Workers Free ${(workerCpu / CPU_LIMIT_MS.free).toFixed(0)}× its ${CPU_LIMIT_MS.free} ms`);
}
