// The booking page budget's Lighthouse runs (scripts/budget.ts): mobile, default emulation and
// throttling; scores, metrics, the audits that did not pass, and for the customer's pages the
// render-blocking audit and first contentful paint against their targets (docs/decisions/0980).
import { existsSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";

const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const SCORE_TARGET = 99;
/** The customer's pages: first contentful paint within 0.6 s on the throttled phone (issue 27). */
const FCP_TARGET_MS = 600;

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
      numericValue?: number;
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
  printFirstPaint(lhr);
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

/** The render-blocking audit (an insight in current Lighthouse) and FCP against its target. */
function printFirstPaint(lhr: Lhr) {
  const audit = lhr.audits["render-blocking-insight"] ?? lhr.audits["render-blocking-resources"];
  const passed = audit && (audit.score === 1 || audit.scoreDisplayMode === "notApplicable");
  const verdict = !audit ? "not found" : passed ? "passed" : `not passed${audit.displayValue ? ` (${audit.displayValue})` : ""}`;
  console.log(`  render-blocking audit (${audit?.id ?? "render-blocking-insight"}): ${verdict}`);
  const fcp = lhr.audits["first-contentful-paint"]?.numericValue;
  if (fcp !== undefined) {
    console.log(`  FCP ${(fcp / 1000).toFixed(2)} s against ${FCP_TARGET_MS / 1000} s: ${fcp <= FCP_TARGET_MS ? "within" : "OVER"}`);
  }
}

// Loading Lighthouse takes a few seconds: started while the server boots, awaited when needed.
const lighthouseModules = Promise.all([import("lighthouse"), import("chrome-launcher")]);
lighthouseModules.catch(() => {}); // reported by runLighthouse

export async function runLighthouse(pages: { label: string; url: string }[]) {
  const runs = Math.max(1, Number(process.env.BUDGET_LIGHTHOUSE_RUNS) || 1);
  // Simulated throttling scales the CPU work it observes: a busy machine inflates TBT and FCP.
  const load = loadavg()[0]!;
  console.log(`\nLighthouse mobile (default emulation and throttling), ${chromePath}`);
  console.log(
    `  load average ${load.toFixed(1)} on ${availableParallelism()} CPUs` +
      (load > availableParallelism() ? ": the machine is busy, performance figures will read low" : ""),
  );
  // Its simulated phone (150 ms round trips) looks the name up in 2 of them, opens the connection
  // and sends the request: a new connection's first byte comes at 600 ms on http (750 ms with TLS)
  // whatever the page, and a response within 10 segments (14,600 bytes) costs no further trip.
  console.log("  FCP floor of its simulation: 600 ms on http, 750 ms on https, before the page's own work");
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
