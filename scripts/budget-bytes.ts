// The booking page budget's byte counts (scripts/budget.ts): what a browser fetches for a page,
// gzip as sent, and the first response on its own: its size against what a new connection's
// first round trip carries, and the requests that hold the first paint back (docs/decisions/0980).
import { request } from "node:http";
import { gunzipSync } from "node:zlib";

export const KB = 1024;
/** JS targets (issue 13): the booking page at most 90 KB, /login at most 120 KB. */
export const BOOKING_JS_TARGET = 90 * KB;
export const LOGIN_JS_TARGET = 120 * KB;

/** What a new connection carries in its first round trip: 10 segments (RFC 6928), 14 KB. */
export const FIRST_FLIGHT = 14 * KB;

export type Fetched = {
  status: number;
  type: string;
  encoding: string;
  /** The body's bytes as received, and the status line's and headers' (HTTP/1.1, as sent). */
  wire: number;
  headerBytes: number;
  location: string;
  body: Buffer;
};

/** GET (or POST a form) with Accept-Encoding: gzip, counting the body bytes as received (not decoded). */
export function get(url: string, form?: Record<string, string>): Promise<Fetched> {
  const body = form ? new URLSearchParams(form).toString() : undefined;
  const headers: Record<string, string> = { "Accept-Encoding": "gzip" };
  if (body) Object.assign(headers, { "Content-Type": "application/x-www-form-urlencoded", Origin: new URL(url).origin });
  return new Promise((resolve, reject) => {
    const req = request(url, { method: body ? "POST" : "GET", headers }, (res) => {
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
          headerBytes: headerBytes(res.statusCode ?? 0, res.statusMessage ?? "", res.rawHeaders),
          location: String(res.headers.location ?? ""),
          body: encoding === "gzip" ? gunzipSync(raw) : raw,
        });
      });
    });
    req.setTimeout(15_000, () => req.destroy(new Error(`timeout fetching ${url}`)));
    req.on("error", reject);
    req.end(body);
  });
}

function headerBytes(status: number, message: string, raw: string[]) {
  let n = `HTTP/1.1 ${status} ${message}\r\n\r\n`.length;
  for (let i = 0; i + 1 < raw.length; i += 2) n += Buffer.byteLength(`${raw[i]}: ${raw[i + 1]}\r\n`);
  return n;
}

/**
 * What holds the first paint back until it has loaded: stylesheets for every screen (no media
 * query that spares it) and scripts that are neither async, deferred nor modules.
 */
export function renderBlocking(html: string): string[] {
  const blocking: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const media = (attr(tag, "media") ?? "all").toLowerCase();
    if (rel.includes("stylesheet") && ["all", "screen"].includes(media)) blocking.push(attr(tag, "href") ?? tag);
  }
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, "src");
    if (src && !/\s(async|defer)\b/i.test(tag) && (attr(tag, "type") ?? "").toLowerCase() !== "module") blocking.push(src);
  }
  return blocking;
}

/** The first response on its own: its size against the first round trip, and what blocks the first paint. */
function printFirstResponse(page: Fetched, html: string) {
  const total = page.wire + page.headerBytes;
  const blocking = renderBlocking(html);
  const n = (v: number) => v.toLocaleString("en-US");
  console.log(
    `  first response ${n(total)} bytes (${n(page.wire)} gzip body + ${n(page.headerBytes)} headers) against ${n(FIRST_FLIGHT)}: ` +
      (total <= FIRST_FLIGHT ? "within" : "OVER"),
  );
  console.log(`  render-blocking requests ${blocking.length} against 0${blocking.length ? `: ${blocking.join(", ")}` : ""}`);
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

export const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

/** `customer`: a customer's page, whose first response is checked on its own as well. */
export async function byteBudget(label: string, url: string, { jsTarget = BOOKING_JS_TARGET, customer = true } = {}) {
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
  if (customer) printFirstResponse(page, html);
  const js = totals.JS.wire;
  console.log(`  JS ${kb(js)} gzip against the ${kb(jsTarget)} target: ${js <= jsTarget ? "within" : "OVER"}`);
  if (js > jsTarget) {
    const list = jsFiles.sort((a, b) => b.wire - a.wire).map((f) => `${f.path.replace(/^\/assets\//, "")} ${kb(f.wire)}`);
    console.log(`  JS files, largest first: ${list.join(", ")}`);
  }
  for (const note of notes) console.log(`  note: ${note}`);
}
