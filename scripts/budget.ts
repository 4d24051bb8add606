// `npm run bench` (after bench.ts): the public booking page's budget, against the production build.
// Starts the production server (scripts/start.ts) on a free port with a fresh database seeded
// with the demo professional, then for step 1 (/agendamento/demo) and step 2 (service and date
// chosen) prints:
//   1. the bytes actually transferred with gzip (HTML, CSS, JS, images, fonts), JS against 90 KB
//      (and /login's against 120 KB);
//   2. Lighthouse mobile (default emulation and throttling) performance and accessibility scores
//      with FCP, LCP, TBT and CLS, and the audits that did not pass. Targets: 99 and above.
// Figures are printed, never asserted: the script exits 0 unless it breaks itself.
// Env: AGENDO_BUILD_DIR (default build/node), BUDGET_PORT (default: a free port),
// CHROME_PATH (default /usr/bin/chromium), BUDGET_LIGHTHOUSE_RUNS (default 1; with more, the
// run with the median performance score is shown), BUDGET_SKIP_LIGHTHOUSE=1 for the bytes alone.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { request } from "node:http";
import { freePort } from "./free-port";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";

const root = new URL("..", import.meta.url).pathname;
const buildDir = process.env.AGENDO_BUILD_DIR ?? "build/node";
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const KB = 1024;
/** JS targets (issue 13): the booking page at most 90 KB, /login at most 120 KB. */
const BOOKING_JS_TARGET = 90 * KB;
const LOGIN_JS_TARGET = 120 * KB;
const SCORE_TARGET = 99;
const started = Date.now();

type Fetched = { status: number; type: string; encoding: string; wire: number; body: Buffer };

/** GET with Accept-Encoding: gzip, counting the body bytes as received (not decoded). */
function get(url: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = String(res.headers["content-encoding"] ?? "");
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers["content-type"] ?? ""),
          encoding,
          wire: raw.length,
          body: encoding === "gzip" ? gunzipSync(raw) : raw,
        });
      });
    });
    req.setTimeout(15_000, () => req.destroy(new Error(`timeout fetching ${url}`)));
    req.on("error", reject);
    req.end();
  });
}

async function waitForServer(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const res = await get(url);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000}s`);
}

type Kind = "HTML" | "CSS" | "JS" | "images" | "fonts";

function kindOf(path: string, type: string): Kind | null {
  const p = path.split(/[?#]/)[0]!.toLowerCase();
  if (p.endsWith(".css") || type.includes("text/css")) return "CSS";
  if (/\.m?js$/.test(p) || type.includes("javascript")) return "JS";
  if (/\.(svg|png|jpe?g|webp|avif|gif|ico)$/.test(p) || type.startsWith("image/")) return "images";
  if (/\.(woff2?|ttf|otf)$/.test(p) || type.startsWith("font/")) return "fonts";
  return null;
}

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag)?.slice(2).find((v) => v !== undefined);

/** The sub-resources a browser loads for this HTML: stylesheets, modulepreloads, scripts, images, fonts. */
function referencedUrls(html: string): string[] {
  const urls: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel.some((r) => ["stylesheet", "modulepreload", "icon", "apple-touch-icon", "preload"].includes(r))) {
      urls.push(href);
    }
  }
  for (const [tag, inline] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attr(tag, "src");
    if (src) urls.push(src);
    // The entry is an inline module: `import * as route0 from "/assets/…"` and `import("/assets/…")`.
    for (const m of (inline ?? "").matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+\.m?js)["']/g)) {
      urls.push(m[1]!);
    }
  }
  for (const [tag] of html.matchAll(/<(?:img|source)\b[^>]*>/gi)) {
    const src = attr(tag, "src");
    if (src) urls.push(src);
    const srcset = attr(tag, "srcset");
    if (srcset) urls.push(...srcset.split(",").map((s) => s.trim().split(/\s+/)[0]!).filter(Boolean));
  }
  // Backgrounds in <style> blocks and style attributes.
  const styles = [
    ...[...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]!),
    ...[...html.matchAll(/\sstyle\s*=\s*("[^"]*"|'[^']*')/gi)].map((m) => m[1]!.replaceAll("&quot;", '"')),
  ];
  for (const style of styles) urls.push(...cssUrls(style));
  return urls.filter((u) => !u.startsWith("data:"));
}

function cssUrls(css: string): string[] {
  return [...css.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)].map((m) => m[1]!).filter((u) => !u.startsWith("data:"));
}

const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

async function byteBudget(label: string, url: string, jsTarget = BOOKING_JS_TARGET) {
  const totals: Record<Kind, { n: number; wire: number; raw: number }> = {
    HTML: { n: 0, wire: 0, raw: 0 },
    CSS: { n: 0, wire: 0, raw: 0 },
    JS: { n: 0, wire: 0, raw: 0 },
    images: { n: 0, wire: 0, raw: 0 },
    fonts: { n: 0, wire: 0, raw: 0 },
  };
  const page = await get(url);
  if (page.status !== 200) throw new Error(`${url} answered ${page.status}`);
  const html = page.body.toString("utf8");
  totals.HTML = { n: 1, wire: page.wire, raw: page.body.length };
  const seen = new Set<string>([url]);
  const queue = referencedUrls(html).map((u) => new URL(u, url).href);
  const notes: string[] = [];
  const jsFiles: { path: string; wire: number }[] = [];
  if (page.encoding !== "gzip") notes.push(`HTML sent without gzip (Content-Encoding: ${page.encoding || "none"})`);
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (seen.has(next)) continue;
    seen.add(next);
    if (new URL(next).origin !== new URL(url).origin) {
      notes.push(`third-party resource not measured: ${next}`);
      continue;
    }
    const res = await get(next);
    const kind = kindOf(new URL(next).pathname, res.type);
    if (res.status !== 200 || !kind) {
      notes.push(`${new URL(next).pathname}: status ${res.status}, ${res.type || "no type"} (not counted)`);
      continue;
    }
    if (kind === "JS") jsFiles.push({ path: new URL(next).pathname, wire: res.wire });
    totals[kind].n += 1;
    totals[kind].wire += res.wire;
    totals[kind].raw += res.body.length;
    if ((kind === "CSS" || kind === "JS") && res.encoding !== "gzip" && res.body.length > 1024) {
      notes.push(`${new URL(next).pathname} sent without gzip`);
    }
    if (kind === "CSS") queue.push(...cssUrls(res.body.toString("utf8")).map((u) => new URL(u, next).href));
  }
  console.log(`\n${label}  ${new URL(url).pathname}${new URL(url).search}`);
  console.log(`  ${"".padEnd(8)} ${"files".padStart(5)} ${"gzip (sent)".padStart(12)} ${"uncompressed".padStart(13)}`);
  let wire = 0;
  let raw = 0;
  let files = 0;
  for (const [kind, t] of Object.entries(totals)) {
    console.log(`  ${kind.padEnd(8)} ${String(t.n).padStart(5)} ${kb(t.wire).padStart(12)} ${kb(t.raw).padStart(13)}`);
    wire += t.wire;
    raw += t.raw;
    files += t.n;
  }
  console.log(`  ${"total".padEnd(8)} ${String(files).padStart(5)} ${kb(wire).padStart(12)} ${kb(raw).padStart(13)}`);
  const js = totals.JS.wire;
  console.log(`  JS ${kb(js)} gzip against the ${kb(jsTarget)} target: ${js <= jsTarget ? "within" : "OVER"}`);
  if (js > jsTarget) {
    const list = jsFiles.sort((a, b) => b.wire - a.wire).map((f) => `${f.path.replace(/^\/assets\//, "")} ${kb(f.wire)}`);
    console.log(`  JS files, largest first: ${list.join(", ")}`);
  }
  for (const note of notes) console.log(`  note: ${note}`);
}

type Lhr = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      id: string;
      title: string;
      score: number | null;
      scoreDisplayMode: string;
      displayValue?: string;
      details?: { items?: { node?: { selector?: string; snippet?: string; explanation?: string } }[] };
    }
  >;
  runWarnings?: string[];
  environment?: { benchmarkIndex?: number };
  runtimeError?: { code: string; message: string };
};

function printLighthouse(label: string, lhr: Lhr) {
  const score = (id: string) => {
    const s = lhr.categories[id]?.score;
    return s == null ? "n/a" : String(Math.round(s * 100));
  };
  const flag = (id: string) => {
    const s = lhr.categories[id]?.score;
    return s != null && s * 100 >= SCORE_TARGET ? "ok" : `below ${SCORE_TARGET}`;
  };
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? "n/a";
  console.log(`\n${label}`);
  console.log(`  performance ${score("performance")} (${flag("performance")}), accessibility ${score("accessibility")} (${flag("accessibility")})`);
  console.log(
    `  FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, ` +
      `TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}, SI ${metric("speed-index")}`,
  );
  if (lhr.environment?.benchmarkIndex) console.log(`  Lighthouse CPU benchmark index ${Math.round(lhr.environment.benchmarkIndex)}`);
  if (lhr.runtimeError) console.log(`  runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  for (const w of lhr.runWarnings ?? []) console.log(`  warning: ${w}`);
  // Audits that did not pass (scored ones below 0.9), with their ids, to make fixing them quick.
  for (const cat of ["performance", "accessibility"]) {
    const failing = (lhr.categories[cat]?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 0.9 && ["binary", "numeric", "metricSavings"].includes(a.scoreDisplayMode));
    for (const a of failing) {
      console.log(`  ${cat} audit not passed: ${a!.id} (${Math.round(a!.score! * 100)}) ${a!.title}${a!.displayValue ? ` — ${a!.displayValue}` : ""}`);
      // Accessibility failures name their elements: print the first few.
      const nodes = cat === "accessibility" ? (a!.details?.items ?? []).map((i) => i.node).filter(Boolean) : [];
      for (const node of nodes.slice(0, 6)) {
        const lines = (node!.explanation ?? "").split("\n").map((l) => l.trim());
        const why = lines.find((l) => /contrast of/i.test(l)) ?? lines.find((l) => l && !/^Fix (any|all)/i.test(l)) ?? "";
        console.log(`      ${node!.selector ?? ""}  ${(node!.snippet ?? "").slice(0, 140)}${why ? `  (${why.slice(0, 220)})` : ""}`);
      }
      if (nodes.length > 6) console.log(`      … and ${nodes.length - 6} more`);
    }
  }
}

// Loading Lighthouse takes a few seconds: started while the server boots, awaited when needed.
const lighthouseModules = Promise.all([import("lighthouse"), import("chrome-launcher")]);
lighthouseModules.catch(() => {}); // reported by runLighthouse

async function runLighthouse(pages: { label: string; url: string }[]) {
  const runs = Math.max(1, Number(process.env.BUDGET_LIGHTHOUSE_RUNS) || 1);
  // Simulated throttling scales the CPU work it observes: a busy machine inflates TBT and FCP.
  const load = loadavg()[0]!;
  console.log(`\nLighthouse mobile (default emulation and throttling), ${chromePath}`);
  console.log(
    `  load average ${load.toFixed(1)} on ${availableParallelism()} CPUs` +
      (load > availableParallelism() ? ": the machine is busy, performance figures will read low" : ""),
  );
  if (!existsSync(chromePath)) {
    console.log(`  Lighthouse not run: no Chromium at ${chromePath} (set CHROME_PATH).`);
    return;
  }
  let chrome: { port: number; kill: () => void } | undefined;
  try {
    const [{ default: lighthouse }, chromeLauncher] = await lighthouseModules;
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
      logLevel: "silent",
    });
    for (const page of pages) {
      const t0 = Date.now();
      const lhrs: Lhr[] = [];
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(page.url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility"],
        });
        if (result) lhrs.push(result.lhr as unknown as Lhr);
      }
      if (lhrs.length === 0) {
        console.log(`\n${page.label}: Lighthouse returned no result.`);
        continue;
      }
      // With several runs, report the run with the median performance score.
      const perf = (l: Lhr) => l.categories.performance?.score ?? 0;
      const sorted = [...lhrs].sort((a, b) => perf(a) - perf(b));
      const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
      const spread = lhrs.length > 1 ? `, median of ${lhrs.length} runs: ${lhrs.map((l) => Math.round(perf(l) * 100)).join(", ")}` : "";
      printLighthouse(`${page.label} (${((Date.now() - t0) / 1000).toFixed(0)}s${spread})`, median);
    }
  } catch (error) {
    console.log(`  Lighthouse could not run here: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    try {
      chrome?.kill();
    } catch {
      // already gone
    }
  }
}

function isoDateInZone(date: Date, timeZone: string) {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}

/** A working day (Monday to Saturday in the demo's week) 3 or more days ahead, in São Paulo time. */
function workingDayAhead() {
  let d = new Date(Date.now() + 3 * 86_400_000);
  const weekday = () =>
    new Intl.DateTimeFormat("en-US", { timeZone: "America/Sao_Paulo", weekday: "short" }).format(d);
  while (weekday() === "Sun") d = new Date(d.getTime() + 86_400_000);
  return isoDateInZone(d, "America/Sao_Paulo");
}

// --- main -------------------------------------------------------------------------------------

const serverBuild = join(root, buildDir, "server/index.js");
if (!existsSync(serverBuild)) {
  console.error(`No server build at ${serverBuild}: run \`npx react-router build\` first.`);
  process.exit(1);
}
const dataDir = join(root, "data/budget");
mkdirSync(dataDir, { recursive: true });
for (const suffix of ["", "-shm", "-wal", "-journal"]) rmSync(join(dataDir, `budget.db${suffix}`), { force: true });

const port = Number(process.env.BUDGET_PORT) || (await freePort());
const base = `http://127.0.0.1:${port}`;
console.log(`\nBooking page budget (production build ${buildDir}, server on port ${port})`);

// Its own process group, so stopping it also stops the Node server under it.
const server = spawn(join(root, "node_modules/.bin/tsx"), ["scripts/start.ts"], {
  cwd: root,
  detached: true,
  stdio: ["ignore", "pipe", "pipe"],
  env: {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: "file:data/budget/budget.db",
    AGENDO_DEMO: "1",
    AGENDO_BUILD_DIR: buildDir,
  },
});
let serverLog = "";
server.stdout?.on("data", (c: Buffer) => (serverLog += c.toString()));
server.stderr?.on("data", (c: Buffer) => (serverLog += c.toString()));

function stopServer() {
  if (server.pid && server.exitCode === null && server.signalCode === null) {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}
process.on("exit", stopServer);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopServer();
    process.exit(130);
  });
}

let failed = false;
try {
  const step1 = `${base}/agendamento/demo`;
  await waitForServer(step1, server, 120_000);
  console.log(`server ready after ${((Date.now() - started) / 1000).toFixed(1)}s`);

  const html = (await get(step1)).body.toString("utf8");
  const serviceId = /name="servico"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="servico"/.exec(html)?.slice(1).find(Boolean);
  if (!serviceId) throw new Error("no demo service found in the step-1 HTML");
  const step2 = `${step1}?servico=${encodeURIComponent(serviceId)}&data=${workingDayAhead()}`;

  console.log("\nTransferred bytes (Accept-Encoding: gzip, body length as received; KB = 1,024 bytes)");
  await byteBudget("Step 1 (service)", step1);
  await byteBudget("Step 2 (date and time)", step2);
  await byteBudget("Sign-in", `${base}/login`, LOGIN_JS_TARGET);
  console.log("\nReminder: the page must work with 0 bytes of JS (the e2e project `no-js` proves it).");

  if (process.env.BUDGET_SKIP_LIGHTHOUSE === "1") {
    console.log("\nLighthouse skipped (BUDGET_SKIP_LIGHTHOUSE=1).");
  } else {
    await runLighthouse([
      { label: "Step 1 (service)", url: step1 },
      { label: "Step 2 (date and time)", url: step2 },
    ]);
  }
  console.log(
    `\nTargets: JS at most ${kb(BOOKING_JS_TARGET)} gzip on the booking page, ${kb(LOGIN_JS_TARGET)} on /login; Lighthouse mobile performance and accessibility at least ${SCORE_TARGET} on steps 1 and 2.`,
  );
} catch (error) {
  failed = true;
  console.error(`\nbudget: ${error instanceof Error ? error.message : String(error)}`);
  if (serverLog) console.error(`server output:\n${serverLog.trim()}`);
} finally {
  stopServer();
  console.log(`budget done in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}
process.exit(failed ? 1 : 0);
